/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Races of exclusive creation (open(), sem_open(), shm_open(),
 * mq_open() with O_CREAT | O_EXCL): PTS_EXCL_N children are released
 * together (they all block reading a pipe whose write end the parent
 * then closes) and each tries to create the same name once; exactly one
 * may succeed, every other one must fail with [EEXIST].
 */
#ifndef PTS_EXCL_H
#define PTS_EXCL_H

#include <sys/mman.h>

#include "pts_helpers.h"

#define PTS_EXCL_N 8

/*
 * create(name) returns 0 when it created the object, else errno. The
 * verdict is printed and returned as a PTS code; the caller removes
 * the object afterwards.
 */
static inline int pts_excl_race(int (*create)(const char *name),
				const char *name)
{
	int *res, p[2], i, made = 0, eexist = 0, status;
	pid_t pid[PTS_EXCL_N];
	char c;

	res = mmap(NULL, sizeof(int) * PTS_EXCL_N, PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (res == MAP_FAILED || pipe(p))
		PTS_UNRES("set-up: %m");
	fflush(stdout);
	for (i = 0; i < PTS_EXCL_N; i++) {
		res[i] = -1;
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!pid[i]) {
			close(p[1]);
			if (read(p[0], &c, 1) != 0)
				_exit(1);
			res[i] = create(name);
			_exit(0);
		}
	}
	close(p[0]);
	/* every child asleep on the pipe, then all released at once */
	for (i = 0; i < PTS_EXCL_N; i++)
		pts_wait_in_syscall(pid[i], SYS_read);
	close(p[1]);
	for (i = 0; i < PTS_EXCL_N; i++) {
		if (waitpid(pid[i], &status, 0) != pid[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			PTS_UNRES("child %d did not finish", i);
		if (!res[i])
			made++;
		else if (res[i] == EEXIST)
			eexist++;
		else
			printf("child %d: %s\n", i, strerrorname_np(res[i]) ?
			       strerrorname_np(res[i]) : "?");
	}
	printf("%d created, %d EEXIST of %d\n", made, eexist, PTS_EXCL_N);
	return made == 1 && eexist == PTS_EXCL_N - 1 ? PTS_PASS : PTS_FAIL;
}

#endif /* PTS_EXCL_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_unlink(): [EACCES] "Permission is denied to unlink the named
 * semaphore." A semaphore created by root (mode 0666, so nobody may use
 * it) cannot be unlinked by the unprivileged user nobody: the call fails
 * with EACCES and the name still opens afterwards. (Linux refuses the
 * unlink in the sticky /dev/shm with EPERM; glibc reports EACCES as
 * POSIX wants. EPERM is reported as a known issue, not a pass.)
 */
#include <semaphore.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char name[64];

static int child(void)
{
	sem_t *s = sem_open(name, 0);

	if (s == SEM_FAILED || sem_post(s)) {
		printf("nobody cannot use the 0666 semaphore: %m\n");
		return PTS_UNRESOLVED;
	}
	errno = 0;
	if (!sem_unlink(name)) {
		printf("nobody unlinked root's semaphore\n");
		return PTS_FAIL;
	}
	printf("nobody's sem_unlink(): %s\n", strerrorname_np(errno));
	if (errno == EPERM)
		return 10;
	return errno == EACCES ? PTS_PASS : PTS_FAIL;
}

int main(void)
{
	int status, v;
	sem_t *s;
	pid_t pid;

	if (geteuid())
		PTS_UNSUPP("needs root to create a semaphore nobody does not own");
	snprintf(name, sizeof(name), "/pts_sem_unlink2_%d", (int)getpid());
	sem_unlink(name);
	umask(0);
	s = sem_open(name, O_CREAT | O_EXCL, 0666, 0);
	if (s == SEM_FAILED)
		PTS_UNRES("sem_open(): %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pts_become_nobody();
		exit(child());	/* exit(): the child's output is flushed */
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		sem_unlink(name);
		PTS_UNRES("the child did not exit normally");
	}
	sem_close(s);
	s = sem_open(name, 0);
	if (s == SEM_FAILED)
		PTS_FAILED("the semaphore is gone after a refused unlink: %m");
	sem_getvalue(s, &v);
	sem_unlink(name);
	if (v != 1)
		PTS_FAILED("value %d, expected nobody's post (1)", v);
	if (WEXITSTATUS(status) == 10)
		PTS_KNOWN_ISSUE("sem_unlink EACCES",
				"the unlink was refused with EPERM, not EACCES");
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_EXIT(WEXITSTATUS(status), "as nobody");
	PTS_PASSED("EACCES for nobody, the semaphore kept");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exit() closes what the process left open and nothing written is lost:
 * a child writes 1 MiB in 4 KiB writes to a file and to a pipe and calls
 * _exit() without close(); the file then holds every byte, in order, and
 * the pipe's reader gets every byte and then end of file (the child's
 * write end was closed by the exit). A file lock the child held
 * (F_SETLK) is released: the parent's F_SETLK of the same range succeeds.
 * Syscalls: exit
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tst_test.h"

#define CHUNK 4096
#define COUNT 256

static void fill(char *buf, int i)
{
	memset(buf, 'a' + i % 26, CHUNK);
	buf[0] = i & 0xff;
}

static void run(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_len = 1 };
	char buf[CHUNK], want[CHUNK];
	long total = 0, bad = 0;
	int p[2], fd, i, status;
	ssize_t n;
	pid_t pid;

	SAFE_PIPE(p);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(p[0]);
		fd = SAFE_OPEN("file", O_CREAT | O_WRONLY | O_TRUNC, 0600);
		if (fcntl(fd, F_SETLK, &fl))
			tst_brk(TBROK | TERRNO, "F_SETLK");
		for (i = 0; i < COUNT; i++) {
			fill(buf, i);
			SAFE_WRITE(1, fd, buf, CHUNK);
			SAFE_WRITE(1, p[1], buf, CHUNK);
		}
		_exit(0);
	}
	SAFE_CLOSE(p[1]);
	/* the pipe holds 64 KiB: read while the child writes */
	while ((n = SAFE_READ(0, p[0], buf, CHUNK)) > 0)
		total += n;
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "the child exited 0 (%#x)", status);
	TST_EXP_EXPR(total == (long)CHUNK * COUNT, "the pipe gave %ld bytes "
		     "then end of file (want %ld)", total,
		     (long)CHUNK * COUNT);
	SAFE_CLOSE(p[0]);

	fd = SAFE_OPEN("file", O_RDWR);
	for (i = 0; i < COUNT; i++) {
		fill(want, i);
		if (SAFE_READ(0, fd, buf, CHUNK) != CHUNK ||
		    memcmp(buf, want, CHUNK))
			bad++;
	}
	TST_EXP_EXPR(!bad && read(fd, buf, 1) == 0, "the file holds the %d "
		     "chunks in order, nothing more (%ld wrong)", COUNT, bad);
	TST_EXP_PASS(fcntl(fd, F_SETLK, &fl), "the child's lock went with it");
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vmsplice(2) with SPLICE_F_NONBLOCK into a blocking pipe:
 * 0: the pipe is full: the call fails at once with EAGAIN instead of
 *    waiting for a reader (the pipe's own fd is not O_NONBLOCK, so only
 *    the flag can make it return);
 * 1: one slot was read free: the same call succeeds and returns 1, so the
 *    flag does not simply turn every call into EAGAIN.
 * The call runs in a child; a child still blocked after a few seconds is
 * a failure, and the parent then frees a slot so it can finish.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include "tst_test.h"

/* How long a non-blocking call may take before it counts as blocked. */
#define BLOCK_SECS 3

static long page_size;
static char *page;
static int pipe_fds[2] = { -1, -1 };

static void set_nonblock(int fd, int on)
{
	int flags = fcntl(fd, F_GETFL);

	if (flags < 0)
		tst_brk(TBROK | TERRNO, "fcntl(F_GETFL)");
	flags = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK;
	if (fcntl(fd, F_SETFL, flags))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETFL)");
}

/* Fill every slot with a full page, then make the write end block again. */
static void fill_pipe(void)
{
	ssize_t ret;

	set_nonblock(pipe_fds[1], 1);
	while ((ret = write(pipe_fds[1], page, page_size)) == page_size)
		;
	if (ret >= 0 || errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "filling the pipe: write() = %zd", ret);
	set_nonblock(pipe_fds[1], 0);
}

static void free_one_slot(void)
{
	SAFE_READ(1, pipe_fds[0], page, page_size);
}

static void close_pipe(void)
{
	if (pipe_fds[0] >= 0)
		SAFE_CLOSE(pipe_fds[0]);
	if (pipe_fds[1] >= 0)
		SAFE_CLOSE(pipe_fds[1]);
}

static void setup(void)
{
	page_size = sysconf(_SC_PAGESIZE);
	page = SAFE_MALLOC(page_size);
	memset(page, 'p', page_size);
}

static void child(unsigned int n)
{
	static char byte = 'v';
	struct iovec iov = { &byte, 1 };

	if (n == 0) {
		TST_EXP_FAIL(vmsplice(pipe_fds[1], &iov, 1, SPLICE_F_NONBLOCK),
			     EAGAIN, "vmsplice(SPLICE_F_NONBLOCK) on a full pipe");
	} else {
		TST_EXP_VAL(vmsplice(pipe_fds[1], &iov, 1, SPLICE_F_NONBLOCK),
			    1, "vmsplice(SPLICE_F_NONBLOCK) with a free slot");
	}
	exit(0);
}

/* 1 when the child has exited (not reaped yet), 0 when still running. */
static int child_done(pid_t pid)
{
	siginfo_t info = { 0 };

	if (waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(%d)", pid);
	return info.si_pid == pid;
}

static void run(unsigned int n)
{
	struct timespec start, now;
	double limit = BLOCK_SECS * tst_timeout_mul();
	pid_t pid;

	SAFE_PIPE(pipe_fds);
	fill_pipe();
	if (n == 1)
		free_one_slot();

	pid = SAFE_FORK();
	if (!pid)
		child(n);

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		if (child_done(pid))
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec +
		    (now.tv_nsec - start.tv_nsec) / 1e9 > limit) {
			tst_res(TFAIL, "vmsplice(SPLICE_F_NONBLOCK) still "
				"blocked after %.0f s", limit);
			free_one_slot();
			break;
		}
		usleep(10000);
	}
	tst_reap_children();
	close_pipe();
}

static void cleanup(void)
{
	close_pipe();
	free(page);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_suspend(): "[EINTR] A signal interrupted aio_suspend()". A thread
 * suspended (no timeout) on an aio_read() of an empty pipe takes a
 * caught SIGUSR1 (sent by a child once the thread sleeps in futex()):
 * aio_suspend() returns -1 with EINTR, the handler has run, and the
 * read is still pending (EINPROGRESS: the signal does not cancel it);
 * once data is written, aio_suspend() returns 0 and the read has it.
 */
#include <aio.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

static volatile sig_atomic_t caught;

static void handler(int sig)
{
	(void)sig;
	caught++;
}

int main(void)
{
	struct timespec lim = pts_ns_ts(pts_bound_ns(30));
	const struct aiocb *list[1];
	struct sigaction sa;
	struct aiocb cb;
	pid_t me = getpid(), pid;
	char buf[8];
	int p[2], r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	if (sigaction(SIGUSR1, &sa, NULL) || pipe(p))
		PTS_UNRES("set-up: %m");
	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = p[0];
	cb.aio_buf = buf;
	cb.aio_nbytes = 4;
	if (aio_read(&cb))
		PTS_FAILED("aio_read(): %m");
	list[0] = &cb;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		pts_wait_in_syscall(me, SYS_futex);
		syscall(SYS_tgkill, me, me, SIGUSR1);
		_exit(PTS_PASS);
	}
	errno = 0;
	r = aio_suspend(list, 1, NULL);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("aio_suspend() interrupted: %d, errno %s; expected -1, EINTR",
			   r, errno ? strerrorname_np(errno) : "0");
	pts_reap(pid, "signalling child");
	if (caught != 1)
		PTS_FAILED("handler ran %d times", (int)caught);
	if (aio_error(&cb) != EINPROGRESS)
		PTS_FAILED("the read is no longer pending: %d", aio_error(&cb));
	if (write(p[1], "data", 4) != 4)
		PTS_UNRES("write(): %m");
	while (aio_error(&cb) == EINPROGRESS)
		if (aio_suspend(list, 1, &lim) && errno != EINTR)
			PTS_FAILED("aio_suspend() after the data: %m");
	if (aio_error(&cb) || aio_return(&cb) != 4 || memcmp(buf, "data", 4))
		PTS_FAILED("the read did not complete with the data");
	PTS_PASSED("EINTR for a caught signal, request left pending, then completed");
}

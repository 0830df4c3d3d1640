/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the tests of the waiting syscalls (select, pselect6, ppoll,
 * epoll_wait, epoll_pwait) share: a pipe and an epoll instance to wait on,
 * a signal that interrupts a wait, and the two checks of a signal mask
 * argument: a signal the process blocks but the mask lets through
 * interrupts the call, a signal the mask holds back does not.
 *
 * Each check forks a child that makes the call; the parent waits until
 * the child sleeps in that syscall (no timing assumption) and signals it.
 */
#ifndef WAIT_SIGNAL_H
#define WAIT_SIGNAL_H

#include <sys/epoll.h>
#include "time_event.h"
#include "task_wait.h"

/* how many times ws_handler() ran in this process */
static volatile int ws_handled;

static inline void ws_handler(int sig)
{
	(void)sig;
	ws_handled++;
}

static inline void ws_pipe(int *rfd, int *wfd, int flags)
{
	int fds[2];

	SAFE_PIPE2(fds, flags);
	*rfd = fds[0];
	*wfd = fds[1];
}

/* A new epoll instance; when fd >= 0, watching it for EPOLLIN. */
static inline int ws_epoll_on(int fd)
{
	struct epoll_event ev = {.events = EPOLLIN};
	int epfd = epoll_create1(0);

	if (epfd < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	if (fd >= 0 && epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(EPOLL_CTL_ADD)");
	return epfd;
}

/* For cleanup(): close *fd if set-up opened it. */
static inline void ws_close(int *fd)
{
	if (*fd >= 0)
		SAFE_CLOSE(*fd);
}

/*
 * In a child with a handler of SIGUSR1 installed with sa_flags, call()
 * makes syscall nr wait for nothing and asserts EINTR: the parent sends
 * SIGUSR1 once the child sleeps in nr.
 */
static inline void ws_interrupt(long nr, int sa_flags,
				void (*call)(int sa_flags))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		tev_sigaction(SIGUSR1, ws_handler, sa_flags);
		call(sa_flags);
		exit(0);
	}
	wait_task_in_syscall(pid, nr);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

/*
 * A signal the process blocks but the call's mask does not interrupts the
 * call. In a child that handles sig and blocks it, call() makes syscall nr
 * wait with an empty mask and asserts EINTR (and anything else the call
 * reports); afterwards the handler must have run once and sig be blocked
 * again: the process's own mask is back.
 */
static inline void ws_mask_lets_through(long nr, int sig,
					void (*call)(const sigset_t *empty))
{
	sigset_t empty, cur;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		ws_handled = 0;
		tev_sigaction(sig, ws_handler, 0);
		tev_sigmask(SIG_BLOCK, sig);
		sigemptyset(&empty);
		call(&empty);
		sigprocmask(SIG_BLOCK, NULL, &cur);
		TST_EXP_EXPR(ws_handled == 1 && sigismember(&cur, sig),
			     "the handler ran (%d) and %s is blocked again",
			     ws_handled, tst_strsig(sig));
		exit(0);
	}
	wait_task_in_syscall(pid, nr);
	SAFE_KILL(pid, sig);
	reap_child(pid);
}

/*
 * A signal the call's mask blocks does not interrupt the call. In a child
 * that handles sig, call() makes syscall nr wait on the read end rfd with
 * a mask holding sig and asserts that it returned rfd ready, not EINTR.
 * The parent sends sig once the child sleeps in nr, asserts that it stays
 * pending while the child still sleeps, then writes a byte to wfd (read
 * back afterwards). The handler must run once the call returned.
 */
static inline void ws_mask_holds_back(long nr, int sig, int rfd, int wfd,
				      void (*call)(const sigset_t *mask))
{
	sigset_t mask;
	pid_t pid = SAFE_FORK();
	char c;

	if (!pid) {
		ws_handled = 0;
		tev_sigaction(sig, ws_handler, 0);
		sigemptyset(&mask);
		sigaddset(&mask, sig);
		call(&mask);
		TST_EXP_EXPR(ws_handled == 1, "the %s handler ran after the "
			     "call (%d)", tst_strsig(sig), ws_handled);
		exit(0);
	}
	wait_task_in_syscall(pid, nr);
	SAFE_KILL(pid, sig);
	TST_EXP_EXPR(tev_wait_proc_pending(pid, sig) &&
		     task_state(pid, pid) == 'S', "%s pending while the child "
		     "still waits", tst_strsig(sig));
	SAFE_WRITE(1, wfd, "x", 1);
	reap_child(pid);
	SAFE_READ(1, rfd, &c, 1);
}

#endif /* WAIT_SIGNAL_H */

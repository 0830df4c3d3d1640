// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pselect6(), the system call behind pselect(): its sixth argument points
 * to {sigset pointer, sigset size}. The timeout (a timespec) is updated to
 * the time left (glibc hides this): part of 5 s when a descriptor is
 * ready at once, zero after a 30 ms timeout that ran out. The signal mask
 * applies during the call: a signal the process blocks but the mask does
 * not interrupts it (EINTR, the handler ran, the process's mask back
 * afterwards); a signal the mask blocks stays pending without interrupting.
 * A NULL sixth argument or sigset pointer leaves the mask alone. Errors:
 * EINVAL for a sigsetsize other than 8 and for tv_nsec outside [0, 1e9)
 * or a negative tv_sec; EFAULT for an unmapped sixth argument or sigset;
 * EBADF for a descriptor not open.
 */
#include <sys/select.h>
#include "../common/time_event.h"
#include "../common/task_wait.h"

#define KSIGSET_SIZE 8

struct sigset_argpack {
	const sigset_t *set;
	size_t size;
};

static int rfd = -1, wfd = -1;
static void *bad_addr;
static volatile int handled;

static long pselect6(int nfds, fd_set *r, fd_set *w, struct timespec *ts,
		     const void *argpack)
{
	return syscall(SYS_pselect6, nfds, r, w, NULL, ts, argpack);
}

static void handler(int sig)
{
	(void)sig;
	handled++;
}

static void test_timeout(void)
{
	struct timespec ts = {5, 0};
	long long start, waited;
	fd_set r, w;

	FD_ZERO(&w);
	FD_SET(wfd, &w);
	TST_EXP_VAL(pselect6(wfd + 1, NULL, &w, &ts, NULL), 1,
		    "pselect6(writable pipe, 5 s, NULL argpack)");
	TST_EXP_EXPR(ts_ns(&ts) > 0 && ts_ns(&ts) <= 5 * NSEC_PER_SEC,
		     "timeout updated to %lld ns left of 5 s", ts_ns(&ts));

	FD_ZERO(&r);
	FD_SET(rfd, &r);
	ts = (struct timespec){0, 30 * NSEC_PER_MSEC};
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(pselect6(rfd + 1, &r, NULL, &ts, &(struct sigset_argpack){
			NULL, KSIGSET_SIZE}), 0,
		    "pselect6(empty pipe, 30 ms, NULL sigset)");
	waited = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(ts_ns(&ts) == 0 && waited >= 30 * NSEC_PER_MSEC,
		     "timeout ran out: %lld ns left after %lld ns", ts_ns(&ts),
		     waited);
}

static void test_unblocked_by_mask(void)
{
	sigset_t empty, cur;
	pid_t pid;
	fd_set r;

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, 0);
		tev_sigmask(SIG_BLOCK, SIGUSR1);
		sigemptyset(&empty);
		FD_ZERO(&r);
		FD_SET(rfd, &r);
		TST_EXP_FAIL(pselect6(rfd + 1, &r, NULL, NULL,
				      &(struct sigset_argpack){&empty,
				      KSIGSET_SIZE}), EINTR,
			     "pselect6(empty mask) with SIGUSR1 blocked by "
			     "the process");
		sigprocmask(SIG_BLOCK, NULL, &cur);
		TST_EXP_EXPR(handled == 1 && sigismember(&cur, SIGUSR1),
			     "the handler ran (%d) and SIGUSR1 is blocked "
			     "again", handled);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_pselect6);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void test_blocked_by_mask(void)
{
	sigset_t usr1;
	pid_t pid;
	fd_set r;
	char c;

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, 0);
		sigemptyset(&usr1);
		sigaddset(&usr1, SIGUSR1);
		FD_ZERO(&r);
		FD_SET(rfd, &r);
		TST_EXP_VAL(pselect6(rfd + 1, &r, NULL, NULL,
				     &(struct sigset_argpack){&usr1,
				     KSIGSET_SIZE}), 1,
			    "pselect6(mask with SIGUSR1) returned the ready "
			    "pipe, not EINTR");
		TST_EXP_EXPR(handled == 1, "the handler ran after the call "
			     "(%d)", handled);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_pselect6);
	SAFE_KILL(pid, SIGUSR1);
	TST_EXP_EXPR(tev_wait_proc_pending(pid, SIGUSR1) &&
		     task_state(pid, pid) == 'S', "SIGUSR1 pending while the "
		     "child still waits");
	SAFE_WRITE(1, wfd, "x", 1);
	reap_child(pid);
	SAFE_READ(1, rfd, &c, 1);
}

static void test_errors(void)
{
	static const struct timespec bad[] = {
		{0, NSEC_PER_SEC}, {0, -1}, {-1, 0},
	};
	struct timespec ts = {0, 0};
	int tmp, closed;
	unsigned int i;
	sigset_t empty;
	fd_set w;

	sigemptyset(&empty);
	FD_ZERO(&w);
	FD_SET(wfd, &w);
	TST_EXP_FAIL(pselect6(wfd + 1, NULL, &w, &ts,
			      &(struct sigset_argpack){&empty, 4}), EINVAL,
		     "pselect6(sigsetsize 4)");
	TST_EXP_FAIL(pselect6(wfd + 1, NULL, &w, &ts,
			      &(struct sigset_argpack){&empty, 16}), EINVAL,
		     "pselect6(sigsetsize 16)");
	for (i = 0; i < ARRAY_LEN(bad); i++) {
		ts = bad[i];
		TST_EXP_FAIL(pselect6(wfd + 1, NULL, &w, &ts, NULL), EINVAL,
			     "pselect6(timeout {%lld, %ld})",
			     (long long)bad[i].tv_sec, bad[i].tv_nsec);
	}
	ts = (struct timespec){0, 0};
	TST_EXP_FAIL(pselect6(wfd + 1, NULL, &w, &ts, bad_addr), EFAULT,
		     "pselect6(unmapped argpack)");
	TST_EXP_FAIL(pselect6(wfd + 1, NULL, &w, &ts,
			      &(struct sigset_argpack){bad_addr,
			      KSIGSET_SIZE}), EFAULT,
		     "pselect6(unmapped sigset)");
	TST_EXP_FAIL(pselect6(wfd + 1, NULL, &w, bad_addr, NULL), EFAULT,
		     "pselect6(unmapped timeout)");
	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);
	FD_ZERO(&w);
	FD_SET(closed, &w);
	TST_EXP_FAIL(pselect6(closed + 1, NULL, &w, &ts, NULL), EBADF,
		     "pselect6(descriptor not open)");
}

static void run(unsigned int n)
{
	handled = 0;
	switch (n) {
	case 0:
		test_timeout();
		break;
	case 1:
		test_unblocked_by_mask();
		break;
	case 2:
		test_blocked_by_mask();
		break;
	case 3:
		test_errors();
		break;
	}
}

static void setup(void)
{
	int fds[2];

	bad_addr = tev_bad_addr();
	SAFE_PIPE(fds);
	rfd = fds[0];
	wfd = fds[1];
}

static void cleanup(void)
{
	if (rfd >= 0)
		SAFE_CLOSE(rfd);
	if (wfd >= 0)
		SAFE_CLOSE(wfd);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

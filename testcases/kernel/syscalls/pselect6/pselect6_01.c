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
#include "wait_signal.h"
#include "lapi/signal.h"
#include "lapi/select.h"

static int rfd = -1, wfd = -1;
static void *bad_addr;

static long pselect6(int nfds, fd_set *r, fd_set *w, struct timespec *ts,
		     const void *argpack)
{
	return syscall(SYS_pselect6, nfds, r, w, NULL, ts, argpack);
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
			NULL, KERNEL_SIGSET_SIZE}), 0,
		    "pselect6(empty pipe, 30 ms, NULL sigset)");
	waited = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(ts_ns(&ts) == 0 && waited >= 30 * NSEC_PER_MSEC,
		     "timeout ran out: %lld ns left after %lld ns", ts_ns(&ts),
		     waited);
}

static void unblocked_call(const sigset_t *empty)
{
	fd_set r;

	FD_ZERO(&r);
	FD_SET(rfd, &r);
	TST_EXP_FAIL(pselect6(rfd + 1, &r, NULL, NULL,
			      &(struct sigset_argpack){empty, KERNEL_SIGSET_SIZE}),
		     EINTR, "pselect6(empty mask) with SIGUSR1 blocked by the "
		     "process");
}

static void test_unblocked_by_mask(void)
{
	ws_mask_lets_through(__NR_pselect6, SIGUSR1, unblocked_call);
}

static void blocked_call(const sigset_t *usr1)
{
	fd_set r;

	FD_ZERO(&r);
	FD_SET(rfd, &r);
	TST_EXP_VAL(pselect6(rfd + 1, &r, NULL, NULL,
			     &(struct sigset_argpack){usr1, KERNEL_SIGSET_SIZE}), 1,
		    "pselect6(mask with SIGUSR1) returned the ready pipe, not "
		    "EINTR");
}

static void test_blocked_by_mask(void)
{
	ws_mask_holds_back(__NR_pselect6, SIGUSR1, rfd, wfd, blocked_call);
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
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
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
			      KERNEL_SIGSET_SIZE}), EFAULT,
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

static void (*const cases[])(void) = {
	test_timeout,
	test_unblocked_by_mask,
	test_blocked_by_mask,
	test_errors,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	ws_pipe(&rfd, &wfd, 0);
}

static void cleanup(void)
{
	ws_close(&rfd);
	ws_close(&wfd);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

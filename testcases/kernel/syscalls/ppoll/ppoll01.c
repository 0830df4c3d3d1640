// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ppoll(), through the system call (glibc hides the kernel's update of
 * the timeout), writes the time left back into the timeout: part of 5 s
 * when a descriptor is ready at once, zero after a 30 ms timeout that ran
 * out (and it waited that long), part of 10 s when a handler interrupted
 * it. A NULL timeout waits for another process's write. The signal mask
 * given applies during the call: a signal the process blocks but the mask
 * does not interrupts it (EINTR, handler run, the process's mask back
 * afterwards); a signal the mask blocks does not. Errors: EINVAL for
 * tv_nsec outside [0, 1e9) or a negative tv_sec, for a sigsetsize other
 * than 8 and for nfds above RLIMIT_NOFILE; EFAULT for an unmapped array,
 * timeout or mask.
 */
#include <poll.h>
#include <sys/resource.h>
#include "wait_signal.h"
#include "lapi/signal.h"

static int rfd = -1, wfd = -1;
static void *bad_addr;

static long sys_ppoll(struct pollfd *fds, unsigned int nfds,
		      struct timespec *ts, const sigset_t *mask, size_t size)
{
	return syscall(SYS_ppoll, fds, nfds, ts, mask, size);
}

static void test_timeout_update(void)
{
	struct pollfd pfd = {.fd = rfd, .events = POLLIN};
	struct timespec ts = {5, 0};
	long long start, waited;
	char c;

	SAFE_WRITE(1, wfd, "x", 1);
	TST_EXP_VAL(sys_ppoll(&pfd, 1, &ts, NULL, 0), 1,
		    "ppoll(ready pipe, 5 s)");
	TST_EXP_EXPR(ts_ns(&ts) > 0 && ts_ns(&ts) <= 5 * NSEC_PER_SEC,
		     "timeout updated to %lld ns left of 5 s", ts_ns(&ts));
	SAFE_READ(1, rfd, &c, 1);

	ts = (struct timespec){0, 30 * NSEC_PER_MSEC};
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(sys_ppoll(&pfd, 1, &ts, NULL, 0), 0,
		    "ppoll(empty pipe, 30 ms)");
	waited = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(ts_ns(&ts) == 0 && waited >= 30 * NSEC_PER_MSEC,
		     "timeout ran out: %lld ns left after waiting %lld ns",
		     ts_ns(&ts), waited);
}

static void test_null_timeout(void)
{
	struct pollfd pfd = {.fd = rfd, .events = POLLIN};
	pid_t pid;
	char c;

	pid = SAFE_FORK();
	if (!pid) {
		wait_task_in_syscall(getppid(), __NR_ppoll);
		SAFE_WRITE(1, wfd, "x", 1);
		exit(0);
	}
	TST_EXP_VAL(sys_ppoll(&pfd, 1, NULL, NULL, 0), 1,
		    "ppoll(NULL timeout) woken by another process's write");
	reap_child(pid);
	SAFE_READ(1, rfd, &c, 1);
}

static void unblocked_call(const sigset_t *empty)
{
	struct pollfd pfd = {.fd = rfd, .events = POLLIN};
	struct timespec ts = {10, 0};

	TST_EXP_FAIL(sys_ppoll(&pfd, 1, &ts, empty, KERNEL_SIGSET_SIZE), EINTR,
		     "ppoll(empty mask) with SIGUSR1 blocked by the process");
	TST_EXP_EXPR(ts_ns(&ts) > 0 && ts_ns(&ts) <= 10 * NSEC_PER_SEC,
		     "timeout updated to %lld ns left of 10 s", ts_ns(&ts));
}

static void test_unblocked_by_mask(void)
{
	ws_mask_lets_through(__NR_ppoll, SIGUSR1, unblocked_call);
}

static void blocked_call(const sigset_t *usr1)
{
	struct pollfd pfd = {.fd = rfd, .events = POLLIN};

	TST_EXP_VAL(sys_ppoll(&pfd, 1, NULL, usr1, KERNEL_SIGSET_SIZE), 1,
		    "ppoll(mask with SIGUSR1) returned the ready pipe, not "
		    "EINTR");
}

static void test_blocked_by_mask(void)
{
	ws_mask_holds_back(__NR_ppoll, SIGUSR1, rfd, wfd, blocked_call);
}

static void test_errors(void)
{
	static const struct timespec bad[] = {
		{0, NSEC_PER_SEC}, {0, -1}, {-1, 0},
	};
	struct pollfd pfd = {.fd = rfd, .events = POLLIN};
	struct rlimit rl = {64, 64};
	struct timespec ts;
	sigset_t empty;
	unsigned int i;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ts = bad[i];
		TST_EXP_FAIL(sys_ppoll(&pfd, 1, &ts, NULL, 0), EINVAL,
			     "ppoll(timeout {%lld, %ld})",
			     (long long)bad[i].tv_sec, bad[i].tv_nsec);
	}
	sigemptyset(&empty);
	ts = (struct timespec){0, 0};
	TST_EXP_FAIL(sys_ppoll(&pfd, 1, &ts, &empty, 4), EINVAL,
		     "ppoll(sigsetsize 4)");
	TST_EXP_FAIL(sys_ppoll(&pfd, 1, &ts, &empty, 16), EINVAL,
		     "ppoll(sigsetsize 16)");
	TST_EXP_FAIL(sys_ppoll(bad_addr, 1, &ts, NULL, 0), EFAULT,
		     "ppoll(unmapped array)");
	TST_EXP_FAIL(sys_ppoll(&pfd, 1, bad_addr, NULL, 0), EFAULT,
		     "ppoll(unmapped timeout)");
	TST_EXP_FAIL(sys_ppoll(&pfd, 1, &ts, bad_addr, KERNEL_SIGSET_SIZE), EFAULT,
		     "ppoll(unmapped mask)");
	pid = SAFE_FORK();
	if (!pid) {
		if (setrlimit(RLIMIT_NOFILE, &rl))
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE)");
		TST_EXP_FAIL(sys_ppoll(&pfd, 65, &ts, NULL, 0), EINVAL,
			     "ppoll(nfds 65 > RLIMIT_NOFILE 64)");
		exit(0);
	}
	reap_child(pid);
}

static void (*const cases[])(void) = {
	test_timeout_update,
	test_null_timeout,
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

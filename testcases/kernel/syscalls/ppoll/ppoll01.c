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
#include "../common/time_event.h"
#include "../common/task_wait.h"

#define KSIGSET_SIZE 8

static int rfd = -1, wfd = -1;
static void *bad_addr;
static volatile int handled;

static long sys_ppoll(struct pollfd *fds, unsigned int nfds,
		      struct timespec *ts, const sigset_t *mask, size_t size)
{
	return syscall(SYS_ppoll, fds, nfds, ts, mask, size);
}

static void handler(int sig)
{
	(void)sig;
	handled++;
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

static void test_unblocked_by_mask(void)
{
	struct pollfd pfd = {.fd = rfd, .events = POLLIN};
	struct timespec ts = {10, 0};
	sigset_t empty, cur;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, 0);
		tev_sigmask(SIG_BLOCK, SIGUSR1);
		sigemptyset(&empty);
		TST_EXP_FAIL(sys_ppoll(&pfd, 1, &ts, &empty, KSIGSET_SIZE),
			     EINTR, "ppoll(empty mask) with SIGUSR1 blocked "
			     "by the process");
		sigprocmask(SIG_BLOCK, NULL, &cur);
		TST_EXP_EXPR(handled == 1 && sigismember(&cur, SIGUSR1),
			     "the handler ran (%d) and SIGUSR1 is blocked "
			     "again", handled);
		TST_EXP_EXPR(ts_ns(&ts) > 0 && ts_ns(&ts) <= 10 * NSEC_PER_SEC,
			     "timeout updated to %lld ns left of 10 s",
			     ts_ns(&ts));
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_ppoll);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
}

static void test_blocked_by_mask(void)
{
	struct pollfd pfd = {.fd = rfd, .events = POLLIN};
	sigset_t usr1;
	pid_t pid;
	char c;

	pid = SAFE_FORK();
	if (!pid) {
		tev_sigaction(SIGUSR1, handler, 0);
		sigemptyset(&usr1);
		sigaddset(&usr1, SIGUSR1);
		TST_EXP_VAL(sys_ppoll(&pfd, 1, NULL, &usr1, KSIGSET_SIZE), 1,
			    "ppoll(mask with SIGUSR1) returned the ready pipe, "
			    "not EINTR");
		TST_EXP_EXPR(handled == 1, "the handler ran after the call "
			     "(%d)", handled);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_ppoll);
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
	struct pollfd pfd = {.fd = rfd, .events = POLLIN};
	struct rlimit rl = {64, 64};
	struct timespec ts;
	sigset_t empty;
	unsigned int i;
	pid_t pid;

	for (i = 0; i < ARRAY_LEN(bad); i++) {
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
	TST_EXP_FAIL(sys_ppoll(&pfd, 1, &ts, bad_addr, KSIGSET_SIZE), EFAULT,
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

static void run(unsigned int n)
{
	handled = 0;
	switch (n) {
	case 0:
		test_timeout_update();
		break;
	case 1:
		test_null_timeout();
		break;
	case 2:
		test_unblocked_by_mask();
		break;
	case 3:
		test_blocked_by_mask();
		break;
	case 4:
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
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

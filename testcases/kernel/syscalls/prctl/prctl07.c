// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_TIMERSLACK / PR_GET_TIMERSLACK, the slack the kernel may add to
 * a task's timer expiries:
 *  - a value set is read back by PR_GET_TIMERSLACK and in
 *    /proc/self/timerslack_ns; 0 resets it to the task's default, which
 *    is the slack its parent had when it forked it; a forked child
 *    inherits the current value; root writing /proc/PID/timerslack_ns
 *    sets another task's slack (0 there also resets to the default),
 *    and the task's next sleep uses it;
 *  - its effect: a task sleeping in nanosleep() has its timer armed with
 *    exactly that slack, i.e. /proc/timer_list shows the sleeper's
 *    hrtimer_wakeup timer expiring in a range [soft, hard] whose width is
 *    the slack set (a unique value, so the entry is the sleeper's);
 *  - a sleep never ends early because of it: with 20 ms of slack a 10 ms
 *    nanosleep() takes at least 10 ms (no upper bound is asserted, the
 *    slack allows lateness).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include "task_wait.h"

#define SLACK_A 123456789UL
#define SLACK_B 7777UL

static unsigned long initial;

static long get_slack(void)
{
	return prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
}

static unsigned long proc_slack(pid_t pid)
{
	char path[64];
	long v = -1;

	snprintf(path, sizeof(path), "/proc/%d/timerslack_ns", (int)pid);
	if (!tst_file_read_long(path, &v))
		tst_brk(TBROK, "cannot read %s", path);
	return v;
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void child_values(void)
{
	pid_t pid;

	TST_EXP_PASS(prctl(PR_SET_TIMERSLACK, SLACK_A, 0, 0, 0));
	TST_EXP_EQ_LU(get_slack(), SLACK_A);
	TST_EXP_EQ_LU(proc_slack(getpid()), SLACK_A);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EQ_LU(get_slack(), SLACK_A);
		TST_EXP_PASS(prctl(PR_SET_TIMERSLACK, 1, 0, 0, 0));
		TST_EXP_EQ_LU(get_slack(), 1);
		TST_EXP_PASS(prctl(PR_SET_TIMERSLACK, 0, 0, 0, 0),
			     "PR_SET_TIMERSLACK 0 in the grandchild");
		TST_EXP_EQ_LU(get_slack(), SLACK_A);
		exit(0);
	}
	reap_child(pid);
	TST_EXP_PASS(prctl(PR_SET_TIMERSLACK, 0, 0, 0, 0));
	TST_EXP_EQ_LU(get_slack(), initial);
	exit(0);
}

/* Width of the hrtimer_wakeup timer whose width is want, or 0 if none. */
static int timer_with_width(unsigned long want)
{
	unsigned long long soft, hard;
	char line[256];
	int wakeup = 0, found = 0;
	FILE *f = fopen("/proc/timer_list", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/timer_list)");
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "hrtimer_wakeup")) {
			wakeup = 1;
			continue;
		}
		if (wakeup && sscanf(line, " # expires at %llu-%llu", &soft,
				     &hard) == 2 && hard - soft == want)
			found = 1;
		wakeup = 0;
	}
	fclose(f);
	return found;
}

static void sleeper(int to_parent, int from_parent)
{
	struct timespec ts = { 1000, 0 };
	char c = 's';

	signal(SIGUSR1, on_usr1);
	SAFE_WRITE(1, to_parent, &c, 1);
	SAFE_READ(1, from_parent, &c, 1);
	TST_EXP_FAIL(nanosleep(&ts, NULL), EINTR, "nanosleep() until SIGUSR1");
	exit(0);
}

static void test_effect(unsigned long slack, int via_proc)
{
	int up[2], down[2];
	char c;
	pid_t pid;

	SAFE_PIPE(up);
	SAFE_PIPE(down);
	pid = SAFE_FORK();
	if (!pid) {
		if (prctl(PR_SET_TIMERSLACK, SLACK_A, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_SET_TIMERSLACK");
		sleeper(up[1], down[0]);
	}
	SAFE_READ(1, up[0], &c, 1);
	if (via_proc) {
		/* root sets the child's slack, and resets it, through /proc */
		char path[64];

		snprintf(path, sizeof(path), "/proc/%d/timerslack_ns", pid);
		SAFE_FILE_PRINTF(path, "%lu", SLACK_B);
		TST_EXP_EQ_LU(proc_slack(pid), SLACK_B);
		SAFE_FILE_PRINTF(path, "0");
		TST_EXP_EQ_LU(proc_slack(pid), initial);
		SAFE_FILE_PRINTF(path, "%lu", slack);
	}
	SAFE_WRITE(1, down[1], "g", 1);
	wait_task_in_syscall(pid, __NR_clock_nanosleep);
	TST_EXP_EXPR(timer_with_width(slack), "/proc/timer_list: the sleeper's "
		     "timer expires in a range %lu ns wide", slack);
	if (via_proc)
		TST_EXP_EXPR(!timer_with_width(SLACK_A), "no sleeping timer "
			     "has the slack the child had set before");
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	SAFE_CLOSE(up[0]);
	SAFE_CLOSE(up[1]);
	SAFE_CLOSE(down[0]);
	SAFE_CLOSE(down[1]);
}

static void child_not_early(void)
{
	struct timespec req = { 0, 10000000 }, a, b;
	long long ns;

	if (prctl(PR_SET_TIMERSLACK, 20000000UL, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_TIMERSLACK 20 ms");
	clock_gettime(CLOCK_MONOTONIC, &a);
	TST_EXP_PASS(nanosleep(&req, NULL), "nanosleep(10 ms), 20 ms slack");
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1000000000LL + b.tv_nsec - a.tv_nsec;
	TST_EXP_EXPR(ns >= 10000000, "it slept %lld ns, at least 10 ms", ns);
	exit(0);
}

static void run(void)
{
	pid_t pid;

	initial = get_slack();
	tst_res(TINFO, "the test process's slack: %lu ns", initial);
	pid = SAFE_FORK();
	if (!pid)
		child_values();
	reap_child(pid);
	test_effect(SLACK_A, 0);
	test_effect(SLACK_B, 1);
	pid = SAFE_FORK();
	if (!pid)
		child_not_early();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

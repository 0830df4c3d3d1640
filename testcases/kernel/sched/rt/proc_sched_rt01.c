// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The RT scheduling sysctls (kernel/sched/rt.c), saved and restored:
 * - sched_rt_period_us takes 1..INT_MAX: 0, -1, INT_MAX + 1 and "abc"
 *   are EINVAL, also while sched_rt_runtime_us is -1 (no limit, where
 *   the runtime check cannot catch them), and leave both values as
 *   they were;
 * - sched_rt_runtime_us takes -1..INT_MAX and at most the period: -2,
 *   INT_MAX + 1, period + 1 are EINVAL, so is a period below the
 *   runtime; -1, the period itself and less read back as written;
 * - two processes writing good and bad values at once all finish
 *   (the handler's mutex, no deadlock) and leave runtime <= period;
 * - sched_rr_timeslice_ms: 50 reads back 50 and a SCHED_RR task's
 *   sched_rr_get_interval() is 50 ms (up to a jiffy more); 0 and -1
 *   reset it to the default, which reads back as that value (> 0),
 *   not as what was written.
 *
 * Fixes: 079be8fc6309 ("sched/rt: Disallow writing invalid values to
 * sched_rt_period_us": a negative period was stored in the unsigned
 * variable as a huge one and passed), c1fc6484e1fb ("sched/rt:
 * sysctl_sched_rr_timeslice show default timeslice after reset").
 */
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "tst_test.h"

#define PERIOD		"/proc/sys/kernel/sched_rt_period_us"
#define RUNTIME		"/proc/sys/kernel/sched_rt_runtime_us"
#define TIMESLICE	"/proc/sys/kernel/sched_rr_timeslice_ms"
#define RACE_MS		500

static long read_val(const char *path)
{
	long val;

	SAFE_FILE_SCANF(path, "%ld", &val);
	return val;
}

static int write_val(const char *path, const char *val)
{
	int fd = SAFE_OPEN(path, O_WRONLY);
	ssize_t ret = write(fd, val, strlen(val));
	int err = errno;

	SAFE_CLOSE(fd);
	errno = err;
	return ret == (ssize_t)strlen(val) ? 0 : -1;
}

static void bad(const char *path, const char *val)
{
	long period = read_val(PERIOD), runtime = read_val(RUNTIME);

	TST_EXP_FAIL(write_val(path, val), EINVAL, "%s = %s", path, val);
	if (read_val(PERIOD) != period || read_val(RUNTIME) != runtime)
		tst_res(TFAIL, "after it period/runtime are %ld/%ld, were "
			"%ld/%ld", read_val(PERIOD), read_val(RUNTIME),
			period, runtime);
}

static void good(const char *path, long val)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", val);
	TST_EXP_PASS(write_val(path, buf), "%s = %s", path, buf);
	TST_EXP_EQ_LI(read_val(path), val);
}

static void rt_values(void)
{
	SAFE_FILE_PRINTF(PERIOD, "1000000");
	SAFE_FILE_PRINTF(RUNTIME, "950000");
	bad(PERIOD, "0");
	bad(PERIOD, "-1");
	bad(PERIOD, "2147483648");
	bad(PERIOD, "abc");
	bad(RUNTIME, "-2");
	bad(RUNTIME, "2147483648");
	bad(RUNTIME, "1000001");
	bad(PERIOD, "949999");

	good(RUNTIME, -1);
	/* no runtime limit: only the range check stands in the way */
	bad(PERIOD, "0");
	bad(PERIOD, "-1");
	bad(PERIOD, "-1000000");

	good(PERIOD, 500000);
	good(RUNTIME, 500000);
	good(RUNTIME, 10000);
	bad(RUNTIME, "500001");
	good(PERIOD, 1000000);
	good(RUNTIME, 950000);
}

static void writer(const char *const vals[][2])
{
	long long end = tst_mono_ms() + RACE_MS;
	int i;

	while (tst_mono_ms() < end) {
		for (i = 0; vals[i][0]; i++)
			write_val(vals[i][0], vals[i][1]);
	}
	exit(0);
}

static void concurrent(void)
{
	static const char *const a[][2] = {
		{PERIOD, "800000"}, {RUNTIME, "700000"}, {PERIOD, "-1"},
		{RUNTIME, "900000"}, {PERIOD, "1000000"}, {NULL, NULL}
	};
	static const char *const b[][2] = {
		{RUNTIME, "-1"}, {PERIOD, "0"}, {RUNTIME, "600000"},
		{RUNTIME, "2000000"}, {PERIOD, "900000"}, {NULL, NULL}
	};
	int status, i;
	pid_t pid[2];

	pid[0] = SAFE_FORK();
	if (!pid[0])
		writer(a);
	pid[1] = SAFE_FORK();
	if (!pid[1])
		writer(b);
	for (i = 0; i < 2; i++) {
		SAFE_WAITPID(pid[i], &status, 0);
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			tst_res(TBROK, "writer %d ended with 0x%x", i, status);
	}
	TST_EXP_EXPR(read_val(RUNTIME) == -1 ||
		     read_val(RUNTIME) <= read_val(PERIOD),
		     "after concurrent writes runtime %ld <= period %ld",
		     read_val(RUNTIME), read_val(PERIOD));
	SAFE_FILE_PRINTF(PERIOD, "1000000");
	SAFE_FILE_PRINTF(RUNTIME, "950000");
}

/* sched_rr_get_interval() of a SCHED_RR child, in ms (fractional). */
static double rr_interval_ms(void)
{
	struct sched_param sp = {.sched_priority = 1};
	struct timespec ts;
	int fds[2], status;
	double ms = -1;
	pid_t pid;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		if (sched_setscheduler(0, SCHED_RR, &sp))
			tst_brk(TBROK | TERRNO, "sched_setscheduler(SCHED_RR)");
		if (sched_rr_get_interval(0, &ts))
			tst_brk(TBROK | TERRNO, "sched_rr_get_interval()");
		ms = ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
		SAFE_WRITE(1, fds[1], &ms, sizeof(ms));
		exit(0);
	}
	SAFE_READ(1, fds[0], &ms, sizeof(ms));
	SAFE_WAITPID(pid, &status, 0);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
	return ms;
}

static void timeslice(void)
{
	long def;
	double ms;

	good(TIMESLICE, 50);
	ms = rr_interval_ms();
	/* rounded up to whole jiffies: at most 10 ms more (HZ >= 100) */
	TST_EXP_EXPR(ms >= 50 && ms <= 60, "SCHED_RR interval %.1f ms for a "
		     "50 ms timeslice", ms);

	TST_EXP_PASS(write_val(TIMESLICE, "-1"), "%s = -1", TIMESLICE);
	def = read_val(TIMESLICE);
	TST_EXP_EXPR(def > 0, "-1 resets it to the default, read back %ld",
		     def);
	ms = rr_interval_ms();
	TST_EXP_EXPR(ms >= def - 10 && ms <= def + 10, "SCHED_RR interval "
		     "%.1f ms for the default %ld ms", ms, def);
	TST_EXP_PASS(write_val(TIMESLICE, "0"), "%s = 0", TIMESLICE);
	TST_EXP_EQ_LI(read_val(TIMESLICE), def);
}

static void run(void)
{
	rt_values();
	concurrent();
	timeslice();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
	.save_restore = (const struct tst_path_val[]) {
		{PERIOD, NULL, TST_SR_TCONF_MISSING},
		{RUNTIME, NULL, TST_SR_TCONF_MISSING},
		{TIMESLICE, NULL, TST_SR_TCONF_MISSING},
		{}
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "079be8fc6309"},
		{"linux-git", "c1fc6484e1fb"},
		{}
	},
};

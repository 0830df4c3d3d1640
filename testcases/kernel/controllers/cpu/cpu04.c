// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpu.max.burst, the CFS bandwidth burst (kernel/sched/core.c
 * tg_set_cfs_bandwidth(), kernel/sched/fair.c
 * __refill_cfs_bandwidth_runtime()):
 *  - it reads 0 in a new cgroup; with the quota "max" any burst up to
 *    U64_MAX / 1000 us is taken (read back exactly) and one more is
 *    EINVAL; -1 and a word are EINVAL;
 *  - with a quota the burst may equal it, not exceed it (EINVAL, value
 *    kept); a cpu.max quota below the burst in force is EINVAL and
 *    cpu.max keeps its value;
 *  - a task that alternates 300 ms of spinning and 300 ms of sleep under
 *    cpu.max "10000 100000": with cpu.max.burst 10000 the unused quota
 *    of the idle periods is carried over and spent, so cpu.stat counts
 *    nr_bursts >= 1 and burst_usec > 0, never more than the burst per
 *    counted burst; with burst 0 beside it, the same task is throttled
 *    (nr_throttled grows) and nr_bursts and burst_usec stay 0: the
 *    runtime never exceeds the quota, so no period can be counted;
 *  - the root cgroup has no cpu.max.burst.
 */
#include <errno.h>
#include "tst_test.h"
#include "cgroup2.h"

#define BURST_US_MAX "18446744073709551"

static void expect_err(const char *rel, const char *file, const char *val,
		       int exp, const char *keep)
{
	char path[PATH_MAX], buf[64];
	int err = cg_write_err(rel, file, val);

	cg_path(path, sizeof(path), rel, file);
	SAFE_FILE_SCANF(path, "%63[^\n]", buf);
	TST_EXP_EXPR(err == exp && !strcmp(buf, keep),
		     "%s \"%s\": %s (expected %s), reads \"%s\" (kept \"%s\")",
		     file, val, tst_strerrno(err), tst_strerrno(exp), buf,
		     keep);
}

static void expect_ok(const char *rel, const char *file, const char *val,
		      const char *readback)
{
	char path[PATH_MAX], buf[64];
	int err = cg_write_err(rel, file, val);

	cg_path(path, sizeof(path), rel, file);
	SAFE_FILE_SCANF(path, "%63[^\n]", buf);
	TST_EXP_EXPR(!err && !strcmp(buf, readback),
		     "%s \"%s\": %s, reads \"%s\" (expected \"%s\")", file,
		     val, tst_strerrno(err), buf, readback);
}

static void parsing(void)
{
	char path[PATH_MAX + 32];

	cg_mkdir("x");
	expect_ok("x", "cpu.max.burst", "0", "0");
	expect_ok("x", "cpu.max.burst", BURST_US_MAX, BURST_US_MAX);
	expect_err("x", "cpu.max.burst", "18446744073709552", EINVAL,
		   BURST_US_MAX);
	expect_err("x", "cpu.max", "100000 100000", EINVAL, "max 100000");
	expect_ok("x", "cpu.max.burst", "5000", "5000");
	expect_err("x", "cpu.max.burst", "-1", EINVAL, "5000");
	expect_err("x", "cpu.max.burst", "burst", EINVAL, "5000");
	expect_err("x", "cpu.max", "4999 100000", EINVAL, "max 100000");
	expect_ok("x", "cpu.max", "5000 100000", "5000 100000");
	expect_err("x", "cpu.max.burst", "5001", EINVAL, "5000");
	expect_ok("x", "cpu.max.burst", "0", "0");
	expect_ok("x", "cpu.max", "1000 100000", "1000 100000");
	cg_rmdir("x");

	snprintf(path, sizeof(path), "%s/cpu.max.burst", cg_root);
	TST_EXP_FAIL(access(path, F_OK), ENOENT, "root cgroup's cpu.max.burst");
}

static pid_t cycler(const char *rel)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		volatile unsigned long spin = 0;
		long long end;

		cg_enter(rel);
		TST_CHECKPOINT_WAKE(0);
		for (;;) {
			end = tst_mono_ms() + 300;
			while (tst_mono_ms() < end)
				spin++;
			usleep(300000);
		}
	}
	TST_CHECKPOINT_WAIT(0);
	return pid;
}

static void bursts(void)
{
	long long start, deadline, nb, bu, thr;
	pid_t pb, pn;

	cg_mkdir("b");
	cg_mkdir("n");
	CG_WRITE("b", "cpu.max", "10000 100000");
	CG_WRITE("b", "cpu.max.burst", "10000");
	CG_WRITE("n", "cpu.max", "10000 100000");
	pb = cycler("b");
	pn = cycler("n");

	start = tst_mono_ms();
	deadline = start + 20000 * tst_timeout_mul();
	for (;;) {
		usleep(50000);
		if (tst_mono_ms() > deadline)
			break;
		if (tst_mono_ms() - start < 2000)
			continue;
		if (cg_read_key("b", "cpu.stat", "nr_bursts") >= 1 &&
		    cg_read_key("n", "cpu.stat", "nr_throttled") >= 2)
			break;
	}
	SAFE_KILL(pb, SIGKILL);
	SAFE_KILL(pn, SIGKILL);
	reap_child_killed(pb, SIGKILL);
	reap_child_killed(pn, SIGKILL);

	nb = cg_read_key("b", "cpu.stat", "nr_bursts");
	bu = cg_read_key("b", "cpu.stat", "burst_usec");
	tst_res(TINFO, "after %lld ms: burst 10000: nr_bursts %lld burst_usec "
		"%lld nr_throttled %lld", tst_mono_ms() - start, nb, bu,
		cg_read_key("b", "cpu.stat", "nr_throttled"));
	TST_EXP_EXPR(nb >= 1 && bu > 0 && bu <= nb * 10000,
		     "burst 10000: nr_bursts %lld >= 1, burst_usec %lld in "
		     "(0, nr_bursts x 10000]", nb, bu);

	thr = cg_read_key("n", "cpu.stat", "nr_throttled");
	TST_EXP_EXPR(thr >= 2, "burst 0: throttled (nr_throttled %lld)", thr);
	TST_EXP_EQ_LI(cg_read_key("n", "cpu.stat", "nr_bursts"), 0);
	TST_EXP_EQ_LI(cg_read_key("n", "cpu.stat", "burst_usec"), 0);
	cg_rmdir("b");
	cg_rmdir("n");
}

static void run(void)
{
	parsing();
	bursts();
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpu", NULL};

	char path[PATH_MAX];

	cg_setup(ctrls, 1);
	cg_require_file("cpu.max.burst", "no CFS burst (before 5.14)");
	cg_path(path, sizeof(path), "", "cpu.stat");
	if (!cg_has_word(path, "nr_bursts"))
		tst_brk(TCONF, "cpu.stat has no nr_bursts");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 90,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_SCHED", "CONFIG_CFS_BANDWIDTH",
		NULL
	},
};

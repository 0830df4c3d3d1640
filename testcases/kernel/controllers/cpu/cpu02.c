// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 cpu controller interface and accounting
 * (kernel/sched/core.c, kernel/cgroup/rstat.c):
 *  - cpu.weight takes 1..10000 (0 and 10001 are ERANGE); cpu.weight.nice
 *    takes -20..19 (-21 and 20 are ERANGE); a refused write leaves the
 *    value; the two are one setting: nice -20 reads weight 8668, nice 19
 *    weight 1, weight 100 nice 0, and weight 1 reads nice 19;
 *  - cpu.max "QUOTA PERIOD": a quota or a period under 1000 us and a
 *    period over 1 s are EINVAL, a word other than "max" for the quota is
 *    EINVAL; "max" and "QUOTA" alone keep the period; values read back;
 *  - cpu.stat usage_usec of a cgroup whose only task spins 0.3 s of CPU
 *    grows by that task's CPU time as wait4() reports it (ru_utime +
 *    ru_stime), less what it ran before the first reading (the task's
 *    own CLOCK_PROCESS_CPUTIME_ID, read after that): never less (all come from the task's sum_exec_runtime,
 *    which the reaping brings up to date and which is charged to the
 *    cgroup at the same update, so only the microsecond rounding of two
 *    values may differ), and not more than 1.5 times plus 50 ms (a task
 *    charged twice, or to its cgroup too little, fails); user_usec plus
 *    system_usec equals usage_usec within 2 ms of rounding.
 */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include "tst_test.h"
#include "cgroup2.h"

static FILE *open_stream(const char *path, const char *mode)
{
	FILE *f = fopen(path, mode);

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	return f;
}

static void read_max(long long *quota, long long *period)
{
	char path[PATH_MAX], word[32];
	FILE *f;

	cg_path(path, sizeof(path), "c", "cpu.max");
	f = open_stream(path, "r");
	if (fscanf(f, "%31s %lld", word, period) != 2)
		tst_brk(TBROK, "cannot parse %s", path);
	fclose(f);
	*quota = strcmp(word, "max") ? atoll(word) : -1;
}

static void check_max(const char *val, int err, long long quota,
		      long long period)
{
	long long q, p;

	if (err)
		TST_EXP_FAIL(cg_try_write("c", "cpu.max", "%s", val), err,
			     "cpu.max '%s'", val);
	else
		TST_EXP_PASS(cg_try_write("c", "cpu.max", "%s", val),
			     "cpu.max '%s'", val);
	read_max(&q, &p);
	TST_EXP_EXPR(q == quota && p == period,
		     "cpu.max reads %lld %lld, want %lld %lld (-1: max)",
		     q, p, quota, period);
}

static void interface(void)
{
	TST_EXP_FAIL(cg_try_write("c", "cpu.weight", "0"), ERANGE,
		     "cpu.weight 0");
	TST_EXP_FAIL(cg_try_write("c", "cpu.weight", "10001"), ERANGE,
		     "cpu.weight 10001");
	TST_EXP_PASS(cg_try_write("c", "cpu.weight", "10000"),
		     "cpu.weight 10000");
	TST_EXP_EQ_LI(cg_read_num("c", "cpu.weight"), 10000);
	TST_EXP_FAIL(cg_try_write("c", "cpu.weight.nice", "-21"), ERANGE,
		     "cpu.weight.nice -21");
	TST_EXP_FAIL(cg_try_write("c", "cpu.weight.nice", "20"), ERANGE,
		     "cpu.weight.nice 20");
	TST_EXP_EQ_LI(cg_read_num("c", "cpu.weight"), 10000);
	CG_WRITE("c", "cpu.weight.nice", "-20");
	TST_EXP_EQ_LI(cg_read_num("c", "cpu.weight"), 8668);
	CG_WRITE("c", "cpu.weight.nice", "19");
	TST_EXP_EQ_LI(cg_read_num("c", "cpu.weight"), 1);
	CG_WRITE("c", "cpu.weight", "1");
	TST_EXP_EQ_LI(cg_read_num("c", "cpu.weight.nice"), 19);
	CG_WRITE("c", "cpu.weight", "100");
	TST_EXP_EQ_LI(cg_read_num("c", "cpu.weight.nice"), 0);

	check_max("max 100000", 0, -1, 100000);
	check_max("50000 200000", 0, 50000, 200000);
	check_max("999 200000", EINVAL, 50000, 200000);
	check_max("1000 999", EINVAL, 50000, 200000);
	check_max("1000 1000001", EINVAL, 50000, 200000);
	check_max("lots 100000", EINVAL, 50000, 200000);
	check_max("1000 1000000", 0, 1000, 1000000);
	check_max("20000", 0, 20000, 1000000);
	check_max("max", 0, -1, 1000000);
	check_max("max 100000", 0, -1, 100000);
}

static long long *t0_us;

static void usage(void)
{
	long long u0, u1, user, sys, cpu_us, d;
	struct rusage ru;
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		struct timespec ts;
		volatile unsigned long spin = 0;

		cg_enter("c");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
		*t0_us = ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
		do {
			for (int i = 0; i < 100000; i++)
				spin++;
			clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
		} while (ts.tv_sec * 1000000000LL + ts.tv_nsec < 300000000LL);
		_exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	u0 = cg_read_key("c", "cpu.stat", "usage_usec");
	TST_CHECKPOINT_WAKE(0);
	if (wait4(pid, &status, 0, &ru) != pid)
		tst_brk(TBROK | TERRNO, "wait4()");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "the spinner did not exit 0");
	u1 = cg_read_key("c", "cpu.stat", "usage_usec");
	user = cg_read_key("c", "cpu.stat", "user_usec");
	sys = cg_read_key("c", "cpu.stat", "system_usec");
	cpu_us = ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec +
		 ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec;
	d = u1 - u0;
	tst_res(TINFO, "usage_usec grew by %lld, the task used %lld us, "
		"%lld us of them before the first reading", d, cpu_us, *t0_us);
	TST_EXP_EXPR(d >= cpu_us - *t0_us - 5 && cpu_us >= 300000,
		     "usage_usec grew by at least the %lld us the task ran "
		     "after the first reading", cpu_us - *t0_us);
	TST_EXP_EXPR(d <= cpu_us * 3 / 2 + 50000,
		     "usage_usec grew by at most 1.5 x %lld us + 50 ms",
		     cpu_us);
	TST_EXP_EXPR(user + sys >= u1 - 2000 && user + sys <= u1 + 2000,
		     "user_usec %lld + system_usec %lld = usage_usec %lld",
		     user, sys, u1);
}

static void run(void)
{
	interface();
	usage();
}

static void setup(void)
{
	static const char *const ctrls[] = {"cpu", NULL};

	t0_us = SAFE_MMAP(NULL, sizeof(*t0_us), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	cg_setup(ctrls, 1);
	cg_mkdir("c");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_SCHED", NULL
	},
};

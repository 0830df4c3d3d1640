// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_THP_DISABLE / PR_GET_THP_DISABLE, the per-process switch that
 * keeps transparent huge pages away from its memory:
 *  - 1 sets it, 0 clears it; PR_GET_THP_DISABLE and the THP_enabled
 *    line of /proc/self/status read it back (a kernel built without
 *    THP, as PREEMPT_RT ones are, shows THP_enabled 0 either way);
 *  - a forked child inherits it, and it is kept across execve();
 *  - its effect: an aligned, MADV_HUGEPAGE anonymous region that
 *    /proc/self/smaps reports THPeligible 1 reports 0 while the switch is
 *    set (this part needs THP not "never" system-wide: TCONF otherwise);
 *  - EINVAL for non-zero arg3, arg4 or arg5 of PR_SET_THP_DISABLE and for
 *    any non-zero argument of PR_GET_THP_DISABLE.
 * All of it runs in a child, so the test process is left alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include "exec_child_run.h"
#include "task_wait.h"

#define HPAGE (2UL << 20)

static char *region;
/* CONFIG_TRANSPARENT_HUGEPAGE: without it THP_enabled always reads 0 */
static int thp_built;

/* A value of /proc/self/status ("THP_enabled") or -1 when missing. */
static long status_field(const char *name)
{
	char line[256];
	long v = -1;
	size_t len = strlen(name);
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, name, len) && line[len] == ':')
			v = strtol(line + len + 1, NULL, 10);
	fclose(f);
	return v;
}

/* THPeligible of the smaps entry starting at region, or -1. */
static int thp_eligible(void)
{
	unsigned long start, end;
	char line[256], sep;
	int in = 0, v = -1;
	FILE *f = fopen("/proc/self/smaps", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/smaps)");
	while (fgets(line, sizeof(line), f)) {
		/* a mapping's first line: "start-end perms ..." */
		if (sscanf(line, "%lx-%lx%c", &start, &end, &sep) == 3 &&
		    sep == ' ') {
			in = start == (unsigned long)region;
			continue;
		}
		if (in && sscanf(line, "THPeligible: %d", &v) == 1)
			break;
	}
	fclose(f);
	return v;
}

static void check_state(int want, const char *when)
{
	TST_EXP_VAL(prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0), want,
		    "PR_GET_THP_DISABLE %s", when);
	TST_EXP_EQ_LI(status_field("THP_enabled"), thp_built && !want);
}

static void check_effect(int thp_never)
{
	int on, off;

	if (thp_never) {
		tst_res(TCONF, "%s: the effect on THPeligible is not checked",
			thp_built ? "transparent_hugepage/enabled is never" :
			"the kernel has no transparent huge pages");
		return;
	}
	on = thp_eligible();
	if (prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_THP_DISABLE 1");
	off = thp_eligible();
	if (prctl(PR_SET_THP_DISABLE, 0, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_THP_DISABLE 0");
	TST_EXP_EXPR(on == 1 && off == 0, "THPeligible of a MADV_HUGEPAGE "
		     "region: %d allowed, %d disabled (expected 1, 0)", on,
		     off);
}

static void child(int thp_never)
{
	char opt[8];
	pid_t pid;

	check_state(0, "at first");
	TST_EXP_FAIL(prctl(PR_SET_THP_DISABLE, 1, 1, 0, 0), EINVAL,
		     "PR_SET_THP_DISABLE with arg3 1");
	TST_EXP_FAIL(prctl(PR_SET_THP_DISABLE, 1, 0, 1, 0), EINVAL,
		     "PR_SET_THP_DISABLE with arg4 1");
	TST_EXP_FAIL(prctl(PR_SET_THP_DISABLE, 1, 0, 0, 1), EINVAL,
		     "PR_SET_THP_DISABLE with arg5 1");
	TST_EXP_FAIL(prctl(PR_GET_THP_DISABLE, 1, 0, 0, 0), EINVAL,
		     "PR_GET_THP_DISABLE with arg2 1");
	TST_EXP_FAIL(prctl(PR_GET_THP_DISABLE, 0, 0, 0, 1), EINVAL,
		     "PR_GET_THP_DISABLE with arg5 1");
	check_state(0, "after the failed calls");

	check_effect(thp_never);

	TST_EXP_PASS(prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0));
	check_state(1, "after setting it");
	pid = SAFE_FORK();
	if (!pid) {
		check_state(1, "in a forked child");
		exit(0);
	}
	reap_child(pid);
	snprintf(opt, sizeof(opt), "%d", PR_GET_THP_DISABLE);
	pid = SAFE_FORK();
	if (!pid)
		exec_child((char *[]){ EXEC_CHILD_NAME, "prctl", opt, "0", "0",
				       "1", NULL }, (char *[]){ NULL });
	exec_child_report(pid, "THP disable kept across execve");
	TST_EXP_PASS(prctl(PR_SET_THP_DISABLE, 0, 0, 0, 0));
	check_state(0, "after clearing it");
	exit(0);
}

static void run(void)
{
	char mode[128] = "";
	int thp_never;
	FILE *f;
	pid_t pid;

	f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	if (f) {
		if (!fgets(mode, sizeof(mode), f))
			mode[0] = 0;
		fclose(f);
	}
	thp_never = !f || strstr(mode, "[never]");
	thp_built = !access("/sys/kernel/mm/transparent_hugepage", F_OK);
	pid = SAFE_FORK();
	if (!pid)
		child(thp_never);
	reap_child(pid);
}

static void setup(void)
{
	char *map = SAFE_MMAP(NULL, 3 * HPAGE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *aligned = (char *)(((unsigned long)map + HPAGE - 1) &
				 ~(HPAGE - 1));

	/* keep exactly two aligned huge pages' worth */
	if (aligned > map)
		SAFE_MUNMAP(map, aligned - map);
	SAFE_MUNMAP(aligned + 2 * HPAGE, map + 3 * HPAGE - aligned - 2 * HPAGE);
	region = aligned;
	if (madvise(region, 2 * HPAGE, MADV_HUGEPAGE) && errno != EINVAL)
		tst_brk(TBROK | TERRNO, "madvise(MADV_HUGEPAGE)");
	exec_child_path();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
};

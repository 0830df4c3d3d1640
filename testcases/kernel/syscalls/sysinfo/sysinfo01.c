// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysinfo(2) reports system-wide figures:
 * - totalram and totalswap, in mem_unit units, are MemTotal and SwapTotal
 *   of /proc/meminfo exactly; the free/shared/buffer figures do not
 *   exceed their totals;
 * - uptime agrees with /proc/uptime (to the second, rounded up) and grows
 *   by at least one second over a 1.1 s sleep;
 * - procs counts at least the caller and its sleeping child;
 * - a buffer in unmapped memory is EFAULT.
 */
#include <stdlib.h>
#include <time.h>
#include <sys/sysinfo.h>
#include "tst_test.h"
#include "proc_ids.h"

static void run(void)
{
	struct timespec nap = { 1, 100000000 };
	unsigned long long unit;
	struct sysinfo si, later;
	double proc_up, proc_up_after;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}

	/*
	 * /proc/uptime read before and after: the test may be held up
	 * between two calls for longer than a second on a loaded machine,
	 * so one reading after sysinfo() could be a second ahead of it.
	 */
	SAFE_FILE_SCANF("/proc/uptime", "%lf", &proc_up);
	TST_EXP_PASS(sysinfo(&si));
	SAFE_FILE_SCANF("/proc/uptime", "%lf", &proc_up_after);
	unit = si.mem_unit;
	TST_EXP_EQ_LU(si.totalram * unit,
		      tst_read_meminfo("MemTotal:") * 1024ULL);
	TST_EXP_EQ_LU(si.totalswap * unit,
		      tst_read_meminfo("SwapTotal:") * 1024ULL);
	TST_EXP_EXPR(si.freeram <= si.totalram && si.sharedram <= si.totalram &&
		     si.bufferram <= si.totalram &&
		     si.freeswap <= si.totalswap, "free, shared and buffer "
		     "figures within the totals");
	TST_EXP_EXPR(si.uptime >= (long)proc_up &&
		     si.uptime <= proc_up_after + 2,
		     "uptime %ld s agrees with /proc/uptime %.2f .. %.2f s",
		     si.uptime, proc_up, proc_up_after);
	TST_EXP_EXPR(si.procs >= 2, "procs %u counts this test and its child",
		     si.procs);

	nanosleep(&nap, NULL);
	TST_EXP_PASS(sysinfo(&later));
	TST_EXP_EXPR(later.uptime >= si.uptime + 1, "uptime grew from %ld to "
		     "%ld s over 1.1 s", si.uptime, later.uptime);

	TST_EXP_FAIL(sysinfo(unmapped_addr()), EFAULT, "sysinfo(unmapped)");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * perf_event_open(2), raw, on the calling task (pid 0, any CPU):
 * - a disabled software PERF_COUNT_SW_TASK_CLOCK counter reads 0; after
 *   PERF_EVENT_IOC_ENABLE and some work it counts > 0 ns; after
 *   PERF_EVENT_IOC_DISABLE it no longer moves while more work is done;
 * - an attr larger than the kernel's struct is accepted when the extra
 *   bytes are 0, and E2BIG when one of them is not;
 * - an attr size below PERF_ATTR_SIZE_VER0 (64) is E2BIG and the kernel
 *   writes the size it knows (>= 64) back into attr.size;
 * - an unknown read_format bit and an unknown flag are EINVAL;
 * - a type no PMU has is ENOENT (kernel/events/core.c perf_init_event());
 * - a hardware instruction counter counts > 0 (TCONF without a PMU,
 *   e.g. under QEMU TCG: ENOENT/ENODEV/EOPNOTSUPP);
 * - as nobody with kernel.perf_event_paranoid >= 2 (read, not changed),
 *   a counter that includes the kernel is EACCES.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/perf_event.h>
#include "tst_test.h"
#include "as_nobody.h"

static int paranoid;
static char big[4096] __attribute__((aligned(8)));

static long sys_perf(void *attr, pid_t pid, int cpu, int group,
		     unsigned long flags)
{
	return tst_syscall(__NR_perf_event_open, attr, pid, cpu, group, flags);
}

static void init_attr(struct perf_event_attr *a, unsigned int type,
		      unsigned long long config)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = type;
	a->config = config;
	a->disabled = 1;
	a->exclude_kernel = 1;
	a->exclude_hv = 1;
}

static unsigned long long read_count(int fd)
{
	unsigned long long v;

	SAFE_READ(1, fd, &v, sizeof(v));
	return v;
}

static void work(void)
{
	volatile unsigned long i, x = 0;

	for (i = 0; i < 2000000; i++)
		x += i;
}

static void task_clock(void)
{
	struct perf_event_attr a;
	unsigned long long c0, c1, c2;
	int fd;

	init_attr(&a, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK);
	TST_EXP_FD(sys_perf(&a, 0, -1, -1, 0), "perf_event_open(task clock)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	work();
	c0 = read_count(fd);
	TST_EXP_EQ_LU(c0, 0);
	TST_EXP_PASS(ioctl(fd, PERF_EVENT_IOC_ENABLE, 0), "IOC_ENABLE");
	work();
	TST_EXP_PASS(ioctl(fd, PERF_EVENT_IOC_DISABLE, 0), "IOC_DISABLE");
	c1 = read_count(fd);
	TST_EXP_EXPR(c1 > 0, "task clock counted %llu ns while enabled", c1);
	work();
	c2 = read_count(fd);
	TST_EXP_EXPR(c2 == c1, "task clock %llu ns after more work while "
		     "disabled (was %llu)", c2, c1);
	SAFE_CLOSE(fd);
}

static void hw_instructions(void)
{
	struct perf_event_attr a;
	unsigned long long c;
	long fd;

	init_attr(&a, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS);
	fd = syscall(__NR_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0 && (errno == ENOENT || errno == ENODEV ||
		       errno == EOPNOTSUPP)) {
		tst_res(TCONF | TERRNO, "no hardware instruction counter");
		return;
	}
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "perf_event_open(HW instructions)");
		return;
	}
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		tst_brk(TBROK | TERRNO, "IOC_ENABLE");
	work();
	if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0))
		tst_brk(TBROK | TERRNO, "IOC_DISABLE");
	c = read_count(fd);
	TST_EXP_EXPR(c > 0, "%llu instructions counted", c);
	SAFE_CLOSE(fd);
}

static void errors(void)
{
	struct perf_event_attr a, *ba = (void *)big;
	long fd;

	memset(big, 0, sizeof(big));
	init_attr(ba, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK);
	ba->size = sizeof(big);
	TST_EXP_FD(fd = sys_perf(ba, 0, -1, -1, 0),
		   "attr of %zu bytes, zero tail", sizeof(big));
	if (fd >= 0)
		SAFE_CLOSE(fd);
	big[sizeof(big) - 8] = 1;
	TST_EXP_FAIL(sys_perf(ba, 0, -1, -1, 0), E2BIG,
		     "attr of %zu bytes, nonzero tail", sizeof(big));

	init_attr(&a, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK);
	a.size = 32;
	TST_EXP_FAIL(sys_perf(&a, 0, -1, -1, 0), E2BIG, "attr size 32");
	TST_EXP_EXPR(a.size >= 64, "kernel wrote back attr size %u",
		     a.size);

	init_attr(&a, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK);
	a.read_format = 1ULL << 40;
	TST_EXP_FAIL(sys_perf(&a, 0, -1, -1, 0), EINVAL,
		     "unknown read_format bit");
	init_attr(&a, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK);
	TST_EXP_FAIL(sys_perf(&a, 0, -1, -1, 1UL << 20), EINVAL,
		     "unknown flag");
	init_attr(&a, 0x7ffffff0, 0);
	TST_EXP_FAIL(sys_perf(&a, 0, -1, -1, 0), ENOENT, "unknown type");
}

static void as_nobody(void)
{
	struct perf_event_attr a;

	init_attr(&a, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK);
	a.exclude_kernel = 0;
	TST_EXP_FAIL(sys_perf(&a, 0, -1, -1, 0), EACCES,
		     "kernel-inclusive counter as nobody (paranoid %d)",
		     paranoid);
}

static void run(void)
{
	task_clock();
	hw_instructions();
	errors();
	if (paranoid >= 2)
		run_in_nobody_child(as_nobody, "the unprivileged checks");
	else
		tst_res(TINFO, "perf_event_paranoid %d < 2: unprivileged "
			"kernel counters are allowed, not checked", paranoid);
}

static void setup(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");

	if (!f)
		tst_brk(TCONF | TERRNO, "no kernel.perf_event_paranoid "
			"(kernel without perf events?)");
	if (fscanf(f, "%d", &paranoid) != 1)
		tst_brk(TBROK, "cannot parse perf_event_paranoid");
	fclose(f);
	tst_res(TINFO, "kernel.perf_event_paranoid = %d", paranoid);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

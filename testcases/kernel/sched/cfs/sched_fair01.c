// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CFS shares one CPU fairly between CPU hogs, weighted by nice.
 *
 * Two SCHED_OTHER hogs pinned to one CPU run until together they have
 * used 2 s of CPU time (CLOCK_THREAD_CPUTIME_ID, counted from the moment
 * both run, not wall time):
 *  - both at nice 0: the ratio of their CPU times is within 0.5 .. 2.0;
 *  - nice 0 against nice 10: the nice 0 task gets more than twice the
 *    CPU time of the other (weights 1024 : 110, about 9 times).
 * The bounds are loose so that a TCG guest on a loaded host passes; a
 * scheduler that ignores nice, or starves one of two equal tasks, fails.
 */
#include <sys/resource.h>
#include <sys/wait.h>
#include "sched_common.h"

#define TOTAL_NS	2000000000ULL
#define WALL_LIMIT_S	30

struct shared {
	volatile uint64_t ns[2];
	volatile int running;
	volatile int stop;
};

static struct shared *sh;

static const struct tcase {
	int nice[2];
	double min_ratio, max_ratio;	/* of ns[0] / ns[1] */
	const char *what;
} tcases[] = {
	{ { 0, 0 }, 0.5, 2.0, "two nice 0 hogs" },
	{ { 0, 10 }, 2.0, 1e9, "nice 0 against nice 10" },
};

static void hog(int i, int nice)
{
	pin_to(test_cpu);
	if (setpriority(PRIO_PROCESS, 0, nice))
		tst_brk(TBROK | TERRNO, "setpriority(%d)", nice);
	__atomic_add_fetch(&sh->running, 1, __ATOMIC_SEQ_CST);
	while (!sh->stop)
		sh->ns[i] = thread_cpu_ns();
	exit(0);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	struct timespec ts = { 0, 100 * 1000000 };
	uint64_t start[2], used[2];
	long wall_ms = 0, limit_ms = WALL_LIMIT_S * 1000 * tst_timeout_mul();
	double ratio;
	char range[64];
	pid_t pid[2];
	int i;

	memset(sh, 0, sizeof(*sh));
	for (i = 0; i < 2; i++) {
		pid[i] = SAFE_FORK();
		if (!pid[i])
			hog(i, tc->nice[i]);
	}
	wait_flag(&sh->running, 2);
	/* both published a time: both have run */
	while (!sh->ns[0] || !sh->ns[1])
		nanosleep(&ts, NULL);
	start[0] = sh->ns[0];
	start[1] = sh->ns[1];
	do {
		nanosleep(&ts, NULL);
		wall_ms += 100;
		used[0] = sh->ns[0] - start[0];
		used[1] = sh->ns[1] - start[1];
	} while (used[0] + used[1] < TOTAL_NS && wall_ms < limit_ms);
	sh->stop = 1;
	for (i = 0; i < 2; i++)
		reap_child(pid[i]);

	tst_res(TINFO, "%s: %.3f s and %.3f s of CPU time", tc->what,
		used[0] / 1e9, used[1] / 1e9);
	if (used[0] + used[1] < TOTAL_NS / 4)
		tst_brk(TBROK, "only %.3f s of CPU time in %ld ms: the CPU is "
			"too busy to measure", (used[0] + used[1]) / 1e9,
			wall_ms);
	ratio = used[1] ? (double)used[0] / used[1] : 1e9;
	if (tc->max_ratio > 1e8)
		snprintf(range, sizeof(range), "above %.1f", tc->min_ratio);
	else
		snprintf(range, sizeof(range), "within %.1f .. %.1f",
			 tc->min_ratio, tc->max_ratio);
	if (ratio >= tc->min_ratio && ratio <= tc->max_ratio)
		tst_res(TPASS, "%s: CPU time ratio %.2f, %s", tc->what, ratio,
			range);
	else
		tst_res(TFAIL, "%s: CPU time ratio %.2f, expected %s",
			tc->what, ratio, range);
}

static void setup(void)
{
	pick_test_cpu();
	sh = shared_alloc(sizeof(*sh));
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.exclusive = 1,
	.timeout = 90,
};

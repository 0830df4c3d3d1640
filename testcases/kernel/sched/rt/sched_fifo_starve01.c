// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A SCHED_FIFO spinner starves SCHED_OTHER tasks on its CPU.
 *
 * A SCHED_OTHER spinner runs pinned to one CPU; then a SCHED_FIFO spinner
 * joins it there for 1 s of its own CPU time. Over that window the
 * SCHED_OTHER task must get much less CPU time than the FIFO one: at most
 * a quarter of it. RT throttling (default sched_rt_runtime_us 950000 per
 * sched_rt_period_us 1000000; read and printed, never changed) leaves it
 * at most about 5%, none when the window falls between throttled
 * periods or throttling is off; a kernel that schedules the FIFO task
 * like a fair one gives it about half.
 * CPU times (CLOCK_THREAD_CPUTIME_ID), not wall time, so a slow TCG guest
 * does not matter.
 */
#include <sys/wait.h>
#include "sched_common.h"

#define FIFO_PRIO	10
#define WINDOW_NS	1000000000ULL
#define MAX_SHARE	0.25

struct shared {
	volatile uint64_t other_ns;	/* the SCHED_OTHER task's CPU time */
	volatile int other_running;
	volatile int stop;
	uint64_t fifo_ns, other_start, other_end;
};

static struct shared *sh;

static void other_task(void)
{
	pin_to(test_cpu);
	while (!sh->stop) {
		sh->other_ns = thread_cpu_ns();
		sh->other_running = 1;
	}
	exit(0);
}

static void fifo_task(void)
{
	uint64_t start;

	fifo_on_test_cpu(FIFO_PRIO);
	/* running on the CPU now: the other task is not */
	start = thread_cpu_ns();
	sh->other_start = sh->other_ns;
	while (thread_cpu_ns() - start < WINDOW_NS)
		;
	sh->other_end = sh->other_ns;
	sh->fifo_ns = thread_cpu_ns() - start;
	exit(0);
}

static void run(void)
{
	pid_t other, fifo;
	long rt_pct = rt_runtime_share_pct();
	double share;

	memset(sh, 0, sizeof(*sh));
	other = SAFE_FORK();
	if (!other)
		other_task();
	wait_flag(&sh->other_running, 1);
	fifo = SAFE_FORK();
	if (!fifo)
		fifo_task();
	reap_child(fifo);
	sh->stop = 1;
	reap_child(other);

	share = (double)(sh->other_end - sh->other_start) / sh->fifo_ns;
	tst_res(TINFO, "FIFO task %.3f s CPU, SCHED_OTHER task %.3f s on the "
		"same CPU meanwhile (RT may use %ld%%)", sh->fifo_ns / 1e9,
		(sh->other_end - sh->other_start) / 1e9, rt_pct);
	if (share <= MAX_SHARE)
		tst_res(TPASS, "SCHED_OTHER got %.1f%% of the FIFO task's CPU "
			"time (at most %.0f%% expected)", share * 100,
			MAX_SHARE * 100);
	else
		tst_res(TFAIL, "SCHED_OTHER got %.1f%% of the FIFO task's CPU "
			"time on its CPU, expected at most %.0f%%",
			share * 100, MAX_SHARE * 100);
}

static void setup(void)
{
	pick_test_cpu();
	sh = shared_alloc(sizeof(*sh));
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.exclusive = 1,
	.timeout = 60,
};

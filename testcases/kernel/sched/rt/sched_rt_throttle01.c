// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RT throttling, kernel.sched_rt_runtime_us / sched_rt_period_us (saved,
 * set and restored):
 *  - a runtime of 50 ms per 100 ms period: a SCHED_FIFO spinner pinned
 *    to a CPU leaves that CPU to a SCHED_OTHER spinner pinned there; over
 *    a 2 s window the FIFO task gets at most 75% of it and the other task
 *    at least a quarter of the FIFO task's CPU time (about as much: both
 *    are bounds a loaded host cannot break, the kernel's throttling runs
 *    on the guest's clock);
 *  - runtime -1 (no throttling): the SCHED_OTHER task does not run at
 *    all while the FIFO task spins for 1 s (its CPU-time stamp does not
 *    move): both settings are honoured, not just one;
 *  - a runtime above the period, below -1, and a period of 0 are EINVAL
 *    and leave the values as they were.
 * CPU time (CLOCK_THREAD_CPUTIME_ID) and shared stamps, no sleeps.
 */
#include <fcntl.h>
#include <sys/wait.h>
#include "sched_common.h"

#define FIFO_PRIO	10
#define MS		1000000ULL
#define RUNTIME		"/proc/sys/kernel/sched_rt_runtime_us"
#define PERIOD		"/proc/sys/kernel/sched_rt_period_us"

struct shared {
	volatile uint64_t other_ns;
	volatile int other_running, stop;
	uint64_t fifo_ns, wall_ns, other_start, other_end;
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

static void fifo_task(uint64_t window)
{
	uint64_t t0, c0, now;

	fifo_on_test_cpu(FIFO_PRIO);
	/* running on the CPU now: the other task is not */
	sh->other_start = sh->other_ns;
	c0 = thread_cpu_ns();
	t0 = tst_mono_ns();
	do {
		now = tst_mono_ns();
	} while (now - t0 < window);
	sh->other_end = sh->other_ns;
	sh->fifo_ns = thread_cpu_ns() - c0;
	sh->wall_ns = now - t0;
	exit(0);
}

static void compete(uint64_t window)
{
	pid_t other, fifo;

	memset(sh, 0, sizeof(*sh));
	other = SAFE_FORK();
	if (!other)
		other_task();
	wait_flag(&sh->other_running, 1);
	fifo = SAFE_FORK();
	if (!fifo)
		fifo_task(window);
	reap_child(fifo);
	sh->stop = 1;
	reap_child(other);
	tst_res(TINFO, "FIFO task %llu ms of CPU in %llu ms, SCHED_OTHER "
		"task %llu ms", (unsigned long long)(sh->fifo_ns / MS),
		(unsigned long long)(sh->wall_ns / MS),
		(unsigned long long)((sh->other_end - sh->other_start) / MS));
}

static void throttled(void)
{
	uint64_t other;

	SAFE_FILE_PRINTF(RUNTIME, "-1");
	SAFE_FILE_PRINTF(PERIOD, "100000");
	SAFE_FILE_PRINTF(RUNTIME, "50000");
	compete(2000 * MS);
	other = sh->other_end - sh->other_start;
	if (sh->fifo_ns * 4 <= sh->wall_ns * 3)
		tst_res(TPASS, "runtime 50%%: the FIFO task was throttled");
	else
		tst_res(TFAIL, "runtime 50%%: the FIFO task ran %llu ms of "
			"%llu ms", (unsigned long long)(sh->fifo_ns / MS),
			(unsigned long long)(sh->wall_ns / MS));
	if (other * 4 >= sh->fifo_ns)
		tst_res(TPASS, "runtime 50%%: the SCHED_OTHER task ran meanwhile");
	else
		tst_res(TFAIL, "runtime 50%%: the SCHED_OTHER task ran only "
			"%llu ms", (unsigned long long)(other / MS));
}

static void unthrottled(void)
{
	SAFE_FILE_PRINTF(RUNTIME, "-1");
	compete(1000 * MS);
	if (sh->other_end == sh->other_start)
		tst_res(TPASS, "runtime -1: the SCHED_OTHER task never ran");
	else
		tst_res(TFAIL, "runtime -1: the SCHED_OTHER task ran %llu us",
			(unsigned long long)((sh->other_end - sh->other_start)
					     / 1000));
}

static void bad_write(const char *path, const char *val)
{
	long before, after;
	int fd;

	SAFE_FILE_SCANF(path, "%ld", &before);
	fd = SAFE_OPEN(path, O_WRONLY);
	TST_EXP_FAIL(write(fd, val, strlen(val)), EINVAL, "%s = %s", path,
		     val);
	SAFE_CLOSE(fd);
	SAFE_FILE_SCANF(path, "%ld", &after);
	TST_EXP_EQ_LI(after, before);
}

static void validation(void)
{
	SAFE_FILE_PRINTF(PERIOD, "1000000");
	SAFE_FILE_PRINTF(RUNTIME, "950000");
	bad_write(RUNTIME, "1000001");
	bad_write(RUNTIME, "-2");
	bad_write(PERIOD, "0");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		throttled();
		break;
	case 1:
		unthrottled();
		break;
	case 2:
		validation();
		break;
	}
}

static void setup(void)
{
	sh = shared_alloc(sizeof(*sh));
	pick_test_cpu();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
	.save_restore = (const struct tst_path_val[]) {
		{ RUNTIME, NULL, 0 },
		{ PERIOD, NULL, 0 },
		{ NULL, NULL, 0 }
	},
};

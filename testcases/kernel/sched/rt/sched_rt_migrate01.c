// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Migration of SCHED_FIFO tasks between CPUs (two CPUs or more):
 *  - sched_setaffinity() of another, running FIFO spinner to a single
 *    other CPU moves it there: the spinner sees sched_getcpu() change to
 *    that CPU (waited for, 10 s times LTP_TIMEOUT_MUL), and
 *    sched_getaffinity() reads the new mask back; a mask of no online
 *    CPU is EINVAL and changes nothing;
 *  - RT wake-up placement: a FIFO task (priority 10) allowed on two CPUs
 *    that blocked on CPU A is woken while a FIFO spinner of priority 20
 *    holds A. The kernel must place it on the other CPU (B, where only
 *    SCHED_OTHER tasks run), so it runs at once: it reports running on B
 *    while the spinner is still spinning. A kernel that queued it on A
 *    would keep it waiting for as long as the spinner runs.
 * Ordering by shared flags and the CPU a task reports, no wall-time ratio.
 */
#include <sys/wait.h>
#include "sched_common.h"
#include "task_wait.h"

#define MS	1000000ULL

struct shared {
	volatile int cpu, ready, stop, low_cpu, low_ran, high_spinning;
};

static struct shared *sh;
static int other_cpu = -1;

/* Wait for *flag to become non-zero, bounded; 0 on timeout. */
static int wait_set(volatile int *flag)
{
	uint64_t t0 = tst_mono_ns(), limit = 10000 * MS * tst_timeout_mul();
	struct timespec nap = { 0, 1000000 };

	while (!*flag) {
		if (tst_mono_ns() - t0 > limit)
			return 0;
		nanosleep(&nap, NULL);
	}
	return 1;
}

static void affinity_move(void)
{
	cpu_set_t set, back;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	sh->cpu = -1;
	pid = SAFE_FORK();
	if (!pid) {
		fifo_on_test_cpu(10);
		sh->ready = 1;
		while (!sh->stop)
			sh->cpu = sched_getcpu();
		exit(0);
	}
	if (!wait_set(&sh->ready))
		tst_brk(TBROK, "the spinner did not start");
	CPU_ZERO(&set);
	CPU_SET(other_cpu, &set);
	TST_EXP_PASS(sched_setaffinity(pid, sizeof(set), &set),
		     "sched_setaffinity(spinner, CPU %d)", other_cpu);
	{
		uint64_t t0 = tst_mono_ns(), limit = 10000 * MS * tst_timeout_mul();
		struct timespec nap = { 0, 1000000 };

		while (sh->cpu != other_cpu && tst_mono_ns() - t0 < limit)
			nanosleep(&nap, NULL);
	}
	if (sh->cpu == other_cpu)
		tst_res(TPASS, "the FIFO spinner runs on CPU %d now",
			other_cpu);
	else
		tst_res(TFAIL, "the FIFO spinner still reports CPU %d",
			sh->cpu);
	CPU_ZERO(&back);
	if (sched_getaffinity(pid, sizeof(back), &back))
		tst_brk(TBROK | TERRNO, "sched_getaffinity");
	TST_EXP_EXPR(CPU_EQUAL(&back, &set), "sched_getaffinity() reads "
		     "back CPU %d alone", other_cpu);
	CPU_ZERO(&set);
	CPU_SET(CPU_SETSIZE - 1, &set);
	TST_EXP_FAIL(sched_setaffinity(pid, sizeof(set), &set), EINVAL,
		     "sched_setaffinity(spinner, no online CPU)");
	CPU_ZERO(&set);
	if (sched_getaffinity(pid, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity");
	TST_EXP_EXPR(CPU_EQUAL(&back, &set), "the mask is unchanged");
	sh->stop = 1;
	reap_child(pid);
}

static void wakeup_placement(void)
{
	cpu_set_t two;
	int fds[2];
	pid_t low, high;
	char c;

	memset(sh, 0, sizeof(*sh));
	sh->low_cpu = -1;
	SAFE_PIPE(fds);
	low = SAFE_FORK();
	if (!low) {
		fifo_on_test_cpu(10);	/* it last runs on A */
		CPU_ZERO(&two);
		CPU_SET(test_cpu, &two);
		CPU_SET(other_cpu, &two);
		if (sched_setaffinity(0, sizeof(two), &two))
			tst_brk(TBROK | TERRNO, "sched_setaffinity(A, B)");
		if (read(fds[0], &c, 1) != 1)
			tst_brk(TBROK | TERRNO, "read");
		sh->low_cpu = sched_getcpu();
		sh->low_ran = !sh->stop;
		exit(0);
	}
	wait_task_state(low, low, "S");
	high = SAFE_FORK();
	if (!high) {
		fifo_on_test_cpu(20);
		sh->high_spinning = 1;
		while (!sh->stop)
			;
		exit(0);
	}
	if (!wait_set(&sh->high_spinning))
		tst_brk(TBROK, "the priority 20 spinner did not start");
	SAFE_WRITE(1, fds[1], "x", 1);
	if (wait_set(&sh->low_ran) && sh->low_cpu == other_cpu)
		tst_res(TPASS, "the woken FIFO task ran on CPU %d while CPU %d "
			"was busy with a higher priority", other_cpu,
			test_cpu);
	else
		tst_res(TFAIL, "the woken FIFO task did not run beside the "
			"spinner (ran %d, on CPU %d)", sh->low_ran,
			sh->low_cpu);
	sh->stop = 1;
	reap_child(high);
	reap_child(low);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(unsigned int n)
{
	if (n == 0)
		affinity_move();
	else
		wakeup_placement();
}

static void setup(void)
{
	cpu_set_t set;
	int cpu;

	sh = shared_alloc(sizeof(*sh));
	pick_test_cpu();
	if (sched_getaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity");
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &set) && cpu != test_cpu) {
			other_cpu = cpu;
			break;
		}
	if (other_cpu < 0)
		tst_brk(TCONF, "one CPU only: nothing to migrate to");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.min_cpus = 2,
	.timeout = 60,
};

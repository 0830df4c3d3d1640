// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CPU-time clocks of clock_gettime() count CPU time:
 * CLOCK_THREAD_CPUTIME_ID grows while the thread computes, by no more
 * than the time that passed, and stands still while it sleeps;
 * CLOCK_PROCESS_CPUTIME_ID grows at least as much. The pid-encoded clocks
 * read the same values for the caller, and the CPU time of another
 * process (clock_getcpuclockid()) and of another thread
 * (pthread_getcpuclockid()). The profiling clock (user + system time) is
 * never behind the virtual clock (user time) and advances with work.
 */
#include <pthread.h>
#include "time_event.h"

static struct {
	volatile int stop;
	volatile long long burnt;
} *shared;

/*
 * Compute until clock clk advanced by ns. The limit is wall time, scaled:
 * a clock that does not advance in it is broken, not slow.
 */
static int burn(clockid_t clk, long long ns)
{
	long long start = clock_ns(clk);
	long long deadline = clock_ns(CLOCK_MONOTONIC) + tev_scaled_ns(10000);

	while (clock_ns(clk) - start < ns) {
		if (clock_ns(CLOCK_MONOTONIC) > deadline)
			return 0;
	}
	return 1;
}

static void test_own_clocks(void)
{
	long long wall0, wall1, thr0, thr1, proc0, proc1, enc_thr, enc_proc;

	/* the process clock's interval encloses the thread clock's */
	proc0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	wall0 = clock_ns(CLOCK_MONOTONIC);
	thr0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	if (!burn(CLOCK_THREAD_CPUTIME_ID, 50 * NSEC_PER_MSEC)) {
		tst_res(TFAIL, "CLOCK_THREAD_CPUTIME_ID did not advance by "
			"50 ms in 10 s of computing");
		return;
	}
	thr1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	proc1 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	wall1 = clock_ns(CLOCK_MONOTONIC);
	tst_res(TPASS, "CLOCK_THREAD_CPUTIME_ID advanced by %lld ns while "
		"computing", thr1 - thr0);
	TST_EXP_EXPR(proc1 - proc0 >= thr1 - thr0, "CLOCK_PROCESS_CPUTIME_ID "
		     "advanced by %lld ns >= the thread's %lld ns",
		     proc1 - proc0, thr1 - thr0);
	/*
	 * CPU time comes from sched_clock, CLOCK_MONOTONIC from the
	 * clocksource. Where sched_clock is unstable (no reliable TSC, as
	 * in a TCG guest) sched_clock_local() lets it run up to one tick
	 * (TICK_NSEC, 10 ms at the lowest HZ) ahead of the clocksource:
	 * seen here as 50.1 ms of CPU time in 46.9 ms. Counting the same
	 * time twice still fails.
	 */
	TST_EXP_EXPR(thr1 - thr0 <= (wall1 - wall0) * 101 / 100 +
		     10 * NSEC_PER_MSEC, "the thread's CPU time (%lld ns) is "
		     "not more than the time that passed (%lld ns) and a tick",
		     thr1 - thr0, wall1 - wall0);

	enc_thr = clock_ns(tev_thread_clock(gettid(), TEV_CPUCLOCK_SCHED));
	enc_proc = clock_ns(tev_process_clock(getpid(), TEV_CPUCLOCK_SCHED));
	TST_EXP_EXPR(enc_thr >= thr1 && enc_proc >= proc1,
		     "the clocks of the caller's own tid and pid read on "
		     "from the CPUTIME_ID clocks");
	enc_thr = clock_ns(tev_thread_clock(0, TEV_CPUCLOCK_SCHED));
	enc_proc = clock_ns(tev_process_clock(0, TEV_CPUCLOCK_SCHED));
	TST_EXP_EXPR(enc_thr >= thr1 && enc_proc >= proc1,
		     "the clocks of tid 0 and pid 0 are the caller's");
}

static void test_sleep(void)
{
	struct timespec req = {0, 100 * NSEC_PER_MSEC};
	long long thr0, thr1;

	thr0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	if (nanosleep(&req, NULL))
		tst_brk(TBROK | TERRNO, "nanosleep(100 ms)");
	thr1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	TST_EXP_EXPR(thr1 - thr0 < 50 * NSEC_PER_MSEC,
		     "CLOCK_THREAD_CPUTIME_ID advanced by %lld ns over a "
		     "100 ms sleep: < 50 ms", thr1 - thr0);
}

static void test_other_process(void)
{
	clockid_t id;
	pid_t pid;
	int ret;

	pid = SAFE_FORK();
	if (!pid) {
		if (!burn(CLOCK_PROCESS_CPUTIME_ID, 50 * NSEC_PER_MSEC))
			tst_brk(TBROK, "the child's CPU clock did not advance");
		shared->burnt = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	ret = clock_getcpuclockid(pid, &id);
	if (ret) {
		tst_res(TFAIL, "clock_getcpuclockid(child) failed: %s",
			tst_strerrno(ret));
	} else {
		TST_EXP_EQ_LI(id, tev_process_clock(pid, TEV_CPUCLOCK_SCHED));
		TST_EXP_EXPR(clock_ns(id) >= shared->burnt,
			     "the child's CPU clock read by its parent is >= "
			     "what the child read (%lld ns)", shared->burnt);
	}
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

static void *thread_fn(void *arg)
{
	(void)arg;
	if (burn(CLOCK_THREAD_CPUTIME_ID, 30 * NSEC_PER_MSEC))
		shared->burnt = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	else
		shared->burnt = -1;
	while (!shared->stop)
		usleep(1000);
	return NULL;
}

static void test_other_thread(void)
{
	long long thr, proc, other;
	pthread_t thread;
	clockid_t id;
	int ret;

	shared->stop = 0;
	shared->burnt = 0;
	ret = pthread_create(&thread, NULL, thread_fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	while (!shared->burnt)
		usleep(1000);
	if (shared->burnt < 0) {
		tst_res(TFAIL, "the thread's CPU clock did not advance");
		goto out;
	}
	ret = pthread_getcpuclockid(thread, &id);
	if (ret) {
		tst_res(TFAIL, "pthread_getcpuclockid(): %s",
			tst_strerrno(ret));
		goto out;
	}
	thr = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	other = clock_ns(id);
	proc = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	TST_EXP_EXPR(other >= shared->burnt, "the other thread's clock "
		     "(%lld ns) >= what it read itself (%lld ns)", other,
		     shared->burnt);
	TST_EXP_EXPR(proc >= thr + shared->burnt, "the process clock "
		     "(%lld ns) >= the sum of both threads' (%lld + %lld ns)",
		     proc, thr, shared->burnt);
out:
	shared->stop = 1;
	pthread_join(thread, NULL);
}

static void test_prof_virt(void)
{
	clockid_t prof = tev_process_clock(0, TEV_CPUCLOCK_PROF);
	clockid_t virt = tev_process_clock(0, TEV_CPUCLOCK_VIRT);
	long long deadline, start, v, p;

	v = clock_ns(virt);
	p = clock_ns(prof);
	TST_EXP_EXPR(p >= v, "profiling clock (%lld ns) >= virtual clock "
		     "read before it (%lld ns)", p, v);

	/* both are sampled at ticks: compute until a tick was charged */
	start = p;
	deadline = clock_ns(CLOCK_MONOTONIC) + tev_scaled_ns(10000);
	while (clock_ns(prof) == start) {
		if (clock_ns(CLOCK_MONOTONIC) > deadline) {
			tst_res(TFAIL, "the profiling clock stood still for "
				"10 s of computing");
			return;
		}
	}
	tst_res(TPASS, "the profiling clock advanced while computing");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_own_clocks();
		break;
	case 1:
		test_sleep();
		break;
	case 2:
		test_other_process();
		break;
	case 3:
		test_other_thread();
		break;
	case 4:
		test_prof_virt();
		break;
	}
}

static void setup(void)
{
	shared = SAFE_MMAP(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

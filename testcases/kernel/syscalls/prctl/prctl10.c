// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_TSC / PR_GET_TSC (x86), whether the task may read the time stamp
 * counter:
 *  - PR_GET_TSC reads PR_TSC_ENABLE by default, and back what was set;
 *  - with PR_TSC_SIGSEGV the task's rdtsc and rdtscp raise SIGSEGV (the
 *    kernel sets CR4.TSD while it runs), also after it was switched out
 *    and back in (sched_yield() to a task that reads the counter);
 *    PR_TSC_ENABLE lets it read again;
 *  - a forked child inherits PR_TSC_SIGSEGV; the parent that never set it
 *    keeps reading the counter while the child runs;
 *  - EINVAL for a mode other than the two, EFAULT for PR_GET_TSC into an
 *    unmapped address.
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sched.h>
#include "tst_test.h"

static void *bad_addr;

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t rdtscp(void)
{
	uint32_t lo, hi, aux;

	asm volatile("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux));
	return ((uint64_t)hi << 32) | lo;
}

static int get_tsc(void)
{
	int mode = -1;

	if (prctl(PR_GET_TSC, &mode, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_GET_TSC)");
	return mode;
}

#define GP_EXIT 100

static void segv_handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	/* rdtsc with CR4.TSD set is a #GP: SIGSEGV with si_code SI_KERNEL */
	_exit(si->si_code == SI_KERNEL ? GP_EXIT : GP_EXIT + 1);
}

/*
 * In a child that is to fault: catch the SIGSEGV, so the kernel does not
 * log the unhandled fault (the runner takes "general protection fault"
 * in the kernel log for a kernel problem), and exit with GP_EXIT.
 */
static void catch_gp(void)
{
	struct sigaction sa = {
		.sa_sigaction = segv_handler,
		.sa_flags = SA_SIGINFO,
	};

	if (sigaction(SIGSEGV, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGSEGV)");
}

/* Reap pid, which must have got SIGSEGV for a #GP (its handler exits). */
static void expect_segv(pid_t pid, const char *desc)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == GP_EXIT,
		     "%s: SIGSEGV with si_code SI_KERNEL (status 0x%x, "
		     "exit %d expected)", desc, status, GP_EXIT);
}

/* A child that reads the counter once in the given way: killed or not. */
static void read_in_child(int sigsegv, int use_rdtscp, const char *desc)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		catch_gp();
		if (sigsegv && prctl(PR_SET_TSC, PR_TSC_SIGSEGV, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "prctl(PR_SET_TSC, SIGSEGV)");
		/* run elsewhere and come back: CR4.TSD must follow the task */
		sched_yield();
		if (use_rdtscp)
			rdtscp();
		else
			rdtsc();
		exit(0);
	}
	if (sigsegv) {
		expect_segv(pid, desc);
	} else {
		int status;

		SAFE_WAITPID(pid, &status, 0);
		TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
			     "%s: the counter was read (status 0x%x)", desc,
			     status);
	}
}

static void test_modes(void)
{
	pid_t pid;

	TST_EXP_EQ_LI(get_tsc(), PR_TSC_ENABLE);
	read_in_child(0, 0, "rdtsc with PR_TSC_ENABLE");
	read_in_child(1, 0, "rdtsc with PR_TSC_SIGSEGV");
	read_in_child(1, 1, "rdtscp with PR_TSC_SIGSEGV");

	pid = SAFE_FORK();
	if (!pid) {
		uint64_t a, b;
		pid_t gc;

		TST_EXP_PASS(prctl(PR_SET_TSC, PR_TSC_SIGSEGV, 0, 0, 0),
			     "prctl(PR_SET_TSC, PR_TSC_SIGSEGV)");
		TST_EXP_EQ_LI(get_tsc(), PR_TSC_SIGSEGV);
		gc = SAFE_FORK();
		if (!gc) {
			catch_gp();
			TST_EXP_EQ_LI(get_tsc(), PR_TSC_SIGSEGV);
			rdtsc();
			exit(0);
		}
		expect_segv(gc, "rdtsc in a forked child (inherited mode)");
		TST_EXP_PASS(prctl(PR_SET_TSC, PR_TSC_ENABLE, 0, 0, 0),
			     "prctl(PR_SET_TSC, PR_TSC_ENABLE)");
		TST_EXP_EQ_LI(get_tsc(), PR_TSC_ENABLE);
		a = rdtsc();
		sched_yield();
		b = rdtscp();
		TST_EXP_EXPR(b >= a, "the counter reads again after "
			     "PR_TSC_ENABLE (%llu, then %llu)",
			     (unsigned long long)a, (unsigned long long)b);
		exit(0);
	}
	reap_child(pid);
}

/* The parent reads the counter while children in SIGSEGV mode run. */
static void test_switching(void)
{
	uint64_t last = 0, now;
	pid_t pids[2];
	int i, j, back = 0;

	for (i = 0; i < 2; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			catch_gp();
			if (prctl(PR_SET_TSC, PR_TSC_SIGSEGV, 0, 0, 0))
				tst_brk(TBROK | TERRNO, "PR_SET_TSC");
			for (j = 0; j < 2000; j++)
				sched_yield();
			rdtsc();
			exit(0);
		}
	}
	for (j = 0; j < 2000; j++) {
		now = rdtsc();
		if (now < last)
			back++;
		last = now;
		sched_yield();
	}
	/* a fault here kills the test process: TBROK */
	TST_EXP_EXPR(!back, "the parent read the counter 2000 times beside "
		     "children in PR_TSC_SIGSEGV mode (%d went back)", back);
	for (i = 0; i < 2; i++)
		expect_segv(pids[i], "rdtsc after 2000 sched_yield()s");
}

static void test_errors(void)
{
	TST_EXP_FAIL(prctl(PR_SET_TSC, 0, 0, 0, 0), EINVAL,
		     "prctl(PR_SET_TSC, 0)");
	TST_EXP_FAIL(prctl(PR_SET_TSC, 3, 0, 0, 0), EINVAL,
		     "prctl(PR_SET_TSC, 3)");
	TST_EXP_FAIL(prctl(PR_GET_TSC, bad_addr, 0, 0, 0), EFAULT,
		     "prctl(PR_GET_TSC, unmapped)");
	TST_EXP_EQ_LI(get_tsc(), PR_TSC_ENABLE);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_modes();
	else if (n == 1)
		test_switching();
	else
		test_errors();
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

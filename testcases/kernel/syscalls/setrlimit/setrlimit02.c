// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RLIMIT_CPU, set in a child that then spins (soft 1 s, hard 2 s of CPU
 * time, user plus system):
 *  - with a SIGXCPU handler: SIGXCPU arrives once the process has used
 *    its soft limit (as the kernel counts CPU time, read through
 *    ITIMER_PROF, see run_child()), the kernel moves the soft limit one
 *    second up (getrlimit() in the handler reads 2), and at the hard
 *    limit SIGKILL ends it, after exactly one SIGXCPU;
 *  - without a handler the default action of SIGXCPU ends it at the soft
 *    limit (killed by SIGXCPU);
 *  - setrlimit() of a soft limit above the hard one is EINVAL.
 * c3bca5d450b6 ("posix-cpu-timers: Ensure set_process_cpu_timer is always
 * evaluated") fixed the limit never firing when set by setrlimit().
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include "tst_test.h"

/* ITIMER_PROF armed this far ahead only to read the PROF sample back */
#define PROF_ARM_S 100

struct shared {
	int sigxcpu;
	long long first_ns, first_prof_ns;
	rlim_t soft_after;
};

static struct shared *sh;

static long long cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* CPU time as the limits count it, since spin() armed ITIMER_PROF */
static long long prof_ns(void)
{
	struct itimerval it;

	if (getitimer(ITIMER_PROF, &it))
		return -1;
	return PROF_ARM_S * 1000000000LL - (it.it_value.tv_sec * 1000000000LL +
					    it.it_value.tv_usec * 1000LL);
}

static void handler(int sig)
{
	struct rlimit rl;

	(void)sig;
	if (!sh->sigxcpu++) {
		sh->first_ns = cpu_ns();
		sh->first_prof_ns = prof_ns();
		if (!getrlimit(RLIMIT_CPU, &rl))
			sh->soft_after = rl.rlim_cur;
	}
}

static void spin(int with_handler)
{
	struct rlimit rl = { 1, 2 }, core = { 0, 0 };
	struct itimerval prof = { { 0, 0 }, { PROF_ARM_S, 0 } };

	setrlimit(RLIMIT_CORE, &core);
	if (with_handler)
		signal(SIGXCPU, handler);
	if (setitimer(ITIMER_PROF, &prof, NULL))
		tst_brk(TBROK | TERRNO, "setitimer(ITIMER_PROF, %d s)",
			PROF_ARM_S);
	if (setrlimit(RLIMIT_CPU, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_CPU, {1, 2})");
	/* the limits are 1 and 2 s: 10 s of CPU time means they failed */
	while (prof_ns() < 10000000000LL)
		;
	exit(3);
}

static void run_child(int with_handler)
{
	int status;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	pid = SAFE_FORK();
	if (!pid)
		spin(with_handler);
	SAFE_WAITPID(pid, &status, 0);
	if (!with_handler) {
		TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU,
			     "without a handler the child is killed by SIGXCPU "
			     "(status 0x%x)", status);
		return;
	}
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		     "at the hard limit the child is killed by SIGKILL "
		     "(status 0x%x)", status);
	TST_EXP_EQ_LI(sh->sigxcpu, 1);
	/*
	 * The kernel compares the limits with the process's user plus
	 * system time as ticks account it (the PROF sample of
	 * check_process_timers()), not with the runtime that
	 * CLOCK_PROCESS_CPUTIME_ID reads. Ticks charged whole to a task
	 * that ran part of them put the sample ahead of the runtime (981
	 * ms of runtime was seen at the soft limit under TCG); time the
	 * host held the vCPU off while the task was on it is runtime, but
	 * the tick after it counts once, so the runtime can also run far
	 * behind (1127 to 2638 ms seen). Both bounds are therefore on the
	 * sample itself, as getitimer(ITIMER_PROF) reads it
	 * (get_cpu_itimer(): the same thread_group_sample_cputime()),
	 * counted from the setitimer(), just before setrlimit(): at least
	 * 0.9 s (a limit read in a smaller unit fails) and less than 1.5 s
	 * (SIGXCPU comes at the soft limit, not half way to the hard one).
	 */
	TST_EXP_EXPR(sh->first_prof_ns >= 900000000LL &&
		     sh->first_prof_ns < 1500000000LL, "SIGXCPU after %lld ms "
		     "of CPU time as the limits count it (soft 1 s, hard 2 s; "
		     "%lld ms of runtime)", sh->first_prof_ns / 1000000,
		     sh->first_ns / 1000000);
	TST_EXP_EQ_LU(sh->soft_after, 2);
}

static void run(unsigned int n)
{
	struct rlimit rl = { 3, 2 };

	if (n < 2) {
		run_child(!n);
		return;
	}
	TST_EXP_FAIL(setrlimit(RLIMIT_CPU, &rl), EINVAL,
		     "setrlimit(RLIMIT_CPU, soft 3 > hard 2)");
}

static void setup(void)
{
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		/* posix-cpu-timers: Ensure set_process_cpu_timer is always evaluated */
		{"linux-git", "c3bca5d450b6"},
		{}
	},
};

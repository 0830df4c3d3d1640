// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RLIMIT_RTTIME: the CPU time, in microseconds, a realtime task may use
 * without blocking (getrlimit(2)). Each case runs in a child that spins:
 *  - SCHED_FIFO and SCHED_RR with soft 200 ms, hard 600 ms and a SIGXCPU
 *    handler: SIGXCPU arrives once the thread has run about 200 ms (not
 *    much before: the kernel counts ticks and compares them with a limit
 *    in microseconds), the kernel raises the soft limit by one second
 *    (getrlimit() in the handler reads 1200000), and SIGKILL ends the
 *    task at the hard limit, after exactly one SIGXCPU and after at least
 *    about 600 ms of running;
 *  - SCHED_FIFO without a handler: SIGXCPU's default action kills it;
 *  - SCHED_FIFO spinning 1.2 s in 100 ms slices with a short sleep
 *    between them: each wake-up starts the count again, so no signal
 *    comes;
 *  - SCHED_OTHER spinning 1.2 s with the same limits: the limit is for
 *    realtime tasks only, so no signal comes;
 *  - setrlimit() with the soft limit above the hard one is EINVAL.
 * Each child's exit status is read. A child that outlives its limits
 * stops after 15 s (times the timeout multiplier) and exits 3.
 *
 * The kernel counts the ticks at which the task was running (one per
 * jiffy, checked at the scheduler tick) and compares them with the limit,
 * so a task cannot reach a limit with less CPU time than the limit
 * (two ticks aside), but may need much more: on a guest whose virtual CPU
 * the host holds off, the jiffies seen while the task runs come in jumps,
 * each counted once (SIGXCPU after 2447 ms of running was seen under TCG
 * on a loaded host). Only the lower bound is asserted; the safety stop
 * is in wall time.
 */
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "tst_test.h"

#define SOFT_US 200000LL
#define HARD_US 600000LL
#define SAFETY_S 15
/* a limit counted in whole ticks may fire up to two ticks (8 ms) early */
#define EARLY_NS 20000000LL

struct shared {
	int sigxcpu;
	long long first_ns, last_ns;
	long long soft_after;
};

static struct shared *sh;

static long long thread_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void handler(int sig)
{
	struct rlimit rl;

	(void)sig;
	if (!sh->sigxcpu++) {
		sh->first_ns = thread_ns();
		if (!getrlimit(RLIMIT_RTTIME, &rl))
			sh->soft_after = rl.rlim_cur;
	}
}

static void set_policy(int policy)
{
	struct sched_param p = { .sched_priority = policy == SCHED_OTHER ?
				 0 : 1 };

	if (sched_setscheduler(0, policy, &p))
		tst_brk(TBROK | TERRNO, "sched_setscheduler(%d)", policy);
}

static void set_limits(void)
{
	struct rlimit rl = { SOFT_US, HARD_US }, core = { 0, 0 };

	setrlimit(RLIMIT_CORE, &core);
	if (setrlimit(RLIMIT_RTTIME, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_RTTIME)");
}

/* Spin until the thread has run until_ns, recording progress. */
static void spin(long long until_ns)
{
	long long now;

	do {
		now = thread_ns();
		sh->last_ns = now;
	} while (now < until_ns);
}

/* Spin until a limit's signal ends the task, or SAFETY_S of wall time. */
static void spin_to_the_limits(void)
{
	long long end = tst_mono_ms() + SAFETY_S * 1000 * tst_timeout_mul();

	while (tst_mono_ms() < end)
		spin(thread_ns() + 10000000LL);
}

enum mode { TO_THE_LIMITS, SLICES, SPIN_1200MS };

static pid_t child(int policy, int with_handler, enum mode mode)
{
	struct timespec nap = { 0, 1000000 };
	pid_t pid;
	int i;

	memset(sh, 0, sizeof(*sh));
	pid = SAFE_FORK();
	if (pid)
		return pid;
	if (with_handler)
		signal(SIGXCPU, handler);
	set_policy(policy);
	set_limits();
	switch (mode) {
	case TO_THE_LIMITS:
		spin_to_the_limits();
		exit(3);
	case SLICES:
		for (i = 0; i < 12; i++) {
			spin(thread_ns() + 100000000LL);
			/* a blocking call: the wake-up resets the count */
			nanosleep(&nap, NULL);
		}
		exit(0);
	case SPIN_1200MS:
		spin(thread_ns() + 1200000000LL);
		exit(0);
	}
	exit(4);
}

static int wait_status(pid_t pid)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	return status;
}

static void test_limits(int policy, const char *name)
{
	int status = wait_status(child(policy, 1, TO_THE_LIMITS));

	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		     "%s: at the hard limit SIGKILL ends the task (status 0x%x)",
		     name, status);
	TST_EXP_EXPR(sh->sigxcpu == 1, "%s: exactly one SIGXCPU before the "
		     "hard limit (%d)", name, sh->sigxcpu);
	TST_EXP_EXPR(sh->first_ns >= SOFT_US * 1000 - EARLY_NS,
		     "%s: SIGXCPU after %lld ms of running (soft 200 ms)",
		     name, sh->first_ns / 1000000);
	TST_EXP_EXPR(sh->soft_after == SOFT_US + 1000000,
		     "%s: the soft limit raised by 1 s at SIGXCPU: %lld",
		     name, sh->soft_after);
	TST_EXP_EXPR(sh->last_ns >= HARD_US * 1000 - EARLY_NS,
		     "%s: killed after %lld ms of running (hard 600 ms)",
		     name, sh->last_ns / 1000000);
}

static void run(unsigned int n)
{
	struct rlimit bad = { HARD_US + 1, HARD_US };
	int status;

	switch (n) {
	case 0:
		test_limits(SCHED_FIFO, "SCHED_FIFO");
		break;
	case 1:
		test_limits(SCHED_RR, "SCHED_RR");
		break;
	case 2:
		status = wait_status(child(SCHED_FIFO, 0, TO_THE_LIMITS));
		TST_EXP_EXPR(WIFSIGNALED(status) &&
			     WTERMSIG(status) == SIGXCPU,
			     "without a handler SIGXCPU kills the task at the "
			     "soft limit (status 0x%x)", status);
		break;
	case 3:
		status = wait_status(child(SCHED_FIFO, 1, SLICES));
		TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status) &&
			     !sh->sigxcpu, "SCHED_FIFO blocking every 100 ms "
			     "for 1.2 s: no signal (status 0x%x, %d SIGXCPU)",
			     status, sh->sigxcpu);
		break;
	case 4:
		status = wait_status(child(SCHED_OTHER, 1, SPIN_1200MS));
		TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status) &&
			     !sh->sigxcpu, "SCHED_OTHER, 1.2 s of CPU: the limit "
			     "does not apply (status 0x%x, %d SIGXCPU)",
			     status, sh->sigxcpu);
		break;
	default:
		TST_EXP_FAIL(setrlimit(RLIMIT_RTTIME, &bad), EINVAL,
			     "setrlimit(RLIMIT_RTTIME, soft > hard)");
	}
}

static void setup(void)
{
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_root = 1,
	/* a realtime spinner holds a CPU for seconds: no test beside it */
	.exclusive = 1,
	.timeout = 120,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() errors: EINVAL for invalid clock ids, for the CPU clock
 * of a pid that cannot exist, for an unknown sigev_notify, for a signal
 * number of 0 or above SIGRTMAX, and for SIGEV_THREAD_ID naming a thread
 * outside the caller's process; EOPNOTSUPP for clocks that have no timers
 * (MONOTONIC_RAW, the coarse clocks); EFAULT for an unmapped sigevent or
 * timer id; EAGAIN when RLIMIT_SIGPENDING leaves no room for the timer's
 * signal. The alarm clocks need CAP_WAKE_ALARM: EPERM as nobody. As root
 * they work, or without a wake-up capable RTC fail with EOPNOTSUPP, not the
 * kernel-internal ENOTSUPP (524) (f18ddc13af98).
 */
#include <limits.h>
#include <sys/resource.h>
#include "time_event.h"
#include "task_wait.h"
#include "lapi/time.h"

static void *bad_addr;

static struct sigevent sigev(int notify, int signo)
{
	struct sigevent sev;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = notify;
	sev.sigev_signo = signo;
	return sev;
}

static void test_einval(void)
{
	static const clockid_t bad_ids[] = {10, 12, 16, INT_MAX};
	struct sigevent sev = sigev(SIGEV_SIGNAL, SIGUSR1);
	pid_t unused = unused_pid(), child;
	unsigned int i;
	int id;

	for (i = 0; i < ARRAY_SIZE(bad_ids); i++)
		TST_EXP_FAIL(ktimer_create(bad_ids[i], &sev, &id), EINVAL,
			     "timer_create(clock %d)", (int)bad_ids[i]);
	TST_EXP_FAIL(ktimer_create(tev_process_clock(unused,
						     TEV_CPUCLOCK_SCHED),
				   &sev, &id), EINVAL, "timer_create(CPU "
		     "clock of pid %d, which cannot exist)", (int)unused);

	sev = sigev(99, SIGUSR1);
	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, &sev, &id), EINVAL,
		     "timer_create(sigev_notify 99)");
	sev = sigev(SIGEV_SIGNAL, 0);
	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, &sev, &id), EINVAL,
		     "timer_create(SIGEV_SIGNAL, signal 0)");
	sev = sigev(SIGEV_SIGNAL, SIGRTMAX + 1);
	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, &sev, &id), EINVAL,
		     "timer_create(SIGEV_SIGNAL, SIGRTMAX + 1)");
	sev = sigev(SIGEV_SIGNAL, -1);
	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, &sev, &id), EINVAL,
		     "timer_create(SIGEV_SIGNAL, signal -1)");

	sev = sigev(SIGEV_THREAD_ID, SIGUSR1);
	sev.sigev_notify_thread_id = unused;
	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, &sev, &id), EINVAL,
		     "timer_create(SIGEV_THREAD_ID, tid that cannot exist)");
	child = SAFE_FORK();
	if (!child) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	sev.sigev_notify_thread_id = child;
	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, &sev, &id), EINVAL,
		     "timer_create(SIGEV_THREAD_ID, thread of another "
		     "process)");
	TST_CHECKPOINT_WAKE(0);
	reap_child(child);
}

static void test_eopnotsupp(void)
{
	static const clockid_t ids[] = {
		CLOCK_MONOTONIC_RAW, CLOCK_REALTIME_COARSE,
		CLOCK_MONOTONIC_COARSE,
	};
	struct sigevent sev = sigev(SIGEV_SIGNAL, SIGUSR1);
	unsigned int i;
	int id;

	for (i = 0; i < ARRAY_SIZE(ids); i++)
		TST_EXP_FAIL(ktimer_create(ids[i], &sev, &id), EOPNOTSUPP,
			     "timer_create(clock %d)", (int)ids[i]);
}

static void test_efault(void)
{
	struct sigevent sev = sigev(SIGEV_SIGNAL, SIGUSR1);
	int id;

	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, bad_addr, &id), EFAULT,
		     "timer_create(unmapped sigevent)");
	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, &sev, bad_addr), EFAULT,
		     "timer_create(unmapped timer id)");
	TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, NULL, bad_addr), EFAULT,
		     "timer_create(NULL sigevent, unmapped timer id)");
}

static void test_eagain(void)
{
	struct sigevent sev = sigev(SIGEV_SIGNAL, SIGUSR1);
	struct rlimit rl = {0, 0};
	pid_t pid;
	int id;

	pid = SAFE_FORK();
	if (!pid) {
		if (setrlimit(RLIMIT_SIGPENDING, &rl))
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_SIGPENDING,"
				" 0)");
		TST_EXP_FAIL(ktimer_create(CLOCK_MONOTONIC, &sev, &id),
			     EAGAIN, "timer_create() with RLIMIT_SIGPENDING 0");
		exit(0);
	}
	reap_child(pid);
}

static void alarm_as_nobody(void)
{
	struct sigevent sev = sigev(SIGEV_SIGNAL, SIGUSR1);
	int id;

	TST_EXP_FAIL(ktimer_create(CLOCK_REALTIME_ALARM, &sev, &id), EPERM,
		     "timer_create(CLOCK_REALTIME_ALARM) as nobody");
	TST_EXP_FAIL(ktimer_create(CLOCK_BOOTTIME_ALARM, &sev, &id), EPERM,
		     "timer_create(CLOCK_BOOTTIME_ALARM) as nobody");
}

static void test_alarm(void)
{
	struct sigevent sev = sigev(SIGEV_SIGNAL, SIGUSR1);
	int id;

	if (geteuid()) {
		tst_res(TCONF, "not root: alarm clock checks skipped");
		return;
	}
	TEST(ktimer_create(CLOCK_REALTIME_ALARM, &sev, &id));
	if (TST_RET == -1 && TST_ERR == EOPNOTSUPP) {
		tst_res(TCONF, "no wake-up capable RTC: no alarm timers");
		return;
	}
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "timer_create(CLOCK_REALTIME_ALARM) "
			"as root");
		return;
	}
	tst_res(TPASS, "timer_create(CLOCK_REALTIME_ALARM) as root");
	ktimer_delete(id);
	tev_as_nobody(alarm_as_nobody);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_einval();
		break;
	case 1:
		test_eopnotsupp();
		break;
	case 2:
		test_efault();
		break;
	case 3:
		test_eagain();
		break;
	case 4:
		test_alarm();
		break;
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		/* alarmtimer: Use EOPNOTSUPP instead of ENOTSUPP */
		{"linux-git", "f18ddc13af98"},
		{}
	},
};

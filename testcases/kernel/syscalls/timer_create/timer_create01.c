// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_create() makes working timers. SIGEV_SIGNAL timers on
 * CLOCK_REALTIME, MONOTONIC, BOOTTIME and TAI send their signal with
 * si_code SI_TIMER, the sigev_value given, si_timerid the timer's id and
 * si_overrun 0, not before the timer's time. Without a sigevent the timer
 * sends SIGALRM carrying its own id. SIGEV_NONE timers send nothing but
 * count down. A SIGEV_THREAD_ID timer's signal is pending for that thread
 * only. A CLOCK_PROCESS_CPUTIME_ID timer fires after that much CPU time.
 * Ids are distinct, and a child of fork() does not inherit the timers.
 */
#include <stdio.h>
#include "time_event.h"
#include "lapi/time.h"

#define MAGIC 0x7e57

static const struct {
	clockid_t id;
	const char *name;
} clocks[] = {
	{CLOCK_REALTIME, "CLOCK_REALTIME"},
	{CLOCK_MONOTONIC, "CLOCK_MONOTONIC"},
	{CLOCK_BOOTTIME, "CLOCK_BOOTTIME"},
	{CLOCK_TAI, "CLOCK_TAI"},
};

static void test_signal(unsigned int i)
{
	long long start, fired;
	siginfo_t info;
	int id;

	id = ktimer_new(clocks[i].id, SIGEV_SIGNAL, SIGUSR1, MAGIC + i);
	tst_res(TPASS, "timer_create(%s, SIGEV_SIGNAL) gave id %d",
		clocks[i].name, id);
	start = clock_ns(CLOCK_MONOTONIC);
	ktimer_arm(id, 0, 20 * NSEC_PER_MSEC, 0);
	if (!tev_wait_signal(SIGUSR1, 10000, &info)) {
		tst_res(TFAIL, "no signal 10 s after a 20 ms timer");
		goto out;
	}
	fired = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(info.si_code == SI_TIMER &&
		     info.si_value.sival_int == (int)(MAGIC + i) &&
		     info.si_timerid == id && info.si_overrun == 0,
		     "siginfo: si_code %d (SI_TIMER %d), si_value %#x, "
		     "si_timerid %d, si_overrun %d", info.si_code, SI_TIMER,
		     info.si_value.sival_int, info.si_timerid, info.si_overrun);
	TST_EXP_EXPR(fired >= 20 * NSEC_PER_MSEC, "the signal came after "
		     "%lld ns >= 20 ms", fired);
out:
	ktimer_delete(id);
}

static void test_default_sigevent(void)
{
	siginfo_t info;
	int id;

	TST_EXP_PASS(ktimer_create(CLOCK_MONOTONIC, NULL, &id),
		     "timer_create(CLOCK_MONOTONIC, NULL)");
	if (!TST_PASS)
		return;
	ktimer_arm(id, 0, NSEC_PER_MSEC, 0);
	if (tev_wait_signal(SIGALRM, 10000, &info)) {
		TST_EXP_EXPR(info.si_code == SI_TIMER &&
			     info.si_value.sival_int == id,
			     "SIGALRM with si_value = the timer id %d (%d)",
			     id, info.si_value.sival_int);
	} else {
		tst_res(TFAIL, "no SIGALRM from a default timer");
	}
	ktimer_delete(id);
}

static void test_sigev_none(void)
{
	struct itimerspec cur;
	int id;

	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, SIGUSR1, 0);
	ktimer_arm(id, 0, 10 * NSEC_PER_SEC, 0);
	if (ktimer_gettime(id, &cur))
		tst_brk(TBROK | TERRNO, "timer_gettime()");
	TST_EXP_EXPR(ts_ns(&cur.it_value) > 0 &&
		     ts_ns(&cur.it_value) <= 10 * NSEC_PER_SEC,
		     "SIGEV_NONE timer counts down (%lld ns left)",
		     ts_ns(&cur.it_value));
	ktimer_arm(id, 0, NSEC_PER_MSEC, 0);
	usleep(20000);
	TST_EXP_EXPR(!tev_signal_pending(SIGUSR1),
		     "an expired SIGEV_NONE timer sent no signal");
	ktimer_delete(id);
}

/* "SigPnd:" (this thread's) or "ShdPnd:" (the process's) of the task */
static unsigned long long pending_mask(const char *field)
{
	char path[64], line[256];
	unsigned long long mask = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", gettid());
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, field, strlen(field)))
			sscanf(line + strlen(field), "%llx", &mask);
	}
	fclose(f);
	return mask;
}

static void test_thread_id(void)
{
	unsigned long long bit = 1ULL << (SIGUSR2 - 1);
	struct sigevent sev;
	siginfo_t info;
	int id;
	int i;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGUSR2;
	sev.sigev_notify_thread_id = gettid();
	TST_EXP_PASS(ktimer_create(CLOCK_MONOTONIC, &sev, &id),
		     "timer_create(SIGEV_THREAD_ID, own tid)");
	if (!TST_PASS)
		return;
	ktimer_arm(id, 0, NSEC_PER_MSEC, 0);
	for (i = 0; i < 10000 && !(pending_mask("SigPnd:") & bit); i++)
		usleep(1000);
	TST_EXP_EXPR((pending_mask("SigPnd:") & bit) &&
		     !(pending_mask("ShdPnd:") & bit),
		     "SIGUSR2 pending for the thread, not for the process");
	if (tev_wait_signal(SIGUSR2, 0, &info))
		TST_EXP_EQ_LI(info.si_timerid, id);
	ktimer_delete(id);
}

static void test_cpu_timer(void)
{
	long long start, deadline;
	int id;

	id = ktimer_new(CLOCK_PROCESS_CPUTIME_ID, SIGEV_SIGNAL, SIGUSR1, 0);
	start = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	deadline = clock_ns(CLOCK_MONOTONIC) + tev_scaled_ns(10000);
	ktimer_arm(id, 0, 20 * NSEC_PER_MSEC, 0);
	while (!tev_signal_pending(SIGUSR1)) {
		if (clock_ns(CLOCK_MONOTONIC) > deadline) {
			tst_res(TFAIL, "no signal after 10 s of computing");
			goto out;
		}
	}
	TST_EXP_EXPR(clock_ns(CLOCK_PROCESS_CPUTIME_ID) - start >=
		     20 * NSEC_PER_MSEC, "a CLOCK_PROCESS_CPUTIME_ID timer of "
		     "20 ms fired after 20 ms of CPU time or more");
	tev_drain_signal(SIGUSR1);
out:
	ktimer_delete(id);
}

static void test_ids_and_fork(void)
{
	int ids[8];
	struct itimerspec cur;
	unsigned int i, j, distinct = 1;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(ids); i++)
		ids[i] = ktimer_new(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		for (j = 0; j < i; j++)
			distinct &= ids[i] != ids[j];
	}
	TST_EXP_EXPR(distinct && ids[0] >= 0, "8 timers have 8 distinct "
		     "non-negative ids");

	ktimer_arm(ids[0], 0, 10 * NSEC_PER_SEC, 0);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(ktimer_gettime(ids[0], &cur), EINVAL,
			     "timer_gettime(parent's timer) in a fork() child");
		exit(0);
	}
	reap_child(pid);
	TST_EXP_PASS(ktimer_gettime(ids[0], &cur),
		     "the parent's timer lives on");
	for (i = 0; i < ARRAY_SIZE(ids); i++)
		ktimer_delete(ids[i]);
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(clocks)) {
		test_signal(n);
		return;
	}
	switch (n - ARRAY_SIZE(clocks)) {
	case 0:
		test_default_sigevent();
		break;
	case 1:
		test_sigev_none();
		break;
	case 2:
		test_thread_id();
		break;
	case 3:
		test_cpu_timer();
		break;
	case 4:
		test_ids_and_fork();
		break;
	}
}

static void setup(void)
{
	tev_sigmask(SIG_BLOCK, SIGUSR1);
	tev_sigmask(SIG_BLOCK, SIGUSR2);
	tev_sigmask(SIG_BLOCK, SIGALRM);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(clocks) + 5,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

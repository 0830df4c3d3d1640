// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timer_settime() arms, re-arms and disarms a POSIX timer. A relative
 * one-shot fires once, not before its time. A periodic timer keeps firing
 * at its interval. TIMER_ABSTIME fires when the clock reaches the given
 * time, and at once for a time already past. old_value reports the
 * setting being replaced: the time left (no more than was set) and the
 * interval; disarmed, it reads zero. A zero it_value disarms: no signal
 * follows. On the alarm clocks (as root, with a wake-up capable RTC) the
 * time left read by timer_gettime() and in old_value is relative too, no
 * more than was set (e86fea764991: it was the absolute expiry time).
 */
#include <unistd.h>
#include "time_event.h"
#include "lapi/time.h"

#define MS NSEC_PER_MSEC

static int id;

static void test_one_shot(void)
{
	long long start, fired;
	siginfo_t info;

	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_PASS(ktimer_settime(id, 0, &(struct itimerspec){
			{0, 0}, {0, 30 * MS}}, NULL),
		     "timer_settime(30 ms one-shot)");
	if (!tev_wait_signal(SIGUSR1, 10000, &info)) {
		tst_res(TFAIL, "no signal 10 s after a 30 ms timer");
		return;
	}
	fired = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(fired >= 30 * MS, "fired after %lld ns >= 30 ms", fired);
	TST_EXP_EXPR(!tev_wait_signal(SIGUSR1, 100, &info),
		     "a one-shot timer fired only once");
}

static void test_periodic(void)
{
	long long start, elapsed;
	siginfo_t info;
	int count = 0;

	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_PASS(ktimer_settime(id, 0, &(struct itimerspec){
			{0, 10 * MS}, {0, 10 * MS}}, NULL),
		     "timer_settime(10 ms, every 10 ms)");
	while (count < 5 && tev_wait_signal(SIGUSR1, 10000, &info))
		count++;
	elapsed = clock_ns(CLOCK_MONOTONIC) - start;
	ktimer_arm(id, 0, 0, 0);
	tev_drain_signal(SIGUSR1);
	TST_EXP_EXPR(count == 5 && elapsed >= 50 * MS, "5 signals from a "
		     "periodic timer in %lld ns (>= 50 ms)", elapsed);
}

static void test_absolute(void)
{
	long long target, now;
	siginfo_t info;

	target = clock_ns(CLOCK_MONOTONIC) + 30 * MS;
	TST_EXP_PASS(ktimer_settime(id, TIMER_ABSTIME, &(struct itimerspec){
			{0, 0}, ns_ts(target)}, NULL),
		     "timer_settime(TIMER_ABSTIME, now + 30 ms)");
	if (!tev_wait_signal(SIGUSR1, 10000, &info)) {
		tst_res(TFAIL, "no signal 10 s after an absolute timer's time");
		return;
	}
	now = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_EXPR(now >= target, "fired %lld ns after its time, not "
		     "before", now - target);

	target = clock_ns(CLOCK_MONOTONIC) - NSEC_PER_SEC;
	TST_EXP_PASS(ktimer_settime(id, TIMER_ABSTIME, &(struct itimerspec){
			{0, 0}, ns_ts(target)}, NULL),
		     "timer_settime(TIMER_ABSTIME, 1 s ago)");
	TST_EXP_EXPR(tev_wait_signal(SIGUSR1, 10000, &info),
		     "a timer set to a time past fired");
}

static void test_old_value(void)
{
	struct itimerspec old;

	ktimer_arm(id, 0, 0, 0);
	memset(&old, 0xff, sizeof(old));
	TST_EXP_PASS(ktimer_settime(id, 0, &(struct itimerspec){
			{2, 0}, {5, 0}}, &old),
		     "timer_settime(5 s, every 2 s) over a disarmed timer");
	TST_EXP_EXPR(ts_ns(&old.it_value) == 0 &&
		     ts_ns(&old.it_interval) == 0,
		     "old value of a disarmed timer is zero");

	TST_EXP_PASS(ktimer_settime(id, 0, &(struct itimerspec){
			{0, 0}, {60, 0}}, &old),
		     "timer_settime(60 s) over the 5 s timer");
	TST_EXP_EXPR(ts_ns(&old.it_value) > 0 &&
		     ts_ns(&old.it_value) <= 5 * NSEC_PER_SEC &&
		     ts_ns(&old.it_interval) == 2 * NSEC_PER_SEC,
		     "old value: %lld ns left of 5 s, interval %lld ns",
		     ts_ns(&old.it_value), ts_ns(&old.it_interval));

	TST_EXP_PASS(ktimer_settime(id, 0, &(struct itimerspec){
			{0, 0}, {0, 0}}, &old), "timer_settime(0): disarm");
	TST_EXP_EXPR(ts_ns(&old.it_value) > 5 * NSEC_PER_SEC &&
		     ts_ns(&old.it_value) <= 60 * NSEC_PER_SEC &&
		     ts_ns(&old.it_interval) == 0,
		     "old value: %lld ns left of 60 s, no interval",
		     ts_ns(&old.it_value));
}

/*
 * Disarm a 200 ms timer at once and wait past its time. When the task was
 * held up so long that the timer may have fired first, try again.
 */
static void test_disarm(void)
{
	long long start;
	siginfo_t info;
	int tries;

	for (tries = 0; tries < 5; tries++) {
		tev_drain_signal(SIGUSR1);
		start = clock_ns(CLOCK_MONOTONIC);
		ktimer_arm(id, 0, 200 * MS, 0);
		TEST(ktimer_settime(id, 0, &(struct itimerspec){
				{0, 0}, {0, 0}}, NULL));
		if (TST_RET) {
			tst_res(TFAIL | TTERRNO, "timer_settime(0)");
			return;
		}
		if (clock_ns(CLOCK_MONOTONIC) - start < 150 * MS)
			break;
	}
	if (tries == 5) {
		tst_res(TCONF, "the system is too slow to disarm a timer "
			"within 150 ms");
		return;
	}
	TST_EXP_EXPR(!tev_wait_signal(SIGUSR1, 500, &info),
		     "no signal from a timer disarmed before its time");
}

static void test_alarm_left(clockid_t clk, const char *name)
{
	struct sigevent sev = {.sigev_notify = SIGEV_NONE};
	struct itimerspec cur, old;
	int aid;

	TEST(ktimer_create(clk, &sev, &aid));
	if (TST_RET == -1 && TST_ERR == EOPNOTSUPP) {
		tst_res(TCONF, "no wake-up capable RTC: no %s timers", name);
		return;
	}
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "timer_create(%s)", name);
		return;
	}
	TST_EXP_PASS(ktimer_settime(aid, 0, &(struct itimerspec){
			{0, 0}, {10, 0}}, NULL), "timer_settime(%s, 10 s)",
		     name);
	TST_EXP_PASS(ktimer_gettime(aid, &cur), "timer_gettime(%s)", name);
	TST_EXP_EXPR(ts_ns(&cur.it_value) > 0 &&
		     ts_ns(&cur.it_value) <= 10 * NSEC_PER_SEC,
		     "%s timer_gettime(): %lld ns left of 10 s", name,
		     ts_ns(&cur.it_value));
	TST_EXP_PASS(ktimer_settime(aid, 0, &(struct itimerspec){
			{0, 0}, {0, 0}}, &old), "timer_settime(%s, 0)", name);
	TST_EXP_EXPR(ts_ns(&old.it_value) > 0 &&
		     ts_ns(&old.it_value) <= ts_ns(&cur.it_value),
		     "%s old value: %lld ns left, no more than %lld ns read "
		     "before", name, ts_ns(&old.it_value),
		     ts_ns(&cur.it_value));
	ktimer_delete(aid);
}

static void test_alarm(void)
{
	if (geteuid()) {
		tst_res(TCONF, "not root (CAP_WAKE_ALARM): alarm timers "
			"skipped");
		return;
	}
	test_alarm_left(CLOCK_REALTIME_ALARM, "CLOCK_REALTIME_ALARM");
	test_alarm_left(CLOCK_BOOTTIME_ALARM, "CLOCK_BOOTTIME_ALARM");
}

static void run(unsigned int n)
{
	tev_drain_signal(SIGUSR1);
	switch (n) {
	case 0:
		test_one_shot();
		break;
	case 1:
		test_periodic();
		break;
	case 2:
		test_absolute();
		break;
	case 3:
		test_old_value();
		break;
	case 4:
		test_disarm();
		break;
	case 5:
		test_alarm();
		break;
	}
}

static void setup(void)
{
	tev_sigmask(SIG_BLOCK, SIGUSR1);
	id = ktimer_new(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 0);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		/* alarmtimer: Return relative times in timer_gettime */
		{"linux-git", "e86fea764991"},
		/* alarmtimer: Use EOPNOTSUPP instead of ENOTSUPP */
		{"linux-git", "f18ddc13af98"},
		{}
	},
};

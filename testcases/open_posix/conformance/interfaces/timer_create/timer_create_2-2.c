// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A timer ID is unique within the process until the timer is deleted:
 * 64 timers get 64 distinct IDs; with every other one deleted, 32 new
 * timers get IDs distinct from each other and from the 32 still alive
 * (an ID may only come back once its timer is gone). Each live timer is
 * then its own: armed one after the other with its index as sigev_value,
 * every one delivers exactly its own value once.
 */
#include "pts_helpers.h"

#define N 64

static timer_t ids[N];

static void create(int i)
{
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN,
		.sigev_value.sival_int = i,
	};

	if (timer_create(CLOCK_MONOTONIC, &sev, &ids[i]))
		PTS_UNRES("timer_create(%d): %m", i);
}

static void check_distinct(const char *when)
{
	int i, j;

	for (i = 0; i < N; i++)
		for (j = i + 1; j < N; j++)
			if (ids[i] == ids[j])
				PTS_FAILED("%s: timers %d and %d share ID %ld", when,
					   i, j, (long)ids[i]);
}

int main(void)
{
	struct itimerspec its = { { 0, 0 }, { 0, 1000000 } };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	struct timespec zero = { 0, 0 };
	siginfo_t si;
	sigset_t set;
	int i;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < N; i++)
		create(i);
	check_distinct("64 new timers");
	for (i = 0; i < N; i += 2)
		if (timer_delete(ids[i]))
			PTS_UNRES("timer_delete(): %m");
	for (i = 0; i < N; i += 2)
		create(i);
	check_distinct("32 kept and 32 recreated");

	for (i = 0; i < N; i++) {
		if (timer_settime(ids[i], 0, &its, NULL))
			PTS_UNRES("timer_settime(%d): %m", i);
		if (sigtimedwait(&set, &si, &lim) != SIGRTMIN)
			PTS_FAILED("timer %d: no signal (%m)", i);
		if (si.si_code != SI_TIMER || si.si_value.sival_int != i)
			PTS_FAILED("timer %d (ID %ld) delivered code %d value %d",
				   i, (long)ids[i], si.si_code, si.si_value.sival_int);
	}
	if (sigtimedwait(&set, &si, &zero) != -1)
		PTS_FAILED("an extra signal, value %d", si.si_value.sival_int);
	PTS_PASSED("64 distinct IDs, also after recreating half; each timer its own");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): interval timers are reset in the child. The parent arms
 * ITIMER_REAL, ITIMER_VIRTUAL and ITIMER_PROF (100 s, interval 50 s);
 * in the child getitimer() reads 0 value and 0 interval for each (and
 * alarm(0) finds no alarm left), while the parent's three are still
 * armed with their interval after the child has exited.
 */
#include <sys/time.h>

#include "pts_helpers.h"

static const int which[3] = { ITIMER_REAL, ITIMER_VIRTUAL, ITIMER_PROF };

static int child(void)
{
	struct itimerval it;
	int i;

	for (i = 0; i < 3; i++) {
		if (getitimer(which[i], &it))
			return PTS_UNRESOLVED;
		if (it.it_value.tv_sec || it.it_value.tv_usec ||
		    it.it_interval.tv_sec || it.it_interval.tv_usec) {
			printf("child: timer %d reads %ld.%06ld / %ld.%06ld\n",
			       which[i], (long)it.it_value.tv_sec,
			       (long)it.it_value.tv_usec,
			       (long)it.it_interval.tv_sec,
			       (long)it.it_interval.tv_usec);
			return PTS_FAIL;
		}
	}
	if (alarm(0)) {
		printf("child: alarm() found time left\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct itimerval it = { { 50, 0 }, { 100, 0 } };
	int i;

	for (i = 0; i < 3; i++)
		if (setitimer(which[i], &it, NULL))
			PTS_UNRES("setitimer(%d): %m", which[i]);
	pts_run_child(child, "child");
	for (i = 0; i < 3; i++) {
		if (getitimer(which[i], &it))
			PTS_UNRES("getitimer(): %m");
		if (!it.it_value.tv_sec || it.it_interval.tv_sec != 50)
			PTS_FAILED("the parent's timer %d was disarmed", which[i]);
	}
	PTS_PASSED("all three itimers zero in the child, still armed in the parent");
}

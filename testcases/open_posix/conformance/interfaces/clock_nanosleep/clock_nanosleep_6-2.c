// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clock_nanosleep() does not affect the action or blockage of any
 * signal: a blocked SIGUSR1 and an ignored SIGUSR2 (and SIGURG, ignored
 * by default) sent during an absolute clock_nanosleep() 1 s ahead on
 * CLOCK_MONOTONIC neither end the sleep (0, not before the time) nor
 * change the mask or the dispositions; SIGUSR1 stays pending and is
 * handled once when unblocked (pts_sleepsig.h).
 */
#include "pts_sleepsig.h"

static int do_sleep(long long ns)
{
	struct timespec ts = pts_deadline(CLOCK_MONOTONIC, ns);
	int r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);

	/* returns the error number: keep it as errno for the report */
	errno = r;
	return r ? -1 : 0;
}

int main(void)
{
	pts_sleepsig_run(do_sleep, "clock_nanosleep(MONOTONIC, TIMER_ABSTIME)");
	PTS_PASSED("clock_nanosleep() left the blocked and ignored signals as they were");
}

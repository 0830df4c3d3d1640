// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nanosleep() does not affect the action or blockage of any signal: a
 * blocked SIGUSR1 and an ignored SIGUSR2 (and SIGURG, ignored by
 * default) sent during nanosleep(1 s) neither end the sleep (0, not
 * before 1 s) nor change the mask or the dispositions; SIGUSR1 stays
 * pending and is handled once when unblocked (pts_sleepsig.h).
 */
#include "pts_sleepsig.h"

static int do_sleep(long long ns)
{
	struct timespec ts = pts_ns_ts(ns);

	return nanosleep(&ts, NULL);
}

int main(void)
{
	pts_sleepsig_run(do_sleep, "nanosleep(1 s)");
	PTS_PASSED("nanosleep() left the blocked and ignored signals as they were");
}

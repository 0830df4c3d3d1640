// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Scheduling calls, argument errors and pid 0: sched_getparam(),
 * sched_setparam(), sched_getscheduler(), sched_setscheduler() and
 * sched_rr_get_interval() fail with EINVAL for a negative pid, and the
 * param calls for a NULL param (both are invalid arguments; Linux
 * checks them before looking up the process); a pid of 0 means the
 * calling process, which reads the same as its own pid.
 * sched_rr_get_interval() of a SCHED_OTHER process succeeds with a
 * non-negative interval (its value is not specified: printed), and
 * sched_yield() returns 0.
 */
#include <sched.h>

#include "pts_helpers.h"

int main(void)
{
	struct sched_param p = { 0 }, q;
	struct sched_param *volatile nullp = NULL;
	struct timespec ts;
	int pol;

	PTS_EXPECT_ERRNO(sched_getparam(-1, &p), EINVAL, "sched_getparam(-1)");
	PTS_EXPECT_ERRNO(sched_setparam(-1, &p), EINVAL, "sched_setparam(-1)");
	PTS_EXPECT_ERRNO(sched_getscheduler(-1), EINVAL, "sched_getscheduler(-1)");
	PTS_EXPECT_ERRNO(sched_setscheduler(-1, SCHED_OTHER, &p), EINVAL,
			 "sched_setscheduler(-1)");
	PTS_EXPECT_ERRNO(sched_rr_get_interval(-1, &ts), EINVAL,
			 "sched_rr_get_interval(-1)");
	PTS_EXPECT_ERRNO(sched_getparam(0, nullp), EINVAL,
			 "sched_getparam(0, NULL)");
	PTS_EXPECT_ERRNO(sched_setparam(0, nullp), EINVAL,
			 "sched_setparam(0, NULL)");
	PTS_EXPECT_ERRNO(sched_setscheduler(0, SCHED_OTHER, nullp), EINVAL,
			 "sched_setscheduler(0, SCHED_OTHER, NULL)");

	pol = sched_getscheduler(0);
	if (pol < 0 || pol != sched_getscheduler(getpid()))
		PTS_FAILED("sched_getscheduler(0) %d differs from that of getpid()",
			   pol);
	if (sched_getparam(0, &p) || sched_getparam(getpid(), &q) ||
	    p.sched_priority != q.sched_priority)
		PTS_FAILED("sched_getparam(0) differs from that of getpid()");
	if (pol == SCHED_OTHER) {
		if (sched_rr_get_interval(0, &ts))
			PTS_FAILED("sched_rr_get_interval(0) failed: %s",
				   strerror(errno));
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= PTS_NSEC)
			PTS_FAILED("interval %lld.%09ld is not a valid time",
				   (long long)ts.tv_sec, ts.tv_nsec);
		printf("SCHED_OTHER interval %lld.%09ld s (unspecified)\n",
		       (long long)ts.tv_sec, ts.tv_nsec);
	}
	if (sched_yield())
		PTS_FAILED("sched_yield() returned non-zero");
	PTS_PASSED("EINVAL for negative pids and NULL params; pid 0 is the caller");
}

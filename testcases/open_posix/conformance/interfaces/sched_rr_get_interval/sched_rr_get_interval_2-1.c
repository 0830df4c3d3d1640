// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_rr_get_interval() of another process: "shall update the
 * timespec structure referenced by the interval argument to contain the
 * current execution time limit (that is, time quantum) for the process
 * specified by pid". A child that made itself SCHED_RR (priority 3) has
 * the same positive quantum, asked by the parent with the child's pid,
 * as the parent reads for itself when SCHED_RR; after the child turns
 * itself SCHED_FIFO the parent reads 0 for it (no quantum); a reaped
 * child's pid gives [ESRCH] and leaves the interval untouched. Needs
 * SCHED_RR permission (TCONF otherwise).
 */
#include <sched.h>

#include "pts_helpers.h"

static int cp[2], pc[2];

static void child_step(int pol)
{
	struct sched_param sp = { .sched_priority = 3 };
	char c;

	if (read(pc[0], &c, 1) != 1)
		_exit(2);
	if (sched_setscheduler(0, pol, &sp))
		_exit(3);
	if (write(cp[1], "k", 1) != 1)
		_exit(2);
}

int main(void)
{
	struct sched_param sp = { .sched_priority = 3 };
	struct timespec own, ts;
	pid_t pid;
	int status;
	char c;

	pts_need_sched_fifo();
	if (sched_setscheduler(0, SCHED_RR, &sp) ||
	    sched_rr_get_interval(0, &own))
		PTS_UNRES("own SCHED_RR: %s", strerror(errno));
	sp.sched_priority = 0;
	sched_setscheduler(0, SCHED_OTHER, &sp);
	if (pts_ts_ns(&own) <= 0)
		PTS_FAILED("own SCHED_RR quantum %lld ns", pts_ts_ns(&own));
	if (pipe(cp) || pipe(pc))
		PTS_UNRES("pipe(): %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (!pid) {
		close(pc[1]);
		close(cp[0]);
		child_step(SCHED_RR);
		child_step(SCHED_FIFO);
		/* until the parent closes its end */
		if (read(pc[0], &c, 1) < 0)
			_exit(2);
		_exit(0);
	}
	close(pc[0]);
	close(cp[1]);
	if (write(pc[1], "g", 1) != 1 || read(cp[0], &c, 1) != 1)
		PTS_UNRES("the child did not become SCHED_RR");
	memset(&ts, 0xff, sizeof(ts));
	if (sched_rr_get_interval(pid, &ts))
		PTS_FAILED("sched_rr_get_interval(child): %s", strerror(errno));
	printf("own RR quantum %lld ns, the child's %lld ns\n", pts_ts_ns(&own),
	       pts_ts_ns(&ts));
	if (pts_ts_ns(&ts) != pts_ts_ns(&own))
		PTS_FAILED("the SCHED_RR child's quantum differs from the caller's");
	if (write(pc[1], "g", 1) != 1 || read(cp[0], &c, 1) != 1)
		PTS_UNRES("the child did not become SCHED_FIFO");
	memset(&ts, 0xff, sizeof(ts));
	if (sched_rr_get_interval(pid, &ts))
		PTS_FAILED("sched_rr_get_interval(FIFO child): %s", strerror(errno));
	if (ts.tv_sec || ts.tv_nsec)
		PTS_FAILED("SCHED_FIFO child: %lld ns, expected 0", pts_ts_ns(&ts));
	close(pc[1]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("child status %#x", status);
	ts.tv_sec = 77;
	ts.tv_nsec = 5;
	PTS_EXPECT_ERRNO(sched_rr_get_interval(pid, &ts), ESRCH, "reaped child");
	if (ts.tv_sec != 77 || ts.tv_nsec != 5)
		PTS_FAILED("the interval changed on ESRCH");
	PTS_PASSED("another process's quantum: as the caller's for RR, 0 for FIFO; ESRCH");
}

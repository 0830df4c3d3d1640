// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A child made by fork() starts with its own resource usage at zero
 * (its CPU times are "set to 0", XSH fork): the parent uses 500 ms of
 * CPU and reaps a child that used 100 ms; a new child's
 * getrusage(RUSAGE_CHILDREN) then reads exactly 0 (and no reaped
 * children's page faults: ru_minflt 0), and its RUSAGE_SELF ru_utime +
 * ru_stime no more than the CLOCK_MONOTONIC time since the fork
 * (+ 20 ms), so not the parent's (a vCPU stall is charged to both; only
 * a stall of nearly 500 ms right there leaves it undecided).
 */
#include "pts_helpers.h"

static void spin(long long ns)
{
	long long t0 = pts_now(CLOCK_PROCESS_CPUTIME_ID);

	while (pts_now(CLOCK_PROCESS_CPUTIME_ID) - t0 < ns)
		;
}

static long long cpu_us(const struct rusage *ru)
{
	return (ru->ru_utime.tv_sec + ru->ru_stime.tv_sec) * 1000000LL +
	       ru->ru_utime.tv_usec + ru->ru_stime.tv_usec;
}

static long long parent_us, fork_mono;

static int fresh(void)
{
	struct rusage self, kids;
	long long since;

	if (getrusage(RUSAGE_SELF, &self) || getrusage(RUSAGE_CHILDREN, &kids))
		PTS_UNRES("getrusage(): %m");
	since = (pts_now(CLOCK_MONOTONIC) - fork_mono) / 1000;
	if (cpu_us(&kids) || kids.ru_minflt)
		PTS_FAILED("new child: RUSAGE_CHILDREN %lld us, %ld minor faults, expected 0",
			   cpu_us(&kids), kids.ru_minflt);
	if (since >= parent_us - 20000)
		PTS_UNRES("%lld us passed since the fork (a stall): cannot tell",
			  since);
	if (cpu_us(&self) > since + 20000)
		PTS_FAILED("new child: RUSAGE_SELF %lld us, %lld us after the fork (parent at %lld us)",
			   cpu_us(&self), since, parent_us);
	return PTS_PASS;
}

int main(void)
{
	struct rusage self, kids;
	pid_t pid;

	spin(500 * 1000000LL);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		spin(100 * 1000000LL);
		_exit(0);
	}
	if (waitpid(pid, NULL, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	parent_us = cpu_us(&self);
	if (parent_us < 450000 || cpu_us(&kids) < 50000)
		PTS_UNRES("the parent's usage did not grow: %lld / %lld us",
			  parent_us, cpu_us(&kids));
	fork_mono = pts_now(CLOCK_MONOTONIC);
	pts_run_child(fresh, "new child");
	PTS_PASSED("a new child's RUSAGE_SELF and RUSAGE_CHILDREN start at 0");
}

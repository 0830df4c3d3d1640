// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Scheduling policy and parameters are inherited: fork() ("the child
 * process shall have ... the scheduling policy and parameters of the
 * calling thread", XSH fork) and the exec functions ("The new process
 * shall inherit ... the scheduling policy and parameters", under
 * Process Scheduling). The process makes itself SCHED_RR priority 4,
 * then SCHED_FIFO priority 6: a child reads the same policy
 * (sched_getscheduler(0)) and priority (sched_getparam(0)), and again
 * after it has exec'd this program; the parent reads the child's pid
 * the same. Needs SCHED_FIFO/RR permission (TCONF otherwise).
 */
#include <sched.h>

#include "pts_helpers.h"

static int check_self(int pol, int prio, const char *where)
{
	struct sched_param sp = { .sched_priority = -1 };
	int p = sched_getscheduler(0);

	sched_getparam(0, &sp);
	if (p != pol || sp.sched_priority != prio) {
		printf("Test FAILED: %s: policy %d priority %d, expected %d and %d\n",
		       where, p, sp.sched_priority, pol, prio);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static void run(int pol, int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	char a1[16], a2[16];
	int p[2], status;
	pid_t pid;
	char c;

	if (sched_setscheduler(0, pol, &sp))
		PTS_UNRES("sched_setscheduler(%d, %d): %s", pol, prio, strerror(errno));
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	snprintf(a1, sizeof(a1), "%d", pol);
	snprintf(a2, sizeof(a2), "%d", prio);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		close(p[1]);
		if (check_self(pol, prio, "child after fork()"))
			_exit(PTS_FAIL);
		/* the parent reads our pid first */
		if (read(p[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		execl("/proc/self/exe", "sched_getparam_2-1", "exec", a1, a2,
		      (char *)NULL);
		printf("exec failed: %s\n", strerror(errno));
		_exit(PTS_UNRESOLVED);
	}
	close(p[0]);
	sp.sched_priority = -1;
	if (sched_getscheduler(pid) != pol || sched_getparam(pid, &sp) ||
	    sp.sched_priority != prio)
		PTS_FAILED("the parent reads the child's policy %d priority %d",
			   sched_getscheduler(pid), sp.sched_priority);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	close(p[1]);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("the child did not exit");
	if (WEXITSTATUS(status))
		PTS_EXIT(WEXITSTATUS(status), "child exited with PTS code %d",
			 WEXITSTATUS(status));
}

int main(int argc, char *argv[])
{
	struct sched_param sp = { .sched_priority = 0 };

	if (argc == 4 && !strcmp(argv[1], "exec"))
		return check_self(atoi(argv[2]), atoi(argv[3]), "after exec");
	pts_need_sched_fifo();
	run(SCHED_RR, 4);
	run(SCHED_FIFO, 6);
	sched_setscheduler(0, SCHED_OTHER, &sp);
	PTS_PASSED("policy and priority inherited across fork() and exec");
}

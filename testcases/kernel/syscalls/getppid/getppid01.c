// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getppid() is the parent's pid, as /proc/self/status (PPid) says too;
 * when the parent exits the child's getppid() changes to the process that
 * adopts it (here a child subreaper).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include "task_wait.h"

static long status_ppid(void)
{
	char line[128];
	long ppid = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		sscanf(line, "PPid: %ld", &ppid);
	fclose(f);
	return ppid;
}

static void reaper(void)
{
	long long deadline;
	pid_t self = getpid(), middle, orphan;
	int status;

	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_CHILD_SUBREAPER)");
	middle = SAFE_FORK();
	if (!middle) {
		orphan = SAFE_FORK();
		if (!orphan) {
			pid_t parent = getppid();

			TST_EXP_EQ_LI(status_ppid(), parent);
			TST_CHECKPOINT_WAKE(0);
			/* the middle exits now; wait for the adoption */
			deadline = task_wait_now_ms() + 10000 *
				   tst_timeout_mul();
			while (getppid() == parent &&
			       task_wait_now_ms() < deadline)
				usleep(1000);
			TST_EXP_EXPR(getppid() == self, "after the parent "
				     "exited getppid() is the subreaper %d "
				     "(got %d)", self, getppid());
			TST_EXP_EQ_LI(status_ppid(), getppid());
			exit(0);
		}
		TST_EXP_EQ_LI(getppid(), self);
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	SAFE_WAITPID(middle, &status, 0);
	if (waitpid(-1, &status, 0) < 0)
		tst_brk(TBROK | TERRNO, "waitpid() for the orphan");
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		reaper();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

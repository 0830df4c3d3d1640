// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_SET_CHILD_SUBREAPER: PR_GET_CHILD_SUBREAPER reads it back (0 before,
 * 1 after); a grandchild orphaned by its parent's exit is reparented to
 * the subreaper, which can then wait for it; a forked child does not
 * inherit the attribute. EFAULT for an unmapped PR_GET_CHILD_SUBREAPER
 * result.
 */
#include <stdlib.h>
#include <sys/prctl.h>
#include "task_wait.h"

static void *bad_addr;

static int get_subreaper(void)
{
	int val = -1;

	if (prctl(PR_GET_CHILD_SUBREAPER, &val, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_GET_CHILD_SUBREAPER)");
	return val;
}

static void subreaper(void)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	pid_t self = getpid(), middle, orphan, *shared;
	int status;

	shared = SAFE_MMAP(NULL, sizeof(pid_t), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	TST_EXP_EQ_LI(get_subreaper(), 0);
	TST_EXP_PASS(prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0));
	TST_EXP_EQ_LI(get_subreaper(), 1);

	middle = SAFE_FORK();
	if (!middle) {
		TST_EXP_EXPR(get_subreaper() == 0, "a forked child does not "
			     "inherit the subreaper attribute");
		orphan = SAFE_FORK();
		if (!orphan) {
			/* wait to be reparented when middle exits */
			while (getppid() != self &&
			       task_wait_now_ms() < deadline)
				usleep(1000);
			exit(getppid() == self ? 0 : 1);
		}
		*shared = orphan;
		exit(0);
	}
	reap_child(middle);
	orphan = *shared;
	TST_EXP_VAL(waitpid(orphan, &status, 0), orphan,
		    "the subreaper waits for its orphaned grandchild");
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "which saw the subreaper as its new parent");
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		subreaper();
	reap_child(pid);
	TST_EXP_FAIL(prctl(PR_GET_CHILD_SUBREAPER, bad_addr, 0, 0, 0), EFAULT,
		     "prctl(PR_GET_CHILD_SUBREAPER) into unmapped memory");
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
};

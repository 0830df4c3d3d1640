// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The first process of a new pid namespace is its init:
 *  - getpid() is 1 and getppid() is 0 in it, while its parent knows it
 *    by a pid of the parent's namespace, and /proc/PID/status NSpid lists
 *    both numbers;
 *  - its first child is pid 2 with parent 1;
 *  - an orphan in the namespace is reparented to that init (getppid()
 *    becomes 1), not to a process outside, and init can reap it.
 */
#include "tst_test.h"
#include "ns_helpers.h"

static void init_main(void)
{
	pid_t pid, orphan;
	int status;

	TST_EXP_EQ_LI(getpid(), 1);
	TST_EXP_EQ_LI(getppid(), 0);

	pid = SAFE_FORK();
	if (!pid)
		_exit(getpid() == 2 && getppid() == 1 ? 0 : 1);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(pid == 2 && WIFEXITED(status) && !WEXITSTATUS(status),
		     "init's first child is pid 2 (fork returned %d) with "
		     "parent 1", (int)pid);

	/* a middle process leaves an orphan behind */
	pid = SAFE_FORK();
	if (!pid) {
		if (!SAFE_FORK()) {
			TST_CHECKPOINT_WAIT(0);
			_exit(getppid() == 1 ? 0 : 1);
		}
		_exit(0);
	}
	reap_child(pid);
	TST_CHECKPOINT_WAKE(0);
	orphan = waitpid(-1, &status, 0);
	TST_EXP_EXPR(orphan > 0 && WIFEXITED(status) && !WEXITSTATUS(status),
		     "the orphan was reparented to init (pid 1) and reaped "
		     "by it (waitpid returned %d)", (int)orphan);
}

/* The NSpid line of /proc/PID/status: the pid in each namespace. */
static int read_nspid(pid_t pid, unsigned int *outer, unsigned int *inner)
{
	char path[64], line[256];
	int found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "NSpid: %u %u", outer, inner) == 2;
	fclose(f);
	return found;
}

static void run(void)
{
	unsigned int outer = 0, inner = 0;
	pid_t pid;

	pid = SAFE_NS_FORK(CLONE_NEWPID);
	if (!pid) {
		TST_CHECKPOINT_WAIT(1);
		init_main();
		exit(0);
	}
	TST_EXP_EXPR(pid != 1, "the parent knows init as pid %d", (int)pid);
	TST_EXP_EXPR(read_nspid(pid, &outer, &inner) &&
		     outer == (unsigned int)pid && inner == 1,
		     "NSpid of init is '%u %u'", outer, inner);
	TST_CHECKPOINT_WAKE(1);
	NS_REAP(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_PID_NS", NULL},
};

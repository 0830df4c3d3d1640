// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pidfd_getfd() errors: EINVAL for non-zero flags, EBADF for an fd the
 * target does not have, for a closed pidfd and for an fd that is no
 * pidfd; EPERM when the caller may not ptrace the target: as nobody
 * towards a root process, and towards its own nobody child once that
 * child made itself non-dumpable (PR_SET_DUMPABLE 1 allows it); ESRCH once
 * the target has exited; EMFILE when the caller has no fd left.
 */
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include "pidfd_raw.h"
#include "task_wait.h"

static void test_args(void)
{
	pid_t pid = SAFE_FORK();
	int pidfd, null_fd;

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	pidfd = safe_pidfd_open(pid);
	TST_EXP_FAIL(pidfd_getfd_raw(pidfd, 0, 1), EINVAL,
		     "pidfd_getfd(flags 1)");
	TST_EXP_FAIL(pidfd_getfd_raw(pidfd, 1000, 0), EBADF,
		     "pidfd_getfd() of fd 1000, not open in the target");
	TST_EXP_FAIL(pidfd_getfd_raw(1000, 0, 0), EBADF,
		     "pidfd_getfd() through fd 1000, not open");
	null_fd = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(pidfd_getfd_raw(null_fd, 0, 0), EBADF,
		     "pidfd_getfd() through /dev/null, no pidfd");
	SAFE_CLOSE(null_fd);
	TST_CHECKPOINT_WAKE(0);
	/* exited: a zombie has no fds to take, then it is gone */
	if (waitid(P_PID, pid, &(siginfo_t){0}, WEXITED | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(WNOWAIT)");
	TST_EXP_FAIL(pidfd_getfd_raw(pidfd, 0, 0), ESRCH,
		     "pidfd_getfd() of an exited (zombie) child");
	reap_child(pid);
	TST_EXP_FAIL(pidfd_getfd_raw(pidfd, 0, 0), ESRCH,
		     "pidfd_getfd() of a reaped child");
	SAFE_CLOSE(pidfd);
}

static void test_nobody_root(void)
{
	int root_fd = safe_pidfd_open(getpid());
	pid_t pid = SAFE_FORK();

	if (!pid) {
		tst_drop_privs();
		TST_EXP_FAIL(pidfd_getfd_raw(root_fd, 0, 0), EPERM,
			     "pidfd_getfd(root process) as nobody");
		exit(0);
	}
	reap_child(pid);
	SAFE_CLOSE(root_fd);
}

/*
 * As nobody: a child is ours to take fds from until it is non-dumpable.
 * Changing uid made the nobody process non-dumpable, so the child first
 * makes itself dumpable again.
 */
static void test_dumpable(void)
{
	pid_t pid = SAFE_FORK(), child;
	int pidfd, fd;

	if (pid) {
		reap_child(pid);
		return;
	}
	tst_drop_privs();
	child = SAFE_FORK();
	if (!child) {
		if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE, 1)");
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT(1);
		if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE, 0)");
		TST_CHECKPOINT_WAKE(0);
		TST_CHECKPOINT_WAIT(1);
		exit(0);
	}
	pidfd = safe_pidfd_open(child);
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_FD(pidfd_getfd_raw(pidfd, 0, 0),
		   "pidfd_getfd() of a dumpable nobody child, as nobody");
	fd = TST_RET;
	if (fd >= 0)
		SAFE_CLOSE(fd);
	TST_CHECKPOINT_WAKE(1);
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_FAIL(pidfd_getfd_raw(pidfd, 0, 0), EPERM,
		     "pidfd_getfd() of the child once non-dumpable");
	TST_CHECKPOINT_WAKE(1);
	reap_child(child);
	exit(0);
}

static void test_emfile(void)
{
	pid_t pid = SAFE_FORK();
	struct rlimit rl;
	int pidfd, fd, lowest;

	if (!pid) {
		pidfd = safe_pidfd_open(getpid());
		fd = SAFE_OPEN("/dev/null", O_RDONLY);
		lowest = fd;
		SAFE_CLOSE(fd);
		rl.rlim_cur = rl.rlim_max = lowest;
		if (setrlimit(RLIMIT_NOFILE, &rl))
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE)");
		TST_EXP_FAIL(pidfd_getfd_raw(pidfd, 0, 0), EMFILE,
			     "pidfd_getfd() with no fd left");
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_args();
		break;
	case 1:
		test_nobody_root();
		break;
	case 2:
		test_dumpable();
		break;
	case 3:
		test_emfile();
		break;
	}
}

static void setup(void)
{
	pidfd_getfd_raw(-1, 0, 0);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

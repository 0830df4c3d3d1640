// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The end of a pid namespace (kernel/pid_namespace.c
 * zap_pid_ns_processes(), kernel/exit.c find_new_reaper(), kernel/pid.c
 * alloc_pid()). The test process is a child subreaper. In a new pid
 * namespace, init has a member child and an orphan (its parent, also a
 * member, exited); a helper outside setns()es its pid_for_children there
 * and forks M, then exits:
 *  - the orphan's parent is init (getppid() 1), not the subreaper
 *    outside; M, whose parent is outside, sees getppid() 0, and after the
 *    helper's exit M is the subreaper's child (the reaper is looked for
 *    in the exiting parent's namespace);
 *  - SIGKILL to init kills every member; init reaps its own, the test
 *    reaps M, killed by SIGKILL;
 *  - while M is an unreaped zombie, init is not yet reapable
 *    (waitid(WNOHANG|WNOWAIT) finds nothing): its exit waits for every
 *    pid of its namespace; after M is reaped, init is, killed by SIGKILL;
 *  - a process that setns()es into the dead namespace (held by an fd)
 *    succeeds, but its fork() fails with ENOMEM: no pid can be allocated
 *    in a namespace whose init is gone.
 */
#include <fcntl.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "task_wait.h"

static int init_fds[2], m_fds[2];

static void init_main(void)
{
	pid_t member, middle, orphan;
	int status;

	member = SAFE_FORK();
	if (!member) {
		for (;;)
			pause();
	}
	middle = SAFE_FORK();
	if (!middle) {
		orphan = SAFE_FORK();
		if (!orphan) {
			TST_CHECKPOINT_WAIT(0);
			TST_EXP_EQ_LI(getppid(), 1);
			ns_signal_fd(init_fds[1]);
			for (;;)
				pause();
		}
		_exit(0);
	}
	SAFE_WAITPID(middle, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "middle member ended with status 0x%x", status);
	TST_CHECKPOINT_WAKE(0);
	for (;;)
		pause();
}

static void helper_main(int nsfd)
{
	pid_t m;

	SAFE_CLOSE(m_fds[0]);
	if (setns(nsfd, CLONE_NEWPID))
		tst_brk(TBROK | TERRNO, "setns(CLONE_NEWPID)");
	m = SAFE_FORK();
	if (!m) {
		TST_EXP_EQ_LI(getppid(), 0);
		TST_CHECKPOINT_WAKE(1);
		for (;;)
			pause();
	}
	SAFE_WRITE(1, m_fds[1], &m, sizeof(m));
	exit(0);
}

/* Wait until /proc/PID is gone (the task was reaped). */
static int wait_gone(pid_t pid)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d", (int)pid);
	while (!access(path, F_OK)) {
		if (tst_mono_ms() > deadline)
			return 0;
		usleep(1000);
	}
	return 1;
}

static void run(void)
{
	pid_t init, helper, m, kids[2], pid;
	char path[64];
	siginfo_t si;
	int nsfd, status, ppid = 0;
	FILE *f;

	SAFE_PIPE(init_fds);
	SAFE_PIPE(m_fds);
	init = SAFE_NS_FORK(CLONE_NEWPID);
	if (!init)
		init_main();
	SAFE_CLOSE(init_fds[1]);
	ns_wait_fd(init_fds[0]);
	SAFE_CLOSE(init_fds[0]);

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)init,
		 (int)init);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%d %d", &kids[0], &kids[1]) != 2)
		tst_brk(TBROK, "cannot read init's two children from %s", path);
	fclose(f);

	snprintf(path, sizeof(path), "/proc/%d/ns/pid", (int)init);
	nsfd = SAFE_OPEN(path, O_RDONLY);
	helper = SAFE_FORK();
	if (!helper)
		helper_main(nsfd);
	SAFE_CLOSE(m_fds[1]);
	SAFE_READ(1, m_fds[0], &m, sizeof(m));
	TST_CHECKPOINT_WAIT(1);
	SAFE_CLOSE(m_fds[0]);
	reap_child(helper);

	snprintf(path, sizeof(path), "/proc/%d/status", (int)m);
	f = fopen(path, "r");
	if (f) {
		char line[128];

		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "PPid: %d", &ppid) == 1)
				break;
		fclose(f);
	}
	TST_EXP_EXPR(ppid == getpid(), "M (pid %d) was reparented to the "
		     "subreaper %d outside (PPid %d)", (int)m, (int)getpid(),
		     ppid);

	SAFE_KILL(init, SIGKILL);
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, m, &si, WEXITED | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(M, WNOWAIT)");
	TST_EXP_EXPR(si.si_code == CLD_KILLED && si.si_status == SIGKILL,
		     "M was killed by SIGKILL with its namespace (si_code %d, "
		     "si_status %d)", si.si_code, si.si_status);
	if (!wait_gone(kids[0]) || !wait_gone(kids[1]))
		tst_brk(TBROK, "init's members %d, %d not reaped in 10 s",
			(int)kids[0], (int)kids[1]);
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, init, &si, WEXITED | WNOHANG | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(init, WNOHANG)");
	TST_EXP_EXPR(si.si_pid == 0, "init is not reapable while M is an "
		     "unreaped zombie (waitid found pid %d)", (int)si.si_pid);
	reap_child_killed(m, SIGKILL);
	SAFE_WAITPID(init, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		     "init reaped after M, killed by SIGKILL (status 0x%x)",
		     status);

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(setns(nsfd, CLONE_NEWPID),
			     "setns() into the dead pid namespace");
		pid = fork();
		if (!pid)
			_exit(0);
		if (pid > 0) {
			tst_res(TFAIL, "fork() in a dead pid namespace worked");
			reap_child(pid);
		} else {
			TST_EXP_EXPR(errno == ENOMEM, "fork() in a dead pid "
				     "namespace: %s (ENOMEM expected)",
				     tst_strerrno(errno));
		}
		exit(0);
	}
	reap_child(pid);
	SAFE_CLOSE(nsfd);
}

static void setup(void)
{
	if (prctl(PR_SET_CHILD_SUBREAPER, 1))
		tst_brk(TBROK | TERRNO, "PR_SET_CHILD_SUBREAPER");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_PID_NS", "CONFIG_PROC_CHILDREN", NULL
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pids in signals left pending and in ptrace reports are those of the
 * receiver's pid namespace (kernel/signal.c send_signal_locked(),
 * kernel/ptrace.c ptrace_event_pid(), kernel/exit.c
 * wait_task_stopped()). O forks I, init of a new pid namespace N, with
 * SIGUSR1 and SIGRTMIN blocked:
 *  - O's kill(SIGUSR1) and sigqueue(SIGRTMIN, 42) stay pending in I (both
 *    in sigpending()); taken later they read si_pid 0 (O is not in N),
 *    SI_USER and SI_QUEUE, si_value 42: the pid is fixed at send time;
 *  - O seizes I with PTRACE_O_TRACEFORK; I forks M: waitid() in O reads
 *    CLD_TRAPPED with si_pid I's pid in O's namespace and si_status
 *    SIGTRAP | PTRACE_EVENT_FORK << 8, and PTRACE_GETEVENTMSG gives M's
 *    pid in O's namespace (its NSpid "<that> 2"), not 2; the new tracee
 *    M reports its PTRACE_EVENT_STOP to O;
 *  - once O has let both go, I seizes M the same way and M forks G: I's
 *    waitid() reads si_pid 2 and PTRACE_GETEVENTMSG 3 (G's pid in N);
 *  - from I, PTRACE_SEIZE of O's pid number is ESRCH (not in N), and
 *    kill(-1) while I is alone in N is ESRCH: the processes outside N
 *    are not counted, nor I itself.
 */
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define FORK_STOP	(SIGTRAP | (PTRACE_EVENT_FORK << 8))

static pid_t o_pid;

/* waitid() of the fork event stop of tracee pid: pid, code and status */
static void check_fork_stop(pid_t pid, const char *who)
{
	siginfo_t si = { 0 };

	if (waitid(P_PID, pid, &si, WSTOPPED | __WALL))
		tst_brk(TBROK | TERRNO, "waitid(%d) in %s", (int)pid, who);
	TST_EXP_EXPR(si.si_pid == pid && si.si_code == CLD_TRAPPED &&
		     si.si_status == FORK_STOP, "%s: fork stop of %d: pid %d "
		     "code %d status 0x%x", who, (int)pid, (int)si.si_pid,
		     si.si_code, si.si_status);
}

/*
 * The new tracee's first stop: PTRACE_EVENT_STOP, with SIGTRAP as no
 * group stop is under way (kernel/signal.c do_jobctl_trap()).
 */
static void check_new_tracee(pid_t pid, const char *who)
{
	int status;

	if (waitpid(pid, &status, __WALL) != pid)
		tst_brk(TBROK | TERRNO, "waitpid(%d) in %s", (int)pid, who);
	TST_EXP_EXPR(WIFSTOPPED(status) && WSTOPSIG(status) == SIGTRAP &&
		     status >> 16 == PTRACE_EVENT_STOP, "%s: auto-attached %d "
		     "stopped, status 0x%x", who, (int)pid, status);
	if (ptrace(PTRACE_DETACH, pid, NULL, NULL))
		tst_brk(TBROK | TERRNO, "PTRACE_DETACH(%d)", (int)pid);
}

static pid_t event_msg(pid_t pid)
{
	unsigned long msg = 0;

	if (ptrace(PTRACE_GETEVENTMSG, pid, NULL, &msg))
		tst_brk(TBROK | TERRNO, "PTRACE_GETEVENTMSG(%d)", (int)pid);
	return msg;
}

static void m_main(void)
{
	pid_t g;

	TST_CHECKPOINT_WAIT(1);
	g = SAFE_FORK();
	if (!g)
		_exit(0);
	NS_REAP(g);
	TST_EXP_EXPR(getpid() == 2 && getppid() == 1 && g == 3,
		     "M is 2, child of 1; G was 3 (got %d, %d, %d)",
		     (int)getpid(), (int)getppid(), (int)g);
	exit(0);
}

static void i_main(void)
{
	sigset_t set;
	siginfo_t si;
	pid_t m, g;
	int got;

	TST_CHECKPOINT_WAIT(0);
	sigpending(&set);
	TST_EXP_EXPR(sigismember(&set, SIGUSR1) == 1 &&
		     sigismember(&set, SIGRTMIN) == 1,
		     "O's SIGUSR1 and SIGRTMIN pending in I");
	got = ns_wait_sig(SIGUSR1, &si);
	TST_EXP_EXPR(got && si.si_code == SI_USER && si.si_pid == 0,
		     "pending kill() of O: code %d pid %d", si.si_code,
		     (int)si.si_pid);
	got = ns_wait_sig(SIGRTMIN, &si);
	TST_EXP_EXPR(got && si.si_code == SI_QUEUE && si.si_pid == 0 &&
		     si.si_value.sival_int == 42, "pending sigqueue() of O: "
		     "code %d pid %d value %d", si.si_code, (int)si.si_pid,
		     si.si_value.sival_int);
	TST_EXP_FAIL(ptrace(PTRACE_SEIZE, o_pid, NULL, NULL), ESRCH,
		     "PTRACE_SEIZE of O's pid number %d from N", (int)o_pid);
	TST_EXP_FAIL(kill(-1, SIGUSR1), ESRCH, "kill(-1) from I alone in N");

	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	/* O traces this fork */
	m = SAFE_FORK();
	if (!m)
		m_main();

	if (ptrace(PTRACE_SEIZE, m, NULL, (void *)PTRACE_O_TRACEFORK))
		tst_brk(TBROK | TERRNO, "PTRACE_SEIZE(M) in I");
	TST_CHECKPOINT_WAKE(1);
	check_fork_stop(m, "I");
	g = event_msg(m);
	TST_EXP_EQ_LI(g, 3);
	check_new_tracee(g, "I");
	if (ptrace(PTRACE_DETACH, m, NULL, NULL))
		tst_brk(TBROK | TERRNO, "PTRACE_DETACH(M) in I");
	NS_REAP(m);
	exit(0);
}

static void check_nspid(pid_t pid, int inner)
{
	char path[64], line[256];
	int outer = -1, in = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "NSpid: %d %d", &outer, &in) == 2)
			break;
	fclose(f);
	TST_EXP_EXPR(outer == pid && in == inner, "NSpid of %d: %d %d",
		     (int)pid, outer, in);
}

static void run(void)
{
	static const int sigs[] = { SIGUSR1, 0 };
	pid_t i, m;

	o_pid = getpid();
	ns_block_sigs(sigs);
	ns_block_sigs((int []){ SIGRTMIN, 0 });
	i = SAFE_NS_FORK(CLONE_NEWPID);
	if (!i)
		i_main();

	SAFE_KILL(i, SIGUSR1);
	if (sigqueue(i, SIGRTMIN, (union sigval){ .sival_int = 42 }))
		tst_brk(TBROK | TERRNO, "sigqueue() to I");
	TST_CHECKPOINT_WAKE(0);

	TST_CHECKPOINT_WAIT(0);
	if (ptrace(PTRACE_SEIZE, i, NULL, (void *)PTRACE_O_TRACEFORK))
		tst_brk(TBROK | TERRNO, "PTRACE_SEIZE(I)");
	TST_CHECKPOINT_WAKE(0);
	check_fork_stop(i, "O");
	m = event_msg(i);
	TST_EXP_EXPR(m > 3, "O's event message: M's pid %d", (int)m);
	check_nspid(m, 2);
	check_new_tracee(m, "O");
	if (ptrace(PTRACE_DETACH, i, NULL, NULL))
		tst_brk(TBROK | TERRNO, "PTRACE_DETACH(I)");
	NS_REAP(i);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) { "CONFIG_PID_NS", NULL },
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitid() fills siginfo_t for each state change: si_signo SIGCHLD, si_pid,
 * si_uid (the child's real uid, nobody here), si_code CLD_EXITED with the
 * exit code, CLD_KILLED with the signal, CLD_STOPPED and CLD_CONTINUED
 * for WSTOPPED and WCONTINUED, each reported once. WNOWAIT reports and
 * leaves the zombie to be waited for again. WNOHANG with nothing to
 * report returns 0 with si_pid and si_signo zeroed. The raw call takes a
 * NULL infop: WNOHANG on a running child returns 0, WNOWAIT leaves the
 * zombie waitable (a later waitid() reports it), a plain wait reaps it
 * (then ECHILD), and its fifth argument receives the child's rusage (its
 * minor faults: at least the 64 pages it touched).
 */
#include <signal.h>
#include <stdlib.h>
#include <pwd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include "tst_test.h"

#define NULL_INFOP_PAGES 64

static uid_t nobody_uid;

static void expect_info(const siginfo_t *si, pid_t pid, uid_t uid, int code,
			int status, const char *what)
{
	TST_EXP_EXPR(si->si_signo == SIGCHLD && si->si_pid == pid &&
		     si->si_uid == uid && si->si_code == code &&
		     si->si_status == status,
		     "%s: si_signo %d, si_pid %d (child %d), si_uid %d (%d), "
		     "si_code %d (%d), si_status %d (%d)", what, si->si_signo,
		     si->si_pid, pid, (int)si->si_uid, (int)uid, si->si_code,
		     code, si->si_status, status);
}

static void test_exited_nowait(void)
{
	siginfo_t si;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		tst_drop_privs();
		exit(7);
	}
	memset(&si, 0, sizeof(si));
	TST_EXP_PASS(waitid(P_PID, pid, &si, WEXITED | WNOWAIT),
		     "waitid(P_PID, WEXITED | WNOWAIT)");
	expect_info(&si, pid, nobody_uid, CLD_EXITED, 7, "WNOWAIT");
	memset(&si, 0, sizeof(si));
	TST_EXP_PASS(waitid(P_PID, pid, &si, WEXITED),
		     "waitid(P_PID, WEXITED) again: the zombie was kept");
	expect_info(&si, pid, nobody_uid, CLD_EXITED, 7, "exited");
	TST_EXP_FAIL(waitid(P_PID, pid, &si, WEXITED | WNOHANG), ECHILD,
		     "waitid() once reaped");
}

static void test_killed(void)
{
	siginfo_t si;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	SAFE_KILL(pid, SIGKILL);
	memset(&si, 0, sizeof(si));
	TST_EXP_PASS(waitid(P_PID, pid, &si, WEXITED));
	expect_info(&si, pid, 0, CLD_KILLED, SIGKILL, "killed");
}

static void test_stop_cont(void)
{
	siginfo_t si;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		raise(SIGSTOP);
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	memset(&si, 0, sizeof(si));
	TST_EXP_PASS(waitid(P_PID, pid, &si, WSTOPPED));
	expect_info(&si, pid, 0, CLD_STOPPED, SIGSTOP, "stopped");

	memset(&si, 0xff, sizeof(si));
	TST_EXP_PASS(waitid(P_PID, pid, &si, WSTOPPED | WNOHANG),
		     "waitid(WSTOPPED | WNOHANG) after the stop was reported");
	TST_EXP_EXPR(si.si_pid == 0 && si.si_signo == 0,
		     "WNOHANG with nothing to report zeroed si_pid (%d) and "
		     "si_signo (%d)", si.si_pid, si.si_signo);

	SAFE_KILL(pid, SIGCONT);
	memset(&si, 0, sizeof(si));
	TST_EXP_PASS(waitid(P_PID, pid, &si, WCONTINUED));
	expect_info(&si, pid, 0, CLD_CONTINUED, SIGCONT, "continued");
	TST_CHECKPOINT_WAKE(0);
	TST_EXP_PASS(waitid(P_PID, pid, &si, WEXITED));
	expect_info(&si, pid, 0, CLD_EXITED, 0, "exited after continuing");
}

/*
 * The raw call: infop may be NULL (the return value is then all there is)
 * and its fifth argument is the child's rusage.
 */
static void test_null_infop(void)
{
	struct rusage ru;
	siginfo_t si;
	pid_t pid = SAFE_FORK();
	char *mem;
	int i;

	if (!pid) {
		mem = SAFE_MMAP(NULL, NULL_INFOP_PAGES * getpagesize(),
				PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		for (i = 0; i < NULL_INFOP_PAGES; i++)
			mem[i * getpagesize()] = 1;
		TST_CHECKPOINT_WAIT(0);
		exit(5);
	}
	TST_EXP_PASS(tst_syscall(__NR_waitid, P_PID, pid, NULL,
				 WEXITED | WNOHANG, NULL),
		     "waitid(P_PID, NULL infop, WNOHANG) on a running child");
	TST_CHECKPOINT_WAKE(0);
	TST_EXP_PASS(tst_syscall(__NR_waitid, P_PID, pid, NULL,
				 WEXITED | WNOWAIT, NULL),
		     "waitid(P_PID, NULL infop, WEXITED | WNOWAIT)");
	memset(&si, 0, sizeof(si));
	TST_EXP_PASS(waitid(P_PID, pid, &si, WEXITED | WNOWAIT),
		     "the child is still waitable after the NULL infop wait");
	expect_info(&si, pid, 0, CLD_EXITED, 5, "after NULL infop, WNOWAIT");
	memset(&ru, 0, sizeof(ru));
	TST_EXP_PASS(tst_syscall(__NR_waitid, P_PID, pid, NULL, WEXITED, &ru),
		     "waitid(P_PID, NULL infop, WEXITED, rusage)");
	TST_EXP_EXPR(ru.ru_minflt >= NULL_INFOP_PAGES,
		     "the rusage is the child's: ru_minflt %ld, it touched %d "
		     "new pages", ru.ru_minflt, NULL_INFOP_PAGES);
	TST_EXP_FAIL(waitid(P_PID, pid, &si, WEXITED | WNOHANG), ECHILD,
		     "the NULL infop wait reaped the child");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_exited_nowait();
		break;
	case 1:
		test_killed();
		break;
	case 2:
		test_stop_cont();
		break;
	case 3:
		test_null_infop();
		break;
	}
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	nobody_uid = pw ? pw->pw_uid : 65534;
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

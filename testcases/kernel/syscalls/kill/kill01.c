// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() delivers: to one process, with si_code SI_USER and the sender's
 * pid and uid in the siginfo; to every member of a process group with pid
 * -pgid, and with pid 0 to the caller's own group (the caller included),
 * never to a process outside the group. Signal 0 checks existence: 0 for a
 * live child and for an unreaped zombie.
 */
#include <signal.h>
#include <stdlib.h>
#include "tst_test.h"
#include "sigwait_raw.h"

#define MEMBERS	2

static sigset_t usr1;

/* Wait for SIGUSR1 (blocked); exit 0 if it came, 1 if not within 10 s. */
static int got_usr1(void)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};

	return sigtimedwait(&usr1, NULL, &ts) == SIGUSR1;
}

static void test_one(void)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};
	pid_t parent = getpid(), pid;
	siginfo_t si;
	int status;

	pid = SAFE_FORK();
	if (!pid) {
		memset(&si, 0, sizeof(si));
		if (sigtimedwait_raw(&usr1, &si, &ts) != SIGUSR1)
			tst_brk(TBROK | TERRNO, "sigtimedwait(SIGUSR1)");
		TST_EXP_EXPR(si.si_code == SI_USER && si.si_pid == parent &&
			     si.si_uid == getuid(),
			     "kill() delivered si_code %d (SI_USER %d), si_pid "
			     "%d (sender %d), si_uid %d", si.si_code, SI_USER,
			     si.si_pid, parent, (int)si.si_uid);
		exit(0);
	}
	TST_EXP_PASS(kill(pid, 0), "kill(live child, 0)");
	TST_EXP_PASS(kill(pid, SIGUSR1), "kill(child, SIGUSR1)");
	SAFE_WAITPID(pid, &status, 0);
	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	/* a zombie still exists until it is reaped */
	if (waitid(P_PID, pid, &(siginfo_t){0}, WEXITED | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(WNOWAIT)");
	TST_EXP_PASS(kill(pid, 0), "kill(zombie child, 0)");
	reap_child(pid);
}

/*
 * A leader in a new group with MEMBERS children; with by_leader it signals
 * its own group by kill(0), else the test signals it by kill(-pgid).
 */
static void test_group(int by_leader)
{
	pid_t leader, members[MEMBERS];
	sigset_t pending;
	int i, status, ok;

	leader = SAFE_FORK();
	if (!leader) {
		if (setpgid(0, 0))
			tst_brk(TBROK | TERRNO, "setpgid(0, 0)");
		for (i = 0; i < MEMBERS; i++) {
			members[i] = SAFE_FORK();
			if (!members[i])
				exit(got_usr1() ? 0 : 1);
		}
		if (by_leader)
			TST_EXP_PASS(kill(0, SIGUSR1), "kill(0, SIGUSR1)");
		else
			TST_CHECKPOINT_WAKE(0);
		ok = got_usr1();
		for (i = 0; i < MEMBERS; i++) {
			SAFE_WAITPID(members[i], &status, 0);
			ok = ok && WIFEXITED(status) && !WEXITSTATUS(status);
		}
		exit(ok ? 0 : 1);
	}
	if (!by_leader) {
		/* the leader is ready once its members exist */
		TST_CHECKPOINT_WAIT(0);
		TST_EXP_PASS(kill(-leader, SIGUSR1), "kill(-pgid, SIGUSR1)");
	}
	SAFE_WAITPID(leader, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "%s reached the leader and its %d members",
		     by_leader ? "kill(0)" : "kill(-pgid)", MEMBERS);
	if (sigpending(&pending))
		tst_brk(TBROK | TERRNO, "sigpending()");
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1),
		     "the test process, outside the group, got nothing");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_one();
		break;
	case 1:
		test_group(0);
		break;
	case 2:
		test_group(1);
		break;
	}
}

static void setup(void)
{
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	/* blocked here and in every child, so sigtimedwait() collects it */
	if (sigprocmask(SIG_BLOCK, &usr1, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK, SIGUSR1)");
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

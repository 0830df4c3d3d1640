// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() delivers every signal, and accounts for each:
 * - a child with a handler for each catchable signal 1..31 (SIGKILL,
 *   SIGSTOP excepted), asleep in sigsuspend(), gets the signal its parent
 *   sends exactly once, with si_code SI_USER and the parent's pid, and
 *   carries on;
 * - three children in a process group of their own, all blocking
 *   SIGRTMIN and SIGUSR2: 50 kill(-pgid, SIGRTMIN) leave exactly 50
 *   SIGRTMIN queued in each (real-time signals queue), 50 kill(-pgid,
 *   SIGUSR2) exactly one SIGUSR2 (standard signals do not); no signal
 *   reaches the parent, which is outside the group.
 * Syscalls: kill
 */
#include <signal.h>
#include <stdlib.h>
#include "tst_test.h"
#include "task_wait.h"

#define KIDS 3
#define SENDS 50

static volatile sig_atomic_t got, got_code, got_pid, got_other;
static int expect_sig;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	if (sig != expect_sig) {
		got_other = sig;
		return;
	}
	got++;
	got_code = si->si_code;
	got_pid = si->si_pid;
}

static void catcher(void)
{
	struct sigaction sa = { .sa_sigaction = handler,
				.sa_flags = SA_SIGINFO };
	sigset_t all, none;
	pid_t parent = getpid(), pid;
	int sig;

	for (sig = 1; sig < 32; sig++) {
		if (sig == SIGKILL || sig == SIGSTOP)
			continue;
		pid = SAFE_FORK();
		if (!pid) {
			sigfillset(&all);
			sigprocmask(SIG_SETMASK, &all, NULL);
			expect_sig = sig;
			sigaction(sig, &sa, NULL);
			sigfillset(&none);
			sigdelset(&none, sig);
			TST_CHECKPOINT_WAKE(0);
			sigsuspend(&none);
			if (got == 1 && got_code == SI_USER &&
			    got_pid == parent && !got_other)
				tst_res(TPASS, "%s caught once, SI_USER from "
					"the parent", tst_strsig(sig));
			else
				tst_res(TFAIL, "%s: caught %d times, si_code "
					"%d, si_pid %d (parent %d), other %d",
					tst_strsig(sig), (int)got,
					(int)got_code, (int)got_pid,
					(int)parent, (int)got_other);
			exit(0);
		}
		TST_CHECKPOINT_WAIT(0);
		wait_task_state(pid, pid, "S");
		SAFE_KILL(pid, sig);
		reap_child(pid);
	}
}

static int count_pending(int sig)
{
	struct timespec zero = { 0, 0 };
	sigset_t set;
	int n = 0;

	sigemptyset(&set);
	sigaddset(&set, sig);
	while (sigtimedwait(&set, NULL, &zero) == sig)
		n++;
	return n;
}

static void group_flood(void)
{
	pid_t pids[KIDS], pgid = 0;
	int fds[2], i;
	sigset_t set;
	char c;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGUSR2);
	SAFE_PIPE(fds);
	for (i = 0; i < KIDS; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			int rt, usr;

			sigprocmask(SIG_BLOCK, &set, NULL);
			SAFE_CLOSE(fds[1]);
			if (setpgid(0, pgid))
				tst_brk(TBROK | TERRNO, "setpgid()");
			TST_CHECKPOINT_WAKE(0);
			SAFE_READ(0, fds[0], &c, 1);
			rt = count_pending(SIGRTMIN);
			usr = count_pending(SIGUSR2);
			if (rt == SENDS && usr == 1)
				tst_res(TPASS, "child %d: %d SIGRTMIN and one "
					"SIGUSR2 pending", i, rt);
			else
				tst_res(TFAIL, "child %d: %d SIGRTMIN, %d "
					"SIGUSR2 pending", i, rt, usr);
			exit(0);
		}
		if (!pgid)
			pgid = pids[0];
		TST_CHECKPOINT_WAIT(0);
	}
	SAFE_CLOSE(fds[0]);
	for (i = 0; i < SENDS; i++) {
		SAFE_KILL(-pgid, SIGRTMIN);
		SAFE_KILL(-pgid, SIGUSR2);
	}
	SAFE_CLOSE(fds[1]);
	for (i = 0; i < KIDS; i++)
		reap_child(pids[i]);
}

static void run(unsigned int n)
{
	if (!n)
		catcher();
	else
		group_flood();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

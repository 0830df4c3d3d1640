// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pause(2), called raw, sleeps until a signal is delivered:
 * - it returns -1 with EINTR only after a handler ran (once);
 * - a signal that is ignored does not end it, nor does being stopped and
 *   continued (no handler ran: the call goes on sleeping);
 * - a signal whose default action terminates ends the process in it.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "time_event.h"
#include "task_wait.h"

static volatile int handled;

static void handler(int sig)
{
	(void)sig;
	handled++;
}

static void run(void)
{
	pid_t pid;
	int status;

	pid = SAFE_FORK();
	if (!pid) {
		handled = 0;
		tev_sigaction(SIGUSR1, handler, 0);
		signal(SIGUSR2, SIG_IGN);
		TST_EXP_FAIL(syscall(__NR_pause), EINTR, "pause()");
		TST_EXP_EXPR(handled == 1, "pause() returned after the "
			     "SIGUSR1 handler ran once (%d)", handled);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_pause);
	SAFE_KILL(pid, SIGUSR2);
	SAFE_KILL(pid, SIGSTOP);
	wait_task_state(pid, pid, "Tt");
	SAFE_KILL(pid, SIGCONT);
	wait_task_in_syscall(pid, __NR_pause);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid) {
		syscall(__NR_pause);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_pause);
	SAFE_KILL(pid, SIGTERM);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
		     "a child in pause() was ended by SIGTERM (status 0x%x)",
		     status);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};

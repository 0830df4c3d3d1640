// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue(): the value passed is delivered to an SA_SIGINFO handler in
 * si_value, with si_code SI_QUEUE, si_signo the signal and si_pid the
 * sender. A child queues SIGRTMIN with sival_int 0x5eed to its parent.
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../../include/posixtest.h"

#define VALUE 0x5eed

static volatile sig_atomic_t got;
static volatile int got_signo, got_code, got_value;
static volatile pid_t got_pid;

static void handler(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	got_signo = info->si_signo;
	got_code = info->si_code;
	got_value = info->si_value.sival_int;
	got_pid = info->si_pid;
	got++;
}

int main(void)
{
	struct sigaction sa;
	sigset_t block, old;
	int status;
	pid_t pid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGRTMIN, &sa, NULL))
		PTS_UNRES("sigaction(SIGRTMIN): %m");
	sigemptyset(&block);
	sigaddset(&block, SIGRTMIN);
	if (sigprocmask(SIG_BLOCK, &block, &old))
		PTS_UNRES("sigprocmask(): %m");

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		union sigval v = { .sival_int = VALUE };

		_exit(sigqueue(getppid(), SIGRTMIN, v) ? 1 : 0);
	}
	while (!got)
		sigsuspend(&old);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("the child's sigqueue() failed (status %#x)", status);

	if (got != 1)
		PTS_FAILED("the handler ran %d times, expected once", (int)got);
	if (got_signo != SIGRTMIN || got_code != SI_QUEUE)
		PTS_FAILED("si_signo %d si_code %d, expected %d and SI_QUEUE (%d)",
			   got_signo, got_code, SIGRTMIN, SI_QUEUE);
	if (got_value != VALUE)
		PTS_FAILED("si_value.sival_int %#x, expected %#x", got_value, VALUE);
	if (got_pid != pid)
		PTS_FAILED("si_pid %d, expected the sender %d", (int)got_pid, (int)pid);
	PTS_PASSED("sigqueue() delivered sival_int %#x with SI_QUEUE from %d",
		   got_value, (int)got_pid);
}

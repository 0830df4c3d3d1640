// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() with SA_SIGINFO: the handler gets a siginfo_t; for a signal
 * sent by kill() si_signo is the signal, si_code is SI_USER and si_pid and
 * si_uid are the sender's process ID and real user ID. A forked child
 * kills its parent with SIGUSR1; the parent waits for it in sigsuspend().
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../../include/posixtest.h"

static volatile sig_atomic_t got;
static volatile int got_signo, got_code;
static volatile pid_t got_pid;
static volatile uid_t got_uid;

static void handler(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	got_signo = info->si_signo;
	got_code = info->si_code;
	got_pid = info->si_pid;
	got_uid = info->si_uid;
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
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(SIGUSR1): %m");

	/* blocked until sigsuspend(), so the signal cannot be missed */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &block, &old))
		PTS_UNRES("sigprocmask(): %m");

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(kill(getppid(), SIGUSR1) ? 1 : 0);

	while (!got)
		sigsuspend(&old);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("the child's kill() failed (status %#x)", status);

	if (got != 1)
		PTS_FAILED("the handler ran %d times, expected once", (int)got);
	if (got_signo != SIGUSR1)
		PTS_FAILED("si_signo %d, expected SIGUSR1 (%d)", got_signo, SIGUSR1);
	if (got_code != SI_USER)
		PTS_FAILED("si_code %d, expected SI_USER (%d)", got_code, SI_USER);
	if (got_pid != pid)
		PTS_FAILED("si_pid %d, expected the sender %d", (int)got_pid, (int)pid);
	if (got_uid != getuid())
		PTS_FAILED("si_uid %d, expected %d", (int)got_uid, (int)getuid());
	PTS_PASSED("SA_SIGINFO handler got SIGUSR1, SI_USER, si_pid %d, si_uid %d",
		   (int)got_pid, (int)got_uid);
}

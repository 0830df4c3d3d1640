// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction(), SA_RESETHAND: when the handler is entered the disposition
 * of the signal goes back to SIG_DFL (and SA_SIGINFO is dropped), so a
 * second delivery takes the default action. The handler reads the
 * disposition with sigaction(sig, NULL, &old); after it, the test reads
 * it again; a child then shows the second SIGUSR1 terminates it.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t calls;
static struct sigaction inside;

static void handler(int sig)
{
	sigaction(sig, NULL, &inside);
	calls++;
}

int main(void)
{
	struct sigaction sa, now;
	int status;
	pid_t pid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	if (raise(SIGUSR1))
		PTS_UNRES("raise(): %m");
	if (calls != 1)
		PTS_FAILED("handler ran %d times", (int)calls);
	if (inside.sa_handler != SIG_DFL)
		PTS_FAILED("inside the handler the disposition was not SIG_DFL");
	if (sigaction(SIGUSR1, NULL, &now) || now.sa_handler != SIG_DFL)
		PTS_FAILED("after the handler the disposition is not SIG_DFL");
	if (now.sa_flags & SA_SIGINFO)
		PTS_FAILED("SA_SIGINFO still set after reset");

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		calls = 0;
		sigaction(SIGUSR1, &sa, NULL);
		raise(SIGUSR1);
		raise(SIGUSR1);
		_exit(calls == 1 ? 3 : 4);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGUSR1)
		PTS_FAILED("second SIGUSR1 after SA_RESETHAND did not kill (status %#x)",
			   status);
	PTS_PASSED("SA_RESETHAND reset the disposition to SIG_DFL on entry");
}

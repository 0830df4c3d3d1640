// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill(): [EINVAL] for an invalid signal number (returned, not
 * in errno); a signal whose action is to terminate, sent to one thread,
 * terminates the whole process ("the signal action ... shall affect the
 * process as a whole"): in a child with a second thread blocked in
 * pause(), pthread_kill(thread, SIGTERM) kills the child by SIGTERM; a
 * stop signal stops the whole process.
 */
#include <pthread.h>

#include "pts_helpers.h"

static volatile sig_atomic_t continued;

static void on_cont(int sig)
{
	(void)sig;
	continued = 1;
}

static void *sleeper(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

/*
 * The child: SIGSTOP to its second thread stops the whole process; only
 * once it has been continued (SIGCONT caught, blocked until sigsuspend()
 * so it cannot be missed) does it send SIGTERM to that thread. Sent at
 * once, the SIGTERM could arrive before the stop took effect (the
 * target thread has to run to start the group stop), and kill the
 * process first: seen on PREEMPT_RT.
 */
static void child(void)
{
	struct sigaction sa = { .sa_handler = on_cont };
	sigset_t block, wait;
	pthread_t t;

	sigemptyset(&block);
	sigaddset(&block, SIGCONT);
	sigprocmask(SIG_BLOCK, &block, &wait);
	sigdelset(&wait, SIGCONT);
	sigaction(SIGCONT, &sa, NULL);
	pthread_create(&t, NULL, sleeper, NULL);
	pthread_kill(t, SIGSTOP);
	while (!continued)
		sigsuspend(&wait);
	pthread_kill(t, SIGTERM);
	for (;;)
		pause();
}

int main(void)
{
	int status, err;
	pid_t pid;

	err = pthread_kill(pthread_self(), _NSIG + 5);
	if (err != EINVAL)
		PTS_FAILED("invalid signal returned %d, expected EINVAL", err);
	err = pthread_kill(pthread_self(), -1);
	if (err != EINVAL)
		PTS_FAILED("signal -1 returned %d, expected EINVAL", err);
	fflush(stdout);
	pid = fork();
	if (!pid)
		child();
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		PTS_FAILED("SIGSTOP to one thread did not stop the process (%#x)",
			   status);
	kill(pid, SIGCONT);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGTERM)
		PTS_FAILED("SIGTERM to one thread: status %#x, expected killed", status);
	PTS_PASSED("EINVAL; stop and termination act on the whole process");
}

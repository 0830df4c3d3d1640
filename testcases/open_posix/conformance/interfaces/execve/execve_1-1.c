// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec: "Signals set to the default action (SIG_DFL) in the calling
 * process image shall be set to the default action in the new process
 * image ... Signals set to be caught by the calling process image shall
 * be set to the default action in the new process image"; signals set
 * to be ignored stay ignored, and the signal mask and pending signals
 * are kept. The test re-executes itself with an argument and checks, in
 * the new image, SIGUSR1 (caught before) is SIG_DFL, SIGUSR2 (ignored)
 * is SIG_IGN, SIGTERM is still blocked and a blocked SIGRTMIN queued
 * before the exec is still pending with its value. An alternate signal
 * stack is not kept either (SS_DISABLE), while "the new process shall
 * inherit ... the time left until an alarm clock signal" (alarm(100)
 * before, alarm(0) after returns 99 or 100).
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

static int check(void)
{
	struct timespec zero = { 0, 0 };
	struct sigaction sa;
	sigset_t mask, set;
	unsigned int left;
	siginfo_t si;
	stack_t ss;

	sigaction(SIGUSR1, NULL, &sa);
	if (sa.sa_handler != SIG_DFL)
		PTS_FAILED("a caught signal is not SIG_DFL after exec");
	sigaction(SIGUSR2, NULL, &sa);
	if (sa.sa_handler != SIG_IGN)
		PTS_FAILED("an ignored signal is not SIG_IGN after exec");
	sigprocmask(SIG_BLOCK, NULL, &mask);
	if (!sigismember(&mask, SIGTERM))
		PTS_FAILED("the signal mask was not kept");
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigtimedwait(&set, &si, &zero) != SIGRTMIN ||
	    si.si_value.sival_int != 99)
		PTS_FAILED("the pending queued signal was lost over exec");
	sigaltstack(NULL, &ss);
	if (!(ss.ss_flags & SS_DISABLE))
		PTS_FAILED("the alternate signal stack survived exec");
	left = alarm(0);
	if (left < 99 || left > 100)
		PTS_FAILED("alarm time left after exec %u, expected about 100", left);
	return PTS_PASS;
}

int main(int argc, char *argv[])
{
	union sigval v = { .sival_int = 99 };
	struct sigaction sa;
	sigset_t set;
	stack_t ss;
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "exec-check"))
		return check();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	signal(SIGUSR2, SIG_IGN);
	ss.ss_sp = malloc(65536);
	ss.ss_size = 65536;
	ss.ss_flags = 0;
	sigaltstack(&ss, NULL);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		sigemptyset(&set);
		sigaddset(&set, SIGTERM);
		sigaddset(&set, SIGRTMIN);
		sigprocmask(SIG_BLOCK, &set, NULL);
		sigqueue(getpid(), SIGRTMIN, v);
		alarm(100);
		execl("/proc/self/exe", argv[0], "exec-check", (char *)NULL);
		printf("exec failed: %m\n");
		_exit(PTS_UNRESOLVED);
	}
	pts_reap(pid, "exec'd image");
	PTS_PASSED("dispositions, mask and pending signals as specified over exec");
}

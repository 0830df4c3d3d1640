// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): the siginfo_t it stores describes how the signal was
 * generated: for sigqueue() si_code SI_QUEUE with the value sent, the
 * sender's pid and real uid; for kill() SI_USER with si_pid and si_uid;
 * for a timer SI_TIMER with the timer's sigev_value; si_signo is the
 * signal each time. With info NULL the signal is still taken and its
 * number returned.
 */
#include "pts_helpers.h"

static void expect(const sigset_t *set, int sig, int code, int val, pid_t pid)
{
	siginfo_t si;
	int r;

	memset(&si, 0, sizeof(si));
	r = sigwaitinfo(set, &si);
	if (r != sig || si.si_signo != sig || si.si_code != code)
		PTS_FAILED("sigwaitinfo() %d: signo %d code %d, expected %d code %d", r,
			   si.si_signo, si.si_code, sig, code);
	if (code != SI_USER && si.si_value.sival_int != val)
		PTS_FAILED("si_value %d, expected %d", si.si_value.sival_int, val);
	if (code != SI_TIMER && (si.si_pid != pid || si.si_uid != getuid()))
		PTS_FAILED("si_pid %d si_uid %d, expected %d %d", (int)si.si_pid,
			   (int)si.si_uid, (int)pid, (int)getuid());
}

int main(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN + 2 };
	struct itimerspec its = { { 0, 0 }, { 0, 1000000 } };
	union sigval v = { .sival_int = 4242 };
	sigset_t set;
	pid_t pid;
	timer_t t;
	int status;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGRTMIN + 2);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (sigqueue(getpid(), SIGRTMIN, v))
		PTS_UNRES("sigqueue(): %m");
	expect(&set, SIGRTMIN, SI_QUEUE, 4242, getpid());

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(kill(getppid(), SIGUSR1) ? 3 : 0);
	expect(&set, SIGUSR1, SI_USER, 0, pid);
	waitpid(pid, &status, 0);

	sev.sigev_value.sival_int = 777;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t) || timer_settime(t, 0, &its, NULL))
		PTS_UNRES("timer: %m");
	expect(&set, SIGRTMIN + 2, SI_TIMER, 777, 0);
	timer_delete(t);

	raise(SIGUSR2);
	if (sigwaitinfo(&set, NULL) != SIGUSR2)
		PTS_FAILED("sigwaitinfo(set, NULL) did not return SIGUSR2: %m");
	PTS_PASSED("SI_QUEUE with value, SI_USER with pid and uid, SI_TIMER with value; NULL info");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() with SA_SIGINFO: for a signal sent by kill() si_code is
 * SI_USER, for one sent by sigqueue() SI_QUEUE with the value given, and
 * in both si_pid is the sender's process ID and si_uid the sender's REAL
 * user ID. The sender is a child whose real uid is 65534 while its
 * effective uid stays 0 (so it may signal the root parent): si_uid must
 * be 65534, not 0.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got_usr1, got_rt;
static siginfo_t info_usr1, info_rt;

static void handler(int sig, siginfo_t *info, void *uc)
{
	(void)uc;
	if (sig == SIGUSR1) {
		info_usr1 = *info;
		got_usr1++;
	} else {
		info_rt = *info;
		got_rt++;
	}
}

static void check(const char *what, const siginfo_t *si, int sig, int code,
		  pid_t pid)
{
	printf("%s: si_signo %d si_code %d si_pid %d si_uid %u\n", what,
	       si->si_signo, si->si_code, (int)si->si_pid,
	       (unsigned int)si->si_uid);
	if (si->si_signo != sig || si->si_code != code)
		PTS_FAILED("%s: si_signo/si_code %d/%d, expected %d/%d", what,
			   si->si_signo, si->si_code, sig, code);
	if (si->si_pid != pid)
		PTS_FAILED("%s: si_pid %d, the sender was %d", what,
			   (int)si->si_pid, (int)pid);
	if (si->si_uid != PTS_NOBODY)
		PTS_FAILED("%s: si_uid %u, the sender's real uid was %d", what,
			   (unsigned int)si->si_uid, PTS_NOBODY);
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, one;
	union sigval v = { .sival_int = 4242 };
	pid_t pid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) || sigaction(SIGRTMIN, &sa, NULL))
		PTS_UNRES("sigaction(): %s", strerror(errno));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		pid_t parent = getppid();

		if (setresuid(PTS_NOBODY, 0, 0))
			exit(PTS_UNRESOLVED);
		if (kill(parent, SIGUSR1) || sigqueue(parent, SIGRTMIN, v))
			exit(PTS_UNRESOLVED);
		exit(PTS_PASS);
	}
	pts_reap(pid, "the sender");

	sigemptyset(&one);
	sigaddset(&one, SIGUSR1);
	sigprocmask(SIG_UNBLOCK, &one, NULL);
	if (got_usr1 != 1)
		PTS_FAILED("SIGUSR1 handler ran %d times", (int)got_usr1);
	check("kill", &info_usr1, SIGUSR1, SI_USER, pid);
	sigemptyset(&one);
	sigaddset(&one, SIGRTMIN);
	sigprocmask(SIG_UNBLOCK, &one, NULL);
	if (got_rt != 1)
		PTS_FAILED("SIGRTMIN handler ran %d times", (int)got_rt);
	check("sigqueue", &info_rt, SIGRTMIN, SI_QUEUE, pid);
	if (info_rt.si_value.sival_int != 4242)
		PTS_FAILED("si_value %d, sent 4242", info_rt.si_value.sival_int);
	PTS_PASSED("si_pid and the sender's real uid in si_uid, SI_USER/SI_QUEUE");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigqueue() to a stopped process: the signals are queued, not acted on
 * and not lost, while it is stopped. A child with SA_SIGINFO handlers
 * for SIGRTMIN and SIGRTMIN+1 is stopped (SIGSTOP, seen by waitpid()
 * with WUNTRACED); SIGRTMIN+1 is queued with the values 4, 5 and
 * SIGRTMIN with 1, 2, 3. The child stays stopped (state T, no
 * continue reported) with both pending for the process (/proc ShdPnd).
 * After SIGCONT its handlers run for all five: SIGRTMIN first (lowest
 * number) with 1, 2, 3 in order, then SIGRTMIN+1 with 4, 5, each with
 * SI_QUEUE and the parent's pid; the child reports them over a pipe.
 */
#include "pts_helpers.h"

static int wfd;

static void handler(int sig, siginfo_t *si, void *uc)
{
	int rec[4] = { sig, si->si_value.sival_int, si->si_code, si->si_pid };

	(void)uc;
	if (write(wfd, rec, sizeof(rec)) != sizeof(rec))
		_exit(PTS_UNRESOLVED);
}

static void child(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigfillset(&sa.sa_mask);
	if (sigaction(SIGRTMIN, &sa, NULL) ||
	    sigaction(SIGRTMIN + 1, &sa, NULL))
		_exit(PTS_UNRESOLVED);
	if (write(wfd, "r", 1) != 1)
		_exit(PTS_UNRESOLVED);
	for (;;)
		pause();
}

int main(void)
{
	static const int sigoff[] = { 1, 1, 0, 0, 0 };
	static const int val[] = { 4, 5, 1, 2, 3 };
	static const int want_sig[] = { 0, 0, 0, 1, 1 };
	static const int want_val[] = { 1, 2, 3, 4, 5 };
	unsigned long long shd, bits;
	int p[2], status, rec[4], i;
	union sigval v;
	char c;
	pid_t pid;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[0]);
		wfd = p[1];
		child();
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1)
		PTS_UNRES("the child did not start");

	if (kill(pid, SIGSTOP) || waitpid(pid, &status, WUNTRACED) != pid ||
	    !WIFSTOPPED(status))
		PTS_UNRES("stopping the child: %m");
	for (i = 0; i < 5; i++) {
		v.sival_int = val[i];
		if (sigqueue(pid, SIGRTMIN + sigoff[i], v))
			PTS_FAILED("sigqueue() to the stopped child: %m");
	}
	pts_wait_task_state(pid, "tT");
	if (waitpid(pid, &status, WNOHANG | WCONTINUED) != 0)
		PTS_FAILED("the child continued or ended on queued signals (status %#x)",
			   status);
	shd = pts_shared_pending(pid);
	bits = (1ULL << (SIGRTMIN - 1)) | (1ULL << SIGRTMIN);
	if ((shd & bits) != bits)
		PTS_FAILED("ShdPnd %llx of the stopped child lacks SIGRTMIN/SIGRTMIN+1",
			   shd);

	if (kill(pid, SIGCONT))
		PTS_UNRES("kill(SIGCONT): %m");
	for (i = 0; i < 5; i++) {
		if (read(p[0], rec, sizeof(rec)) != sizeof(rec)) {
			kill(pid, SIGKILL);
			PTS_FAILED("only %d of 5 signals handled after SIGCONT", i);
		}
		if (rec[0] != SIGRTMIN + want_sig[i] || rec[1] != want_val[i] ||
		    rec[2] != SI_QUEUE || rec[3] != getpid()) {
			kill(pid, SIGKILL);
			PTS_FAILED("delivery %d: signal %d value %d code %d pid %d; expected %d value %d SI_QUEUE %d",
				   i, rec[0], rec[1], rec[2], rec[3],
				   SIGRTMIN + want_sig[i], want_val[i],
				   (int)getpid());
		}
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	PTS_PASSED("signals queued to a stopped process wait for SIGCONT, then all delivered in order");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigignore() (XSI) sets the disposition to SIG_IGN, which discards
 * every pending instance of the signal. Three SIGRTMIN queued by a
 * child to the blocked, caught signal (ShdPnd shows it) and a pending
 * SIGUSR2: sigignore(SIGRTMIN) returns 0, SIGRTMIN is no longer pending
 * (sigpending(), ShdPnd), SIGUSR2 still is; after a handler is set
 * again and SIGRTMIN unblocked nothing is delivered.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include "pts_sigkit.h"

static volatile sig_atomic_t ran;

static void handler(int sig)
{
	(void)sig;
	ran++;
}

static int sender(void)
{
	union sigval v = { .sival_int = 1 };
	int i;

	for (i = 0; i < 3; i++) {
		if (sigqueue(getppid(), SIGRTMIN, v))
			return PTS_UNRESOLVED;
	}
	return kill(getppid(), SIGUSR2) ? PTS_UNRESOLVED : PTS_PASS;
}

int main(void)
{
	unsigned long long pend;
	sigset_t set;

	pts_catch(SIGRTMIN, handler, 0);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pts_reap(pts_fork_fn(sender), "the sender");
	if (pts_shared_pending(getpid()) != (PTS_SIGBIT(SIGRTMIN) | PTS_SIGBIT(SIGUSR2)))
		PTS_UNRES("signals not pending as sent");
	if (sigignore(SIGRTMIN))
		PTS_FAILED("sigignore(SIGRTMIN): %s", strerror(errno));
	pend = pts_shared_pending(getpid());
	sigpending(&set);
	if (sigismember(&set, SIGRTMIN) || (pend & PTS_SIGBIT(SIGRTMIN)))
		PTS_FAILED("SIGRTMIN still pending (ShdPnd %llx)", pend);
	if (!sigismember(&set, SIGUSR2))
		PTS_FAILED("SIGUSR2 was discarded too");
	pts_catch(SIGRTMIN, handler, 0);
	pts_mask1(SIG_UNBLOCK, SIGRTMIN);
	if (ran)
		PTS_FAILED("%d discarded SIGRTMIN delivered", (int)ran);
	PTS_PASSED("all three queued SIGRTMIN discarded, SIGUSR2 kept");
}

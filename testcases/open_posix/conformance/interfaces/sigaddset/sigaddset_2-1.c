// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaddset(), as a mask: a set of SIGRTMAX, SIGRTMIN and SIGHUP (the
 * highest, the lowest realtime and signal 1) given to sigprocmask()
 * blocks exactly those three (SigBlk read back, bits 64, 35, 1 for
 * glibc's SIGRTMIN 34+); each sent to the process then stays pending
 * until unblocked, and is delivered once.
 */
#include "pts_sigkit.h"

static volatile sig_atomic_t ran[3];
static int sigs[3];

static void handler(int sig)
{
	int i;

	for (i = 0; i < 3; i++)
		if (sig == sigs[i])
			ran[i]++;
}

int main(void)
{
	unsigned long long want = 0, blk;
	sigset_t set, none;
	int i;

	sigs[0] = SIGHUP;
	sigs[1] = SIGRTMIN;
	sigs[2] = SIGRTMAX;
	sigemptyset(&set);
	for (i = 0; i < 3; i++) {
		pts_catch(sigs[i], handler, 0);
		if (sigaddset(&set, sigs[i]))
			PTS_FAILED("sigaddset(%d): %s", sigs[i], strerror(errno));
		want |= PTS_SIGBIT(sigs[i]);
	}
	sigprocmask(SIG_SETMASK, &set, NULL);
	blk = pts_task_mask(getpid(), getpid(), "SigBlk");
	if (blk != want)
		PTS_FAILED("SigBlk %llx, expected %llx", blk, want);
	for (i = 0; i < 3; i++)
		kill(getpid(), sigs[i]);
	if (ran[0] || ran[1] || ran[2] || pts_shared_pending(getpid()) != want)
		PTS_FAILED("the signals were not held pending");
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	for (i = 0; i < 3; i++) {
		if (ran[i] != 1)
			PTS_FAILED("signal %d delivered %d times", sigs[i], (int)ran[i]);
	}
	PTS_PASSED("the added signals and only they were blocked");
}

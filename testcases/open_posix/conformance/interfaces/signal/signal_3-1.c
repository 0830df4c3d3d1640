// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * signal(): with func a function, (*func)(sig) is called when the signal
 * occurs, with the signal number as its argument, and execution resumes
 * at the point of interruption; signal() returns the value of func of
 * the last call for that signal (the handler set before), and a call for
 * another signal does not change it. Whether the disposition is reset to
 * SIG_DFL on entry is implementation-defined: reported, not asserted.
 */
#include "pts_helpers.h"

static volatile sig_atomic_t got_sig, calls;

static void h1(int sig)
{
	got_sig = sig;
	calls++;
}

static void h2(int sig)
{
	got_sig = -sig;
}

int main(void)
{
	void (*prev)(int);
	volatile int after = 0;

	if (signal(SIGUSR1, h1) == SIG_ERR)
		PTS_UNRES("signal(): %m");
	if (signal(SIGUSR2, h2) == SIG_ERR)
		PTS_UNRES("signal(): %m");
	raise(SIGUSR1);
	after = 1;
	if (got_sig != SIGUSR1 || calls != 1 || !after)
		PTS_FAILED("handler got %d (calls %d), expected SIGUSR1 once",
			   (int)got_sig, (int)calls);
	raise(SIGUSR2);
	if (got_sig != -SIGUSR2)
		PTS_FAILED("SIGUSR2 handler got %d", -(int)got_sig);
	prev = signal(SIGUSR1, h2);
	if (prev == SIG_DFL)
		printf("INFO: SIGUSR1 reset to SIG_DFL on delivery\n");
	else if (prev != h1)
		PTS_FAILED("signal(SIGUSR1, h2) returned %p, expected h1 %p",
			   (void *)prev, (void *)h1);
	else
		printf("INFO: SIGUSR1 handler kept after delivery\n");
	if (signal(SIGUSR1, SIG_DFL) != h2)
		PTS_FAILED("signal(SIGUSR1, SIG_DFL) did not return h2");
	prev = signal(SIGUSR2, SIG_DFL);
	if (prev != h2 && prev != SIG_DFL)
		PTS_FAILED("SIGUSR2's disposition changed by calls for SIGUSR1");
	PTS_PASSED("handler called with the signal number, execution resumed, previous func returned");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ignored signals are discarded: "setting a signal action to SIG_IGN for
 * a signal that is pending shall cause the pending signal to be
 * discarded", all queued instances of a realtime signal, while other
 * pending signals stay. Whether a blocked signal generated while its
 * action is SIG_IGN is discarded at once or stays pending is unspecified
 * (Linux keeps it pending): only reported; sigqueue() returns 0.
 */
#include "pts_helpers.h"

int main(void)
{
	struct timespec zero = { 0, 0 };
	union sigval v = { 1 };
	struct sigaction sa;
	sigset_t set, pend;
	int i;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGRTMIN, SIG_IGN);
	if (sigqueue(getpid(), SIGRTMIN, v))
		PTS_FAILED("sigqueue() of an ignored signal: %m");
	sigpending(&pend);
	printf("unspecified: a blocked, ignored signal is %s\n",
	       sigismember(&pend, SIGRTMIN) ? "kept pending" : "discarded");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(SIGRTMIN, &sa, NULL);
	for (i = 0; i < 3; i++)
		sigqueue(getpid(), SIGRTMIN, v);
	sigqueue(getpid(), SIGRTMIN + 1, v);
	signal(SIGRTMIN, SIG_IGN);
	sigpending(&pend);
	if (sigismember(&pend, SIGRTMIN))
		PTS_FAILED("queued signals kept after SIG_IGN");
	if (!sigismember(&pend, SIGRTMIN + 1))
		PTS_FAILED("another pending signal was discarded");
	signal(SIGRTMIN, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigtimedwait(&set, NULL, &zero) != -1)
		PTS_FAILED("a discarded instance was still delivered");
	PTS_PASSED("ignored signals not queued, pending ones discarded");
}

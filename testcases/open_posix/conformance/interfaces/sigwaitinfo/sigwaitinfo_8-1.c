// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigwaitinfo(): "If no further signals are queued for the selected
 * signal number, the pending indication for that signal shall be
 * reset" - and not before. SIGRTMIN is queued twice to the process
 * (kill() then sigqueue(), ShdPnd) and once to the main thread
 * (pthread_sigqueue(), SigPnd): after each of the first two takes
 * SIGRTMIN is still pending (sigpending()), after the third it is not,
 * in neither the thread's nor the process's set as the kernel keeps
 * them. The three values come out once each (which queue goes first is
 * not specified: printed), the process-queued two in their order.
 */
#include <pthread.h>

#include "pts_helpers.h"
#include "pts_sigkit.h"

int main(void)
{
	union sigval v1 = { .sival_int = 1 }, v2 = { .sival_int = 2 };
	int i, r, seen[3] = { 0 }, order[3];
	sigset_t set, pend;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (kill(getpid(), SIGRTMIN) || sigqueue(getpid(), SIGRTMIN, v1) ||
	    pthread_sigqueue(pthread_self(), SIGRTMIN, v2))
		PTS_UNRES("queueing SIGRTMIN: %m");
	if (!(pts_shared_pending(getpid()) & PTS_SIGBIT(SIGRTMIN)) ||
	    !(pts_task_mask(getpid(), pts_gettid(), "SigPnd") & PTS_SIGBIT(SIGRTMIN)))
		PTS_UNRES("SIGRTMIN not pending for both the process and the thread");

	for (i = 0; i < 3; i++) {
		memset(&si, 0, sizeof(si));
		r = sigwaitinfo(&set, &si);
		if (r != SIGRTMIN)
			PTS_FAILED("take %d returned %d (%m)", i + 1, r);
		/* kill(): SI_USER; sigqueue(): value 1; the thread's: value 2 */
		order[i] = si.si_code == SI_USER ? 0 : si.si_value.sival_int;
		if (order[i] < 0 || order[i] > 2 || seen[order[i]]++)
			PTS_FAILED("take %d: code %d value %d taken twice or unknown", i + 1,
				   si.si_code, si.si_value.sival_int);
		sigpending(&pend);
		if (i < 2 && !sigismember(&pend, SIGRTMIN))
			PTS_FAILED("SIGRTMIN not pending after take %d of 3", i + 1);
		if (i == 2 && sigismember(&pend, SIGRTMIN))
			PTS_FAILED("SIGRTMIN still pending after the last take");
	}
	for (i = 0, r = -1; i < 3; i++)
		if (order[i] != 2) {
			if (r != -1 && order[i] != 1)
				PTS_FAILED("process queue out of order (kill after sigqueue)");
			r = order[i];
		}
	if ((pts_shared_pending(getpid()) | pts_task_mask(getpid(), pts_gettid(),
							  "SigPnd")) & PTS_SIGBIT(SIGRTMIN))
		PTS_FAILED("the kernel still shows SIGRTMIN pending");
	printf("INFO: order taken: %s %s %s\n",
	       order[0] == 2 ? "thread" : "process", order[1] == 2 ? "thread" : "process",
	       order[2] == 2 ? "thread" : "process");
	PTS_PASSED("pending until the last of three queued SIGRTMIN is taken");
}

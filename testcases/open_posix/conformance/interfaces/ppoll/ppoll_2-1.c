// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A signal blocked by ppoll()'s sigmask does not interrupt the call,
 * though the caller's own mask leaves it unblocked, and is delivered
 * only once the caller's mask is restored. Main sleeps in ppoll() on an
 * empty pipe (no timeout) with sigmask {SIGUSR1}; once it sleeps there a
 * thread sends it SIGUSR1, sees it still pending for main, then sends
 * SIGUSR2, which ppoll's mask lets in: the call fails with [EINTR], and
 * the handlers ran SIGUSR2 first, then SIGUSR1 (after the SIGUSR2
 * handler returned to the restored mask). Were the sigmask not applied,
 * SIGUSR1 would end the call and be handled alone, first: before
 * sending SIGUSR2 the thread waits until main sleeps again, in ppoll()
 * (it was not woken) or in pthread_join() (it was).
 */
#include <pthread.h>

#include "pts_p20.h"

static volatile int order[4], n, bad;
static pid_t main_tid;

static void handler(int sig)
{
	if (n < 4)
		order[n] = sig;
	n++;
}

static void *sender(void *arg)
{
	(void)arg;
	pts_wait_in_syscall(main_tid, SYS_ppoll);
	syscall(SYS_tgkill, getpid(), main_tid, SIGUSR1);
	/*
	 * A woken task reads "running" in /proc/TID/syscall: main asleep in
	 * ppoll again means SIGUSR1 did not wake it. Had it ended the call,
	 * main would next sleep in pthread_join()'s futex wait, with
	 * SIGUSR1 handled alone and first.
	 */
	pts_wait_in_either(main_tid, SYS_ppoll, SYS_futex);
	if (!(pts_task_mask(getpid(), main_tid, "SigPnd") & PTS_SIGBIT(SIGUSR1)) || n)
		bad = 1;
	syscall(SYS_tgkill, getpid(), main_tid, SIGUSR2);
	return NULL;
}

int main(void)
{
	struct pollfd pfd;
	sigset_t during;
	pthread_t t;
	int p[2], r, e;

	if (pipe(p))
		PTS_UNRES("pipe: %s", strerror(errno));
	pfd.fd = p[0];
	pfd.events = POLLIN;
	main_tid = pts_gettid();
	pts_catch(SIGUSR1, handler, 0);
	pts_catch(SIGUSR2, handler, 0);
	/* only main may take the signals: the sender blocks them for itself */
	pts_mask1(SIG_BLOCK, SIGUSR1);
	pts_mask1(SIG_BLOCK, SIGUSR2);
	if (pthread_create(&t, NULL, sender, NULL))
		PTS_UNRES("pthread_create failed");
	pts_mask1(SIG_UNBLOCK, SIGUSR1);
	pts_mask1(SIG_UNBLOCK, SIGUSR2);
	sigemptyset(&during);
	sigaddset(&during, SIGUSR1);
	errno = 0;
	r = ppoll(&pfd, 1, NULL, &during);
	e = errno;
	pthread_join(t, NULL);
	if (bad)
		PTS_FAILED("SIGUSR1 was not left pending for main while it slept in ppoll");
	if (r != -1 || e != EINTR)
		PTS_FAILED("ppoll returned %d (errno %d), expected -1 EINTR", r, e);
	if (n != 2 || order[0] != SIGUSR2 || order[1] != SIGUSR1)
		PTS_FAILED("%d handler runs, first %d then %d; expected SIGUSR2 then SIGUSR1",
			   n, order[0], order[1]);
	PTS_PASSED("a signal in sigmask stayed pending through ppoll, delivered after the mask was restored");
}

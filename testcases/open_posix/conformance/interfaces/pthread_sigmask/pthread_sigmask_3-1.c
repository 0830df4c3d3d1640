// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask() changes the calling thread's mask only, exactly as
 * the kernel keeps it (SigBlk of /proc/self/task/TID/status):
 * - SIG_SETMASK with every signal: SIGKILL and SIGSTOP are left out
 *   silently (0 returned), every other signal is blocked;
 * - SIG_UNBLOCK of {SIGUSR1, SIGRTMIN} removes exactly those two,
 *   SIG_BLOCK of them adds them back (union), oset each time the mask
 *   before the call;
 * - main's mask, set to {SIGUSR2} before, is untouched by the thread's
 *   calls, and a thread created with the full mask in place inherits it.
 */
#include <pthread.h>

#include "pts_helpers.h"

/* the kernel's blocked mask of task tid, bit N-1 for signal N */
static unsigned long long sigblk(pid_t tid)
{
	char path[64], line[256];
	unsigned long long v = ~0ULL;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", (int)tid);
	f = fopen(path, "r");
	if (!f)
		PTS_UNRES("open %s: %m", path);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "SigBlk: %llx", &v) == 1)
			break;
	fclose(f);
	return v;
}

/* a sigset_t as a SigBlk mask */
static unsigned long long bits(const sigset_t *s)
{
	unsigned long long v = 0;
	int sig;

	for (sig = 1; sig <= 64; sig++)
		if (sigismember(s, sig) == 1)
			v |= 1ULL << (sig - 1);
	return v;
}

#define BIT(s) (1ULL << ((s) - 1))

static pid_t main_tid;
static int main_ready;
static unsigned long long main_mask, full_mask;

static void *inherit(void *arg)
{
	(void)arg;
	return (void *)(long)(sigblk(pts_gettid()) == full_mask);
}

static void *thread(void *arg)
{
	unsigned long long k, two = BIT(SIGUSR1) | BIT(SIGRTMIN);
	sigset_t all, set, old;
	pthread_t t;
	void *res;
	int r;

	(void)arg;
	/*
	 * glibc blocks every signal in the creator while it clones: main's
	 * mask is its own again only once pthread_create() has returned.
	 */
	pts_wait_flag(&main_ready, "main's return from pthread_create()");
	sigfillset(&all);
	r = pthread_sigmask(SIG_SETMASK, &all, &old);
	if (r)
		PTS_FAILED("SIG_SETMASK with every signal returned %d", r);
	if (bits(&old) != main_mask)
		PTS_FAILED("the new thread's mask was %llx, not main's %llx",
			   bits(&old), main_mask);
	pthread_sigmask(SIG_SETMASK, NULL, &set);
	k = sigblk(pts_gettid());
	full_mask = bits(&set);
	if (k != full_mask)
		PTS_FAILED("kernel SigBlk %llx, pthread_sigmask() reads %llx",
			   k, full_mask);
	if (k & (BIT(SIGKILL) | BIT(SIGSTOP)))
		PTS_FAILED("SIGKILL or SIGSTOP blocked: %llx", k);
	if ((k | BIT(SIGKILL) | BIT(SIGSTOP)) != (bits(&all) | BIT(SIGKILL) | BIT(SIGSTOP)))
		PTS_FAILED("full mask %llx, the set asked for %llx", k, bits(&all));
	if (sigblk(main_tid) != main_mask)
		PTS_FAILED("main's mask changed to %llx", sigblk(main_tid));

	if (pthread_create(&t, NULL, inherit, NULL) || pthread_join(t, &res))
		PTS_UNRES("pthread_create(): %m");
	if (!res)
		PTS_FAILED("a thread created under the full mask did not inherit it");

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGRTMIN);
	r = pthread_sigmask(SIG_UNBLOCK, &set, &old);
	if (r || bits(&old) != full_mask)
		PTS_FAILED("SIG_UNBLOCK: %d, oset %llx", r, bits(&old));
	k = sigblk(pts_gettid());
	if (k != (full_mask & ~two))
		PTS_FAILED("after SIG_UNBLOCK SigBlk %llx, expected %llx",
			   k, full_mask & ~two);
	r = pthread_sigmask(SIG_BLOCK, &set, &old);
	if (r || bits(&old) != (full_mask & ~two))
		PTS_FAILED("SIG_BLOCK: %d, oset %llx", r, bits(&old));
	k = sigblk(pts_gettid());
	if (k != full_mask)
		PTS_FAILED("after SIG_BLOCK SigBlk %llx, expected %llx", k, full_mask);
	if (sigblk(main_tid) != main_mask)
		PTS_FAILED("main's mask changed to %llx", sigblk(main_tid));
	return NULL;
}

int main(void)
{
	sigset_t set;
	pthread_t t;

	main_tid = pts_gettid();
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	if (pthread_sigmask(SIG_SETMASK, &set, NULL))
		PTS_UNRES("pthread_sigmask(): %m");
	main_mask = sigblk(main_tid);
	if (main_mask != BIT(SIGUSR2))
		PTS_FAILED("main's SigBlk %llx after SIG_SETMASK {SIGUSR2}", main_mask);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create(): %m");
	__atomic_store_n(&main_ready, 1, __ATOMIC_RELEASE);
	if (pthread_join(t, NULL))
		PTS_UNRES("pthread_join()");
	if (sigblk(main_tid) != main_mask)
		PTS_FAILED("main's mask changed to %llx", sigblk(main_tid));
	PTS_PASSED("per-thread masks as the kernel keeps them; SIGKILL/SIGSTOP never blocked");
}

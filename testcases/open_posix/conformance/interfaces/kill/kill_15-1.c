// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill(): [ESRCH] when no process or process group corresponds to pid.
 * The kernel id of a second thread (gettid()) is not the ID of any
 * process or group, so kill(tid, SIGUSR1) should fail with ESRCH and
 * deliver nothing. Linux looks the id up among all tasks and signals
 * the thread's process: a known issue, reported when kill() returns 0
 * and the signal is pending for the process. kill(tid, 0) is printed.
 */
#include <pthread.h>

#include "pts_sigkit.h"

static volatile int tid;
static int fds[2];

static void *thread(void *arg)
{
	char c;

	(void)arg;
	__atomic_store_n(&tid, pts_gettid(), __ATOMIC_RELEASE);
	return (void *)(long)read(fds[0], &c, 1);
}

int main(void)
{
	unsigned long long pend;
	pthread_t t;
	int r, e;

	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pts_mask1(SIG_BLOCK, SIGUSR1);
	if (pthread_create(&t, NULL, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pts_wait_flag(&tid, "the thread's id");
	if (tid == getpid())
		PTS_UNRES("the thread's id is the process ID");
	r = kill(tid, 0);
	printf("kill(tid, 0): %d (%s)\n", r, r ? strerrorname_np(errno) : "0");
	errno = 0;
	r = kill(tid, SIGUSR1);
	e = errno;
	pend = pts_shared_pending(getpid());
	if (write(fds[1], "x", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(t, NULL);
	if (r == -1 && e == ESRCH && !pend)
		PTS_PASSED("ESRCH for a thread id, nothing sent");
	if (r == 0 && pend == PTS_SIGBIT(SIGUSR1))
		PTS_KNOWN_ISSUE("XSH kill, ESRCH",
				"kill(tid of a second thread) returned 0 and "
				"signalled the process");
	PTS_FAILED("kill(tid) returned %d (%s), ShdPnd %llx", r,
		   strerrorname_np(e) ? strerrorname_np(e) : "0", pend);
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_kill() "shall fail if: [EINVAL] The value of the sig argument
 * is an invalid or unsupported signal number". The numbers between the
 * last standard signal and SIGRTMIN that the C library keeps for itself
 * (glibc's cancellation and set*id signals, 32 and 33 on Linux) are not
 * signals an application can send: pthread_kill() of a thread blocked
 * in read() with each of them, and with SIGRTMAX + 1 and -1, returns
 * EINVAL; nothing is pending for the thread or the process afterwards
 * (SigPnd, ShdPnd), and the thread was neither cancelled nor woken: it
 * is still asleep in read() and returns the byte written after.
 */
#include <pthread.h>

#include "pts_blocked.h"
#include "pts_sigkit.h"

static int p[2];

static void *reader(void *arg)
{
	char c = 0;

	(void)arg;
	if (read(p[0], &c, 1) != 1)
		return (void *)-1L;
	return (void *)(long)c;
}

int main(void)
{
	struct pts_blocked b;
	int bad[8], i, e, n = 0;

	if (SIGRTMIN - 32 > 6)
		PTS_UNRES("more reserved signals than expected (SIGRTMIN %d)", SIGRTMIN);
	for (i = 32; i < SIGRTMIN; i++)
		bad[n++] = i;
	bad[n++] = SIGRTMAX + 1;
	bad[n++] = -1;
	if (pipe(p))
		PTS_UNRES("pipe(): %s", strerror(errno));
	pts_start_blocked(&b, reader, NULL, SYS_read);
	for (i = 0; i < n; i++) {
		e = pthread_kill(b.t, bad[i]);
		printf("pthread_kill(%d): %s\n", bad[i], e ? strerrorname_np(e) : "0");
		if (e != EINVAL)
			PTS_FAILED("signal %d returned %d, expected EINVAL", bad[i], e);
	}
	if (pts_task_mask(getpid(), b.tid, "SigPnd") ||
	    pts_task_mask(getpid(), b.tid, "ShdPnd"))
		PTS_FAILED("a signal is pending after the EINVAL calls");
	pts_wait_in_syscall(b.tid, SYS_read);
	if (write(p[1], "k", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (pts_join_long(b.t) != 'k')
		PTS_FAILED("the target's read() was disturbed");
	PTS_PASSED("EINVAL for the reserved numbers, SIGRTMAX + 1 and -1; nothing sent");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_sigmask(): the system "shall not allow the blocking of signals
 * which cannot be ignored", and indicates no error. SIG_BLOCK of a full
 * set returns 0; the thread's mask as the kernel keeps it holds every
 * other signal but not SIGKILL or SIGSTOP, and both still act: SIGSTOP
 * stops the process, a blocked SIGCONT continues it, SIGKILL kills it.
 */
#include <pthread.h>

#include "pts_unblockable.h"

static int block_all(const sigset_t *set)
{
	return pthread_sigmask(SIG_BLOCK, set, NULL);
}

int main(void)
{
	pts_unblockable_check(block_all, "pthread_sigmask(SIG_BLOCK)");
	PTS_PASSED("SIGKILL and SIGSTOP left out silently and still act");
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Checkpoints synchronise the test process with its children (and the
 * children among themselves) through futexes in memory shared by all of
 * them. Needs .needs_checkpoints = 1. Waits time out after 10 s scaled by
 * $LTP_TIMEOUT_MUL, which is TBROK: a lost wake-up must not hang a run.
 */
#ifndef TST_CHECKPOINT_H
#define TST_CHECKPOINT_H

#include <sys/types.h>

#define TST_CHECKPOINT_MAX	64

/* 0 on success, -1 with errno ETIMEDOUT/EINVAL on failure */
int tst_checkpoint_wait(unsigned int id, unsigned int msec_timeout);
/* wake nr_wake waiters, waiting up to msec_timeout for them to arrive */
int tst_checkpoint_wake(unsigned int id, unsigned int nr_wake,
			unsigned int msec_timeout);

void tst_safe_checkpoint_wait(const char *file, int line, unsigned int id,
			      unsigned int msec_timeout);
void tst_safe_checkpoint_wake(const char *file, int line, unsigned int id,
			      unsigned int nr_wake, unsigned int msec_timeout);
/*
 * A wait for a wake-up that process pid (a child) owes: TBROK as soon as
 * it has ended instead (reaped, its exit told), not after a long timeout.
 */
void tst_safe_checkpoint_wait_pid(const char *file, int line, unsigned int id,
				  unsigned int msec_timeout, pid_t pid);

#define TST_CHECKPOINT_WAIT(id) \
	tst_safe_checkpoint_wait(__FILE__, __LINE__, (id), 0)
#define TST_CHECKPOINT_WAIT2(id, msec) \
	tst_safe_checkpoint_wait(__FILE__, __LINE__, (id), (msec))
#define TST_CHECKPOINT_WAIT_PID(id, msec, pid) \
	tst_safe_checkpoint_wait_pid(__FILE__, __LINE__, (id), (msec), (pid))
#define TST_CHECKPOINT_WAKE(id) \
	tst_safe_checkpoint_wake(__FILE__, __LINE__, (id), 1, 0)
#define TST_CHECKPOINT_WAKE2(id, nr) \
	tst_safe_checkpoint_wake(__FILE__, __LINE__, (id), (nr), 0)
#define TST_CHECKPOINT_WAKE_AND_WAIT(id) do { \
	TST_CHECKPOINT_WAKE(id); \
	TST_CHECKPOINT_WAIT(id); \
} while (0)

#endif /* TST_CHECKPOINT_H */

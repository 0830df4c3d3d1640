// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_close() "shall deallocate (that is, make available for reuse by
 * a subsequent sem_open() by this process) any system resources
 * allocated by the system for use by this process for this
 * semaphore". Opened twice, the semaphore has one address; the first
 * sem_close() matches one open only, so the semaphore is still in use
 * there (posted and read back). The second one releases it: the
 * memory that held it is no longer mapped in the process (msync()
 * [ENOMEM], as the kernel reports it), and a new sem_open() finds the
 * value kept.
 */
#include <semaphore.h>
#include <stdint.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static int mapped(void *addr)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *page = (void *)((uintptr_t)addr & ~(uintptr_t)(pg - 1));

	if (!msync(page, pg, MS_ASYNC))
		return 1;
	if (errno != ENOMEM)
		PTS_UNRES("msync(): %m");
	return 0;
}

int main(void)
{
	char name[64];
	sem_t *s1, *s2, *s3;
	int v = -1;

	snprintf(name, sizeof(name), "/pts_sem_close2_%d", (int)getpid());
	s1 = sem_open(name, O_CREAT | O_EXCL, 0600, 3);
	s2 = sem_open(name, 0);
	if (s1 == SEM_FAILED || s2 == SEM_FAILED) {
		sem_unlink(name);
		PTS_UNRES("sem_open(): %m");
	}
	if (s1 != s2) {
		sem_unlink(name);
		PTS_FAILED("two opens gave %p and %p", (void *)s1, (void *)s2);
	}
	if (!mapped(s1)) {
		sem_unlink(name);
		PTS_UNRES("the open semaphore is not mapped");
	}
	if (sem_close(s1)) {
		sem_unlink(name);
		PTS_FAILED("first sem_close(): %m");
	}
	/* one open still unmatched: usable */
	if (!mapped(s2) || sem_post(s2) || sem_getvalue(s2, &v) || v != 4) {
		sem_unlink(name);
		PTS_FAILED("after one of two closes: mapped %d, value %d (expected 4)",
			   mapped(s2), v);
	}
	if (sem_close(s2)) {
		sem_unlink(name);
		PTS_FAILED("second sem_close(): %m");
	}
	if (mapped(s2)) {
		sem_unlink(name);
		PTS_FAILED("the semaphore's memory still mapped after the last sem_close()");
	}
	s3 = sem_open(name, 0);
	sem_unlink(name);
	if (s3 == SEM_FAILED)
		PTS_FAILED("sem_open() after the closes: %m");
	if (sem_getvalue(s3, &v) || v != 4)
		PTS_FAILED("value %d after reopening, expected 4", v);
	PTS_PASSED("the last sem_close() unmapped the semaphore, the value kept");
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the futex tests: the raw futex() call (the C library has no
 * wrapper), futex words in memory shared by the test's processes, and a
 * wait until a waiter is really asleep in the kernel, so that wake counts
 * are exact and nothing depends on timing.
 */
#ifndef FUTEX_HELPERS_H
#define FUTEX_HELPERS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/futex.h>
#include <sys/wait.h>
#include "tst_test.h"

static inline long sys_futex(void *uaddr, int op, uint32_t val,
			     const struct timespec *timeout, void *uaddr2,
			     uint32_t val3)
{
	return tst_syscall(__NR_futex, uaddr, op, val, timeout, uaddr2, val3);
}

/* The val2 argument of the requeue operations travels in "timeout". */
static inline long sys_futex_val2(void *uaddr, int op, uint32_t val,
				  unsigned long val2, void *uaddr2,
				  uint32_t val3)
{
	return tst_syscall(__NR_futex, uaddr, op, val, val2, uaddr2, val3);
}

/* Zeroed memory shared with forked children. */
static inline void *futex_shared(size_t size)
{
	void *p = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	memset(p, 0, size);
	return p;
}

/* State letter of /proc/PID/stat (the field after the comm). */
static inline char proc_state(pid_t pid)
{
	char path[64], buf[512], *p;
	int fd;
	ssize_t len;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[len] = '\0';
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ')
		tst_brk(TBROK, "cannot parse %s: '%s'", path, buf);
	return p[2];
}

/*
 * Wait until pid sleeps ('S'). Callers make the child's futex call its
 * only blocking step after it announced itself, so asleep means queued on
 * the futex. TBROK after the test's remaining time.
 */
static inline void wait_asleep(pid_t pid)
{
	struct timespec tick = { 0, 1000000 };
	unsigned int i, limit = tst_remaining_runtime() * 1000;

	for (i = 0; i < limit; i++) {
		if (proc_state(pid) == 'S')
			return;
		nanosleep(&tick, NULL);
	}
	tst_brk(TBROK, "process %d never went to sleep", (int)pid);
}

static inline double mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Number of children that have exited so far, reaping them. */
static inline int reap_exited(void)
{
	int n = 0;

	while (waitpid(-1, NULL, WNOHANG) > 0)
		n++;
	return n;
}

#endif /* FUTEX_HELPERS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers for process and signal tests: wait until another task is known
 * to sleep (so a signal or a wake-up reaches it while it is blocked, not
 * before it blocks), name a pid that cannot exist, and run a check in a
 * child of its own.
 *
 * Waiting polls /proc: a sound kernel gets there at once; the bound (10 s
 * times LTP_TIMEOUT_MUL) only turns a lost task into TBROK, never a hang.
 */
#ifndef TASK_WAIT_H
#define TASK_WAIT_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "tst_test.h"

/* The library's monotonic clock, under the name its many users know. */
static inline long long task_wait_now_ms(void)
{
	return tst_mono_ms();
}

/*
 * State letter of /proc/<pid>/task/<tid>/stat (R, S, D, T, t, Z, ...),
 * or 0 when the task is gone. The comm field may hold spaces and
 * parentheses, so the state is found after the last ')'. Plain open() and
 * read(), no stdio: a vfork() child calls this too.
 */
static inline char task_state(pid_t pid, pid_t tid)
{
	char path[64], buf[512], *paren;
	ssize_t len;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid,
		 (int)tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len <= 0)
		return 0;
	buf[len] = 0;
	paren = strrchr(buf, ')');
	if (!paren || paren[1] != ' ' || !paren[2])
		return 0;
	return paren[2];
}

/* Wait until task tid of process pid is in one of the states. */
static inline void wait_task_state(pid_t pid, pid_t tid, const char *states)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	char state;

	for (;;) {
		state = task_state(pid, tid);
		if (state && strchr(states, state))
			return;
		if (task_wait_now_ms() > deadline)
			tst_brk(TBROK, "task %d of process %d is in state '%c',"
				" not one of \"%s\", after 10 s", (int)tid,
				(int)pid, state ? state : '-', states);
		usleep(1000);
	}
}

/*
 * Wait until process pid (its main thread) sleeps inside system call nr:
 * /proc/<pid>/syscall names the call the task is blocked in.
 */
static inline void wait_task_in_syscall(pid_t pid, long nr)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	char path[64];
	long cur;
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	for (;;) {
		cur = -2;
		f = fopen(path, "r");
		if (f) {
			ok = fscanf(f, "%ld", &cur);
			fclose(f);
			if (ok != 1)
				cur = -2;
		}
		if (cur == nr && strchr("SD", task_state(pid, pid)))
			return;
		if (task_wait_now_ms() > deadline)
			tst_brk(TBROK, "process %d not asleep in syscall %ld "
				"after 10 s (last seen in %ld)", (int)pid, nr,
				cur);
		usleep(1000);
	}
}

/*
 * A pid no process can have: pids are below pid_max. Unlike the pid of a
 * reaped child, it cannot be reused by a test running in parallel.
 */
static inline pid_t unused_pid(void)
{
	long pid_max;

	if (!tst_file_read_long("/proc/sys/kernel/pid_max", &pid_max))
		tst_brk(TBROK, "/proc/sys/kernel/pid_max missing; is /proc "
			"mounted?");
	return (pid_t)pid_max;
}

/* fn() in a forked child (its results count), which is then reaped. */
static inline void run_in_child(void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		fn();
		exit(0);
	}
	reap_child(pid);
}

#endif /* TASK_WAIT_H */

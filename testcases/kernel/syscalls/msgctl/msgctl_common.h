/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the msgctl tests. msgctl() is called through syscall(2)
 * where the test is about the kernel's answer: a C library may check the
 * command or convert the buffer itself (32-bit time64 ABIs do), which would
 * hide what the kernel does with an invalid command or pointer.
 */
#ifndef MSGCTL_COMMON_H
#define MSGCTL_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include "tst_test.h"

static inline long sys_msgctl(int id, int cmd, void *buf)
{
	return tst_syscall(__NR_msgctl, id, cmd, buf);
}

/* A new private queue; set-up step, so a failure is TBROK. */
static inline int new_queue(int mode)
{
	int id = msgget(IPC_PRIVATE, IPC_CREAT | IPC_EXCL | mode);

	if (id < 0)
		tst_brk(TBROK | TERRNO, "msgget(IPC_PRIVATE, %04o)", mode);
	return id;
}

/* For cleanup(): remove *id if the test left it, and forget it. */
static inline void drop_queue(int *id)
{
	if (*id >= 0 && msgctl(*id, IPC_RMID, NULL))
		tst_res(TWARN | TERRNO, "msgctl(%d, IPC_RMID) in cleanup", *id);
	*id = -1;
}

/* State letter of /proc/PID/stat (field 3), 0 once the task is gone. */
static inline char proc_state(pid_t pid)
{
	char path[64], buf[512], *p;
	ssize_t len;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len <= 0)
		return 0;
	buf[len] = '\0';
	/* comm may hold spaces and ')': the state follows the last ')' */
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

#define SYSCALL_UNKNOWN (-2)

/*
 * Syscall number the task is blocked in, from /proc/PID/syscall: -1 while
 * it runs or is outside any syscall, SYSCALL_UNKNOWN when the file cannot
 * be read (no CONFIG_HAVE_ARCH_TRACEHOOK, ptrace restrictions).
 */
static inline long proc_syscall_nr(pid_t pid)
{
	char path[64], buf[64];
	ssize_t len;
	long nr;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return SYSCALL_UNKNOWN;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len <= 0)
		return SYSCALL_UNKNOWN;
	buf[len] = '\0';
	/* "running" does not parse: treat it as not blocked yet */
	return sscanf(buf, "%ld", &nr) == 1 ? nr : -1;
}

/*
 * Wait until pid sleeps in syscall nr, polling rather than sleeping a
 * guessed time. The state alone ('S') could be another sleep of the child
 * (a checkpoint wake that waits for its waiter), so where /proc/PID/syscall
 * is readable it must name the syscall too. msgrcv and msgsnd put the task
 * on the queue's wait list before its state reads 'S'.
 */
static inline void wait_sleeping_in(pid_t pid, long nr, const char *name)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	char state;
	long cur;

	for (;;) {
		state = proc_state(pid);
		cur = proc_syscall_nr(pid);
		if (state == 'S' && (cur == nr || cur == SYSCALL_UNKNOWN))
			return;
		if (!state || state == 'Z')
			tst_brk(TBROK, "pid %d exited before sleeping in %s",
				(int)pid, name);
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "pid %d not asleep in %s after %.0f s "
				"(state %c, syscall %ld)", (int)pid, name,
				10 * tst_timeout_mul(), state, cur);
		usleep(1000);
	}
}

#endif /* MSGCTL_COMMON_H */

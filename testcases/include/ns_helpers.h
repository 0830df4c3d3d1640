/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the namespace tests: a fork that starts the child in new
 * namespaces, reaping a child that must exit 0, namespace identities
 * (/proc/PID/ns/NAME inode numbers) and uid_map/gid_map writing.
 */
#ifndef NS_HELPERS_H
#define NS_HELPERS_H

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"

/* gethostname() whose failure is TBROK. */
static inline void ns_gethostname(char *buf, size_t size)
{
	if (gethostname(buf, size))
		tst_brk(TBROK | TERRNO, "gethostname()");
}

/*
 * fork() whose child starts in the new namespaces of flags (CLONE_NEW*):
 * clone() with no new stack returns 0 in the child, like fork(). Unlike
 * unshare(), it also puts the child itself in a new pid namespace.
 * Returns -1 with errno set on failure.
 */
static inline pid_t ns_fork(unsigned long flags)
{
	fflush(stdout);
	fflush(stderr);
	return syscall(__NR_clone, flags | SIGCHLD, NULL, NULL, NULL, 0);
}

/* ns_fork() that TCONFs when the kernel refuses the flags with EINVAL. */
static inline pid_t safe_ns_fork(const char *file, int line,
				 unsigned long flags)
{
	pid_t pid = ns_fork(flags);

	if (pid == -1 && errno == EINVAL)
		tst_brk_(file, line, TCONF | TERRNO,
			 "clone(flags 0x%lx): namespaces not supported", flags);
	if (pid == -1)
		tst_brk_(file, line, TBROK | TERRNO, "clone(flags 0x%lx)",
			 flags);
	return pid;
}
#define SAFE_NS_FORK(flags) safe_ns_fork(__FILE__, __LINE__, (flags))

/*
 * Reap pid. A child that ended through tst_res()/tst_brk() has its
 * results counted already (it exits 0 or with the result type); any
 * other end is TBROK.
 */
static inline void ns_reap(const char *file, int line, pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid)
		tst_brk_(file, line, TBROK | TERRNO, "waitpid(%d)", (int)pid);
	if (WIFEXITED(status)) {
		switch (WEXITSTATUS(status)) {
		case 0: case TFAIL: case TBROK: case TWARN: case TCONF:
			return;
		}
	}
	if (WIFSIGNALED(status))
		tst_brk_(file, line, TBROK, "child %d killed by %s", (int)pid,
			 tst_strsig(WTERMSIG(status)));
	tst_brk_(file, line, TBROK, "child %d exited with %d", (int)pid,
		 WEXITSTATUS(status));
}
#define NS_REAP(pid) ns_reap(__FILE__, __LINE__, (pid))

/* Inode number of /proc/PID/ns/NAME (pid 0: self): the namespace's id. */
static inline ino_t ns_id(const char *file, int line, pid_t pid,
			  const char *name)
{
	char path[64];
	struct stat st;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/ns/%s", (int)pid, name);
	else
		snprintf(path, sizeof(path), "/proc/self/ns/%s", name);
	if (stat(path, &st))
		tst_brk_(file, line, TBROK | TERRNO, "stat(%s)", path);
	return st.st_ino;
}
#define NS_ID(pid, name) ns_id(__FILE__, __LINE__, (pid), (name))

/*
 * Write buf to /proc/PID/FILE (uid_map, gid_map, setgroups) in one
 * write(), as the kernel requires for the maps. Returns 0, or -1 with
 * errno set by open() or write().
 */
static inline int ns_write_proc(pid_t pid, const char *name, const char *buf)
{
	char path[64];
	ssize_t len = strlen(buf), ret;
	int fd, err;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, name);
	else
		snprintf(path, sizeof(path), "/proc/self/%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ret = write(fd, buf, len);
	err = errno;
	close(fd);
	errno = err;
	if (ret == len)
		return 0;
	if (ret >= 0)
		errno = EIO;
	return -1;
}

/* ns_write_proc() whose failure is TBROK. */
static inline void safe_ns_write_proc(const char *file, int line, pid_t pid,
				      const char *name, const char *buf)
{
	if (ns_write_proc(pid, name, buf))
		tst_brk_(file, line, TBROK | TERRNO, "write '%s' to %s of %d",
			 buf, name, (int)pid);
}
#define SAFE_NS_WRITE_PROC(pid, name, buf) \
	safe_ns_write_proc(__FILE__, __LINE__, (pid), (name), (buf))

/*
 * Map the caller's own ids to 0 in the user namespace it has just
 * unshared (as an unprivileged process may: setgroups denied first).
 * outer_uid/outer_gid are its ids before the unshare.
 */
static inline void ns_map_self_root(uid_t outer_uid, gid_t outer_gid)
{
	char map[64];

	SAFE_NS_WRITE_PROC(0, "setgroups", "deny");
	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)outer_uid);
	SAFE_NS_WRITE_PROC(0, "uid_map", map);
	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)outer_gid);
	SAFE_NS_WRITE_PROC(0, "gid_map", map);
}

/* A pipe used as a one-shot event between a parent and a child. */
static inline void ns_signal_fd(int fd)
{
	char c = 'x';

	if (write(fd, &c, 1) != 1)
		tst_brk(TBROK | TERRNO, "write(event pipe)");
}

static inline void ns_wait_fd(int fd)
{
	char c;
	ssize_t ret = read(fd, &c, 1);

	if (ret != 1)
		tst_brk(TBROK | TERRNO, "read(event pipe) returned %zd", ret);
}

/* The kernel's overflow uid/gid: what unmapped ids show as (65534). */
static inline unsigned int ns_overflow_id(const char *name)
{
	char path[64];
	unsigned int val;

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	SAFE_FILE_SCANF(path, "%u", &val);
	return val;
}

/*
 * A pidfd of pid for setns(), or -1 after a TCONF saying why there is
 * none: no pidfd_open() (before 5.3), or a kernel whose setns() takes no
 * pidfd (before 5.8). Any other pidfd_open() failure is TBROK.
 */
static inline int ns_setns_pidfd(pid_t pid)
{
	int fd = syscall(__NR_pidfd_open, pid, 0);

	if (fd == -1 && errno == ENOSYS) {
		tst_res(TCONF, "pidfd_open() not supported");
		return -1;
	}
	if (fd == -1)
		tst_brk(TBROK | TERRNO, "pidfd_open(%d)", (int)pid);
	if (tst_kvercmp(5, 8, 0) < 0) {
		tst_res(TCONF, "setns() with a pidfd needs Linux 5.8");
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Take signal sig, which the caller has blocked, with its siginfo: 1 when
 * it came within 10 s times LTP_TIMEOUT_MUL, 0 otherwise (si zeroed).
 */
static inline int ns_wait_sig(int sig, siginfo_t *si)
{
	struct timespec ts = { .tv_sec = 10 * tst_timeout_mul() };
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	memset(si, 0, sizeof(*si));
	return sigtimedwait(&set, si, &ts) == sig;
}

/* Block the signals of a 0-terminated list (to take them synchronously). */
static inline void ns_block_sigs(const int *sigs)
{
	sigset_t set;

	sigemptyset(&set);
	while (*sigs)
		sigaddset(&set, *sigs++);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
}

/* The last two numbers of the caller's NSpid line (0 where absent). */
static inline void ns_nspid_tail(unsigned int *a, unsigned int *b)
{
	char line[256], *p;
	unsigned int v;
	FILE *f;
	int n;

	*a = *b = 0;
	f = fopen("/proc/self/status", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "NSpid:", 6))
			continue;
		for (p = line + 6; sscanf(p, "%u%n", &v, &n) == 1; p += n) {
			*a = *b;
			*b = v;
		}
	}
	fclose(f);
}

#define NS_LAST_PID "/proc/sys/kernel/ns_last_pid"

/*
 * write() of val to the ns_last_pid of the caller's pid namespace: 0, or
 * -1 with its errno.
 */
static inline int ns_last_pid_write(long val)
{
	char buf[32];
	int fd, ret, err;

	snprintf(buf, sizeof(buf), "%ld", val);
	fd = SAFE_OPEN(NS_LAST_PID, O_WRONLY);
	ret = write(fd, buf, strlen(buf));
	err = errno;
	SAFE_CLOSE(fd);
	errno = err;
	return ret == (int)strlen(buf) ? 0 : -1;
}

static inline long ns_last_pid_read(void)
{
	long val;

	SAFE_FILE_SCANF(NS_LAST_PID, "%ld", &val);
	return val;
}

#endif /* NS_HELPERS_H */

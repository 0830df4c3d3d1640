/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Checks on a descriptor a syscall made (epoll_create1, eventfd2,
 * inotify_init1, fanotify_init, timerfd_create, signalfd4, pidfd_open):
 * what /proc/self/fd says it is, its access mode, O_NONBLOCK and
 * FD_CLOEXEC, a field of /proc/self/fdinfo, and EMFILE once the
 * descriptor table is full.
 */
#ifndef FD_CHECKS_H
#define FD_CHECKS_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "task_wait.h"

/* What /proc/self/fd/<fd> links to ("anon_inode:[eventfd]"...). */
static inline const char *fd_link(int fd)
{
	static char link[64];
	char path[64];
	ssize_t len;

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	len = readlink(path, link, sizeof(link) - 1);
	link[len > 0 ? len : 0] = 0;
	return link;
}

static inline int fd_accmode(int fd)
{
	return fcntl(fd, F_GETFL) & O_ACCMODE;
}

/* Whether fd has O_NONBLOCK and FD_CLOEXEC exactly as asked (0 or 1). */
static inline int fd_flags_are(int fd, int nonblock, int cloexec)
{
	return !!(fcntl(fd, F_GETFL) & O_NONBLOCK) == nonblock &&
	       !!(fcntl(fd, F_GETFD) & FD_CLOEXEC) == cloexec;
}

/*
 * Scan the line of /proc/self/fdinfo/<fd> that fmt ("Pid: %ld") matches
 * into *val; *val is left alone when no line does.
 */
static inline void fdinfo_scan(int fd, const char *fmt, void *val)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, fmt, val) == 1)
			break;
	fclose(f);
}

/*
 * The lowest descriptor number that is not open: where the next open()
 * lands, and a "not open" descriptor that is not -1 (which some calls
 * give a meaning of their own). Take it after the last open() of setup.
 */
static inline int lowest_free_fd(void)
{
	int fd = SAFE_OPEN("/dev/null", O_RDONLY);
	int num = fd;

	SAFE_CLOSE(fd);
	return num;
}

/* In a child: lower RLIMIT_NOFILE to what is open, the table is full. */
static inline void fd_table_fill(void)
{
	struct rlimit rl;
	int fd = SAFE_OPEN("/dev/null", O_RDONLY);

	rl.rlim_cur = rl.rlim_max = fd + 1;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE)");
}

/* Assert that expr fails with EMFILE in a child whose table is full. */
#define FD_EXP_EMFILE(expr, ...) do {					\
	pid_t fd_emfile_pid_ = SAFE_FORK();				\
									\
	if (!fd_emfile_pid_) {						\
		fd_table_fill();					\
		TST_EXP_FAIL(expr, EMFILE, __VA_ARGS__);		\
		exit(0);						\
	}								\
	reap_child(fd_emfile_pid_);					\
} while (0)

#endif /* FD_CHECKS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A Unix98 pseudo-terminal pair for the pty tests (testcases/kernel/pty/,
 * testcases/cve/): opened through posix_openpt(), granted, unlocked, the
 * slave opened by the name ptsname_r() gives; set-up failures are TBROK.
 *
 * Data written to one end reaches the other through the tty flip buffer,
 * which a workqueue hands to the line discipline later: a test waits for
 * it with pty_wait_in() (poll(), which also flushes that work), bounded by
 * 10 s times LTP_TIMEOUT_MUL, before it counts or reads without blocking.
 */
#ifndef PTY_PAIR_H
#define PTY_PAIR_H

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include "tst_test.h"

/* The master, unlocked; its slave's path in path (PATH_MAX bytes). */
static inline int pty_open_master(char *path)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY);

	if (master < 0)
		tst_brk(TBROK | TERRNO, "posix_openpt(O_RDWR | O_NOCTTY)");
	if (grantpt(master))
		tst_brk(TBROK | TERRNO, "grantpt()");
	if (unlockpt(master))
		tst_brk(TBROK | TERRNO, "unlockpt()");
	if (ptsname_r(master, path, PATH_MAX))
		tst_brk(TBROK | TERRNO, "ptsname_r()");
	return master;
}

/* A pair; slave_flags are or-ed into O_RDWR | O_NOCTTY for the slave. */
static inline void pty_open_pair(int *master, int *slave, int slave_flags)
{
	char path[PATH_MAX];

	*master = pty_open_master(path);
	*slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY | slave_flags);
}

/*
 * poll() fd for events, bounded; the events seen, 0 when none came in
 * 10 s (times the multiplier).
 */
static inline short pty_poll(int fd, short events)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	struct pollfd pfd = {.fd = fd, .events = events};
	int ret;

	for (;;) {
		ret = poll(&pfd, 1, 100);
		if (ret < 0)
			tst_brk(TBROK | TERRNO, "poll(%d)", fd);
		if (ret > 0)
			return pfd.revents;
		if (tst_mono_ms() > deadline)
			return 0;
	}
}

/* Wait until fd is readable; TBROK naming what when it never is. */
static inline void pty_wait_in(int fd, const char *what)
{
	if (!(pty_poll(fd, POLLIN) & POLLIN))
		tst_brk(TBROK, "%s: nothing readable after 10 s", what);
}

/* tcgetattr() and tcsetattr(TCSANOW), TBROK on failure. */
static inline void pty_getattr(int fd, struct termios *t)
{
	if (tcgetattr(fd, t))
		tst_brk(TBROK | TERRNO, "tcgetattr(%d)", fd);
}

static inline void pty_setattr(int fd, const struct termios *t)
{
	if (tcsetattr(fd, TCSANOW, t))
		tst_brk(TBROK | TERRNO, "tcsetattr(%d)", fd);
}

/* Clear and set c_lflag bits of fd's termios. */
static inline void pty_lflag(int fd, tcflag_t clear, tcflag_t set)
{
	struct termios t;

	pty_getattr(fd, &t);
	t.c_lflag = (t.c_lflag & ~clear) | set;
	pty_setattr(fd, &t);
}

/* FIONREAD (TIOCINQ) of fd. */
static inline int pty_inq(int fd)
{
	int n = -1;

	if (ioctl(fd, FIONREAD, &n))
		tst_brk(TBROK | TERRNO, "ioctl(%d, FIONREAD)", fd);
	return n;
}

/*
 * Read exactly len bytes from fd into buf, waiting for each part (the
 * sender's data may arrive in pieces); TFAIL and 0 when they do not all
 * come, 1 when they did.
 */
static inline int pty_read_len(int fd, char *buf, size_t len,
			       const char *what)
{
	size_t got = 0;
	ssize_t ret;

	while (got < len) {
		if (!(pty_poll(fd, POLLIN) & POLLIN)) {
			tst_res(TFAIL, "%s: %zu of %zu bytes after 10 s",
				what, got, len);
			return 0;
		}
		ret = read(fd, buf + got, len - got);
		if (ret <= 0) {
			tst_res(TFAIL | TERRNO, "%s: read() = %zd after %zu "
				"of %zu bytes", what, ret, got, len);
			return 0;
		}
		got += ret;
	}
	return 1;
}

/* Read len bytes from fd and compare them with want (TPASS/TFAIL). */
static inline void pty_expect(int fd, const char *want, size_t len,
			      const char *what)
{
	char buf[256];

	if (len > sizeof(buf))
		tst_brk(TBROK, "pty_expect(%s): %zu bytes is too many", what,
			len);
	if (!pty_read_len(fd, buf, len, what))
		return;
	if (memcmp(buf, want, len))
		tst_res(TFAIL, "%s: read '%.*s', expected '%.*s'", what,
			(int)len, buf, (int)len, want);
	else
		tst_res(TPASS, "%s", what);
}

#endif /* PTY_PAIR_H */

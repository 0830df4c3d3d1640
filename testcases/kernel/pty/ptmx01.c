// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unix98 pseudo-terminal allocation, locking and the ends' lifetimes
 * (drivers/tty/pty.c, fs/devpts):
 * - posix_openpt() gives a master whose TIOCGPTN is the number in
 *   ptsname(); /dev/pts/N is a character device of that minor;
 * - a new master is locked (TIOCGPTLCK 1): opening its slave and
 *   TIOCGPTPEER are EIO until unlockpt(); TIOCSPTLCK 1 locks it again
 *   (EIO), 0 unlocks it; the slave may then be open more than once;
 * - TIOCGPTPEER opens the slave with the flags asked (O_CLOEXEC seen by
 *   F_GETFD), the same device as ptsname()'s; on the slave it is EIO,
 *   on a regular file ENOTTY; TIOCGPTN on the slave is ENOTTY;
 * - what the slave wrote before its last close is still read by the
 *   master ("bye\r\n", ONLCR), then the master's read is EIO and poll()
 *   says POLLHUP; a slave opened again brings data through once more;
 * - closing the master hangs the slave up: its read() is 0, write()
 *   EIO, poll() says POLLHUP, and /dev/pts/N is gone (ENOENT), as is a
 *   never allocated /dev/pts entry.
 */
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "lapi/tty.h"
#include "pty_pair.h"

static void check_alloc(int master, const char *path, unsigned int *n)
{
	char want[64];
	struct stat st;

	TST_EXP_PASS(ioctl(master, TIOCGPTN, n), "TIOCGPTN");
	snprintf(want, sizeof(want), "/dev/pts/%u", *n);
	TST_EXP_EXPR(!strcmp(path, want), "ptsname() %s is /dev/pts/TIOCGPTN "
		     "(%s)", path, want);
	SAFE_STAT(path, &st);
	TST_EXP_EXPR(S_ISCHR(st.st_mode) && minor(st.st_rdev) == *n % 256,
		     "%s is a character device of minor %u (mode %o, "
		     "minor %u)", path, *n % 256, st.st_mode,
		     minor(st.st_rdev));
}

static void check_locking(void)
{
	char path[PATH_MAX];
	int master, lock = -1, fd, fd2;
	unsigned int n;

	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0)
		tst_brk(TBROK | TERRNO, "posix_openpt()");
	if (ptsname_r(master, path, sizeof(path)))
		tst_brk(TBROK | TERRNO, "ptsname_r()");
	check_alloc(master, path, &n);

	TST_EXP_PASS(ioctl(master, TIOCGPTLCK, &lock), "TIOCGPTLCK");
	TST_EXP_EQ_LI(lock, 1);
	TST_EXP_FAIL(open(path, O_RDWR | O_NOCTTY), EIO,
		     "open() of a locked slave");
	TST_EXP_FAIL(ioctl(master, TIOCGPTPEER, O_RDWR | O_NOCTTY), EIO,
		     "TIOCGPTPEER on a locked pty");

	if (unlockpt(master))
		tst_brk(TBROK | TERRNO, "unlockpt()");
	TST_EXP_PASS(ioctl(master, TIOCGPTLCK, &lock), "TIOCGPTLCK");
	TST_EXP_EQ_LI(lock, 0);
	TST_EXP_FD(open(path, O_RDWR | O_NOCTTY), "open() unlocked");
	fd = TST_RET;

	lock = 1;
	TST_EXP_PASS(ioctl(master, TIOCSPTLCK, &lock), "TIOCSPTLCK 1");
	lock = -1;
	TST_EXP_PASS(ioctl(master, TIOCGPTLCK, &lock), "TIOCGPTLCK");
	TST_EXP_EQ_LI(lock, 1);
	TST_EXP_FAIL(open(path, O_RDWR | O_NOCTTY), EIO,
		     "open() after TIOCSPTLCK 1");
	lock = 0;
	TST_EXP_PASS(ioctl(master, TIOCSPTLCK, &lock), "TIOCSPTLCK 0");
	TST_EXP_FD(open(path, O_RDWR | O_NOCTTY),
		   "second open() after TIOCSPTLCK 0");
	fd2 = TST_RET;
	if (fd2 >= 0)
		SAFE_CLOSE(fd2);
	if (fd >= 0)
		SAFE_CLOSE(fd);
	SAFE_CLOSE(master);
}

static void check_peer(void)
{
	char path[PATH_MAX];
	struct stat by_name, by_peer;
	int master, slave, peer, flags;
	unsigned int n;

	master = pty_open_master(path);
	TST_EXP_FD(ioctl(master, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC),
		   "TIOCGPTPEER(O_RDWR | O_NOCTTY | O_CLOEXEC)");
	peer = TST_RET;
	if (peer < 0) {
		SAFE_CLOSE(master);
		return;
	}
	flags = fcntl(peer, F_GETFD);
	TST_EXP_EXPR(flags >= 0 && (flags & FD_CLOEXEC),
		     "the peer fd has FD_CLOEXEC (F_GETFD %d)", flags);
	SAFE_STAT(path, &by_name);
	SAFE_FSTAT(peer, &by_peer);
	TST_EXP_EXPR(by_name.st_rdev == by_peer.st_rdev,
		     "the peer is %s (rdev %u:%u, peer %u:%u)", path,
		     major(by_name.st_rdev), minor(by_name.st_rdev),
		     major(by_peer.st_rdev), minor(by_peer.st_rdev));
	SAFE_WRITE(1, peer, "p", 1);
	pty_expect(master, "p", 1, "the master reads what the peer wrote");

	slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	TST_EXP_FAIL(ioctl(slave, TIOCGPTPEER, O_RDWR), EIO,
		     "TIOCGPTPEER on the slave");
	TST_EXP_FAIL(ioctl(slave, TIOCGPTN, &n), ENOTTY,
		     "TIOCGPTN on the slave");
	SAFE_CLOSE(slave);
	SAFE_CLOSE(peer);
	SAFE_CLOSE(master);

	peer = SAFE_OPEN("regular", O_RDWR | O_CREAT, 0600);
	TST_EXP_FAIL(ioctl(peer, TIOCGPTPEER, O_RDWR), ENOTTY,
		     "TIOCGPTPEER on a regular file");
	SAFE_CLOSE(peer);
}

static void check_slave_close(void)
{
	char path[PATH_MAX], c;
	int master, slave;

	master = pty_open_master(path);
	slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	SAFE_WRITE(1, slave, "bye\n", 4);
	SAFE_CLOSE(slave);
	pty_expect(master, "bye\r\n", 5,
		   "the master reads what the slave wrote before closing");
	TST_EXP_FAIL(read(master, &c, 1), EIO,
		     "master read() after the slave's last close");
	TST_EXP_EXPR(pty_poll(master, POLLIN) & POLLHUP,
		     "poll() on the master says POLLHUP");

	slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	SAFE_WRITE(1, slave, "again\n", 6);
	pty_expect(master, "again\r\n", 7,
		   "a reopened slave's data reaches the master");
	SAFE_CLOSE(slave);
	SAFE_CLOSE(master);
}

static void check_master_close(void)
{
	char path[PATH_MAX], c;
	int master, slave;

	master = pty_open_master(path);
	slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	SAFE_CLOSE(master);
	/* the master's close hangs the slave up: end of file */
	TST_EXP_VAL(read(slave, &c, 1), 0,
		    "slave read() after the master closed");
	TST_EXP_FAIL(write(slave, "x", 1), EIO,
		     "slave write() after the master closed");
	TST_EXP_EXPR(pty_poll(slave, POLLIN) & POLLHUP,
		     "poll() on the slave says POLLHUP");
	TST_EXP_FAIL(access(path, F_OK), ENOENT,
		     "%s is gone once its master closed", path);
	SAFE_CLOSE(slave);
	TST_EXP_FAIL(open("/dev/pts/1048575", O_RDWR | O_NOCTTY), ENOENT,
		     "open() of a never allocated /dev/pts entry");
}

static void run(void)
{
	check_locking();
	check_peer();
	check_slave_close();
	check_master_close();
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
};

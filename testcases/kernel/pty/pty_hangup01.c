// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Hanging up a pty slave (drivers/tty/tty_io.c __tty_hangup()):
 * - TIOCVHANGUP needs CAP_SYS_ADMIN: as nobody it is EPERM;
 * - TIOCVHANGUP by root hangs up every open file of the slave, the one
 *   it was called on too: a reader blocked in read() wakes with 0 (end
 *   of file), and after it read() is 0, write() EIO, TCGETS and TIOCSTI
 *   EIO, TIOCSPGRP ENOTTY, and poll() says POLLIN | POLLOUT | POLLERR |
 *   POLLHUP; the slave opened again works;
 * - vhangup() by a session leader whose controlling tty is a slave
 *   sends it SIGHUP, hangs up its file (read 0, write EIO, TIOCGSID
 *   EIO) and leaves it without a controlling tty (/dev/tty ENXIO).
 */
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "pty_pair.h"
#include "task_wait.h"

#define HUP_EVENTS (POLLIN | POLLOUT | POLLERR | POLLHUP)

static int master = -1, slave = -1;
static char path[PATH_MAX];
static volatile sig_atomic_t got_hup;

static void hung_up(int fd, const char *what)
{
	struct termios t;
	char c;
	int pgrp = getpgrp();
	short ev;

	TST_EXP_VAL(read(fd, &c, 1), 0, "%s: read()", what);
	TST_EXP_FAIL(write(fd, "x", 1), EIO, "%s: write()", what);
	TST_EXP_FAIL(ioctl(fd, TCGETS, &t), EIO, "%s: TCGETS", what);
	TST_EXP_FAIL(ioctl(fd, TIOCSTI, "x"), EIO, "%s: TIOCSTI", what);
	TST_EXP_FAIL(ioctl(fd, TIOCSPGRP, &pgrp), ENOTTY, "%s: TIOCSPGRP",
		     what);
	ev = pty_poll(fd, POLLIN | POLLOUT);
	TST_EXP_EXPR((ev & HUP_EVENTS) == HUP_EVENTS,
		     "%s: poll() revents 0x%x has POLLIN | POLLOUT | "
		     "POLLERR | POLLHUP", what, ev);
}

static void vhangup_as_nobody(void)
{
	TST_EXP_FAIL(ioctl(slave, TIOCVHANGUP), EPERM, "TIOCVHANGUP as nobody");
}

static void tiocvhangup(void)
{
	int fd, reader_fd, status;
	pid_t reader;
	char c;

	run_in_nobody_child(vhangup_as_nobody, "TIOCVHANGUP as nobody");

	fd = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	reader_fd = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	reader = SAFE_FORK();
	if (!reader) {
		/* canonical, no input: blocks until the hangup */
		TST_EXP_VAL(read(reader_fd, &c, 1), 0,
			    "a reader blocked in read() wakes with 0");
		exit(0);
	}
	SAFE_CLOSE(reader_fd);
	wait_task_in_syscall(reader, SYS_read);

	TST_EXP_PASS(ioctl(fd, TIOCVHANGUP), "TIOCVHANGUP as root");
	SAFE_WAITPID(reader, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "the blocked reader ended with status 0x%x",
			status);
	hung_up(fd, "the fd TIOCVHANGUP was called on");
	hung_up(slave, "another fd of the slave");
	SAFE_CLOSE(fd);
	SAFE_CLOSE(slave);

	slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	pty_lflag(slave, ECHO, 0);
	SAFE_WRITE(1, master, "ok\n", 3);
	pty_expect(slave, "ok\n", 3, "the slave opened again after the "
		   "hangup reads data");
}

static void on_hup(int sig)
{
	(void)sig;
	got_hup = 1;
}

static void vhangup_session(void)
{
	char cpath[PATH_MAX];
	int m, ctty, status, sid;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		if (setsid() < 0)
			tst_brk(TBROK | TERRNO, "setsid()");
		if (signal(SIGHUP, on_hup) == SIG_ERR)
			tst_brk(TBROK | TERRNO, "signal(SIGHUP)");
		m = pty_open_master(cpath);
		ctty = SAFE_OPEN(cpath, O_RDWR);
		if (ioctl(ctty, TIOCGSID, &sid) || sid != getpid())
			tst_brk(TBROK | TERRNO, "%s is not the child's "
				"controlling tty", cpath);
		TST_EXP_PASS(vhangup(), "vhangup() by the session leader");
		TST_EXP_EXPR(got_hup, "the session leader got SIGHUP");
		hung_up(ctty, "the session's former controlling tty");
		TST_EXP_FAIL(ioctl(ctty, TIOCGSID, &sid), EIO,
			     "TIOCGSID after vhangup()");
		TST_EXP_FAIL(open("/dev/tty", O_RDWR), ENXIO,
			     "open(/dev/tty) after vhangup()");
		SAFE_CLOSE(ctty);
		SAFE_CLOSE(m);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TBROK, "session child ended with status 0x%x", status);
}

static void run(void)
{
	tiocvhangup();
	vhangup_session();
}

static void setup(void)
{
	master = pty_open_master(path);
	slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
}

static void cleanup(void)
{
	if (slave >= 0)
		SAFE_CLOSE(slave);
	if (master >= 0)
		SAFE_CLOSE(master);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
};

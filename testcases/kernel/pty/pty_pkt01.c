// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Packet mode on a pty master (TIOCPKT, drivers/tty/pty.c, n_tty.c):
 * - TIOCPKT 1 is read back by TIOCGPKT; TIOCPKT and TIOCGPKT on the
 *   slave are ENOTTY, with an unmapped argument EFAULT;
 * - data the slave writes reads on the master behind a TIOCPKT_DATA
 *   (0) byte;
 * - each status change reads as one byte, poll() saying POLLPRI first:
 *   tcflow(TCOOFF) on the slave TIOCPKT_STOP (while stopped a
 *   non-blocking slave write is EAGAIN), TCOON TIOCPKT_START, tcflush()
 *   TCOFLUSH TIOCPKT_FLUSHWRITE and TCIFLUSH TIOCPKT_FLUSHREAD, IXON off
 *   TIOCPKT_NOSTOP and on again TIOCPKT_DOSTOP, EXTPROC TIOCPKT_IOCTL;
 * - TIOCPKT 0 ends it: data reads without the header byte.
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/tty.h"
#include "pty_pair.h"

static int master = -1, slave = -1, slave_nb = -1;
static void *unmapped;

static void expect_status(int want, const char *what)
{
	unsigned char c = 0xff;
	short ev = pty_poll(master, POLLPRI);

	if (!(ev & POLLPRI)) {
		tst_res(TFAIL, "%s: no POLLPRI on the master (revents 0x%x)",
			what, ev);
		return;
	}
	TEST(read(master, &c, 1));
	if (TST_RET != 1)
		tst_res(TFAIL | TTERRNO, "%s: read() = %ld", what, TST_RET);
	else if (c != want)
		tst_res(TFAIL, "%s: status byte 0x%02x, expected 0x%02x", what,
			c, want);
	else
		tst_res(TPASS, "%s reads status 0x%02x", what, want);
}

static void set_iflag(tcflag_t clear, tcflag_t set)
{
	struct termios t;

	pty_getattr(slave, &t);
	t.c_iflag = (t.c_iflag & ~clear) | set;
	pty_setattr(slave, &t);
}

static void run(void)
{
	int on = 1, off = 0, got = -1;
	struct termios t;

	/*
	 * No output processing, so data reads back byte for byte; set
	 * before packet mode, which starts with no status pending.
	 */
	pty_getattr(slave, &t);
	t.c_oflag &= ~OPOST;
	t.c_lflag &= ~(ECHO | EXTPROC);
	t.c_iflag |= IXON;
	t.c_cc[VSTOP] = '\023';
	t.c_cc[VSTART] = '\021';
	pty_setattr(slave, &t);

	TST_EXP_PASS(ioctl(master, TIOCPKT, &on), "TIOCPKT 1");
	TST_EXP_PASS(ioctl(master, TIOCGPKT, &got), "TIOCGPKT");
	TST_EXP_EQ_LI(got, 1);
	TST_EXP_FAIL(ioctl(slave, TIOCPKT, &on), ENOTTY, "TIOCPKT on the slave");
	TST_EXP_FAIL(ioctl(slave, TIOCGPKT, &got), ENOTTY,
		     "TIOCGPKT on the slave");
	TST_EXP_FAIL(ioctl(master, TIOCPKT, unmapped), EFAULT,
		     "TIOCPKT with an unmapped argument");
	TST_EXP_FAIL(ioctl(master, TIOCGPKT, unmapped), EFAULT,
		     "TIOCGPKT with an unmapped argument");

	SAFE_WRITE(1, slave, "hi", 2);
	pty_expect(master, "\0hi", 3, "data behind a TIOCPKT_DATA byte");

	TST_EXP_PASS(tcflow(slave, TCOOFF), "tcflow(TCOOFF)");
	expect_status(TIOCPKT_STOP, "TCOOFF");
	TST_EXP_FAIL(write(slave_nb, "x", 1), EAGAIN,
		     "non-blocking write() to a stopped slave");
	TST_EXP_PASS(tcflow(slave, TCOON), "tcflow(TCOON)");
	expect_status(TIOCPKT_START, "TCOON");

	TST_EXP_PASS(tcflush(slave, TCOFLUSH), "tcflush(TCOFLUSH)");
	expect_status(TIOCPKT_FLUSHWRITE, "TCOFLUSH");
	TST_EXP_PASS(tcflush(slave, TCIFLUSH), "tcflush(TCIFLUSH)");
	expect_status(TIOCPKT_FLUSHREAD, "TCIFLUSH");

	set_iflag(IXON, 0);
	expect_status(TIOCPKT_NOSTOP, "IXON cleared");
	set_iflag(0, IXON);
	expect_status(TIOCPKT_DOSTOP, "IXON set");

	pty_lflag(slave, 0, EXTPROC);
	expect_status(TIOCPKT_IOCTL, "EXTPROC set");
	pty_lflag(slave, EXTPROC, 0);
	/* clearing EXTPROC reports TIOCPKT_IOCTL too */
	expect_status(TIOCPKT_IOCTL, "EXTPROC cleared");

	TST_EXP_PASS(ioctl(master, TIOCPKT, &off), "TIOCPKT 0");
	got = -1;
	TST_EXP_PASS(ioctl(master, TIOCGPKT, &got), "TIOCGPKT");
	TST_EXP_EQ_LI(got, 0);
	SAFE_WRITE(1, slave, "hi", 2);
	pty_expect(master, "hi", 2, "without packet mode no header byte");
}

static void setup(void)
{
	char path[PATH_MAX];

	master = pty_open_master(path);
	slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	slave_nb = SAFE_OPEN(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			     -1, 0);
}

static void cleanup(void)
{
	if (slave_nb >= 0)
		SAFE_CLOSE(slave_nb);
	if (slave >= 0)
		SAFE_CLOSE(slave);
	if (master >= 0)
		SAFE_CLOSE(master);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.timeout = 60,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The N_TTY line discipline on a pty slave, canonical against raw input
 * (drivers/tty/n_tty.c):
 * - canonical: VERASE removes the previous character, VKILL the line,
 *   ICRNL turns '\r' into '\n'; a read returns one line at most, the
 *   rest of a line on the next read; a partial line is not readable (a
 *   non-blocking read is EAGAIN, FIONREAD 0) until its newline comes;
 * - VEOF ends a line without being read ("xy^D" reads "xy", FIONREAD 2),
 *   and at the start of a line reads as end of file (0);
 * - ECHO sends the input back to the master, '\n' as "\r\n" (ONLCR);
 *   slave output gets "\r\n" with OPOST | ONLCR and "\n" without OPOST;
 * - raw (cfmakeraw, VMIN 1): every byte as sent, erase and EOF included,
 *   FIONREAD counts them all; VMIN 0 VTIME 0 reads 0 at once when empty.
 */
#include "tst_test.h"
#include "pty_pair.h"

static int master = -1, slave = -1, slave_nb = -1;

static void canonical(void)
{
	struct termios t;
	char buf[16];

	pty_getattr(slave, &t);
	t.c_lflag |= ICANON;
	t.c_lflag &= ~ECHO;
	t.c_iflag |= ICRNL;
	t.c_cc[VERASE] = 0x7f;
	t.c_cc[VKILL] = 0x15;
	t.c_cc[VEOF] = 0x04;
	pty_setattr(slave, &t);

	SAFE_WRITE(1, master, "ab\x7f" "c\n", 5);
	pty_expect(slave, "ac\n", 3, "VERASE removes the previous character");
	SAFE_WRITE(1, master, "junk\x15ok\n", 8);
	pty_expect(slave, "ok\n", 3, "VKILL removes the line");
	SAFE_WRITE(1, master, "cr\r", 3);
	pty_expect(slave, "cr\n", 3, "ICRNL turns \\r into \\n");

	SAFE_WRITE(1, master, "l1\nl2\n", 6);
	pty_wait_in(slave, "two lines");
	TST_EXP_VAL(read(slave, buf, sizeof(buf)), 3,
		    "a read returns one line of two");
	TST_EXP_VAL(read(slave, buf, 2), 2, "a short read of a line");
	TST_EXP_EXPR(!memcmp(buf, "l2", 2), "it returns the line's start");
	TST_EXP_VAL(read(slave, buf, sizeof(buf)), 1,
		    "the next read returns the rest of the line");

	/* the failed non-blocking read flushes the input to the ldisc */
	SAFE_WRITE(1, master, "part", 4);
	TST_EXP_FAIL(read(slave_nb, buf, sizeof(buf)), EAGAIN,
		     "a partial line is not readable");
	TST_EXP_EQ_LI(pty_inq(slave), 0);
	SAFE_WRITE(1, master, "\n", 1);
	pty_expect(slave, "part\n", 5, "the line once its newline came");

	SAFE_WRITE(1, master, "xy\x04", 3);
	pty_wait_in(slave, "a line ended by VEOF");
	TST_EXP_EQ_LI(pty_inq(slave), 2);
	TST_EXP_VAL(read(slave, buf, sizeof(buf)), 2,
		    "VEOF ends the line and is not read");
	TST_EXP_EXPR(!memcmp(buf, "xy", 2), "it reads \"xy\"");
	SAFE_WRITE(1, master, "\x04", 1);
	pty_wait_in(slave, "VEOF alone");
	TST_EXP_VAL(read(slave, buf, sizeof(buf)), 0,
		    "VEOF at the start of a line reads as end of file");
	TST_EXP_EQ_LI(pty_inq(slave), 0);
}

static void echo_and_output(void)
{
	struct termios t;

	pty_getattr(slave, &t);
	t.c_lflag |= ICANON | ECHO;
	t.c_oflag |= OPOST | ONLCR;
	pty_setattr(slave, &t);
	SAFE_WRITE(1, master, "e\n", 2);
	pty_expect(master, "e\r\n", 3, "ECHO sends the input back to the "
		   "master, '\\n' as \"\\r\\n\"");
	pty_expect(slave, "e\n", 2, "the echoed line is also read");

	SAFE_WRITE(1, slave, "o\n", 2);
	pty_expect(master, "o\r\n", 3, "OPOST | ONLCR: slave output "
		   "\"o\\n\" reads \"o\\r\\n\"");
	t.c_oflag &= ~OPOST;
	t.c_lflag &= ~ECHO;
	pty_setattr(slave, &t);
	SAFE_WRITE(1, slave, "o\n", 2);
	pty_expect(master, "o\n", 2, "without OPOST \"o\\n\" is sent as is");
}

static void raw(void)
{
	struct termios t;
	char buf[16];

	pty_getattr(slave, &t);
	cfmakeraw(&t);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	pty_setattr(slave, &t);

	SAFE_WRITE(1, master, "a\x7f\x04z", 4);
	pty_wait_in(slave, "raw input");
	TST_EXP_EQ_LI(pty_inq(slave), 4);
	pty_expect(slave, "a\x7f\x04z", 4, "raw input is read as sent");

	t.c_cc[VMIN] = 0;
	pty_setattr(slave, &t);
	TST_EXP_VAL(read(slave, buf, sizeof(buf)), 0,
		    "VMIN 0 VTIME 0 on empty input reads 0 at once");
	SAFE_WRITE(1, master, "q", 1);
	pty_wait_in(slave, "raw input with VMIN 0");
	TST_EXP_VAL(read(slave, buf, sizeof(buf)), 1,
		    "VMIN 0 VTIME 0 reads what is there");
}

static void run(void)
{
	canonical();
	echo_and_output();
	raw();
}

static void setup(void)
{
	char path[PATH_MAX];

	master = pty_open_master(path);
	slave = SAFE_OPEN(path, O_RDWR | O_NOCTTY);
	slave_nb = SAFE_OPEN(path, O_RDWR | O_NOCTTY | O_NONBLOCK);
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

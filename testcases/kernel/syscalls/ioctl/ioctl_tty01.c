// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Terminal ioctls on a pseudo-terminal pair (drivers/tty/tty_io.c,
 * tty_ioctl.c, n_tty.c):
 * - TCGETS/TCSETS round trip on the slave: a cleared ECHO and a new
 *   VMIN read back, and the old TCGETA view agrees; TCSETA sets what
 *   TCGETS then reads;
 * - TIOCSWINSZ sets what TIOCGWINSZ reads, also through the master;
 * - FIONREAD on the slave counts a line written to the master once it
 *   is readable (poll, bounded), and TIOCOUTQ on the master is 0 then;
 * - TCGETS/TCGETA on a closed fd are EBADF, into NULL or an unmapped
 *   address EFAULT; an unknown request on a tty and TCGETS/TCGETA on a
 *   regular file are ENOTTY.
 */
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>
#include <termio.h>
#include "tst_test.h"

static int master = -1, slave = -1, file_fd = -1;
static void *unmapped;

static void termios_round_trip(void)
{
	struct termios t, back;
	struct termio old;

	TST_EXP_PASS(ioctl(slave, TCGETS, &t), "TCGETS");
	t.c_lflag &= ~ECHO;
	t.c_cc[VMIN] = 7;
	TST_EXP_PASS(ioctl(slave, TCSETS, &t), "TCSETS ~ECHO, VMIN 7");
	memset(&back, 0, sizeof(back));
	TST_EXP_PASS(ioctl(slave, TCGETS, &back), "TCGETS");
	TST_EXP_EQ_LI(back.c_lflag & ECHO, 0);
	TST_EXP_EQ_LI(back.c_cc[VMIN], 7);
	TST_EXP_PASS(ioctl(slave, TCGETA, &old), "TCGETA");
	TST_EXP_EQ_LI(old.c_lflag, back.c_lflag & 0xffff);
	TST_EXP_EQ_LI(old.c_cc[VMIN], 7);
	old.c_cc[VMIN] = 5;
	old.c_lflag |= ECHO;
	TST_EXP_PASS(ioctl(slave, TCSETA, &old), "TCSETA ECHO, VMIN 5");
	TST_EXP_PASS(ioctl(slave, TCGETS, &back), "TCGETS");
	TST_EXP_EQ_LI(back.c_lflag & ECHO, ECHO);
	TST_EXP_EQ_LI(back.c_cc[VMIN], 5);
	t.c_lflag &= ~ECHO;
	TST_EXP_PASS(ioctl(slave, TCSETS, &t), "TCSETS ~ECHO again");
}

static void window_size(void)
{
	struct winsize ws = { .ws_row = 33, .ws_col = 111 }, back = { 0 };

	TST_EXP_PASS(ioctl(slave, TIOCSWINSZ, &ws), "TIOCSWINSZ 33x111");
	TST_EXP_PASS(ioctl(master, TIOCGWINSZ, &back), "TIOCGWINSZ (master)");
	TST_EXP_EQ_LI(back.ws_row, 33);
	TST_EXP_EQ_LI(back.ws_col, 111);
}

static void queued_bytes(void)
{
	struct pollfd pfd = { .fd = slave, .events = POLLIN };
	int n = -1;
	char buf[16];

	TST_EXP_PASS(ioctl(slave, FIONREAD, &n), "FIONREAD, nothing queued");
	TST_EXP_EQ_LI(n, 0);
	SAFE_WRITE(1, master, "hello\n", 6);
	if (poll(&pfd, 1, 10000 * tst_timeout_mul()) != 1)
		tst_brk(TBROK | TERRNO, "the slave did not become readable");
	TST_EXP_PASS(ioctl(slave, FIONREAD, &n), "FIONREAD, one line queued");
	TST_EXP_EQ_LI(n, 6);
	TST_EXP_PASS(ioctl(master, TIOCOUTQ, &n), "TIOCOUTQ (master)");
	TST_EXP_EQ_LI(n, 0);
	SAFE_READ(1, slave, buf, 6);
}

static void errors(void)
{
	struct termios t;
	struct termio old;
	int closed_fd = 1000;

	TST_EXP_FAIL(ioctl(closed_fd, TCGETS, &t), EBADF, "TCGETS closed fd");
	TST_EXP_FAIL(ioctl(closed_fd, TCGETA, &old), EBADF, "TCGETA closed fd");
	TST_EXP_FAIL(ioctl(slave, TCGETS, NULL), EFAULT, "TCGETS into NULL");
	TST_EXP_FAIL(ioctl(slave, TCGETA, NULL), EFAULT, "TCGETA into NULL");
	TST_EXP_FAIL(ioctl(slave, TCGETS, unmapped), EFAULT,
		     "TCGETS into an unmapped address");
	TST_EXP_FAIL(ioctl(slave, TCSETS, unmapped), EFAULT,
		     "TCSETS from an unmapped address");
	TST_EXP_FAIL(ioctl(slave, 9999999, &t), ENOTTY,
		     "unknown request on a tty");
	TST_EXP_FAIL(ioctl(file_fd, TCGETS, &t), ENOTTY, "TCGETS regular file");
	TST_EXP_FAIL(ioctl(file_fd, TCGETA, &old), ENOTTY,
		     "TCGETA regular file");
}

static void run(void)
{
	termios_round_trip();
	window_size();
	queued_bytes();
	errors();
}

static void setup(void)
{
	master = SAFE_OPEN("/dev/ptmx", O_RDWR | O_NOCTTY);
	if (grantpt(master) || unlockpt(master))
		tst_brk(TBROK | TERRNO, "grantpt/unlockpt");
	slave = SAFE_OPEN(ptsname(master), O_RDWR | O_NOCTTY);
	file_fd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
	unmapped = SAFE_MMAP(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, 4096);
}

static void cleanup(void)
{
	if (slave >= 0)
		SAFE_CLOSE(slave);
	if (master >= 0)
		SAFE_CLOSE(master);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_tmpdir = 1,
};

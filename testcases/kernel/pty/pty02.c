// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FIONREAD (TIOCINQ) on a pty slave in canonical mode with EXTPROC, and
 * TIOCOUTQ:
 * - with ICANON | EXTPROC the line discipline does no line editing, so
 *   input is readable byte by byte and FIONREAD counts every byte
 *   queued: after "A\n" and a read of one byte it is 1, after reading
 *   the '\n' 0, after "xy" (no newline) 2, after reading them 0;
 * - without EXTPROC it counts complete lines only: "AB\nC" is 3, and 0
 *   once "AB\n" was read (the "C" waits for its newline);
 * - TIOCOUTQ is 0 on both ends (a pty hands output straight to its peer).
 *
 * Before 966031f34018 ("n_tty: fix EXTPROC vs ICANON interaction with
 * TIOCINQ (aka FIONREAD)") FIONREAD took the canonical count whenever
 * ICANON was set: with EXTPROC the canonical head never moves, so after
 * the first read the count ran from there around the whole buffer, and
 * the ioctl hung or returned a huge number instead of 1.
 */
#include "tst_test.h"
#include "lapi/tty.h"
#include "pty_pair.h"

static int master = -1, slave = -1;

static void run(void)
{
	char buf[8];
	int outq = -1;

	/* the master's TCSETS sets the slave's termios (tty_mode_ioctl) */
	pty_lflag(master, ~0U, ICANON | EXTPROC);

	SAFE_WRITE(1, master, "A\n", 2);
	SAFE_READ(1, slave, buf, 1);
	TST_EXP_EQ_LI(buf[0], 'A');
	tst_res(TINFO, "FIONREAD with ICANON | EXTPROC (hangs where the bug "
		"is)");
	TST_EXP_EQ_LI(pty_inq(slave), 1);

	/*
	 * Read the '\n' too: FIONREAD of an empty buffer must be 0 (the
	 * count from the unmoved canonical head would be huge); then "xy",
	 * readable without a newline under EXTPROC, is counted once it
	 * arrived (it came in one piece, poll() saw it all).
	 */
	pty_expect(slave, "\n", 1, "the rest of the EXTPROC input");
	TST_EXP_EQ_LI(pty_inq(slave), 0);
	SAFE_WRITE(1, master, "xy", 2);
	pty_wait_in(slave, "\"xy\" with EXTPROC");
	TST_EXP_EQ_LI(pty_inq(slave), 2);
	pty_expect(slave, "xy", 2, "EXTPROC input read as sent");
	TST_EXP_EQ_LI(pty_inq(slave), 0);

	pty_lflag(master, EXTPROC, 0);
	SAFE_WRITE(1, master, "AB\nC", 4);
	pty_wait_in(slave, "a line without EXTPROC");
	TST_EXP_EQ_LI(pty_inq(slave), 3);
	TST_EXP_VAL(read(slave, buf, sizeof(buf)), 3,
		    "canonical read() returns the line \"AB\\n\"");
	TST_EXP_EQ_LI(pty_inq(slave), 0);

	TST_EXP_PASS(ioctl(slave, TIOCOUTQ, &outq), "TIOCOUTQ on the slave");
	TST_EXP_EQ_LI(outq, 0);
	outq = -1;
	TST_EXP_PASS(ioctl(master, TIOCOUTQ, &outq),
		     "TIOCOUTQ on the master");
	TST_EXP_EQ_LI(outq, 0);

	/* finish the line so that the next iteration starts empty */
	SAFE_WRITE(1, master, "\n", 1);
	pty_expect(slave, "C\n", 2, "the partial line, once completed");
}

static void setup(void)
{
	pty_open_pair(&master, &slave, 0);
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
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "966031f34018"},
		{}
	},
};

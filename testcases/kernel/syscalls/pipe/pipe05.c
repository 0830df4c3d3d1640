// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fs.pipe-user-pages-soft and -hard (set to 32 and 64 pages here, saved
 * and restored) limit the pipe buffers of an unprivileged user:
 * - as nobody, pipes get the default 16 slots while the user's total
 *   stays within the soft limit; the pipe that takes it past gets the
 *   minimum of 2 slots (F_GETPIPE_SZ two pages);
 * - that small pipe still works as a pipe: filled, drained but one byte,
 *   a one-byte O_NONBLOCK write succeeds (it hung or failed with one slot
 *   before 46c4c9d1beb7) and the bytes read back in order;
 * - F_SETPIPE_SZ growing it past the soft limit is EPERM, its size kept;
 * - more 2-slot pipes are made until the total would pass the hard
 *   limit: exactly 15 more, then pipe() fails with ENFILE;
 * - root (CAP_SYS_RESOURCE) is not limited: its pipes keep 16 slots.
 *
 * Fixed by 46c4c9d1beb7 ("pipe: increase minimum default pipe size to 2
 * pages").
 */
#include <stdlib.h>
#include "tst_test.h"
#include "as_nobody.h"

#define SOFT 32
#define HARD 64
#define DEF_SLOTS 16

static long psize;

static void as_nobody(void)
{
	int fds[2 * 40], n = 0, small, i, more = 0;
	char *buf = SAFE_MALLOC(2 * psize), c[2];

	/* 16 + 16 pages: at the soft limit, not past it */
	for (i = 0; i < 2; i++) {
		SAFE_PIPE(&fds[n]);
		TST_EXP_EQ_LI(fcntl(fds[n + 1], F_GETPIPE_SZ),
			      DEF_SLOTS * psize);
		n += 2;
	}
	SAFE_PIPE(&fds[n]);
	small = n;
	n += 2;
	TST_EXP_EQ_LI(fcntl(fds[small + 1], F_GETPIPE_SZ), 2 * psize);

	fcntl(fds[small + 1], F_SETFL, O_NONBLOCK);
	memset(buf, 'a', 2 * psize);
	buf[2 * psize - 1] = 'b';
	TST_EXP_VAL(write(fds[small + 1], buf, 2 * psize), 2 * psize,
		    "fill the 2-page pipe");
	SAFE_READ(1, fds[small], buf, 2 * psize - 1);
	TST_EXP_VAL(write(fds[small + 1], "c", 1), 1,
		    "1-byte O_NONBLOCK write after draining all but a byte");
	TST_EXP_VAL(read(fds[small], c, 2), 2, "read the last two bytes");
	TST_EXP_EXPR(c[0] == 'b' && c[1] == 'c', "they are 'b' 'c'");

	TST_EXP_FAIL(fcntl(fds[small + 1], F_SETPIPE_SZ, DEF_SLOTS * psize),
		     EPERM, "F_SETPIPE_SZ(16 pages) past the soft limit");
	TST_EXP_EQ_LI(fcntl(fds[small + 1], F_GETPIPE_SZ), 2 * psize);

	/* 34 pages now; each new pipe adds 2 until 64 */
	for (;;) {
		if (n >= (int)(sizeof(fds) / sizeof(fds[0]))) {
			tst_res(TFAIL, "no limit after %d pipes", n / 2);
			break;
		}
		if (pipe(&fds[n])) {
			TST_EXP_EXPR(errno == ENFILE, "pipe() past the hard "
				     "limit fails with ENFILE (%s)",
				     tst_strerrno(errno));
			break;
		}
		if (fcntl(fds[n + 1], F_GETPIPE_SZ) != 2 * psize)
			tst_res(TFAIL, "pipe %d past the soft limit has %d "
				"bytes", more, fcntl(fds[n + 1], F_GETPIPE_SZ));
		n += 2;
		more++;
	}
	TST_EXP_EQ_LI(more, (HARD - SOFT - 2) / 2);
	for (i = 0; i < n; i++)
		SAFE_CLOSE(fds[i]);
	free(buf);
}

static void run(void)
{
	int fds[6], i;

	run_in_nobody_child(as_nobody, "the per-user limits");

	for (i = 0; i < 3; i++)
		SAFE_PIPE(&fds[2 * i]);
	TST_EXP_EQ_LI(fcntl(fds[5], F_GETPIPE_SZ), DEF_SLOTS * psize);
	for (i = 0; i < 6; i++)
		SAFE_CLOSE(fds[i]);
}

static void setup(void)
{
	psize = getpagesize();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ "/proc/sys/fs/pipe-user-pages-soft", "32", 0 },
		{ "/proc/sys/fs/pipe-user-pages-hard", "64", 0 },
		{ NULL, NULL, 0 }
	},
	.tags = (const struct tst_tag[]) {
		/* pipe: increase minimum default pipe size to 2 pages */
		{"linux-git", "46c4c9d1beb7"},
		{}
	},
};

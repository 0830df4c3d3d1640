// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * copy_file_range() effects and the swap file rule:
 * - the destination's mtime and ctime are updated (from a time set long
 *   ago to at least the time before the call) and the bytes are there;
 *   the source's mtime is not touched;
 * - an active swap file can be neither source nor destination: ETXTBSY
 *   either way, and it is not written; after swapoff() the copy works.
 * Syscalls: copy_file_range
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include "tst_test.h"
#include "swapfile.h"

#define SWAP swap_path

static void test_mtime(void)
{
	struct timespec old[2] = {{1000, 0}, {1000, 0}}, before;
	struct stat src, dst;
	loff_t in_off = 0;
	char buf[16] = "";
	int in, out;

	in = SAFE_OPEN("src", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, in, "0123456789", 10);
	out = SAFE_OPEN("dst", O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (futimens(in, old) || futimens(out, old))
		tst_brk(TBROK | TERRNO, "futimens()");
	/*
	 * File times come from current_time(), the coarse clock: read that
	 * one. CLOCK_REALTIME runs up to a tick ahead of it, into the next
	 * second now and then, past the mtime the copy is then given.
	 */
	clock_gettime(CLOCK_REALTIME_COARSE, &before);
	TST_EXP_VAL(copy_file_range(in, &in_off, out, NULL, 10, 0), 10,
		    "copy_file_range() of 10 bytes");
	SAFE_FSTAT(out, &dst);
	SAFE_FSTAT(in, &src);
	TST_EXP_EXPR(dst.st_mtime >= before.tv_sec &&
		     dst.st_ctime >= before.tv_sec, "destination mtime %ld and "
		     "ctime %ld updated (not before %ld)", (long)dst.st_mtime,
		     (long)dst.st_ctime, (long)before.tv_sec);
	TST_EXP_EXPR(src.st_mtime == 1000, "source mtime untouched (%ld)",
		     (long)src.st_mtime);
	SAFE_PREAD(1, out, buf, 10, 0);
	TST_EXP_EXPR(!memcmp(buf, "0123456789", 10), "the bytes were copied");
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
}

static void test_swapfile(void)
{
	struct stat st;
	int in, sw, swr;
	char page[16];

	if (sys_swapon(SWAP, 0)) {
		tst_res(TCONF | TERRNO, "swapon() on the tmpdir's filesystem");
		return;
	}
	in = SAFE_OPEN("src", O_RDWR | O_CREAT, 0600);
	SAFE_PWRITE(1, in, "abcdefgh", 8, 0);
	sw = SAFE_OPEN(SWAP, O_WRONLY);
	swr = SAFE_OPEN(SWAP, O_RDONLY);
	SAFE_PREAD(1, swr, page, sizeof(page), 8192);
	TST_EXP_FAIL(copy_file_range(in, NULL, sw, NULL, 8, 0), ETXTBSY,
		     "copy_file_range() into an active swap file");
	TST_EXP_FAIL(copy_file_range(swr, NULL, in, NULL, 8, 0), ETXTBSY,
		     "copy_file_range() out of an active swap file");
	SAFE_FSTAT(sw, &st);
	if (sys_swapoff(SWAP))
		tst_brk(TBROK | TERRNO, "swapoff()");
	{
		char now[16];

		SAFE_PREAD(1, swr, now, sizeof(now), 8192);
		TST_EXP_EXPR(!memcmp(now, page, sizeof(now)), "the swap file "
			     "was not written");
	}
	TST_EXP_VAL(copy_file_range(in, NULL, sw, NULL, 8, 0), 8,
		    "after swapoff() the copy works");
	SAFE_CLOSE(sw);
	SAFE_CLOSE(swr);
	SAFE_CLOSE(in);
}

static void run(unsigned int n)
{
	if (!n)
		test_mtime();
	else
		test_swapfile();
}


static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = swap_setup,
	.cleanup = swap_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	/* swapon() changes the system's swap */
	.exclusive = 1,
};

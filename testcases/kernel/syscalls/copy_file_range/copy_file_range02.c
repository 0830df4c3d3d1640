// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * copy_file_range(2) errors:
 * - EBADF: a closed descriptor, an input opened write-only, an output
 *   opened read-only or with O_APPEND;
 * - EISDIR: a directory on either side;
 * - EINVAL: flags != 0; a pipe instead of a regular file; overlapping
 *   source and destination ranges in one file;
 * - EOVERFLOW: an offset + length that wraps around: a negative offset,
 *   which the kernel adds to the length as an unsigned 64-bit number;
 * - EFBIG: an output offset at LLONG_MAX, the filesystem's largest file
 *   size or beyond it on every filesystem;
 * - EXDEV: files of different filesystems neither of which can copy
 *   across (an input under /proc);
 * - EFAULT: an offset pointer into unmapped memory.
 * None of them writes to the output.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <limits.h>
#include <signal.h>
#include "tst_test.h"
#include "proc_ids.h"

static int in, out, wronly, rdonly, append, dir, proc, p[2];

static void run(void)
{
	loff_t o1 = 0, o2 = 0, neg = -1, at_max = LLONG_MAX;
	loff_t src = 100, dst = 150;
	struct stat st;

	TST_EXP_FAIL(copy_file_range(-1, NULL, out, NULL, 4, 0), EBADF,
		     "copy_file_range(in -1)");
	TST_EXP_FAIL(copy_file_range(wronly, NULL, out, NULL, 4, 0), EBADF,
		     "copy_file_range(in opened write-only)");
	TST_EXP_FAIL(copy_file_range(in, NULL, rdonly, NULL, 4, 0), EBADF,
		     "copy_file_range(out opened read-only)");
	TST_EXP_FAIL(copy_file_range(in, NULL, append, NULL, 4, 0), EBADF,
		     "copy_file_range(out opened O_APPEND)");

	TST_EXP_FAIL(copy_file_range(dir, NULL, out, NULL, 4, 0), EISDIR,
		     "copy_file_range(in a directory)");

	TST_EXP_FAIL(copy_file_range(in, NULL, out, NULL, 4, 1), EINVAL,
		     "copy_file_range(flags 1)");
	TST_EXP_FAIL(copy_file_range(p[0], NULL, out, NULL, 4, 0), EINVAL,
		     "copy_file_range(in a pipe)");
	TST_EXP_FAIL(copy_file_range(in, &src, in, &dst, 100, 0), EINVAL,
		     "copy_file_range(same file, 100..199 -> 150..249)");
	TST_EXP_FAIL(copy_file_range(in, &neg, out, &o2, 4, 0), EOVERFLOW,
		     "copy_file_range(input offset -1)");
	/*
	 * At LLONG_MAX (MAX_LFS_FILESIZE): at or past every filesystem's
	 * s_maxbytes. Just below it, xfs, btrfs and tmpfs, whose limit it
	 * is, would copy the bytes that fit (a short copy), not EFBIG.
	 */
	TST_EXP_FAIL(copy_file_range(in, &o1, out, &at_max, 100, 0), EFBIG,
		     "copy_file_range(output offset LLONG_MAX, 100)");
	TST_EXP_FAIL(copy_file_range(proc, NULL, out, NULL, 4, 0), EXDEV,
		     "copy_file_range(in /proc/self/status)");
	TST_EXP_FAIL(copy_file_range(in, unmapped_addr(), out, NULL, 4, 0),
		     EFAULT, "copy_file_range(unmapped input offset)");

	SAFE_FSTAT(out, &st);
	TST_EXP_EQ_LI(st.st_size, 0);
}

static void setup(void)
{
	in = SAFE_OPEN("cfr02_in", O_RDWR | O_CREAT, 0644);
	SAFE_FTRUNCATE(in, 4096);
	out = SAFE_OPEN("cfr02_out", O_RDWR | O_CREAT | O_TRUNC, 0644);
	wronly = SAFE_OPEN("cfr02_in", O_WRONLY);
	rdonly = SAFE_OPEN("cfr02_out", O_RDONLY);
	append = SAFE_OPEN("cfr02_out", O_WRONLY | O_APPEND);
	SAFE_MKDIR("cfr02_dir", 0755);
	dir = SAFE_OPEN("cfr02_dir", O_RDONLY | O_DIRECTORY);
	proc = SAFE_OPEN("/proc/self/status", O_RDONLY);
	SAFE_PIPE(p);
	/* EFBIG must not come as a signal if RLIMIT_FSIZE is set */
	signal(SIGXFSZ, SIG_IGN);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.all_filesystems = 1,
};

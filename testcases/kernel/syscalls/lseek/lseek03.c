// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * RLIMIT_FSIZE limits where a file may be written, not where the offset
 * may go; with the soft limit at 64 KiB (in a child):
 * - lseek() to 1 MiB, far beyond the limit, succeeds and returns it;
 * - a write() there fails with EFBIG (SIGXFSZ ignored) and the file
 *   stays empty;
 * - a 2-byte write at 64 KiB - 1 is cut to the 1 byte below the limit;
 *   a write at exactly 64 KiB fails with EFBIG, as do pwrite() and
 *   ftruncate() beyond the limit; ftruncate() to the limit works;
 * - with SIGXFSZ at its default action, such a write kills the writer
 *   with SIGXFSZ.
 * Syscalls: lseek, write, pwrite64, ftruncate
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "tst_test.h"

#define LIMIT (64 * 1024)

static void limit_fsize(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_FSIZE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit()");
	rl.rlim_cur = LIMIT;
	if (setrlimit(RLIMIT_FSIZE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_FSIZE, 64 KiB)");
}

static void limited(void)
{
	struct stat st;
	int fd;

	signal(SIGXFSZ, SIG_IGN);
	limit_fsize();
	fd = SAFE_OPEN("f", O_RDWR | O_CREAT | O_TRUNC, 0600);
	TST_EXP_VAL(lseek(fd, 1 << 20, SEEK_SET), 1 << 20,
		    "lseek() to 1 MiB, beyond RLIMIT_FSIZE");
	TST_EXP_FAIL(write(fd, "x", 1), EFBIG, "write() at 1 MiB");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, 0);

	SAFE_LSEEK(fd, LIMIT - 1, SEEK_SET);
	TST_EXP_VAL(write(fd, "ab", 2), 1, "2-byte write at the limit - 1");
	TST_EXP_FAIL(write(fd, "c", 1), EFBIG, "write() at the limit");
	TST_EXP_FAIL(pwrite(fd, "c", 1, LIMIT + 10), EFBIG,
		     "pwrite() beyond the limit");
	TST_EXP_FAIL(ftruncate(fd, LIMIT + 1), EFBIG,
		     "ftruncate() beyond the limit");
	TST_EXP_PASS(ftruncate(fd, LIMIT), "ftruncate() to the limit");
	SAFE_FSTAT(fd, &st);
	TST_EXP_EQ_LI(st.st_size, LIMIT);
	SAFE_CLOSE(fd);
}

static void killed(void)
{
	struct rlimit no_core = { 0, 0 };
	int fd;

	setrlimit(RLIMIT_CORE, &no_core);
	signal(SIGXFSZ, SIG_DFL);
	limit_fsize();
	fd = SAFE_OPEN("g", O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_LSEEK(fd, 1 << 20, SEEK_SET);
	write(fd, "x", 1);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		limited();
		exit(0);
	}
	reap_child(pid);

	pid = SAFE_FORK();
	if (!pid)
		killed();
	reap_child_killed(pid, SIGXFSZ);
	tst_res(TPASS, "the writer past the limit died of SIGXFSZ");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getdents64(2) errors, each with its exact errno:
 * - EINVAL for a buffer too small for the first record (1 byte, and
 *   one byte less than the first record needs),
 * - ENOTDIR for a regular file, EBADF for fd -1, a closed fd and an
 *   O_PATH fd of a directory,
 * - EFAULT for an unmapped buffer,
 * - ENOENT for a directory removed while open.
 * Also: the exact size the first record needs is enough.
 */
#include <fcntl.h>
#include <stddef.h>
#include "tst_test.h"
#include "getdents64.h"
#include "fsmeta.h"

#define DIR_NAME "getdents6402_dir"

static int dir_fd = -1, file_fd = -1, path_fd = -1, closed_fd = -1;
static void *bad_addr;

static void setup(void)
{
	SAFE_MKDIR(DIR_NAME, 0755);
	fsm_create_file(DIR_NAME "/f", 0644, "x");
	dir_fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	file_fd = SAFE_OPEN(DIR_NAME "/f", O_RDONLY);
	path_fd = SAFE_OPEN(DIR_NAME, O_PATH | O_DIRECTORY);
	closed_fd = dup(file_fd);
	FSM_SAFE(close(closed_fd));
	bad_addr = fsm_bad_addr();
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (path_fd >= 0)
		SAFE_CLOSE(path_fd);
}

static void check_small_buffers(void)
{
	char buf[256] __attribute__((aligned(8)));
	struct linux_dirent64 *d = (void *)buf;
	unsigned int need;

	SAFE_LSEEK(dir_fd, 0, SEEK_SET);
	TST_EXP_FAIL(raw_getdents64(dir_fd, buf, 1), EINVAL,
		     "getdents64() with a 1-byte buffer");
	if (raw_getdents64(dir_fd, buf, sizeof(buf)) <= 0)
		tst_brk(TBROK | TERRNO, "getdents64()");
	need = d->d_reclen;
	SAFE_LSEEK(dir_fd, 0, SEEK_SET);
	TST_EXP_FAIL(raw_getdents64(dir_fd, buf, need - 1), EINVAL,
		     "getdents64() with a buffer one byte short of the "
		     "first record (%u)", need);
	TST_EXP_VAL(raw_getdents64(dir_fd, buf, need), need,
		    "getdents64() with exactly the first record's size");
}

static void check_fds(void)
{
	char buf[256] __attribute__((aligned(8)));

	TST_EXP_FAIL(raw_getdents64(file_fd, buf, sizeof(buf)), ENOTDIR,
		     "getdents64() of a regular file");
	TST_EXP_FAIL(raw_getdents64(-1, buf, sizeof(buf)), EBADF,
		     "getdents64(-1)");
	TST_EXP_FAIL(raw_getdents64(closed_fd, buf, sizeof(buf)), EBADF,
		     "getdents64() of a closed fd");
	TST_EXP_FAIL(raw_getdents64(path_fd, buf, sizeof(buf)), EBADF,
		     "getdents64() of an O_PATH directory fd");
	SAFE_LSEEK(dir_fd, 0, SEEK_SET);
	TST_EXP_FAIL(raw_getdents64(dir_fd, bad_addr, 256), EFAULT,
		     "getdents64() into an unmapped buffer");
}

static void check_removed(void)
{
	char buf[256] __attribute__((aligned(8)));
	int fd;

	SAFE_MKDIR("getdents6402_gone", 0755);
	fd = SAFE_OPEN("getdents6402_gone", O_RDONLY | O_DIRECTORY);
	SAFE_RMDIR("getdents6402_gone");
	TST_EXP_FAIL(raw_getdents64(fd, buf, sizeof(buf)), ENOENT,
		     "getdents64() of a removed directory");
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_small_buffers, check_fds, check_removed,
	};

	checks[n]();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat2(2) checks all of its arguments, unlike open(2), and creates
 * nothing when it rejects them:
 * - size below the first struct (1, 23): EINVAL; size above a page:
 *   E2BIG; a larger struct with a non-zero byte past the known fields:
 *   E2BIG; how in an unmapped page: EFAULT;
 * - unknown bits in flags or in resolve: EINVAL;
 * - a mode without O_CREAT/O_TMPFILE, or with bits above 07777: EINVAL;
 * - RESOLVE_BENEATH together with RESOLVE_IN_ROOT: EINVAL;
 * - O_PATH with O_RDWR, O_TMPFILE without write access, O_CREAT with
 *   O_DIRECTORY: EINVAL;
 * - a dirfd that is not open: EBADF.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "tst_test.h"
#include "fileio.h"
#include "openat2.h"

#define NEW_NAME "openat2_02_new"

static struct open_how *how_ptr, *bad_how;
static size_t page_size;

static struct tcase {
	unsigned long long flags, mode, resolve;
	size_t size;		/* 0: sizeof(struct open_how) */
	int dfd;		/* AT_FDCWD or a bad one */
	int tail;		/* a non-zero byte after the struct */
	int bad_ptr;
	int exp_errno;
	const char *desc;
} tcases[] = {
	{ O_RDONLY, 0, 0, 1, AT_FDCWD, 0, 0, EINVAL, "size 1" },
	{ O_RDONLY, 0, 0, OPEN_HOW_SIZE_VER0 - 1, AT_FDCWD, 0, 0, EINVAL,
	  "size 23" },
	{ O_RDONLY, 0, 0, (size_t)-1, AT_FDCWD, 0, 0, E2BIG,
	  "size page size + 1" },
	{ O_RDONLY, 0, 0, OPEN_HOW_SIZE_VER0 + 8, AT_FDCWD, 1, 0, E2BIG,
	  "size 32, non-zero tail" },
	{ O_RDONLY, 0, 0, 0, AT_FDCWD, 0, 1, EFAULT, "how unmapped" },
	{ O_RDONLY | (1ULL << 40), 0, 0, 0, AT_FDCWD, 0, 0, EINVAL,
	  "flags bit 40" },
	{ O_RDONLY, 0, 1ULL << 63, 0, AT_FDCWD, 0, 0, EINVAL,
	  "resolve bit 63" },
	{ O_RDONLY, 0600, 0, 0, AT_FDCWD, 0, 0, EINVAL,
	  "mode without O_CREAT" },
	{ O_RDWR | O_CREAT, 010600, 0, 0, AT_FDCWD, 0, 0, EINVAL,
	  "mode 010600" },
	{ O_RDONLY, 0, RESOLVE_BENEATH | RESOLVE_IN_ROOT, 0, AT_FDCWD, 0, 0,
	  EINVAL, "RESOLVE_BENEATH | RESOLVE_IN_ROOT" },
	{ O_PATH | O_RDWR, 0, 0, 0, AT_FDCWD, 0, 0, EINVAL, "O_PATH | O_RDWR" },
	{ O_TMPFILE | O_RDONLY, 0600, 0, 0, AT_FDCWD, 0, 0, EINVAL,
	  "O_TMPFILE | O_RDONLY" },
	{ O_CREAT | O_DIRECTORY, 0600, 0, 0, AT_FDCWD, 0, 0, EINVAL,
	  "O_CREAT | O_DIRECTORY" },
	{ O_RDWR | O_CREAT, 0600, 0, 0, -1, 0, 0, EBADF, "dirfd -1" },
};

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	size_t size = tc->size ? tc->size : sizeof(struct open_how);
	const char *path = NEW_NAME;

	if (size == (size_t)-1)
		size = page_size + 1;
	memset(how_ptr, 0, page_size);
	how_ptr->flags = tc->flags;
	how_ptr->mode = tc->mode;
	how_ptr->resolve = tc->resolve;
	if (tc->tail)
		((char *)how_ptr)[size - 1] = 1;
	if (tc->flags & O_TMPFILE)
		path = ".";

	TST_EXP_FAIL(openat2(tc->dfd, path, tc->bad_ptr ? bad_how : how_ptr,
			     size), tc->exp_errno, "openat2(%s)", tc->desc);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	TST_EXP_FAIL(access(NEW_NAME, F_OK), ENOENT,
		     "access() of the name openat2() was given");
	if (!TST_PASS)
		unlink(NEW_NAME);
}

static void setup(void)
{
	page_size = getpagesize();
	/* Two pages: a tested size of page size + 1 must be readable. */
	how_ptr = SAFE_MMAP(NULL, 2 * page_size, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	bad_how = fio_bad_addr();
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
};

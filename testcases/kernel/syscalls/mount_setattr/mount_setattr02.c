// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mount_setattr() errors, each with its exact errno (fs/namespace.c),
 * and the extensible-struct rules of its size argument:
 * - a size below MOUNT_ATTR_SIZE_VER0 (32): EINVAL;
 * - a size above the page size: E2BIG;
 * - a larger struct (40 bytes) whose tail past the known 32 is nonzero:
 *   E2BIG; the same with a zero tail is accepted, and the attribute in
 *   it takes effect (the mount becomes read-only);
 * - an attribute bit the kernel does not know (in attr_set or attr_clr):
 *   EINVAL; two propagation types at once: EINVAL;
 * - an unknown flag: EINVAL; a missing path: ENOENT;
 * - a caller without CAP_SYS_ADMIN (uid 65534): EPERM.
 * The test process runs in a private mount namespace.
 */
#include <stdlib.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define MNT "mnt"

struct attr_big {
	struct mount_attr attr;
	uint64_t tail;
};

static char *page_buf;
static size_t page_size;

static int setattr_sz(void *attr, size_t size, unsigned int flags)
{
	return mount_setattr_raw(AT_FDCWD, MNT, flags, attr, size);
}

static void as_nobody(void)
{
	struct mount_attr a = { .attr_set = MOUNT_ATTR_RDONLY };

	TST_EXP_FAIL(setattr_sz(&a, sizeof(a), 0), EPERM,
		     "mount_setattr(RDONLY) as uid 65534");
}

static void run(void)
{
	struct mount_attr a = { .attr_set = MOUNT_ATTR_NOSUID };
	struct attr_big big = { .attr = { .attr_set = MOUNT_ATTR_RDONLY } };
	int fd;

	SAFE_MOUNT("ltp_mount_setattr02", MNT, "tmpfs", 0, NULL);

	TST_EXP_FAIL(setattr_sz(&a, 16, 0), EINVAL, "mount_setattr(size 16)");
	TST_EXP_FAIL(setattr_sz(&a, MOUNT_ATTR_SIZE_VER0 - 1, 0), EINVAL,
		     "mount_setattr(size 31)");
	TST_EXP_FAIL(setattr_sz(page_buf, page_size + 1, 0), E2BIG,
		     "mount_setattr(size page size + 1)");
	big.tail = 1;
	TST_EXP_FAIL(setattr_sz(&big, sizeof(big), 0), E2BIG,
		     "mount_setattr(40-byte struct, nonzero tail)");
	fd = open(MNT "/file", O_WRONLY | O_CREAT, 0644);
	TST_EXP_EXPR(fd >= 0, "the mount is still writable after the E2BIG");
	if (fd >= 0)
		SAFE_CLOSE(fd);

	a.attr_set = 0x80000000;
	TST_EXP_FAIL(setattr_sz(&a, sizeof(a), 0), EINVAL,
		     "mount_setattr(attr_set 0x80000000)");
	a.attr_set = 0;
	a.attr_clr = 0x80000000;
	TST_EXP_FAIL(setattr_sz(&a, sizeof(a), 0), EINVAL,
		     "mount_setattr(attr_clr 0x80000000)");
	a.attr_clr = 0;
	a.propagation = MS_SHARED | MS_PRIVATE;
	TST_EXP_FAIL(setattr_sz(&a, sizeof(a), 0), EINVAL,
		     "mount_setattr(propagation MS_SHARED | MS_PRIVATE)");
	a.propagation = 0;
	a.attr_set = MOUNT_ATTR_NOSUID;
	TST_EXP_FAIL(setattr_sz(&a, sizeof(a), 0x1), EINVAL,
		     "mount_setattr(flags 0x1)");
	TST_EXP_FAIL(mount_setattr_raw(AT_FDCWD, "ltp_missing", 0, &a,
				       sizeof(a)), ENOENT,
		     "mount_setattr(missing path)");
	run_in_nobody_child(as_nobody, "EPERM checks");

	big.tail = 0;
	TST_EXP_PASS(setattr_sz(&big, sizeof(big), 0),
		     "mount_setattr(40-byte struct, zero tail, RDONLY)");
	TST_EXP_FAIL(open(MNT "/file2", O_WRONLY | O_CREAT, 0644), EROFS,
		     "open(O_CREAT) after it");

	if (umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT ")");
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	page_size = getpagesize();
	page_buf = SAFE_MALLOC(page_size + 1);
	memset(page_buf, 0, page_size + 1);
}

static void cleanup(void)
{
	free(page_buf);
	mnt_umount_all(MNT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

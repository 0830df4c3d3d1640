// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * landlock_create_ruleset(): with LANDLOCK_CREATE_RULESET_VERSION and no
 * attr it returns the ABI version, at least 1; with a valid attr it
 * returns a close-on-exec ruleset fd. Errors, with their exact errno
 * (security/landlock/syscalls.c of 6.1 and 6.12):
 * - VERSION with a non-NULL attr or a nonzero size, an unknown flag: EINVAL;
 * - a NULL attr: EFAULT; a size below the 8 bytes of handled_access_fs:
 *   EINVAL; a size above the page size: E2BIG; a larger struct whose
 *   tail past the fields the kernel knows is nonzero: E2BIG;
 * - an access bit the kernel does not know: EINVAL;
 * - nothing handled: ENOMSG.
 * TCONF when landlock is not enabled (EOPNOTSUPP, the reason printed).
 */
#include <stdlib.h>
#include "tst_test.h"
#include "landlock_raw.h"

static char *page_buf;
static size_t page_size;

static void run(void)
{
	struct ll_ruleset_attr attr = {
		.handled_access_fs = LL_ACCESS_FS_READ_FILE,
	};
	uint64_t big[4] = { LL_ACCESS_FS_READ_FILE, 0, 0, 1 };
	int fd;

	TST_EXP_EXPR(ll_abi_version() >= 1,
		     "landlock_create_ruleset(NULL, 0, VERSION) is an ABI "
		     "version >= 1 (%d)", ll_abi_version());
	TST_EXP_FD(ll_create_ruleset(&attr, sizeof(attr), 0),
		   "landlock_create_ruleset(READ_FILE)");
	if (TST_PASS) {
		fd = TST_RET;
		TST_EXP_EXPR(fcntl(fd, F_GETFD) == FD_CLOEXEC,
			     "the ruleset fd is close-on-exec");
		SAFE_CLOSE(fd);
	}

	TST_EXP_FAIL(ll_create_ruleset(&attr, 0, LL_CREATE_RULESET_VERSION),
		     EINVAL, "landlock_create_ruleset(attr, 0, VERSION)");
	TST_EXP_FAIL(ll_create_ruleset(NULL, sizeof(attr),
				       LL_CREATE_RULESET_VERSION),
		     EINVAL, "landlock_create_ruleset(NULL, 8, VERSION)");
	TST_EXP_FAIL(ll_create_ruleset(NULL, 0, 1U << 31), EINVAL,
		     "landlock_create_ruleset(NULL, 0, 1 << 31)");
	TST_EXP_FAIL(ll_create_ruleset(NULL, sizeof(attr), 0), EFAULT,
		     "landlock_create_ruleset(NULL, 8, 0)");
	TST_EXP_FAIL(ll_create_ruleset(&attr, 4, 0), EINVAL,
		     "landlock_create_ruleset(attr, 4, 0)");
	TST_EXP_FAIL(ll_create_ruleset(page_buf, page_size + 1, 0), E2BIG,
		     "landlock_create_ruleset(attr, page size + 1, 0)");
	TST_EXP_FAIL(ll_create_ruleset(big, sizeof(big), 0), E2BIG,
		     "landlock_create_ruleset(32-byte attr, byte 24 nonzero)");
	attr.handled_access_fs = 1ULL << 63;
	TST_EXP_FAIL(ll_create_ruleset(&attr, sizeof(attr), 0), EINVAL,
		     "landlock_create_ruleset(handled_access_fs 1 << 63)");
	attr.handled_access_fs = 0;
	TST_EXP_FAIL(ll_create_ruleset(&attr, sizeof(attr), 0), ENOMSG,
		     "landlock_create_ruleset(nothing handled)");
}

static void setup(void)
{
	ll_abi_version();
	page_size = getpagesize();
	page_buf = SAFE_MALLOC(page_size + 1);
	memset(page_buf, 0, page_size + 1);
	*(uint64_t *)page_buf = LL_ACCESS_FS_READ_FILE;
}

static void cleanup(void)
{
	free(page_buf);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};

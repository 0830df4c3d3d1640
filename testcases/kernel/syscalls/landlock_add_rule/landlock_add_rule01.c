// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * landlock_add_rule() with LANDLOCK_RULE_PATH_BENEATH: a rule allowing a
 * handled access beneath an O_PATH directory fd is accepted (0). Errors,
 * with their exact errno (security/landlock/syscalls.c of 6.1 and 6.12):
 * - a nonzero flags: EINVAL; an unknown rule type: EINVAL;
 * - a ruleset fd that is not open: EBADF; an open fd that is not a
 *   ruleset: EBADFD;
 * - a NULL rule_attr: EFAULT;
 * - allowed_access 0: ENOMSG; an access the ruleset does not handle:
 *   EINVAL;
 * - a parent_fd that is not open: EBADF; a parent_fd that is a ruleset
 *   fd: EBADFD.
 * TCONF when landlock is not enabled (EOPNOTSUPP, the reason printed).
 */
#include "tst_test.h"
#include "landlock_raw.h"

static int ruleset_fd = -1, dir_fd = -1, file_fd = -1;

static void run(void)
{
	struct ll_path_beneath_attr pb = {
		.allowed_access = LL_ACCESS_FS_READ_FILE,
		.parent_fd = dir_fd,
	};
	int closed_fd = file_fd + 1;

	while (fcntl(closed_fd, F_GETFD) != -1)
		closed_fd++;

	TST_EXP_PASS(ll_add_rule(ruleset_fd, LL_RULE_PATH_BENEATH, &pb, 0),
		     "landlock_add_rule(READ_FILE beneath an O_PATH dir fd)");
	TST_EXP_FAIL(ll_add_rule(ruleset_fd, LL_RULE_PATH_BENEATH, &pb, 1),
		     EINVAL, "landlock_add_rule(flags 1)");
	TST_EXP_FAIL(ll_add_rule(ruleset_fd, 99, &pb, 0), EINVAL,
		     "landlock_add_rule(rule type 99)");
	TST_EXP_FAIL(ll_add_rule(closed_fd, LL_RULE_PATH_BENEATH, &pb, 0),
		     EBADF, "landlock_add_rule(ruleset fd not open)");
	TST_EXP_FAIL(ll_add_rule(file_fd, LL_RULE_PATH_BENEATH, &pb, 0),
		     EBADFD, "landlock_add_rule(ruleset fd of a regular file)");
	TST_EXP_FAIL(ll_add_rule(ruleset_fd, LL_RULE_PATH_BENEATH, NULL, 0),
		     EFAULT, "landlock_add_rule(NULL rule_attr)");
	pb.allowed_access = 0;
	TST_EXP_FAIL(ll_add_rule(ruleset_fd, LL_RULE_PATH_BENEATH, &pb, 0),
		     ENOMSG, "landlock_add_rule(allowed_access 0)");
	pb.allowed_access = LL_ACCESS_FS_WRITE_FILE;
	TST_EXP_FAIL(ll_add_rule(ruleset_fd, LL_RULE_PATH_BENEATH, &pb, 0),
		     EINVAL, "landlock_add_rule(WRITE_FILE, not handled)");
	pb.allowed_access = LL_ACCESS_FS_READ_FILE;
	pb.parent_fd = closed_fd;
	TST_EXP_FAIL(ll_add_rule(ruleset_fd, LL_RULE_PATH_BENEATH, &pb, 0),
		     EBADF, "landlock_add_rule(parent_fd not open)");
	pb.parent_fd = ruleset_fd;
	TST_EXP_FAIL(ll_add_rule(ruleset_fd, LL_RULE_PATH_BENEATH, &pb, 0),
		     EBADFD, "landlock_add_rule(parent_fd a ruleset fd)");
}

static void setup(void)
{
	ll_abi_version();
	ruleset_fd = ll_safe_ruleset(LL_ACCESS_FS_READ_FILE);
	SAFE_MKDIR("dir", 0755);
	dir_fd = SAFE_OPEN("dir", O_PATH | O_DIRECTORY | O_CLOEXEC);
	file_fd = SAFE_OPEN("file", O_RDWR | O_CREAT | O_CLOEXEC, 0644);
}

static void cleanup(void)
{
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (ruleset_fd >= 0)
		SAFE_CLOSE(ruleset_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

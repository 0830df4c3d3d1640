// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * landlock_restrict_self() enforces a ruleset on the calling thread: in
 * a child with PR_SET_NO_NEW_PRIVS, a ruleset handling
 * LANDLOCK_ACCESS_FS_READ_FILE with one rule allowing it beneath the
 * directory "allowed": after landlock_restrict_self() reading
 * allowed/file works, reading denied/file is EACCES, and writing
 * denied/file (an access not handled) still works. The parent, not
 * restricted, still reads denied/file. Errors, with their exact errno
 * (security/landlock/syscalls.c of 6.1 and 6.12):
 * - an unknown flag (1 << 31; 6.15 made bits 0-2 valid): EINVAL;
 * - a fd that is not open: EBADF; an open fd that is not a ruleset:
 *   EBADFD;
 * - a caller without no_new_privs and without CAP_SYS_ADMIN (uid 65534):
 *   EPERM.
 * TCONF when landlock is not enabled (EOPNOTSUPP, the reason printed).
 */
#include <sys/prctl.h>
#include <stdlib.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "landlock_raw.h"

static int ruleset_fd = -1, file_fd = -1;

static void restricted_child(void)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_NO_NEW_PRIVS)");
	TST_EXP_PASS(ll_try_open("denied/file", O_RDONLY),
		     "reading denied/file before landlock_restrict_self()");
	TST_EXP_FAIL(ll_restrict_self(ruleset_fd, 1U << 31), EINVAL,
		     "landlock_restrict_self(flags 1 << 31)");
	TST_EXP_PASS(ll_restrict_self(ruleset_fd, 0),
		     "landlock_restrict_self(ruleset)");
	if (!TST_PASS)
		return;
	TST_EXP_PASS(ll_try_open("allowed/file", O_RDONLY),
		     "reading allowed/file (the rule allows it)");
	TST_EXP_FAIL(ll_try_open("denied/file", O_RDONLY), EACCES,
		     "reading denied/file (no rule allows it)");
	TST_EXP_PASS(ll_try_open("denied/file", O_WRONLY),
		     "writing denied/file (WRITE_FILE is not handled)");
}

static void as_nobody(void)
{
	TST_EXP_EXPR(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 0,
		     "no_new_privs is not set");
	TST_EXP_FAIL(ll_restrict_self(ruleset_fd, 0), EPERM,
		     "landlock_restrict_self() as uid 65534 without "
		     "no_new_privs");
}

static void run(void)
{
	int closed_fd = file_fd + 1;
	pid_t pid;

	while (fcntl(closed_fd, F_GETFD) != -1)
		closed_fd++;
	TST_EXP_FAIL(ll_restrict_self(closed_fd, 0), EBADF,
		     "landlock_restrict_self(fd not open)");
	TST_EXP_FAIL(ll_restrict_self(file_fd, 0), EBADFD,
		     "landlock_restrict_self(fd of a regular file)");

	pid = SAFE_FORK();
	if (!pid) {
		restricted_child();
		exit(0);
	}
	reap_child(pid);
	TST_EXP_PASS(ll_try_open("denied/file", O_RDONLY),
		     "the parent still reads denied/file");
	run_in_nobody_child(as_nobody, "EPERM checks");
}

static void setup(void)
{
	struct ll_path_beneath_attr pb = {
		.allowed_access = LL_ACCESS_FS_READ_FILE,
	};

	ll_abi_version();
	SAFE_MKDIR("allowed", 0755);
	SAFE_MKDIR("denied", 0755);
	SAFE_FILE_PRINTF("allowed/file", "data");
	SAFE_FILE_PRINTF("denied/file", "data");
	SAFE_CHMOD("denied/file", 0666);
	ruleset_fd = ll_safe_ruleset(LL_ACCESS_FS_READ_FILE);
	pb.parent_fd = SAFE_OPEN("allowed", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (ll_add_rule(ruleset_fd, LL_RULE_PATH_BENEATH, &pb, 0))
		tst_brk(TBROK | TERRNO, "landlock_add_rule(allowed)");
	SAFE_CLOSE(pb.parent_fd);
	file_fd = SAFE_OPEN("allowed/file", O_RDONLY | O_CLOEXEC);
}

static void cleanup(void)
{
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (ruleset_fd >= 0)
		SAFE_CLOSE(ruleset_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

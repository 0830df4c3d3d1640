// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * symlink(2) stores the target string verbatim:
 * - readlink() returns it byte for byte (no "//" or ".." folded), lstat()
 *   shows S_IFLNK, mode 0777, st_size the string's length, and the
 *   caller as owner;
 * - the target need not exist (a dangling link), and a relative target is
 *   resolved from the link's directory, not from the caller's cwd;
 * - a target of PATH_MAX - 1 bytes is accepted and read back whole;
 * - nobody may create a link in a directory it can write, and owns it.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

#define PUB_DIR "symlink01_pub"
#define ODD_TARGET "a//b/../c/./d"

static char long_target[PATH_MAX];
static char buf[PATH_MAX + 1];

static void setup(void)
{
	SAFE_MKDIR("symlink01_dir", 0755);
	fsm_create_file("symlink01_file", 0644, "found");
	SAFE_MKDIR(PUB_DIR, 0777);
	SAFE_CHMOD(PUB_DIR, 0777);
	memset(long_target, 't', PATH_MAX - 1);
}

static void expect_link(const char *path, const char *target, uid_t uid)
{
	struct stat st;
	ssize_t len;

	FSM_SAFE(lstat(path, &st));
	TST_EXP_EXPR(S_ISLNK(st.st_mode) && (st.st_mode & 07777) == 0777 &&
		     st.st_size == (off_t)strlen(target) && st.st_uid == uid,
		     "%s: mode %06o size %ld uid %d", path, st.st_mode,
		     (long)st.st_size, (int)st.st_uid);
	len = readlink(path, buf, sizeof(buf));
	TST_EXP_EXPR(len == (ssize_t)strlen(target) &&
		     !memcmp(buf, target, len),
		     "%s reads back its target verbatim (%zd bytes)", path,
		     len);
}

static void check_verbatim(void)
{
	TST_EXP_PASS(symlink(ODD_TARGET, "symlink01_odd"),
		     "symlink(\"%s\")", ODD_TARGET);
	expect_link("symlink01_odd", ODD_TARGET, geteuid());
	TST_EXP_PASS(symlink(long_target, "symlink01_long"),
		     "symlink() of a target of PATH_MAX - 1 bytes");
	expect_link("symlink01_long", long_target, geteuid());
	SAFE_UNLINK("symlink01_odd");
	SAFE_UNLINK("symlink01_long");
}

static void check_resolution(void)
{
	char data[8] = "";
	int fd;

	TST_EXP_PASS(symlink("../symlink01_file", "symlink01_dir/up"),
		     "symlink(\"../file\", \"dir/up\")");
	fd = SAFE_OPEN("symlink01_dir/up", O_RDONLY);
	SAFE_READ(1, fd, data, 5);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!memcmp(data, "found", 5),
		     "a relative target resolves from the link's directory");
	TST_EXP_PASS(symlink("symlink01_nowhere", "symlink01_dangling"),
		     "symlink() to a missing target");
	TST_EXP_FAIL(open("symlink01_dangling", O_RDONLY), ENOENT,
		     "opening the dangling link");
	SAFE_UNLINK("symlink01_dir/up");
	SAFE_UNLINK("symlink01_dangling");
}

static void nobody_creates(void)
{
	uid_t uid;
	gid_t gid;

	fsm_nobody_ids(&uid, &gid);
	TST_EXP_PASS(symlink("x", PUB_DIR "/mine"),
		     "symlink() as nobody in a mode 0777 directory");
	expect_link(PUB_DIR "/mine", "x", uid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_verbatim();
		break;
	case 1:
		check_resolution();
		break;
	case 2:
		fsm_as_nobody(nobody_creates);
		SAFE_UNLINK(PUB_DIR "/mine");
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

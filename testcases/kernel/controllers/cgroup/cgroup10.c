// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Extended attributes on cgroup2 (fs/kernfs/inode.c, fs/xattr.c): tools
 * such as systemd keep their own data on cgroup directories this way.
 *  - user.* on a cgroup directory and on a control file (cgroup.procs):
 *    the value reads back, size 0 gives its length, a short buffer
 *    ERANGE; XATTR_CREATE on an existing name EEXIST, XATTR_REPLACE and
 *    removexattr() of a missing one ENODATA; trusted.* too;
 *  - as nobody: user.* readable, trusted.* reads ENODATA and is not
 *    listed, setting trusted.* EPERM, setting or removing user.* on the
 *    root-owned directory EACCES; once the directory is chown()ed to
 *    nobody (delegated) its user.* can be set, not those of its
 *    cgroup.procs, which stays root's;
 *  - kernfs limits user.* of one node to 128 names (KERNFS_MAX_USER_XATTRS)
 *    and 128 KiB of values (KERNFS_USER_XATTR_SIZE_LIMIT), exactly: the
 *    129th name and one byte over 128 KiB are ENOSPC, an empty value
 *    still fits at the byte limit; failed sets (EEXIST, ENOSPC), a
 *    removal and a replacement by a shorter value are accounted exactly
 *    (what they free fits again to the byte, no more); trusted.* are
 *    not counted;
 *  - a value over 64 KiB is E2BIG; an unknown namespace is EOPNOTSUPP;
 *  - the attributes die with the cgroup: a new cgroup of the same name
 *    has none.
 */
#include <pwd.h>
#include <sys/xattr.h>
#include "tst_test.h"
#include "cgroup2.h"

#define KB 1024
#define MAX_NAMES 128
#define MAX_BYTES (128 * KB)

static uid_t nobody;
static char *big;

static void xpath(char *buf, size_t size, const char *rel, const char *file)
{
	cg_path(buf, size, rel, file);
}

static int xset(const char *rel, const char *file, const char *name,
		size_t len, int flags)
{
	char path[PATH_MAX];

	xpath(path, sizeof(path), rel, file);
	return setxattr(path, name, big, len, flags);
}

static ssize_t xget(const char *rel, const char *file, const char *name,
		    void *buf, size_t len)
{
	char path[PATH_MAX];

	xpath(path, sizeof(path), rel, file);
	return getxattr(path, name, buf, len);
}

static int xrm(const char *rel, const char *name)
{
	char path[PATH_MAX];

	xpath(path, sizeof(path), rel, NULL);
	return removexattr(path, name);
}

/* Whether listxattr() of rel shows name. */
static int listed(const char *rel, const char *name)
{
	char path[PATH_MAX], list[4096], *p;
	ssize_t len;

	xpath(path, sizeof(path), rel, NULL);
	len = listxattr(path, list, sizeof(list));
	if (len < 0)
		tst_brk(TBROK | TERRNO, "listxattr(%s)", path);
	for (p = list; p < list + len; p += strlen(p) + 1)
		if (!strcmp(p, name))
			return 1;
	return 0;
}

static void check_value(const char *rel, const char *file, const char *name,
			size_t len)
{
	char *buf = SAFE_MALLOC(len + 1);
	ssize_t ret = xget(rel, file, name, buf, len + 1);

	TST_EXP_EXPR(ret == (ssize_t)len && !memcmp(buf, big, len),
		     "%s/%s %s reads back its %zu bytes (%zd)", rel,
		     file ? file : ".", name, len, ret);
	free(buf);
}

static void basics(void)
{
	char buf[4];

	cg_mkdir("x");
	TST_EXP_EXPR(!listed("x", "user.a"), "a new cgroup lists no user.a");
	TST_EXP_PASS(xset("x", NULL, "user.a", 5, XATTR_CREATE),
		     "user.a on a cgroup directory");
	check_value("x", NULL, "user.a", 5);
	TST_EXP_VAL(xget("x", NULL, "user.a", NULL, 0), 5,
		    "getxattr size 0 gives the length");
	TST_EXP_FAIL(xget("x", NULL, "user.a", buf, 2), ERANGE,
		     "getxattr into 2 bytes");
	TST_EXP_FAIL(xset("x", NULL, "user.a", 3, XATTR_CREATE), EEXIST,
		     "XATTR_CREATE of an existing user.a");
	TST_EXP_FAIL(xset("x", NULL, "user.none", 3, XATTR_REPLACE), ENODATA,
		     "XATTR_REPLACE of a missing name");
	TST_EXP_FAIL(xrm("x", "user.none"), ENODATA, "remove a missing name");
	TST_EXP_EXPR(listed("x", "user.a"), "listxattr shows user.a");
	TST_EXP_PASS(xset("x", "cgroup.procs", "user.f", 7, 0),
		     "user.f on x/cgroup.procs");
	check_value("x", "cgroup.procs", "user.f", 7);
	TST_EXP_PASS(xset("x", NULL, "trusted.t", 9, 0), "trusted.t");
	check_value("x", NULL, "trusted.t", 9);
	TST_EXP_EXPR(listed("x", "trusted.t"), "root lists trusted.t");
	TST_EXP_FAIL(xset("x", NULL, "ltpnosuch.a", 1, 0), EOPNOTSUPP,
		     "an unknown namespace");
	TST_EXP_FAIL(xset("x", NULL, "user.huge", 64 * KB + 1, 0), E2BIG,
		     "a value of 64 KiB + 1");
}

static void as_nobody(int delegated)
{
	char buf[16];

	SAFE_SETUID(nobody);
	if (!delegated) {
		check_value("x", NULL, "user.a", 5);
		TST_EXP_FAIL(xget("x", NULL, "trusted.t", buf, sizeof(buf)),
			     ENODATA, "nobody reads trusted.t");
		TST_EXP_EXPR(!listed("x", "trusted.t") && listed("x", "user.a"),
			     "nobody's listxattr shows user.a, not trusted.t");
		TST_EXP_FAIL(xset("x", NULL, "trusted.n", 1, 0), EPERM,
			     "nobody sets trusted.n");
		TST_EXP_FAIL(xset("x", NULL, "user.n", 1, 0), EACCES,
			     "nobody sets user.n on root's 0755 cgroup");
		TST_EXP_FAIL(xrm("x", "user.a"), EACCES,
			     "nobody removes user.a of root's cgroup");
	} else {
		TST_EXP_PASS(xset("x", NULL, "user.n", 1, 0),
			     "nobody sets user.n on its delegated cgroup");
		TST_EXP_PASS(xrm("x", "user.n"),
			     "nobody removes user.n of its delegated cgroup");
		TST_EXP_FAIL(xset("x", "cgroup.procs", "user.n", 1, 0),
			     EACCES, "nobody sets user.n on root's "
			     "cgroup.procs inside it");
	}
	exit(0);
}

static void permissions(void)
{
	char path[PATH_MAX];
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		as_nobody(0);
	reap_child(pid);
	xpath(path, sizeof(path), "x", NULL);
	SAFE_CHOWN(path, nobody, -1);
	pid = SAFE_FORK();
	if (!pid)
		as_nobody(1);
	reap_child(pid);
}

static void names_limit(void)
{
	char name[32];
	int i, ok = 0, eexist = 0;

	cg_mkdir("n");
	for (i = 0; i < MAX_NAMES - 1; i++) {
		snprintf(name, sizeof(name), "user.%03d", i);
		ok += !xset("n", NULL, name, 1, XATTR_CREATE);
	}
	TST_EXP_EQ_LI(ok, MAX_NAMES - 1);
	/* Failed sets must give back what they took. */
	for (i = 0; i < 8; i++)
		eexist += xset("n", NULL, "user.000", 1, XATTR_CREATE) &&
			  errno == EEXIST;
	TST_EXP_EQ_LI(eexist, 8);
	TST_EXP_PASS(xset("n", NULL, "user.last", 1, XATTR_CREATE),
		     "user.* name 128 after 8 EEXIST failures");
	TST_EXP_FAIL(xset("n", NULL, "user.over", 1, XATTR_CREATE), ENOSPC,
		     "user.* name 129");
	TST_EXP_FAIL(xset("n", NULL, "user.over", 0, XATTR_CREATE), ENOSPC,
		     "user.* name 129 with an empty value");
	TST_EXP_PASS(xset("n", NULL, "trusted.over", 1, XATTR_CREATE),
		     "trusted.* beyond 128 user.* names");
	TST_EXP_PASS(xrm("n", "user.005"), "remove one user.* name");
	TST_EXP_PASS(xset("n", NULL, "user.again", 1, XATTR_CREATE),
		     "a name in the freed slot");
	TST_EXP_FAIL(xset("n", NULL, "user.over", 1, XATTR_CREATE), ENOSPC,
		     "user.* name 129 again");
	cg_rmdir("n");
}

static void bytes_limit(void)
{
	cg_mkdir("s");
	TST_EXP_PASS(xset("s", NULL, "user.big", 64 * KB, 0), "user.big 64 KiB");
	TST_EXP_PASS(xset("s", NULL, "user.r", 32 * KB, 0), "user.r 32 KiB");
	TST_EXP_PASS(xset("s", NULL, "user.r", 16 * KB, XATTR_REPLACE),
		     "user.r replaced by 16 KiB");
	check_value("s", NULL, "user.r", 16 * KB);
	/* 64 + 16 + 48 = 128 KiB: only if the replaced 32 KiB were freed. */
	TST_EXP_PASS(xset("s", NULL, "user.b", 48 * KB, 0),
		     "user.b 48 KiB up to exactly 128 KiB");
	TST_EXP_FAIL(xset("s", NULL, "user.c", 1, 0), ENOSPC,
		     "one byte over 128 KiB");
	TST_EXP_PASS(xset("s", NULL, "user.empty", 0, 0),
		     "an empty value at 128 KiB");
	TST_EXP_VAL(xget("s", NULL, "user.empty", NULL, 0), 0,
		    "user.empty is 0 bytes long");
	TST_EXP_PASS(xset("s", NULL, "trusted.big", 64 * KB, 0),
		     "trusted.* 64 KiB at the user.* byte limit");
	TST_EXP_PASS(xrm("s", "user.b"), "remove user.b");
	TST_EXP_FAIL(xset("s", NULL, "user.b", 48 * KB + 1, 0), ENOSPC,
		     "48 KiB + 1 where 48 KiB were freed");
	TST_EXP_PASS(xset("s", NULL, "user.b", 48 * KB, 0),
		     "48 KiB again after the removal and an ENOSPC");
	check_value("s", NULL, "user.big", 64 * KB);
	cg_rmdir("s");
}

static void lifetime(void)
{
	char buf[16];

	cg_rmdir("x");
	cg_mkdir("x");
	TST_EXP_FAIL(xget("x", NULL, "user.a", buf, sizeof(buf)), ENODATA,
		     "user.a of a new cgroup with the old name");
	TST_EXP_FAIL(xget("x", NULL, "trusted.t", buf, sizeof(buf)), ENODATA,
		     "trusted.t of a new cgroup with the old name");
	cg_rmdir("x");
}

static void run(void)
{
	basics();
	permissions();
	names_limit();
	bytes_limit();
	lifetime();
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	size_t i;

	if (!pw)
		tst_brk(TCONF, "no user nobody");
	nobody = pw->pw_uid;
	big = SAFE_MALLOC(64 * KB + 1);
	for (i = 0; i < 64 * KB + 1; i++)
		big[i] = 'a' + i % 23;
	cg_setup(NULL, 0);
	if (xset("", NULL, "user.ltp_probe", 1, 0)) {
		if (errno == EOPNOTSUPP)
			tst_brk(TCONF, "this kernel's cgroupfs has no "
				"user.* xattrs");
		tst_brk(TBROK | TERRNO, "setxattr(user.ltp_probe)");
	}
	xrm("", "user.ltp_probe");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_CGROUPS", NULL},
};

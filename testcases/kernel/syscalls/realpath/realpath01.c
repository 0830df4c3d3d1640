// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2018-1000001: after chroot() into a directory below the working
 * directory, the getcwd syscall answers with a path that is not absolute,
 * "(unreachable)/...", and the C library's realpath() went looking for a
 * leading '/' below the start of its buffer (a buffer underflow). Fixed in
 * glibc 2.27 (the commit upstream's test links, 52a713fdd0a3, with the
 * C library's own test io/tst-getcwd-abspath.c): getcwd() and realpath()
 * of a relative path fail with ENOENT. Asserted, in a child that chroots
 * into a subdirectory of the tmpdir without entering it:
 *  - the kernel's answer: the getcwd syscall returns the length of a path
 *    starting with "(unreachable)" and naming the working directory;
 *  - getcwd() is NULL with ENOENT, realpath(".", NULL) and of a relative
 *    name into a buffer are NULL with ENOENT;
 *  - an absolute path still resolves: realpath("/") is "/", and "/d/.."
 *    of a directory d made in the new root is "/".
 * And in a working directory that was removed: the getcwd syscall is
 * ENOENT, and so are getcwd() and realpath(".").
 * Syscalls: getcwd, chroot
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "tst_test.h"

#define ROOT "cve-2018-1000001"

static void check_relative_fails(const char *where)
{
	char buf[PATH_MAX + 8], *r;

	errno = 0;
	r = getcwd(buf, sizeof(buf));
	TST_EXP_EXPR(!r && errno == ENOENT, "%s: getcwd() is NULL with ENOENT "
		     "(%p, %s)", where, (void *)r, tst_strerrno(errno));
	errno = 0;
	r = realpath(".", NULL);
	TST_EXP_EXPR(!r && errno == ENOENT, "%s: realpath(\".\", NULL) is NULL "
		     "with ENOENT (%s, %s)", where, r ? r : "NULL",
		     tst_strerrno(errno));
	free(r);
	memset(buf, 0x5a, sizeof(buf));
	errno = 0;
	r = realpath("x/../.", buf);
	TST_EXP_EXPR(!r && errno == ENOENT, "%s: realpath(\"x/../.\", buf) is "
		     "NULL with ENOENT (%s)", where, tst_strerrno(errno));
}

static void in_chroot(void)
{
	char buf[PATH_MAX], *r;
	long n;

	if (chroot(ROOT))
		tst_brk(TBROK | TERRNO, "chroot(%s)", ROOT);
	memset(buf, 0, sizeof(buf));
	n = syscall(__NR_getcwd, buf, sizeof(buf));
	TST_EXP_EXPR(n > 0 && (size_t)n == strlen(buf) + 1 &&
		     !strncmp(buf, "(unreachable)", 13) &&
		     strstr(buf, tst_tmpdir_path ? strrchr(tst_tmpdir_path, '/')
			    : "/") && buf[0] != '/',
		     "the getcwd syscall outside the root: %ld, \"%s\" (not "
		     "absolute, \"(unreachable)\" first)", n, buf);
	check_relative_fails("cwd outside the root");
	r = realpath("/", buf);
	TST_EXP_EXPR(r == buf && !strcmp(buf, "/"), "realpath(\"/\") is \"%s\"",
		     r ? r : "NULL");
	r = realpath("/d/..", buf);
	TST_EXP_EXPR(r == buf && !strcmp(buf, "/"), "realpath(\"/d/..\") is "
		     "\"%s\"", r ? r : "NULL");
}

static void in_removed_dir(void)
{
	char buf[PATH_MAX];
	long n;

	SAFE_MKDIR("gone", 0700);
	if (chdir("gone"))
		tst_brk(TBROK | TERRNO, "chdir(gone)");
	SAFE_RMDIR("../gone");
	errno = 0;
	n = syscall(__NR_getcwd, buf, sizeof(buf));
	TST_EXP_EXPR(n == -1 && errno == ENOENT, "the getcwd syscall in a "
		     "removed directory: %ld, %s", n, tst_strerrno(errno));
	check_relative_fails("cwd removed");
}

static void run(void)
{
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		in_chroot();
		exit(0);
	}
	reap_child(pid);
	pid = SAFE_FORK();
	if (!pid) {
		in_removed_dir();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	SAFE_MKDIR(ROOT, 0755);
	SAFE_MKDIR(ROOT "/d", 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2018-1000001"},
		{}
	},
};

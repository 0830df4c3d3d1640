// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chroot(2) changes where "/" starts path resolution for the caller and
 * its later children, and nothing else:
 * - "/" is the jail directory (same st_dev and st_ino), its marker file
 *   is "/marker", and an absolute symlink in the jail resolves inside it;
 * - ".." at the new root stays there: "/..", "/../../.." are the jail;
 * - the cwd does not move: a relative path still reaches the file outside
 *   the jail, and the raw getcwd() names it "(unreachable)..." because it
 *   is outside the root; after chdir("/") it is "/";
 * - a child forked after the chroot has the same root;
 * - a symlink to the jail is followed (chroot of the link);
 * - the parent's root is untouched.
 * Each chroot happens in a child; the parent only checks itself.
 */
#include <fcntl.h>
#include <limits.h>
#include "tst_test.h"
#include "fsmeta.h"

static struct stat jail_st, root_st;

static int is_jail(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return 0;
	return st.st_dev == jail_st.st_dev && st.st_ino == jail_st.st_ino;
}

static void check_inside(void)
{
	char buf[PATH_MAX];
	long len;
	pid_t pid;
	int status;

	TST_EXP_EXPR(is_jail("/"), "\"/\" is the jail directory");
	TST_EXP_PASS(access("/marker", F_OK), "the jail's marker is /marker");
	TST_EXP_PASS(access("/abs_link", F_OK),
		     "an absolute symlink to /marker resolves in the jail");
	TST_EXP_EXPR(is_jail("/..") && is_jail("/../../.."),
		     "\"..\" at the new root stays at the jail");
	TST_EXP_PASS(access("outside", F_OK),
		     "the cwd did not move: the file outside the jail is "
		     "still reached by a relative path");
	len = tst_syscall(__NR_getcwd, buf, sizeof(buf));
	TST_EXP_EXPR(len > 0 && !strncmp(buf, "(unreachable)", 13),
		     "getcwd() of a cwd outside the root is '%s'",
		     len > 0 ? buf : "(failed)");
	FSM_SAFE(chdir("/"));
	len = tst_syscall(__NR_getcwd, buf, sizeof(buf));
	TST_EXP_EXPR(len == 2 && !strcmp(buf, "/"),
		     "after chdir(\"/\") getcwd() is '%s'",
		     len > 0 ? buf : "(failed)");
	TST_EXP_FAIL(access("outside", F_OK), ENOENT,
		     "the file outside the jail from the new root's cwd");

	pid = SAFE_FORK();
	if (!pid)
		_exit(is_jail("/") && !access("/marker", F_OK) ? 0 : 1);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "a child forked after chroot() has the jail as \"/\"");
}

static void run(unsigned int n)
{
	static const char *const paths[] = { "jail", "jail_link" };
	struct stat st;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_PASS(chroot(paths[n]), "chroot(%s)", paths[n]);
		if (TST_PASS)
			check_inside();
		exit(0);
	}
	tst_reap_children();
	SAFE_STAT("/", &st);
	TST_EXP_EXPR(st.st_ino == root_st.st_ino && st.st_dev == root_st.st_dev,
		     "the parent's \"/\" is unchanged");
}

static void setup(void)
{
	SAFE_STAT("/", &root_st);
	SAFE_MKDIR("jail", 0755);
	fsm_create_file("jail/marker", 0644, "x");
	fsm_create_file("outside", 0644, "x");
	FSM_SAFE(symlink("/marker", "jail/abs_link"));
	FSM_SAFE(symlink("jail", "jail_link"));
	SAFE_STAT("jail", &jail_st);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

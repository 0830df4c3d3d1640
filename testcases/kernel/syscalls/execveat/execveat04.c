// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execveat(fd, "", ..., AT_EMPTY_PATH) of a program on overlayfs whose
 * name was unlinked after an O_PATH descriptor of it was opened: the
 * program runs (exit status 0). Since 8db6c34f1dbc ("Introduce v3
 * namespaced file capabilities") the capability lookup of the exec found
 * no alias of the unhashed upper dentry and the exec failed with EINVAL,
 * until 355139a8dba4 ("cap_inode_getsecurity: use d_find_any_alias()
 * instead of d_find_alias()"). The same program on the tmpdir's own
 * filesystem runs the same way, and so does the overlay copy while its
 * name is still there.
 * Syscalls: execveat
 */
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include "tst_test.h"

#define MERGED "merged"

static int mounted;

static void copy_file(const char *from, const char *to)
{
	char buf[4096];
	ssize_t n;
	int in, out;

	in = SAFE_OPEN(from, O_RDONLY);
	out = SAFE_OPEN(to, O_CREAT | O_WRONLY | O_TRUNC, 0755);
	while ((n = SAFE_READ(0, in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, n);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
}

/* Run path through an O_PATH fd, unlinked first when asked. */
static void run_prog(const char *path, int unlink_it, const char *what)
{
	char *const argv[] = {"true", NULL};
	char *const envp[] = {NULL};
	int status, fd;
	pid_t pid;

	copy_file("/bin/true", path);
	pid = SAFE_FORK();
	if (!pid) {
		fd = SAFE_OPEN(path, O_PATH);
		if (unlink_it)
			SAFE_UNLINK(path);
		syscall(__NR_execveat, fd, "", argv, envp, AT_EMPTY_PATH);
		tst_res(TFAIL | TERRNO, "%s: execveat()", what);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status), "%s: the "
		     "program ran and exited 0 (status %#x)", what, status);
	if (!unlink_it)
		SAFE_UNLINK(path);
}

static void run(void)
{
	run_prog("plain_prog", 1, "tmpdir, unlinked");
	run_prog(MERGED "/prog", 0, "overlayfs, linked");
	run_prog(MERGED "/prog", 1, "overlayfs, unlinked");
}

static void setup(void)
{
	SAFE_MKDIR("lower", 0755);
	SAFE_MKDIR("upper", 0755);
	SAFE_MKDIR("work", 0755);
	SAFE_MKDIR(MERGED, 0755);
	if (mount("overlay", MERGED, "overlay", 0,
		  "lowerdir=lower,upperdir=upper,workdir=work")) {
		if (errno == ENODEV)
			tst_brk(TCONF, "no overlayfs");
		tst_brk(TBROK | TERRNO, "mount(overlay)");
	}
	mounted = 1;
}

static void cleanup(void)
{
	if (mounted && umount2(MERGED, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", MERGED);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* cap_inode_getsecurity: use d_find_any_alias() instead of d_find_alias() */
		{"linux-git", "355139a8dba4"},
		/* Introduce v3 namespaced file capabilities (the regression;
		 * upstream LTP's execveat03 tags it too) */
		{"linux-git", "8db6c34f1dbc"},
		{}
	},
};

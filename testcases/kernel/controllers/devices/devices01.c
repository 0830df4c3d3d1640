// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cgroup v1 devices controller, in a "devices" hierarchy of the
 * test's own (ltp_PID/p and p/c; the hierarchy's root is never written):
 * each access is tried by a child moved into the cgroup, which exits with
 * the errno it got.
 * - a new cgroup lists "a *:* rwm"; "c 1:3 rw" denied in p: opening
 *   /dev/null (1:3) for read or write is EPERM in p, /dev/zero (1:5)
 *   opens, mknod of a 1:3 node works (no "m" denied) until "c 1:3 m" is
 *   denied too (EPERM); the list still reads "a *:* rwm" (default allow
 *   shows no exceptions);
 * - c made after inherits the restriction (EPERM); "c 1:3 rw" allowed in
 *   c is EPERM (the parent denies it); "a" denied in p is EINVAL while c
 *   exists;
 * - c turned default deny ("a" in devices.deny) lists nothing, /dev/zero
 *   is EPERM; "c 1:5 r" allowed lists exactly that, opens /dev/zero for
 *   read, not for write (EPERM); "c 1:3 r" allowed is EPERM (p denies it);
 * - a new restriction in p reaches c: c back to default allow, "c 1:5 w"
 *   denied in p makes /dev/zero for write EPERM in c, read still opens;
 * - parsing: an unknown type, a missing access list separator, a major
 *   of 2^32, a word for a minor, an unknown access letter are EINVAL.
 * Catches exceptions not checked at open or mknod, exceptions not
 * inherited at mkdir or not propagated to children, a child allowed more
 * than its parent, list or parsing regressions.
 * TCONF without a v1 devices hierarchy (CONFIG_CGROUP_DEVICE).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "cgroup_v1.h"

#define MNT "dev"

static char base[32], dir_p[48], dir_c[64];
static const char *dirs[] = {base, dir_p, dir_c};

static void file_of(char *buf, size_t size, const char *dir, const char *file)
{
	snprintf(buf, size, "%s/%s", dir, file);
}

/* write rule to dir/devices.<file>: 0 or the errno */
static int rule(const char *dir, const char *file, const char *val)
{
	char path[128], name[32];

	snprintf(name, sizeof(name), "devices.%s", file);
	file_of(path, sizeof(path), dir, name);
	return cg1_write(path, val);
}

static void set_rule(const char *dir, const char *file, const char *val)
{
	int err = rule(dir, file, val);

	if (err)
		tst_brk(TBROK, "write '%s' to %s/devices.%s: %s", val, dir,
			file, tst_strerrno(err));
}

static void expect_rule(const char *dir, const char *file, const char *val,
			int want)
{
	int err = rule(dir, file, val);

	TST_EXP_EXPR(err == want, "write '%s' to %s/devices.%s: %s (want "
		     "%s)", val, dir, file, err ? tst_strerrno(err) : "done",
		     want ? tst_strerrno(want) : "done");
}

static void expect_list(const char *dir, const char *want)
{
	char path[128], got[256] = "";
	int fd;
	ssize_t len;

	file_of(path, sizeof(path), dir, "devices.list");
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, got, sizeof(got) - 1);
	SAFE_CLOSE(fd);
	got[len] = 0;
	TST_EXP_EXPR(!strcmp(got, want), "%s/devices.list reads '%.*s' "
		     "(want '%.*s')", dir, (int)strcspn(got, "\n"), got,
		     (int)strcspn(want, "\n"), want);
}

/*
 * In a child moved into dir: open path with flags (mode 0) or, with
 * flags -1, mknod path as the character device 1:3. The errno, 0 if done.
 */
static int errno_in(const char *dir, const char *path, int flags)
{
	char procs[128];
	int status, fd;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		file_of(procs, sizeof(procs), dir, "cgroup.procs");
		if (cg1_write(procs, "0"))
			exit(255);
		if (flags == -1) {
			if (mknod(path, S_IFCHR | 0600, makedev(1, 3)))
				exit(errno);
			unlink(path);
			exit(0);
		}
		fd = open(path, flags);
		exit(fd < 0 ? errno : 0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) == 255)
		tst_brk(TBROK, "child in %s: status 0x%x", dir, status);
	return WEXITSTATUS(status);
}

static void expect_access(const char *dir, const char *path, int flags,
			  int want)
{
	int err = errno_in(dir, path, flags);
	const char *what = flags == -1 ? "mknod c 1:3" :
			   flags == O_RDONLY ? "open for read" :
			   "open for write";

	TST_EXP_EXPR(err == want, "%s: %s %s: %s (want %s)", dir, what, path,
		     err ? tst_strerrno(err) : "done",
		     want ? tst_strerrno(want) : "done");
}

static void run(void)
{
	/* a fresh p each iteration: its exceptions stay until rmdir */
	SAFE_MKDIR(dir_p, 0755);
	expect_list(dir_p, "a *:* rwm\n");
	expect_access(dir_p, "/dev/null", O_RDONLY, 0);
	set_rule(dir_p, "deny", "c 1:3 rw");
	expect_list(dir_p, "a *:* rwm\n");
	expect_access(dir_p, "/dev/null", O_RDONLY, EPERM);
	expect_access(dir_p, "/dev/null", O_WRONLY, EPERM);
	expect_access(dir_p, "/dev/zero", O_RDONLY, 0);
	expect_access(dir_p, "null_node", -1, 0);
	set_rule(dir_p, "deny", "c 1:3 m");
	expect_access(dir_p, "null_node", -1, EPERM);

	SAFE_MKDIR(dir_c, 0755);
	expect_access(dir_c, "/dev/null", O_RDONLY, EPERM);
	expect_rule(dir_c, "allow", "c 1:3 rw", EPERM);
	expect_access(dir_c, "/dev/null", O_WRONLY, EPERM);
	expect_rule(dir_p, "deny", "a", EINVAL);

	set_rule(dir_c, "deny", "a");
	expect_list(dir_c, "");
	expect_access(dir_c, "/dev/zero", O_RDONLY, EPERM);
	set_rule(dir_c, "allow", "c 1:5 r");
	expect_list(dir_c, "c 1:5 r\n");
	expect_access(dir_c, "/dev/zero", O_RDONLY, 0);
	expect_access(dir_c, "/dev/zero", O_WRONLY, EPERM);
	expect_rule(dir_c, "allow", "c 1:3 r", EPERM);
	expect_list(dir_c, "c 1:5 r\n");

	set_rule(dir_c, "allow", "a");
	expect_list(dir_c, "a *:* rwm\n");
	expect_access(dir_c, "/dev/zero", O_WRONLY, 0);
	set_rule(dir_p, "deny", "c 1:5 w");
	expect_access(dir_c, "/dev/zero", O_WRONLY, EPERM);
	expect_access(dir_c, "/dev/zero", O_RDONLY, 0);
	expect_access(dir_c, "/dev/null", O_RDONLY, EPERM);

	expect_rule(dir_c, "deny", "x 1:3 r", EINVAL);
	expect_rule(dir_c, "deny", "c 1:3", EINVAL);
	expect_rule(dir_c, "deny", "c 4294967296:3 r", EINVAL);
	expect_rule(dir_c, "deny", "c 1:minor r", EINVAL);
	expect_rule(dir_c, "deny", "c 1:3 rx", EINVAL);
	SAFE_RMDIR(dir_c);
	SAFE_RMDIR(dir_p);
}

static void setup(void)
{
	mnt_private_ns();
	cg1_mount(MNT, "devices");
	snprintf(base, sizeof(base), MNT "/ltp_%d", getpid());
	snprintf(dir_p, sizeof(dir_p), "%s/p", base);
	snprintf(dir_c, sizeof(dir_c), "%s/c", dir_p);
	SAFE_MKDIR(base, 0755);
}

static void cleanup(void)
{
	if (base[0])
		cg1_rmdir_all(dirs, 3);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	/* its v1 hierarchy is a line in every process's /proc/PID/cgroup */
	.exclusive = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access(): F_OK tests existence, R_OK/W_OK/X_OK the permission bits
 * against the caller. An unprivileged caller (nobody) gets [EACCES] for
 * a bit the mode denies it (also when one of several asked bits is
 * denied) and for a file under a directory it may not search, [ENOENT]
 * for a missing file or an empty path, [ENOTDIR] for a path through a
 * regular file. A privileged caller passes R_OK and W_OK whatever the
 * mode, but X_OK only when some execute bit is set. Linux refuses
 * unknown amode bits with [EINVAL].
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], f0644[128], f0640[128], f0000[128], f0100[128],
	    locked[128], hidden[128], through[160], missing[128];

#define OK(call, desc) do { \
	if ((call) != 0) \
		PTS_FAILED("%s failed: %s", desc, strerror(errno)); \
} while (0)

static void mk(const char *path, mode_t mode)
{
	int fd = open(path, O_CREAT | O_WRONLY, 0600);

	if (fd < 0 || fchmod(fd, mode) || close(fd))
		PTS_UNRES("create %s: %s", path, strerror(errno));
}

static int as_nobody(void)
{
	OK(access(f0644, F_OK), "nobody F_OK 0644");
	OK(access(f0644, R_OK), "nobody R_OK 0644");
	PTS_EXPECT_ERRNO(access(f0644, W_OK), EACCES, "nobody W_OK 0644");
	PTS_EXPECT_ERRNO(access(f0644, R_OK | W_OK), EACCES,
			 "nobody R_OK|W_OK 0644");
	PTS_EXPECT_ERRNO(access(f0644, X_OK), EACCES, "nobody X_OK 0644");
	OK(access(f0640, F_OK), "nobody F_OK 0640");
	PTS_EXPECT_ERRNO(access(f0640, R_OK), EACCES, "nobody R_OK 0640");
	PTS_EXPECT_ERRNO(access(f0100, X_OK), EACCES, "nobody X_OK 0100");
	PTS_EXPECT_ERRNO(access(hidden, F_OK), EACCES,
			 "nobody F_OK under a 0700 directory");
	PTS_EXPECT_ERRNO(access(missing, F_OK), ENOENT, "nobody F_OK missing");
	return PTS_PASS;
}

int main(void)
{
	strcpy(dir, "/tmp/access_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(f0644, sizeof(f0644), "%s/f0644", dir);
	snprintf(f0640, sizeof(f0640), "%s/f0640", dir);
	snprintf(f0000, sizeof(f0000), "%s/f0000", dir);
	snprintf(f0100, sizeof(f0100), "%s/f0100", dir);
	snprintf(locked, sizeof(locked), "%s/locked", dir);
	snprintf(hidden, sizeof(hidden), "%s/locked/f", dir);
	snprintf(through, sizeof(through), "%s/f0644/x", dir);
	snprintf(missing, sizeof(missing), "%s/missing", dir);
	mk(f0644, 0644);
	mk(f0640, 0640);
	mk(f0000, 0000);
	mk(f0100, 0100);
	if (mkdir(locked, 0700))
		PTS_UNRES("mkdir(): %s", strerror(errno));
	mk(hidden, 0644);

	if (geteuid() != 0)
		PTS_UNSUPP("needs root (privileged and nobody checks)");
	OK(access(f0000, F_OK), "root F_OK 0000");
	OK(access(f0000, R_OK | W_OK), "root R_OK|W_OK 0000");
	PTS_EXPECT_ERRNO(access(f0644, X_OK), EACCES,
			 "root X_OK with no execute bit");
	PTS_EXPECT_ERRNO(access(f0000, X_OK), EACCES, "root X_OK 0000");
	OK(access(f0100, X_OK), "root X_OK 0100");
	OK(access(f0100, R_OK | W_OK | X_OK), "root R_OK|W_OK|X_OK 0100");
	OK(access(dir, X_OK), "root X_OK directory");
	PTS_EXPECT_ERRNO(access(missing, F_OK), ENOENT, "F_OK missing");
	PTS_EXPECT_ERRNO(access("", F_OK), ENOENT, "F_OK empty path");
	PTS_EXPECT_ERRNO(access(through, F_OK), ENOTDIR,
			 "F_OK through a regular file");
	PTS_EXPECT_ERRNO(access(f0644, 0x100), EINVAL, "amode 0x100");

	pts_run_as_nobody(as_nobody, "nobody child");

	unlink(hidden);
	rmdir(locked);
	unlink(f0644);
	unlink(f0640);
	unlink(f0000);
	unlink(f0100);
	rmdir(dir);
	PTS_PASSED("F_OK/R_OK/W_OK/X_OK for root and nobody; EACCES, ENOENT, ENOTDIR, EINVAL");
}

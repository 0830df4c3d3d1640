// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chmod() sets the file's S_ISUID, S_ISGID, S_ISVTX and permission bits
 * (read back with stat()), the file type kept, st_ctime marked for
 * update. The owner may change them: nobody on its own file succeeds,
 * but S_ISGID is cleared (no error) when the file's group is not one of
 * the caller's; nobody on root's file fails with [EPERM], mode kept.
 * [ENOENT], [ENOTDIR]; a symbolic link is followed (the target changes).
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], mine[128], roots[128], lnk[128];

static mode_t mode_of(const char *p)
{
	struct stat st;

	if (stat(p, &st))
		PTS_UNRES("stat(%s): %s", p, strerror(errno));
	return st.st_mode;
}

static int nobody(void)
{
	if (chmod(mine, 0604))
		PTS_FAILED("owner nobody chmod(0604): %s", strerror(errno));
	if ((mode_of(mine) & 07777) != 0604)
		PTS_FAILED("owner's chmod not applied");
	/* the file's group is 0, not one of nobody's */
	if (chmod(mine, 02755))
		PTS_FAILED("owner nobody chmod(02755): %s", strerror(errno));
	if ((mode_of(mine) & 07777) != 0755)
		PTS_FAILED("S_ISGID kept for a group not the caller's: %04o",
			   (unsigned int)(mode_of(mine) & 07777));
	PTS_EXPECT_ERRNO(chmod(roots, 0777), EPERM, "nobody chmod() of root's file");
	if ((mode_of(roots) & 07777) != 0644)
		PTS_FAILED("root's file mode changed by a refused chmod()");
	return PTS_PASS;
}

int main(void)
{
	static const mode_t modes[] = { 0, 07777, 04711, 02750, 01777, 0444 };
	struct timespec old = { 1000000000, 0 }, ts[2] = { old, old };
	struct stat st;
	unsigned int i;
	int fd;

	strcpy(dir, "/tmp/chmod_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(mine, sizeof(mine), "%s/mine", dir);
	snprintf(roots, sizeof(roots), "%s/roots", dir);
	snprintf(lnk, sizeof(lnk), "%s/lnk", dir);
	fd = open(roots, O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || fchown(fd, 0, 0) || fchmod(fd, 0644))
		PTS_UNRES("create: %s", strerror(errno));
	close(fd);
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (chmod(roots, modes[i]))
			PTS_FAILED("chmod(%04o): %s", (unsigned int)modes[i],
				   strerror(errno));
		if (mode_of(roots) != (S_IFREG | modes[i]))
			PTS_FAILED("mode %06o after chmod(%04o)",
				   (unsigned int)mode_of(roots),
				   (unsigned int)modes[i]);
	}
	utimensat(AT_FDCWD, roots, ts, 0);
	chmod(roots, 0644);
	stat(roots, &st);
	if (st.st_ctime == old.tv_sec)
		PTS_FAILED("st_ctime not updated by chmod()");
	if (symlink("roots", lnk) || chmod(lnk, 0600) ||
	    (mode_of(roots) & 07777) != 0600)
		PTS_FAILED("chmod() through a symlink did not change the target");
	chmod(roots, 0644);
	PTS_EXPECT_ERRNO(chmod("/tmp/chmod_1-1.missing/x", 0644), ENOENT, "missing");
	{
		char through[160];

		snprintf(through, sizeof(through), "%s/x", roots);
		PTS_EXPECT_ERRNO(chmod(through, 0644), ENOTDIR, "through a file");
	}
	if (geteuid() == 0) {
		fd = open(mine, O_CREAT | O_WRONLY, 0644);
		if (fd < 0 || fchown(fd, PTS_NOBODY, 0))
			PTS_UNRES("create: %s", strerror(errno));
		close(fd);
		pts_run_as_nobody(nobody, "nobody child");
		unlink(mine);
	}
	unlink(lnk);
	unlink(roots);
	rmdir(dir);
	PTS_PASSED("all mode bits read back, ctime, symlink followed; owner's change, S_ISGID cleared, EPERM, ENOENT, ENOTDIR");
}

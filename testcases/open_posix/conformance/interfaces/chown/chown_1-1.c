// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chown(): a privileged process sets any owner and group (read back with
 * stat(), st_ctime updated); -1 leaves that ID unchanged. An unprivileged
 * owner (nobody, as POSIX allows with _POSIX_CHOWN_RESTRICTED) may only
 * change the group to one it belongs to: a new owner, or a group it is
 * not in, is refused with [EPERM], nothing changed; a successful change
 * by it clears S_ISUID and S_ISGID of its executable file. [ENOENT],
 * [ENOTDIR]. A symbolic link is followed (the target changes).
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], file[128], mine[128], lnk[128];

static struct stat st_of(const char *p)
{
	struct stat st;

	if (stat(p, &st))
		PTS_UNRES("stat(%s): %s", p, strerror(errno));
	return st;
}

static int nobody(void)
{
	gid_t g = PTS_NOBODY;
	struct stat st;

	/* nobody in its own group 65534 and supplementary group 65533 */
	if (setgroups(1, (gid_t[]){ 65533 }) || setgid(g) || setuid(PTS_NOBODY))
		return PTS_UNRESOLVED;
	PTS_EXPECT_ERRNO(chown(mine, 0, -1), EPERM, "nobody giving its file to root");
	PTS_EXPECT_ERRNO(chown(mine, -1, 0), EPERM, "nobody to a group it is not in");
	st = st_of(mine);
	if (st.st_uid != PTS_NOBODY || st.st_gid != PTS_NOBODY ||
	    (st.st_mode & 07777) != 06755)
		PTS_FAILED("a refused chown() changed the file (%d/%d %04o)",
			   (int)st.st_uid, (int)st.st_gid,
			   (unsigned int)(st.st_mode & 07777));
	if (chown(mine, -1, 65533))
		PTS_FAILED("nobody to its supplementary group: %s", strerror(errno));
	st = st_of(mine);
	if (st.st_gid != 65533)
		PTS_FAILED("group %d after the change", (int)st.st_gid);
	if (st.st_mode & (S_ISUID | S_ISGID))
		PTS_FAILED("S_ISUID/S_ISGID kept after an unprivileged chown(): %04o",
			   (unsigned int)(st.st_mode & 07777));
	return PTS_PASS;
}

int main(void)
{
	struct timespec old = { 1000000000, 0 }, ts[2] = { old, old };
	struct stat st;
	int fd;

	if (geteuid() != 0)
		PTS_UNSUPP("needs root");
	strcpy(dir, "/tmp/chown_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(file, sizeof(file), "%s/f", dir);
	snprintf(mine, sizeof(mine), "%s/mine", dir);
	snprintf(lnk, sizeof(lnk), "%s/lnk", dir);
	fd = open(file, O_CREAT | O_WRONLY, 0644);
	close(fd);
	utimensat(AT_FDCWD, file, ts, 0);
	if (chown(file, 1234, 5678))
		PTS_FAILED("chown(1234, 5678): %s", strerror(errno));
	st = st_of(file);
	if (st.st_uid != 1234 || st.st_gid != 5678)
		PTS_FAILED("owner %d group %d after chown(1234, 5678)",
			   (int)st.st_uid, (int)st.st_gid);
	if (st.st_ctime == old.tv_sec)
		PTS_FAILED("st_ctime not updated");
	if (chown(file, -1, 42) || (st = st_of(file)).st_uid != 1234 ||
	    st.st_gid != 42)
		PTS_FAILED("chown(-1, 42) did not keep the owner");
	if (chown(file, 7, -1) || (st = st_of(file)).st_uid != 7 ||
	    st.st_gid != 42)
		PTS_FAILED("chown(7, -1) did not keep the group");
	if (symlink("f", lnk) || chown(lnk, 0, 0) ||
	    (st = st_of(file)).st_uid != 0 || st.st_gid != 0)
		PTS_FAILED("chown() through a symlink did not change the target");
	PTS_EXPECT_ERRNO(chown("/tmp/chown_1-1.none/x", 0, 0), ENOENT, "missing");
	{
		char p[160];

		snprintf(p, sizeof(p), "%s/x", file);
		PTS_EXPECT_ERRNO(chown(p, 0, 0), ENOTDIR, "through a file");
	}
	fd = open(mine, O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || fchown(fd, PTS_NOBODY, PTS_NOBODY) || fchmod(fd, 06755))
		PTS_UNRES("set-up: %s", strerror(errno));
	close(fd);
	pts_run_child(nobody, "nobody child");
	unlink(lnk);
	unlink(file);
	unlink(mine);
	rmdir(dir);
	PTS_PASSED("privileged owner/group set, -1 kept, ctime, symlink followed; nobody: EPERM, own group, set-ID bits cleared; ENOENT, ENOTDIR");
}

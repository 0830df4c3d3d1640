// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkdir() makes an empty directory (only "." and ".."; st_nlink 2) with
 * the permission bits of mode minus the umask, owned by the effective
 * uid; the parent's st_nlink goes up by one and its st_mtime/st_ctime
 * are marked for update. Errors, nothing made: [EEXIST] for an existing
 * name (file, directory, dangling symlink), [ENOENT] for a missing
 * component or "", [ENOTDIR], [EACCES] for nobody in a 0755 root
 * directory, [ENAMETOOLONG] for a component of NAME_MAX + 1 bytes.
 */
#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

static const char *P(const char *name)
{
	static char buf[4][512];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static int nobody(void)
{
	PTS_EXPECT_ERRNO(mkdir(P("nb"), 0777), EACCES, "nobody mkdir() in 0755 root dir");
	return PTS_PASS;
}

int main(void)
{
	struct timespec old = { 1000000000, 0 }, ts[2] = { old, old };
	char longname[NAME_MAX + 2];
	struct stat st, pst;
	struct dirent *e;
	nlink_t n0;
	int fd, entries = 0;
	DIR *d;

	umask(022);
	strcpy(dir, "/tmp/mkdir_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	utimensat(AT_FDCWD, dir, ts, 0);
	stat(dir, &pst);
	n0 = pst.st_nlink;
	if (mkdir(P("new"), 0777))
		PTS_FAILED("mkdir(): %s", strerror(errno));
	if (stat(P("new"), &st) || stat(dir, &pst))
		PTS_UNRES("stat(): %s", strerror(errno));
	if (!S_ISDIR(st.st_mode) || (st.st_mode & 07777) != 0755 ||
	    st.st_nlink != 2 || st.st_uid != geteuid())
		PTS_FAILED("new directory mode %06o nlink %lu uid %d",
			   (unsigned int)st.st_mode, (unsigned long)st.st_nlink,
			   (int)st.st_uid);
	if (pst.st_nlink != n0 + 1)
		PTS_FAILED("parent st_nlink %lu, expected %lu",
			   (unsigned long)pst.st_nlink, (unsigned long)(n0 + 1));
	if (pst.st_mtime == old.tv_sec || pst.st_ctime == old.tv_sec)
		PTS_FAILED("parent mtime/ctime not updated");
	d = opendir(P("new"));
	if (!d)
		PTS_UNRES("opendir(): %s", strerror(errno));
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			entries++;
	closedir(d);
	if (entries)
		PTS_FAILED("new directory has %d entries", entries);

	fd = open(P("file"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	symlink("nowhere", P("dangling"));
	PTS_EXPECT_ERRNO(mkdir(P("new"), 0777), EEXIST, "existing directory");
	PTS_EXPECT_ERRNO(mkdir(P("file"), 0777), EEXIST, "existing file");
	PTS_EXPECT_ERRNO(mkdir(P("dangling"), 0777), EEXIST, "dangling symlink");
	PTS_EXPECT_ERRNO(mkdir(P("no/x"), 0777), ENOENT, "missing component");
	PTS_EXPECT_ERRNO(mkdir("", 0777), ENOENT, "empty path");
	PTS_EXPECT_ERRNO(mkdir(P("file/x"), 0777), ENOTDIR, "through a file");
	memset(longname, 'n', NAME_MAX + 1);
	longname[NAME_MAX + 1] = 0;
	PTS_EXPECT_ERRNO(mkdir(P(longname), 0777), ENAMETOOLONG,
			 "component of NAME_MAX + 1");
	if (geteuid() == 0)
		pts_run_as_nobody(nobody, "nobody child");
	if (!lstat(P("nb"), &st) || !lstat(P(longname), &st) ||
	    lstat(P("dangling"), &st) || !S_ISLNK(st.st_mode))
		PTS_FAILED("a failed mkdir() made or changed a name");
	rmdir(P("new"));
	unlink(P("file"));
	unlink(P("dangling"));
	rmdir(dir);
	PTS_PASSED("empty directory, mode minus umask, nlinks, parent times; EEXIST, ENOENT, ENOTDIR, EACCES, ENAMETOOLONG");
}

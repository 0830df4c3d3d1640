// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unlink() removes a name: st_nlink of the file one lower (read through
 * another link), its st_ctime and the directory's st_mtime marked for
 * update; when the last name goes while a descriptor is open, the file
 * stays readable and writable through it until closed. Errors, the name
 * kept: [ENOENT], [ENOTDIR], [EISDIR] for a directory (Linux; POSIX
 * allows EPERM), [EACCES] for nobody without write permission on the
 * directory, [EPERM] for nobody removing root's file from a sticky
 * world-writable directory.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], sticky[128], sfile[160], plain[128];

static int nobody(void)
{
	PTS_EXPECT_ERRNO(unlink(plain), EACCES,
			 "nobody unlinking from a 0755 root directory");
	PTS_EXPECT_ERRNO(unlink(sfile), EPERM,
			 "nobody unlinking root's file in a sticky 1777 directory");
	return PTS_PASS;
}

static const char *P(const char *name)
{
	static char buf[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

int main(void)
{
	struct timespec old = { 1000000000, 0 }, ts[2] = { old, old };
	struct stat st, dst;
	char buf[8];
	int fd;

	strcpy(dir, "/tmp/unlink_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(sticky, sizeof(sticky), "%s/sticky", dir);
	snprintf(sfile, sizeof(sfile), "%s/sticky/f", dir);
	snprintf(plain, sizeof(plain), "%s/plain", dir);
	fd = open(P("f"), O_CREAT | O_RDWR, 0644);
	if (fd < 0 || link(P("f"), P("g")) || mkdir(P("d"), 0755))
		PTS_UNRES("set-up: %s", strerror(errno));
	utimensat(AT_FDCWD, P("f"), ts, 0);
	utimensat(AT_FDCWD, dir, ts, 0);
	if (unlink(P("f")))
		PTS_FAILED("unlink(): %s", strerror(errno));
	if (!lstat(P("f"), &st))
		PTS_FAILED("the name is still there");
	if (stat(P("g"), &st) || stat(dir, &dst))
		PTS_UNRES("stat(): %s", strerror(errno));
	if (st.st_nlink != 1)
		PTS_FAILED("st_nlink %lu after one of two names removed",
			   (unsigned long)st.st_nlink);
	if (st.st_ctime == old.tv_sec || dst.st_mtime == old.tv_sec)
		PTS_FAILED("file ctime or directory mtime not updated");
	if (unlink(P("g")))
		PTS_FAILED("unlink() of the last name: %s", strerror(errno));
	if (fstat(fd, &st) || st.st_nlink != 0)
		PTS_FAILED("open unlinked file: st_nlink %lu", (unsigned long)st.st_nlink);
	if (pwrite(fd, "alive", 5, 0) != 5 || pread(fd, buf, 8, 0) != 5 ||
	    memcmp(buf, "alive", 5))
		PTS_FAILED("the open descriptor of an unlinked file does not work");
	close(fd);

	PTS_EXPECT_ERRNO(unlink(P("f")), ENOENT, "unlink() of a removed name");
	PTS_EXPECT_ERRNO(unlink(P("d/x/y")), ENOENT, "missing component");
	fd = open(P("reg"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	PTS_EXPECT_ERRNO(unlink(P("reg/x")), ENOTDIR, "through a regular file");
	PTS_EXPECT_ERRNO(unlink(P("d")), EISDIR, "a directory");
	if (lstat(P("d"), &st))
		PTS_FAILED("the directory went away");
	if (geteuid() == 0) {
		if (mkdir(sticky, 0777) || chmod(sticky, 01777))
			PTS_UNRES("mkdir(): %s", strerror(errno));
		fd = open(sfile, O_CREAT | O_WRONLY, 0666);
		close(fd);
		fd = open(plain, O_CREAT | O_WRONLY, 0666);
		close(fd);
		pts_run_as_nobody(nobody, "nobody child");
		if (lstat(sfile, &st) || lstat(plain, &st))
			PTS_FAILED("a refused unlink() removed the file");
		unlink(sfile);
		unlink(plain);
		rmdir(sticky);
	}
	unlink(P("reg"));
	rmdir(P("d"));
	rmdir(dir);
	PTS_PASSED("nlink down, times, open file survives; ENOENT, ENOTDIR, EISDIR, EACCES, EPERM (sticky)");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat() resolves a relative path from the directory open on fd, not
 * from the working directory (also after that directory was renamed);
 * AT_FDCWD means the working directory; an absolute path ignores fd,
 * even an invalid one. Errors: [EBADF] for a relative path with a closed
 * fd, [ENOTDIR] for a relative path with an fd of a regular file.
 */
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

int main(void)
{
	char a[128], b[128], abs_[160], buf[8];
	int dfd, fd, ffd, closed;
	struct stat st;

	strcpy(dir, "/tmp/openat_1-1.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);
	snprintf(abs_, sizeof(abs_), "%s/abs", dir);
	if (mkdir(a, 0755) || chdir(dir))
		PTS_UNRES("set-up: %s", strerror(errno));
	dfd = open(a, O_RDONLY | O_DIRECTORY);
	if (dfd < 0 || rename(a, b))
		PTS_UNRES("set-up: %s", strerror(errno));
	fd = openat(dfd, "f", O_CREAT | O_RDWR, 0644);
	if (fd < 0)
		PTS_FAILED("openat(dfd, \"f\", O_CREAT): %s", strerror(errno));
	if (write(fd, "in-b", 4) != 4)
		PTS_UNRES("write(): %s", strerror(errno));
	close(fd);
	{
		char p[160];

		snprintf(p, sizeof(p), "%s/f", b);
		if (stat(p, &st) || st.st_size != 4)
			PTS_FAILED("the file is not in the (renamed) directory of fd");
		if (!stat("f", &st))
			PTS_FAILED("the file was made in the working directory");
	}
	fd = openat(AT_FDCWD, "cwdfile", O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || stat("cwdfile", &st))
		PTS_FAILED("openat(AT_FDCWD) not in the working directory");
	close(fd);
	closed = dup(dfd);
	close(closed);
	fd = openat(closed, abs_, O_CREAT | O_WRONLY, 0644);
	if (fd < 0)
		PTS_FAILED("absolute path with a closed fd: %s", strerror(errno));
	close(fd);
	fd = openat(dfd, "f", O_RDONLY);
	if (fd < 0 || read(fd, buf, 8) != 4 || memcmp(buf, "in-b", 4))
		PTS_FAILED("reopen through dfd did not read the data");
	close(fd);
	PTS_EXPECT_ERRNO(openat(closed, "x", O_RDONLY), EBADF,
			 "relative path with a closed fd");
	ffd = open("cwdfile", O_RDONLY);
	PTS_EXPECT_ERRNO(openat(ffd, "x", O_RDONLY), ENOTDIR,
			 "relative path with a regular file's fd");
	close(ffd);
	close(dfd);
	if (chdir("/"))
		PTS_UNRES("chdir(): %s", strerror(errno));
	{
		char p[160];

		snprintf(p, sizeof(p), "%s/f", b);
		unlink(p);
		snprintf(p, sizeof(p), "%s/cwdfile", dir);
		unlink(p);
	}
	unlink(abs_);
	rmdir(b);
	rmdir(dir);
	PTS_PASSED("relative to fd (renamed dir), AT_FDCWD, absolute ignores fd; EBADF, ENOTDIR");
}

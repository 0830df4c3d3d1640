// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getcwd() copies the absolute path of the working directory, NUL
 * terminated, and returns buf: exactly strlen + 1 bytes is enough, one
 * byte less fails with [ERANGE] (buf's contents unspecified), size 0
 * with a buffer [EINVAL]. The path contains no symbolic link (a cwd
 * reached through one reads as the real path). Once the working
 * directory has been removed Linux fails with [ENOENT].
 */
#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char dir[64], real[PATH_MAX], sub[PATH_MAX + 8], lnk[PATH_MAX + 8];
	char buf[PATH_MAX];
	size_t len;
	char *r;

	strcpy(dir, "/tmp/getcwd_1-1.XXXXXX");
	if (!mkdtemp(dir) || !realpath(dir, real))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(sub, sizeof(sub), "%s/sub", real);
	snprintf(lnk, sizeof(lnk), "%s/lnk", real);
	if (mkdir(sub, 0755) || symlink("sub", lnk) || chdir(lnk))
		PTS_UNRES("set-up: %s", strerror(errno));
	r = getcwd(buf, sizeof(buf));
	if (r != buf || strcmp(buf, sub))
		PTS_FAILED("getcwd() '%s', expected '%s'", r ? buf : "(null)", sub);
	len = strlen(sub);
	memset(buf, '#', sizeof(buf));
	if (getcwd(buf, len + 1) != buf || strcmp(buf, sub))
		PTS_FAILED("a buffer of exactly %zu bytes refused", len + 1);
	errno = 0;
	if (getcwd(buf, len) || errno != ERANGE)
		PTS_FAILED("a buffer one byte short: errno %d, not ERANGE", errno);
	errno = 0;
	if (getcwd(buf, 0) || errno != EINVAL)
		PTS_FAILED("size 0: errno %d, not EINVAL", errno);
	if (rmdir(sub))
		PTS_UNRES("rmdir(): %s", strerror(errno));
	errno = 0;
	if (getcwd(buf, sizeof(buf)) || errno != ENOENT)
		PTS_FAILED("removed cwd: errno %d, not ENOENT", errno);
	if (chdir("/"))
		PTS_UNRES("chdir(): %s", strerror(errno));
	unlink(lnk);
	rmdir(real);
	PTS_PASSED("real absolute path, exact size, ERANGE, EINVAL, ENOENT for a removed cwd");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename() "shall fail" with [EINVAL] when "either pathname argument
 * contains a final component that is dot or dot-dot": old "d/.",
 * old "d/sub/..", new "d/." and new "d/sub/..", every name kept. Also
 * [ENOTDIR] for a regular file named with a trailing slash (old
 * "file/", and new "file2/" for a file renamed onto an existing file).
 * Linux refuses the dot and dot-dot cases with [EBUSY] (do_renameat2():
 * a final component that is not a plain name): a known issue, reported
 * as such, never a pass.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];
static int busy;

static const char *P(const char *name)
{
	static char buf[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static void dots(const char *old, const char *new)
{
	int r;

	errno = 0;
	r = rename(P(old), P(new));
	if (r == -1 && errno == EBUSY) {
		printf("rename(%s, %s): EBUSY\n", old, new);
		busy++;
		return;
	}
	if (r != -1 || errno != EINVAL)
		PTS_FAILED("rename(%s, %s): %d, errno %s; expected -1, EINVAL",
			   old, new, r, errno ? strerrorname_np(errno) : "0");
}

static void kept(const char *name)
{
	struct stat st;

	if (lstat(P(name), &st))
		PTS_FAILED("%s is gone after the refused renames", name);
}

int main(void)
{
	struct stat st;
	int fd;

	strcpy(dir, "/tmp/pts_rename4.XXXXXX");
	if (!mkdtemp(dir) || mkdir(P("d"), 0755) || mkdir(P("d/sub"), 0755) ||
	    mkdir(P("e"), 0755))
		PTS_UNRES("fixture: %m");
	fd = open(P("file"), O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || close(fd))
		PTS_UNRES("fixture: %m");
	fd = open(P("file2"), O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || close(fd))
		PTS_UNRES("fixture: %m");

	PTS_EXPECT_ERRNO(rename(P("file/"), P("new")), ENOTDIR,
			 "rename(\"file/\", new)");
	PTS_EXPECT_ERRNO(rename(P("file"), P("file2/")), ENOTDIR,
			 "rename(file, \"file2/\")");
	dots("d/.", "x");
	dots("d/sub/..", "x");
	dots("e", "d/.");
	dots("e", "d/sub/..");
	kept("file");
	kept("file2");
	kept("d/sub");
	kept("e");
	if (!lstat(P("x"), &st) || !lstat(P("new"), &st))
		PTS_FAILED("a refused rename() made a name");
	unlink(P("file"));
	unlink(P("file2"));
	rmdir(P("d/sub"));
	rmdir(P("d"));
	rmdir(P("e"));
	rmdir(dir);
	if (busy)
		PTS_KNOWN_ISSUE("rename() EINVAL for a final dot or dot-dot",
				"%d of 4 refused with EBUSY, not EINVAL", busy);
	PTS_PASSED("EINVAL for dot and dot-dot, ENOTDIR for file/, names kept");
}

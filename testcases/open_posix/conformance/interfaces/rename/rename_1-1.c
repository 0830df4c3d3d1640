// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rename(): an existing new path is replaced, the name never missing:
 * the old file's inode (and data) under the new name, the replaced
 * file's data still readable through a descriptor opened before. A
 * directory replaces an empty directory. Two links to the same file:
 * nothing happens (both names stay). Errors, both names unchanged:
 * [EISDIR] file over directory, [ENOTDIR] directory over file,
 * [EEXIST] or [ENOTEMPTY] over a non-empty directory, [EINVAL] for a
 * directory moved below itself, [ENOENT] for a missing old path.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

static const char *P(const char *name)
{
	static char buf[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static void mkfile(const char *name, const char *data)
{
	int fd = open(P(name), O_CREAT | O_TRUNC | O_WRONLY, 0644);

	if (fd < 0 || write(fd, data, strlen(data)) != (ssize_t)strlen(data))
		PTS_UNRES("create %s: %s", name, strerror(errno));
	close(fd);
}

static ino_t ino(const char *name)
{
	struct stat st;

	if (lstat(P(name), &st))
		return 0;
	return st.st_ino;
}

int main(void)
{
	char buf[16];
	ino_t ia;
	int fd, r;

	strcpy(dir, "/tmp/rename_1-1.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	mkfile("a", "new");
	mkfile("b", "old");
	ia = ino("a");
	fd = open(P("b"), O_RDONLY);
	if (rename(P("a"), P("b")))
		PTS_FAILED("rename(a, b): %s", strerror(errno));
	if (ino("a") || ino("b") != ia)
		PTS_FAILED("after rename(a, b): a still there or b not a's inode");
	if (read(fd, buf, sizeof(buf)) != 3 || memcmp(buf, "old", 3))
		PTS_FAILED("the replaced file's data gone from its open descriptor");
	close(fd);

	if (link(P("b"), P("c")))
		PTS_UNRES("link(): %s", strerror(errno));
	if (rename(P("b"), P("c")) || ino("b") != ia || ino("c") != ia)
		PTS_FAILED("rename() between links of one file changed something");

	if (mkdir(P("d1"), 0755) || mkdir(P("d2"), 0755) ||
	    mkdir(P("full"), 0755))
		PTS_UNRES("mkdir(): %s", strerror(errno));
	mkfile("full/x", "x");
	ia = ino("d1");
	if (rename(P("d1"), P("d2")) || ino("d1") || ino("d2") != ia)
		PTS_FAILED("directory over an empty directory not replaced");

	PTS_EXPECT_ERRNO(rename(P("c"), P("d2")), EISDIR, "file over directory");
	PTS_EXPECT_ERRNO(rename(P("d2"), P("c")), ENOTDIR, "directory over file");
	errno = 0;
	r = rename(P("d2"), P("full"));
	if (r != -1 || (errno != EEXIST && errno != ENOTEMPTY))
		PTS_FAILED("directory over a non-empty one: %d, %s", r,
			   strerror(errno));
	PTS_EXPECT_ERRNO(rename(P("full"), P("full/sub")), EINVAL,
			 "directory below itself");
	PTS_EXPECT_ERRNO(rename(P("missing"), P("z")), ENOENT, "missing old path");
	if (ino("c") != ino("b") || !ino("d2") || !ino("full/x") || ino("z") ||
	    ino("full/sub"))
		PTS_FAILED("a failed rename() changed the names");
	unlink(P("b"));
	unlink(P("c"));
	unlink(P("full/x"));
	rmdir(P("full"));
	rmdir(P("d2"));
	rmdir(dir);
	PTS_PASSED("replacement (file, empty dir), same-file no-op; EISDIR, ENOTDIR, ENOTEMPTY, EINVAL, ENOENT");
}

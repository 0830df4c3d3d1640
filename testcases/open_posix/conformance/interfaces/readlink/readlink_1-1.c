// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readlink() places the contents of a symbolic link in buf without a
 * terminating NUL and returns its length; with a smaller bufsize only
 * bufsize bytes are placed (the rest of buf untouched) and bufsize is
 * returned (truncation). symlink() stores the path as given (relative,
 * dangling, with "..", up to PATH_MAX - 1 bytes). Errors: [EINVAL] for a
 * file that is not a symbolic link, [ENOENT], [EEXIST] from symlink()
 * for an existing name, [ELOOP] for a path through a link loop.
 */
#include <limits.h>
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

int main(void)
{
	static const char *targets[] = { "target", "../x/./y", "/nowhere/at/all", "a" };
	static char big[PATH_MAX], back[PATH_MAX + 16];
	char buf[64];
	unsigned int i;
	ssize_t r;
	int fd;

	strcpy(dir, "/tmp/readlink_1-1.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	for (i = 0; i < 4; i++) {
		unlink(P("l"));
		if (symlink(targets[i], P("l")))
			PTS_FAILED("symlink(%s): %s", targets[i], strerror(errno));
		memset(buf, '#', sizeof(buf));
		r = readlink(P("l"), buf, sizeof(buf));
		if (r != (ssize_t)strlen(targets[i]) ||
		    memcmp(buf, targets[i], r) || buf[r] != '#')
			PTS_FAILED("readlink() of '%s': %zd '%.*s', byte after %#x",
				   targets[i], r, (int)(r > 0 ? r : 0), buf,
				   buf[r > 0 ? r : 0]);
	}
	unlink(P("l"));
	symlink("0123456789", P("l"));
	memset(buf, '#', sizeof(buf));
	r = readlink(P("l"), buf, 4);
	if (r != 4 || memcmp(buf, "0123#", 5))
		PTS_FAILED("bufsize 4: %zd '%.5s'", r, buf);

	memset(big, 'p', PATH_MAX - 1);
	big[PATH_MAX - 1] = 0;
	if (symlink(big, P("big")))
		PTS_FAILED("symlink() of %d bytes: %s", PATH_MAX - 1, strerror(errno));
	r = readlink(P("big"), back, sizeof(back));
	if (r != PATH_MAX - 1 || memcmp(back, big, r))
		PTS_FAILED("long link read back %zd bytes", r);

	fd = open(P("f"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	PTS_EXPECT_ERRNO(readlink(P("f"), buf, sizeof(buf)), EINVAL,
			 "readlink() of a regular file");
	PTS_EXPECT_ERRNO(readlink(dir, buf, sizeof(buf)), EINVAL,
			 "readlink() of a directory");
	PTS_EXPECT_ERRNO(readlink(P("missing"), buf, sizeof(buf)), ENOENT,
			 "readlink() of a missing name");
	PTS_EXPECT_ERRNO(symlink("other", P("f")), EEXIST, "symlink() over a file");
	PTS_EXPECT_ERRNO(symlink("other", P("l")), EEXIST, "symlink() over a link");
	if (symlink("loop2", P("loop1")) || symlink("loop1", P("loop2")))
		PTS_UNRES("symlink(): %s", strerror(errno));
	PTS_EXPECT_ERRNO(readlink(P("loop1/x"), buf, sizeof(buf)), ELOOP,
			 "readlink() through a loop");
	r = readlink(P("loop1"), buf, sizeof(buf));
	if (r != 5 || memcmp(buf, "loop2", 5))
		PTS_FAILED("readlink() of a link in a loop: %zd", r);
	unlink(P("loop1"));
	unlink(P("loop2"));
	unlink(P("l"));
	unlink(P("big"));
	unlink(P("f"));
	rmdir(dir);
	PTS_PASSED("contents without NUL, truncation, long link; EINVAL, ENOENT, EEXIST, ELOOP");
}

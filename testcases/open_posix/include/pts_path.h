/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The pathname resolution errors every interface taking a path shares
 * (XBD 4.13 and each function's error list): [ELOOP] for a loop of
 * symbolic links met while resolving a prefix, [ENAMETOOLONG] for a
 * component longer than {NAME_MAX} and for a path of {PATH_MAX} bytes
 * or more, [ENOTDIR] for a prefix component that is a regular file, and
 * [EACCES] for a prefix directory the caller may not search (nobody,
 * mode 0766 of root's directory: read and write do not stand in for
 * search).
 *
 * The test's op(dir) makes its call on names below dir and returns its
 * result (-1 with errno on failure): dir/f (a regular file, mode 0755,
 * four bytes), dir/d (an empty directory), dir/s (a symbolic link to
 * f), dir/n (not there). Only the searchable-by-root dir/ exists; after
 * nobody's attempt the fixture is checked unchanged (f's mode, owner,
 * size and times, d and s present, n absent).
 */
#ifndef PTS_PATH_H
#define PTS_PATH_H

#include <limits.h>
#include <sys/stat.h>

#include "pts_helpers.h"

typedef int (*pts_path_op)(const char *dir);

static char pts_path_base[64];
static pts_path_op pts_path_fn;

/* dir/name in one of four rotating buffers */
static inline const char *pts_path(const char *dir, const char *name)
{
	static char buf[4][PATH_MAX + 64];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static inline void pts_path_expect(const char *dir, int e, const char *what,
				   const char *why)
{
	int r;

	errno = 0;
	r = pts_path_fn(dir);
	if (r != -1 || errno != e)
		PTS_FAILED("%s with %s: returned %d, errno %s; expected %s",
			   what, why, r,
			   errno ? strerrorname_np(errno) : "0",
			   strerrorname_np(e));
}

static char pts_path_what[64];

static inline int pts_path_nobody_child(void)
{
	pts_path_expect(pts_path(pts_path_base, "locked"), EACCES,
			pts_path_what,
			"a prefix directory nobody may not search (0766)");
	return PTS_PASS;
}

/* Runs the four cases; returns when all gave the expected errno. */
static inline void pts_path_errors(pts_path_op op, const char *what)
{
	char longc[NAME_MAX + 2], *longp, locked[128];
	struct stat a, b;
	size_t len;
	int fd;

	pts_path_fn = op;
	snprintf(pts_path_what, sizeof(pts_path_what), "%s", what);
	snprintf(pts_path_base, sizeof(pts_path_base), "/tmp/pts_path.XXXXXX");
	if (!mkdtemp(pts_path_base) || chmod(pts_path_base, 0755))
		PTS_UNRES("mkdtemp(): %m");
	snprintf(locked, sizeof(locked), "%s/locked", pts_path_base);
	if (mkdir(locked, 0700) ||
	    symlink("l2", pts_path(pts_path_base, "l1")) ||
	    symlink("l1", pts_path(pts_path_base, "l2")) ||
	    mkdir(pts_path(locked, "d"), 0755) ||
	    symlink("f", pts_path(locked, "s")))
		PTS_UNRES("fixture: %m");
	fd = open(pts_path(locked, "f"), O_WRONLY | O_CREAT | O_EXCL, 0755);
	if (fd < 0 || write(fd, "data", 4) != 4 ||
	    fchmod(fd, 0755) || close(fd))
		PTS_UNRES("fixture file: %m");
	fd = open(pts_path(pts_path_base, "file"), O_WRONLY | O_CREAT, 0644);
	if (fd < 0 || close(fd))
		PTS_UNRES("fixture file: %m");

	pts_path_expect(pts_path(pts_path_base, "l1"), ELOOP, what,
			"a loop of symbolic links in the prefix");
	memset(longc, 'a', NAME_MAX + 1);
	longc[NAME_MAX + 1] = 0;
	pts_path_expect(pts_path(pts_path_base, longc), ENAMETOOLONG, what,
			"a prefix component of NAME_MAX + 1 bytes");
	/* base/././... of PATH_MAX + 8 bytes before the name the op adds */
	longp = malloc(PATH_MAX + 16);
	if (!longp)
		PTS_UNRES("malloc()");
	strcpy(longp, locked);
	for (len = strlen(longp); len < PATH_MAX + 8; len += 2)
		strcat(longp, "/.");
	pts_path_expect(longp, ENAMETOOLONG, what,
			"a path longer than PATH_MAX");
	free(longp);
	pts_path_expect(pts_path(pts_path_base, "file"), ENOTDIR, what,
			"a regular file as a prefix component");

	if (chmod(locked, 0766) || stat(pts_path(locked, "f"), &a))
		PTS_UNRES("chmod(): %m");
	pts_run_as_nobody(pts_path_nobody_child, what);
	if (chmod(locked, 0700) || stat(pts_path(locked, "f"), &b))
		PTS_UNRES("stat(): %m");
	if (a.st_mode != b.st_mode || a.st_uid != b.st_uid ||
	    a.st_gid != b.st_gid || a.st_size != b.st_size ||
	    a.st_nlink != b.st_nlink ||
	    pts_ts_ns(&a.st_mtim) != pts_ts_ns(&b.st_mtim) ||
	    pts_ts_ns(&a.st_ctim) != pts_ts_ns(&b.st_ctim) ||
	    lstat(pts_path(locked, "d"), &b) || !S_ISDIR(b.st_mode) ||
	    lstat(pts_path(locked, "s"), &b) || !S_ISLNK(b.st_mode) ||
	    !lstat(pts_path(locked, "n"), &b))
		PTS_FAILED("%s: nobody's refused call changed the fixture", what);

	unlink(pts_path(locked, "f"));
	unlink(pts_path(locked, "s"));
	rmdir(pts_path(locked, "d"));
	rmdir(locked);
	unlink(pts_path(pts_path_base, "l1"));
	unlink(pts_path(pts_path_base, "l2"));
	unlink(pts_path(pts_path_base, "file"));
	rmdir(pts_path_base);
}

#endif /* PTS_PATH_H */

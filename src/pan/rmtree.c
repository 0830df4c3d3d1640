// SPDX-License-Identifier: GPL-2.0-or-later
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rmtree.h"

/* Empty the directory open as dfd (closed here); returns problems found. */
static int empty_dir(int dfd, dev_t dev, const char *path)
{
	struct dirent *de;
	struct stat st;
	int problems = 0, sub;
	DIR *d;

	d = fdopendir(dfd);
	if (!d) {
		close(dfd);
		return 1;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW))
			continue;
		if (!S_ISDIR(st.st_mode)) {
			if (unlinkat(dfd, de->d_name, 0))
				problems++;
			continue;
		}
		if (st.st_dev != dev) {	/* a mount point: leave it */
			fprintf(stderr, "ltp-pan: %s/%s is a mount point, not removed\n",
				path, de->d_name);
			problems++;
			continue;
		}
		sub = openat(dfd, de->d_name,
			     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0 && errno == EACCES &&
		    !fchmodat(dfd, de->d_name, 0700, 0))
			sub = openat(dfd, de->d_name, O_RDONLY | O_DIRECTORY |
				     O_NOFOLLOW | O_CLOEXEC);
		if (sub < 0) {
			problems++;
			continue;
		}
		/* unlinking needs write+search permission on the directory */
		fchmod(sub, 0700);
		problems += empty_dir(sub, dev, path);
		if (unlinkat(dfd, de->d_name, AT_REMOVEDIR))
			problems++;
	}
	closedir(d);
	return problems;
}

int rmtree(const char *path)
{
	struct stat st;
	int dfd;

	if (lstat(path, &st)) {
		if (errno == ENOENT)
			return 0;
		goto fail;
	}
	if (!S_ISDIR(st.st_mode)) {
		if (unlink(path))
			goto fail;
		return 0;
	}
	chmod(path, 0700);
	dfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0)
		goto fail;
	empty_dir(dfd, st.st_dev, path);
	if (rmdir(path))
		goto fail;
	return 0;
fail:
	fprintf(stderr, "ltp-pan: cannot remove %s: %s\n", path,
		strerror(errno));
	return -1;
}

int rmtree_contents(const char *path)
{
	struct stat st;
	int dfd;

	dfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0)
		return -1;
	if (fstat(dfd, &st)) {
		close(dfd);
		return -1;
	}
	fchmod(dfd, 0700);
	return empty_dir(dfd, st.st_dev, path) ? -1 : 0;
}

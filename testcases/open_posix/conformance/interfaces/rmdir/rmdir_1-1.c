// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rmdir() removes an empty directory: the name is gone and the parent's
 * st_nlink one lower; a process whose working directory it was still
 * has it, empty: creating a file in it fails with [ENOENT]. Errors, the
 * directory kept: [ENOTEMPTY] or [EEXIST] for a directory with an
 * entry, [ENOTDIR] for a regular file, [EINVAL] for a path ending in
 * ".", [ENOENT] for a missing one, [EBUSY] for a mount point ("/").
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

int main(void)
{
	struct stat st;
	nlink_t n0;
	int fd, r, status;
	pid_t pid;
	int p[2], q[2];
	char c;

	strcpy(dir, "/tmp/rmdir_1-1.XXXXXX");
	if (!mkdtemp(dir) || pipe(p) || pipe(q))
		PTS_UNRES("set-up: %s", strerror(errno));
	if (mkdir(P("e"), 0755) || mkdir(P("full"), 0755) ||
	    mkdir(P("cwd"), 0755))
		PTS_UNRES("mkdir(): %s", strerror(errno));
	fd = open(P("full/x"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	fd = open(P("reg"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	stat(dir, &st);
	n0 = st.st_nlink;
	if (rmdir(P("e")))
		PTS_FAILED("rmdir() of an empty directory: %s", strerror(errno));
	if (!lstat(P("e"), &st))
		PTS_FAILED("the name is still there");
	stat(dir, &st);
	if (st.st_nlink != n0 - 1)
		PTS_FAILED("parent's st_nlink %lu, expected %lu",
			   (unsigned long)st.st_nlink, (unsigned long)(n0 - 1));

	errno = 0;
	r = rmdir(P("full"));
	if (r != -1 || (errno != ENOTEMPTY && errno != EEXIST))
		PTS_FAILED("rmdir() of a non-empty directory: %d, %s", r,
			   strerror(errno));
	PTS_EXPECT_ERRNO(rmdir(P("reg")), ENOTDIR, "rmdir() of a file");
	PTS_EXPECT_ERRNO(rmdir(P("full/.")), EINVAL, "rmdir(dir/.)");
	PTS_EXPECT_ERRNO(rmdir(P("missing")), ENOENT, "rmdir() of a missing name");
	PTS_EXPECT_ERRNO(rmdir("/"), EBUSY, "rmdir(\"/\")");
	if (lstat(P("full/x"), &st))
		PTS_FAILED("the non-empty directory lost its entry");

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		if (chdir(P("cwd")))
			_exit(3);
		if (write(q[1], "r", 1) != 1 || read(p[0], &c, 1) != 1)
			_exit(3);
		errno = 0;
		fd = open("new", O_CREAT | O_WRONLY, 0644);
		_exit(fd == -1 && errno == ENOENT ? 0 : 1);
	}
	if (read(q[0], &c, 1) != 1)
		PTS_UNRES("read(): %s", strerror(errno));
	if (rmdir(P("cwd")))
		PTS_FAILED("rmdir() of another process's cwd: %s", strerror(errno));
	if (write(p[1], "g", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("child did not exit");
	if (WEXITSTATUS(status) == 1)
		PTS_FAILED("a file could be created in the removed directory");
	if (WEXITSTATUS(status))
		PTS_UNRES("child set-up failed");
	unlink(P("full/x"));
	rmdir(P("full"));
	unlink(P("reg"));
	rmdir(dir);
	PTS_PASSED("removed, parent nlink down, removed cwd takes no file; ENOTEMPTY, ENOTDIR, EINVAL, ENOENT, EBUSY");
}

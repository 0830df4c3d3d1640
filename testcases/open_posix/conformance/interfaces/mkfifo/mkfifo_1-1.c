// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mkfifo() makes a FIFO special file (S_ISFIFO, size 0) with the
 * permission bits of mode cleared by the umask, owned by the caller's
 * effective uid; opened by a reader and a writer process it carries data
 * first in, first out. Errors: [EEXIST] for an existing path (also a
 * symbolic link, even a dangling one), [ENOENT] for a missing directory
 * component or an empty path, [ENOTDIR] for a path through a regular
 * file, [EACCES] for nobody in a directory it may not write.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], fifo[128], link_[128], deep[128], through[160],
	    locked[128], inlocked[160];

static int nobody(void)
{
	PTS_EXPECT_ERRNO(mkfifo(inlocked, 0666), EACCES,
			 "mkfifo() by nobody in a 0755 root directory");
	return PTS_PASS;
}

int main(void)
{
	struct stat st;
	char buf[8];
	int fd, status;
	pid_t pid;

	umask(027);
	strcpy(dir, "/tmp/mkfifo_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	snprintf(link_, sizeof(link_), "%s/dangling", dir);
	snprintf(deep, sizeof(deep), "%s/no/fifo", dir);
	snprintf(through, sizeof(through), "%s/fifo/x", dir);
	snprintf(locked, sizeof(locked), "%s/locked", dir);
	snprintf(inlocked, sizeof(inlocked), "%s/locked/f", dir);

	if (mkfifo(fifo, 0666))
		PTS_FAILED("mkfifo(): %s", strerror(errno));
	if (stat(fifo, &st))
		PTS_UNRES("stat(): %s", strerror(errno));
	if (!S_ISFIFO(st.st_mode) || (st.st_mode & 07777) != 0640 ||
	    st.st_size != 0 || st.st_uid != geteuid())
		PTS_FAILED("mode %06o size %lld uid %d: expected FIFO 0640, 0, %d",
			   (unsigned int)st.st_mode, (long long)st.st_size,
			   (int)st.st_uid, (int)geteuid());
	PTS_EXPECT_ERRNO(mkfifo(fifo, 0666), EEXIST, "mkfifo() of an existing FIFO");
	if (symlink("nowhere", link_))
		PTS_UNRES("symlink(): %s", strerror(errno));
	PTS_EXPECT_ERRNO(mkfifo(link_, 0666), EEXIST,
			 "mkfifo() over a dangling symlink");
	PTS_EXPECT_ERRNO(mkfifo(deep, 0666), ENOENT, "mkfifo() in a missing dir");
	PTS_EXPECT_ERRNO(mkfifo("", 0666), ENOENT, "mkfifo(\"\")");
	PTS_EXPECT_ERRNO(mkfifo(through, 0666), ENOTDIR,
			 "mkfifo() through a FIFO");

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		fd = open(fifo, O_WRONLY);
		if (fd < 0 || write(fd, "one", 3) != 3 || write(fd, "two", 3) != 3)
			_exit(1);
		_exit(0);
	}
	fd = open(fifo, O_RDONLY);
	if (fd < 0)
		PTS_UNRES("open(): %s", strerror(errno));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("writer failed");
	if (read(fd, buf, sizeof(buf)) != 6 || memcmp(buf, "onetwo", 6))
		PTS_FAILED("data through the FIFO not in order");
	if (read(fd, buf, sizeof(buf)) != 0)
		PTS_FAILED("no EOF after the writer closed");
	close(fd);

	if (geteuid() == 0) {
		if (mkdir(locked, 0755))
			PTS_UNRES("mkdir(): %s", strerror(errno));
		pts_run_as_nobody(nobody, "nobody child");
		rmdir(locked);
	} else {
		printf("not root: EACCES check skipped\n");
	}
	unlink(fifo);
	unlink(link_);
	rmdir(dir);
	PTS_PASSED("FIFO made with mode & ~umask, FIFO order; EEXIST, ENOENT, ENOTDIR, EACCES");
}

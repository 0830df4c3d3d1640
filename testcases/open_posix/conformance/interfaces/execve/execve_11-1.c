// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve() and record locks: locks belong to the process, which keeps
 * its pid across exec, and are released only when the process closes a
 * descriptor of the file or ends. A first child write-locks bytes 0..9
 * of a file through a descriptor without FD_CLOEXEC, then executes this
 * program again, which reports on a pipe and waits: the parent's
 * F_GETLK still finds the range write-locked by the child's pid, and
 * free once the child has exited. A second child also locks bytes
 * 10..19 through another descriptor, opened with O_CLOEXEC: closing
 * any descriptor of a file releases every lock the process holds on
 * it, so the exec's close of that descriptor frees both ranges.
 */
#include "pts_helpers.h"

static char path[64];

static int owner(int fd, off_t start)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = 10 };

	if (fcntl(fd, F_GETLK, &fl))
		PTS_UNRES("F_GETLK: %m");
	return fl.l_type == F_UNLCK ? 0 : (int)fl.l_pid;
}

static pid_t spawn(const char *self, int with_cloexec, int *rd, int *wr)
{
	int up[2], down[2], fd, fd2;
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_len = 10 };
	char a[16], b[16];
	pid_t pid;

	if (pipe(up) || pipe(down))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(up[0]);
		close(down[1]);
		fd = open(path, O_RDWR);
		if (fd < 0 || fcntl(fd, F_SETLK, &fl))
			_exit(PTS_UNRESOLVED);
		if (with_cloexec) {
			fd2 = open(path, O_RDWR | O_CLOEXEC);
			fl.l_start = 10;
			if (fd2 < 0 || fcntl(fd2, F_SETLK, &fl))
				_exit(PTS_UNRESOLVED);
		}
		snprintf(a, sizeof(a), "%d", up[1]);
		snprintf(b, sizeof(b), "%d", down[0]);
		execl(self, self, "after-exec", a, b, (char *)NULL);
		_exit(PTS_UNRESOLVED);
	}
	close(up[1]);
	close(down[0]);
	*rd = up[0];
	*wr = down[1];
	return pid;
}

int main(int argc, char **argv)
{
	int fd, rd, wr;
	char c;
	pid_t pid;

	if (argc == 4 && !strcmp(argv[1], "after-exec")) {
		/* the new image: say so, wait to be released */
		if (write(atoi(argv[2]), "e", 1) != 1)
			return PTS_UNRESOLVED;
		read(atoi(argv[3]), &c, 1);
		return PTS_PASS;
	}
	snprintf(path, sizeof(path), "/tmp/pts_execve11_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || write(fd, "01234567890123456789", 20) != 20)
		PTS_UNRES("open(): %m");

	pid = spawn("/proc/self/exe", 0, &rd, &wr);
	if (read(rd, &c, 1) != 1) {
		unlink(path);
		PTS_UNRES("the first child's new image never reported");
	}
	if (owner(fd, 0) != pid) {
		unlink(path);
		PTS_FAILED("after exec the lock on 0..9 is held by %d, expected %d",
			   owner(fd, 0), (int)pid);
	}
	close(wr);
	pts_reap(pid, "first child");
	close(rd);
	if (owner(fd, 0))
		PTS_FAILED("the lock outlived its process");

	pid = spawn("/proc/self/exe", 1, &rd, &wr);
	if (read(rd, &c, 1) != 1) {
		unlink(path);
		PTS_UNRES("the second child's new image never reported");
	}
	if (owner(fd, 0) || owner(fd, 10)) {
		unlink(path);
		PTS_FAILED("the exec's close of an FD_CLOEXEC descriptor left locks (%d, %d)",
			   owner(fd, 0), owner(fd, 10));
	}
	close(wr);
	pts_reap(pid, "second child");
	unlink(path);
	PTS_PASSED("record locks kept across exec; an exec close of the file releases them all");
}

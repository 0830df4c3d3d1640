// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): the child's descriptors are copies of the parent's that refer
 * to the same open file descriptions: the file offset is shared (the
 * child's lseek()/write() move the parent's offset), the file status
 * flags are shared (O_APPEND set by the child through F_SETFL is seen by
 * the parent), while the descriptor flag FD_CLOEXEC is per descriptor
 * and copied (set in the parent before the fork, the child's change of
 * it is not seen by the parent).
 */
#include "pts_helpers.h"

int main(void)
{
	char tmpl[] = "/tmp/pts-fork3-XXXXXX";
	int fd, fd2, status;
	pid_t pid;
	off_t off;

	fd = mkstemp(tmpl);
	if (fd < 0)
		PTS_UNRES("mkstemp(): %m");
	unlink(tmpl);
	fd2 = dup(fd);
	if (fd2 < 0 || fcntl(fd2, F_SETFD, FD_CLOEXEC))
		PTS_UNRES("dup()/F_SETFD: %m");
	if (write(fd, "0123456789", 10) != 10)
		PTS_UNRES("write(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (lseek(fd, 0, SEEK_CUR) != 10)
			_exit(3);
		if (!(fcntl(fd2, F_GETFD) & FD_CLOEXEC) || (fcntl(fd, F_GETFD) & FD_CLOEXEC))
			_exit(4);
		if (lseek(fd, 3, SEEK_SET) != 3 || write(fd, "ab", 2) != 2)
			_exit(5);
		if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND))
			_exit(6);
		if (fcntl(fd2, F_SETFD, 0))
			_exit(7);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("child: status %#x (3: offset not copied, 4: FD_CLOEXEC not copied)",
			   status);
	off = lseek(fd, 0, SEEK_CUR);
	if (off != 5)
		PTS_FAILED("parent's offset %lld after the child's seek and write, expected 5",
			   (long long)off);
	if (!(fcntl(fd, F_GETFL) & O_APPEND))
		PTS_FAILED("O_APPEND set by the child not seen by the parent");
	if (!(fcntl(fd2, F_GETFD) & FD_CLOEXEC))
		PTS_FAILED("the child's FD_CLOEXEC change reached the parent");
	PTS_PASSED("offset and status flags shared, FD_CLOEXEC per descriptor");
}

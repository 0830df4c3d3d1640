// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_SETLK): a failed request leaves the caller's existing locks as
 * they were. A process holding a read lock on bytes 0..9 asks to
 * upgrade it to a write lock while another process also holds a read
 * lock there: the upgrade fails at once with [EACCES] or [EAGAIN], and
 * the original read lock is still held (a third process's F_GETLK for a
 * write lock on byte 0..4 reports our pid once the other reader has
 * gone).
 */
#include "pts_helpers.h"

static int fd;
static pid_t me;

static int checker(void)
{
	struct flock q = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			   .l_start = 0, .l_len = 5 };

	if (fcntl(fd, F_GETLK, &q))
		return PTS_UNRESOLVED;
	if (q.l_type != F_RDLCK || q.l_pid != me) {
		printf("F_GETLK: type %d pid %d, expected our read lock (%d)\n",
		       q.l_type, q.l_pid, me);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };
	char path[64], c;
	int p[2];
	pid_t pid;

	me = getpid();
	snprintf(path, sizeof(path), "/tmp/pts_fcntl12_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %m");
	unlink(path);
	if (fcntl(fd, F_SETLK, &fl))
		PTS_UNRES("F_SETLK: %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[0]);
		if (fcntl(fd, F_SETLK, &fl))
			_exit(1);
		write(p[1], "L", 1);
		pause();
		_exit(1);
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1)
		PTS_UNRES("the other reader did not lock");
	fl.l_type = F_WRLCK;
	errno = 0;
	if (fcntl(fd, F_SETLK, &fl) != -1 ||
	    (errno != EACCES && errno != EAGAIN)) {
		kill(pid, SIGKILL);
		PTS_FAILED("upgrade with another reader: errno %s, expected EACCES/EAGAIN",
			   strerrorname_np(errno));
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	pts_run_child(checker, "F_GETLK child");
	PTS_PASSED("a refused upgrade keeps the read lock");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() record locks and process termination: "All locks associated
 * with a file for a given process shall be removed when ... the process
 * holding that file descriptor terminates." A child holding a write
 * lock on bytes 0..9 is killed with SIGKILL while the parent waits in
 * F_SETLKW for those bytes (asleep in the kernel); the parent's lock is
 * then granted (0), and F_GETLK in another child reports the parent as
 * the owner.
 */
#include "pts_helpers.h"

static int fd;

static pid_t parent;

static int checker(void)
{
	struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };
	if (fcntl(fd, F_GETLK, &fl))
		return PTS_UNRESOLVED;
	if (fl.l_type != F_WRLCK || fl.l_pid != parent) {
		printf("F_GETLK: type %d pid %d, expected write lock of %d\n",
		       fl.l_type, fl.l_pid, parent);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };
	char path[64];
	int p[2], status;
	pid_t pid, w;
	char c;

	parent = getpid();
	snprintf(path, sizeof(path), "/tmp/pts_fcntl9_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %m");
	unlink(path);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[0]);
		if (fcntl(fd, F_SETLK, &fl))
			_exit(PTS_UNRESOLVED);
		write(p[1], "L", 1);	/* locked */
		pause();
		_exit(PTS_UNRESOLVED);
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1)
		PTS_UNRES("the holder did not lock");
	/* another process kills the holder once we sleep in F_SETLKW */
	fflush(stdout);
	w = fork();
	if (!w) {
		pts_wait_in_syscall(parent, SYS_fcntl);
		kill(pid, SIGKILL);
		_exit(0);
	}
	if (fcntl(fd, F_SETLKW, &fl))
		PTS_FAILED("F_SETLKW after the holder died: %m");
	waitpid(w, &status, 0);
	waitpid(pid, &status, 0);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
		PTS_UNRES("the holder was not killed");
	pts_run_child(checker, "F_GETLK child");
	PTS_PASSED("a killed process's locks are removed, the waiter gets them");
}

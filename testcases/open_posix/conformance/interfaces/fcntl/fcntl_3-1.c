// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_SETLKW): waits until a conflicting lock is released, then
 * sets the lock. "All locks associated with a file for a given process
 * shall be removed when a file descriptor for that file is closed by
 * that process": the holder closes a second descriptor for the file
 * (not the one it locked through), which releases its lock and wakes the
 * waiter. A waiter interrupted by a caught signal returns [EINTR].
 */
#include "pts_helpers.h"

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	struct sigaction sa;
	int fd, fd2, r;
	char path[64];
	pid_t pid, sig, parent = getpid();

	snprintf(path, sizeof(path), "/tmp/pts_fcntl3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	fd2 = open(path, O_RDWR);
	unlink(path);
	if (fd < 0 || fd2 < 0)
		PTS_UNRES("open(): %m");
	if (fcntl(fd, F_SETLK, &fl))
		PTS_UNRES("F_SETLK: %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		if (fcntl(fd, F_SETLKW, &fl))
			_exit(PTS_FAIL);
		_exit(PTS_PASS);
	}
	pts_wait_in_syscall(pid, SYS_fcntl);
	close(fd2);
	pts_reap(pid, "waiter (F_SETLKW after the close released the lock)");

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, NULL);
	pid = fork();
	if (!pid) {
		if (fcntl(fd, F_SETLK, &fl))
			_exit(PTS_UNRESOLVED);
		pause();
		_exit(0);
	}
	pts_wait_in_syscall(pid, SYS_pause);
	sig = fork();
	if (!sig) {
		pts_wait_in_syscall(parent, SYS_fcntl);
		_exit(kill(parent, SIGUSR1) ? PTS_UNRESOLVED : PTS_PASS);
	}
	errno = 0;
	r = fcntl(fd, F_SETLKW, &fl);
	pts_reap(sig, "signalling child");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (r != -1 || errno != EINTR)
		PTS_FAILED("interrupted F_SETLKW returned %d (%m), expected EINTR", r);
	PTS_PASSED("F_SETLKW waited, close released the lock, EINTR");
}

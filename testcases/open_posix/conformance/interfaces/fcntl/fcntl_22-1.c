// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() F_SETLKW: a process's own locks never block it. With a write
 * lock on bytes 0..9 taken through one open of a file, F_SETLKW of a
 * write lock and then of a read lock on 0..19 through a second,
 * separate open returns 0 at once (an alarm would end a wait with
 * [EINTR]; no [EDEADLK]): "the new lock ... shall replace an existing
 * lock" of the same process. A child then sees one read lock 0..19
 * with the parent's pid (F_GETLK), takes a read lock of its own and
 * gets [EACCES] or [EAGAIN] for a write lock.
 */
#include "pts_helpers.h"

static int fd1, fd2;

static void on_alarm(int sig)
{
	(void)sig;
}

static int lk(int f, int cmd, short type, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = len };

	return fcntl(f, cmd, &fl);
}

static int child(pid_t parent)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 0 };

	if (fcntl(fd1, F_GETLK, &fl))
		PTS_UNRES("child F_GETLK: %m");
	if (fl.l_type != F_RDLCK || fl.l_start != 0 || fl.l_len != 20 ||
	    fl.l_pid != parent)
		PTS_FAILED("child F_GETLK: type %d %ld+%ld pid %d; expected the parent's (%d) read lock 0+20",
			   fl.l_type, (long)fl.l_start, (long)fl.l_len,
			   (int)fl.l_pid, (int)parent);
	if (lk(fd2, F_SETLK, F_RDLCK, 20))
		PTS_FAILED("child read lock beside the parent's: %m");
	if (lk(fd2, F_SETLK, F_WRLCK, 5) != -1 ||
	    (errno != EACCES && errno != EAGAIN))
		PTS_FAILED("child write lock over the parent's read lock: %m");
	return PTS_PASS;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	char path[64];
	pid_t pid, parent = getpid();

	sigaction(SIGALRM, &sa, NULL);
	snprintf(path, sizeof(path), "/tmp/pts_fcntl22_%d", (int)getpid());
	fd1 = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	fd2 = open(path, O_RDWR);
	unlink(path);
	if (fd1 < 0 || fd2 < 0)
		PTS_UNRES("open(): %m");
	if (lk(fd1, F_SETLK, F_WRLCK, 10))
		PTS_UNRES("F_SETLK: %m");

	alarm(30 * (unsigned int)pts_timeout_mul());
	if (lk(fd2, F_SETLKW, F_WRLCK, 20))
		PTS_FAILED("F_SETLKW write lock over the own write lock: %m");
	if (lk(fd2, F_SETLKW, F_RDLCK, 20))
		PTS_FAILED("F_SETLKW read lock over the own write lock: %m");
	alarm(0);

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		exit(child(parent));
	pts_reap(pid, "the child");
	PTS_PASSED("F_SETLKW over the process's own locks returned at once and replaced them");
}

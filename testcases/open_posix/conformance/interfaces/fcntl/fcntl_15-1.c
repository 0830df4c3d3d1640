// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() record locks and fork(): locks are owned by a process and "are
 * not inherited by a child process created using fork()". The parent
 * write-locks bytes 0..99; its child, sharing the open file description,
 * sees that lock as another process's (F_GETLK: F_WRLCK 0..99 with the
 * parent's pid), cannot take any part of it (F_SETLK [EACCES] or
 * [EAGAIN], also a read lock), and locks a free range of its own, which
 * the parent sees with the child's pid. The child's close() of its
 * descriptor releases the child's locks only: the parent's lock is still
 * there for the child (through a dup) and the child's range is free for
 * the parent.
 */
#include "pts_helpers.h"

static int fd, to_child[2], to_parent[2];

static int getlk(int f, off_t at, struct flock *fl)
{
	memset(fl, 0, sizeof(*fl));
	fl->l_type = F_WRLCK;
	fl->l_whence = SEEK_SET;
	fl->l_start = at;
	fl->l_len = 1;
	return fcntl(f, F_GETLK, fl);
}

static int setlk(int f, short type, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = len };

	return fcntl(f, F_SETLK, &fl);
}

static void parents_lock(int f, pid_t parent, const char *when)
{
	struct flock fl;

	if (getlk(f, 42, &fl))
		PTS_FAILED("child F_GETLK %s: %m", when);
	if (fl.l_type != F_WRLCK || fl.l_start != 0 || fl.l_len != 100 ||
	    fl.l_pid != parent)
		PTS_FAILED("child %s: F_GETLK type %d start %ld len %ld pid %d, expected the parent's (%d) write lock 0..99",
			   when, fl.l_type, (long)fl.l_start, (long)fl.l_len,
			   (int)fl.l_pid, (int)parent);
}

static int child(pid_t parent)
{
	char c;
	int fd2;

	parents_lock(fd, parent, "after fork");
	if (setlk(fd, F_WRLCK, 0, 100) != -1 ||
	    (errno != EACCES && errno != EAGAIN))
		PTS_FAILED("child write lock over the parent's: %m (expected EACCES/EAGAIN)");
	if (setlk(fd, F_RDLCK, 99, 1) != -1 ||
	    (errno != EACCES && errno != EAGAIN))
		PTS_FAILED("child read lock of byte 99: %m (expected EACCES/EAGAIN)");
	if (setlk(fd, F_WRLCK, 200, 10))
		PTS_FAILED("child lock of the free range 200..209: %m");
	if (write(to_parent[1], "l", 1) != 1 || read(to_child[0], &c, 1) != 1)
		return PTS_UNRESOLVED;

	fd2 = dup(fd);
	if (fd2 < 0 || close(fd))
		PTS_UNRES("dup/close: %m");
	parents_lock(fd2, parent, "after closing its descriptor");
	if (write(to_parent[1], "c", 1) != 1 || read(to_child[0], &c, 1) != 1)
		return PTS_UNRESOLVED;
	return PTS_PASS;
}

static void expect(off_t at, short type, pid_t pid, const char *what)
{
	struct flock fl;

	if (getlk(fd, at, &fl))
		PTS_FAILED("F_GETLK: %m");
	if (fl.l_type != type || (type != F_UNLCK &&
	    (fl.l_start != 200 || fl.l_len != 10 || fl.l_pid != pid)))
		PTS_FAILED("%s: type %d start %ld len %ld pid %d",
			   what, fl.l_type, (long)fl.l_start, (long)fl.l_len,
			   (int)fl.l_pid);
}

int main(void)
{
	pid_t pid, me = getpid();
	char path[64], c;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl15_%d", (int)me);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 1000) || pipe(to_child) || pipe(to_parent))
		PTS_UNRES("file/pipe: %m");
	if (setlk(fd, F_WRLCK, 0, 100))
		PTS_UNRES("F_SETLK 0..99: %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(to_child[1]);
		close(to_parent[0]);
		_exit(child(me));
	}
	close(to_child[0]);
	close(to_parent[1]);
	if (read(to_parent[0], &c, 1) != 1) {
		pts_reap(pid, "child");
		PTS_UNRES("the child ended early");
	}
	expect(205, F_WRLCK, pid, "the child's lock seen by the parent");
	if (write(to_child[1], "1", 1) != 1 || read(to_parent[0], &c, 1) != 1) {
		pts_reap(pid, "child");
		PTS_UNRES("the child ended early");
	}
	expect(205, F_UNLCK, 0, "after the child's close()");
	if (setlk(fd, F_WRLCK, 200, 10))
		PTS_FAILED("the parent cannot lock the child's released range: %m");
	if (write(to_child[1], "g", 1) != 1)
		PTS_UNRES("pipe: %m");
	pts_reap(pid, "child (checks the parent's lock)");
	PTS_PASSED("locks not inherited by fork(); a child's close() releases only its own");
}

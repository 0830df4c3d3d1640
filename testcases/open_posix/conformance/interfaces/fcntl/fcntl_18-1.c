// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() F_SETLKW waits only while a conflict exists: a change of the
 * holder's lock that removes the conflict without releasing the lock
 * wakes the waiter. (1) The child holds a write lock on 0..9; the
 * parent's F_SETLKW read lock of 0..9 sleeps in the kernel; the child
 * converts its lock to a read lock ("a request for a lock on a region
 * already locked by the process replaces it") and the parent's call
 * returns 0: both then hold read locks (the parent's F_GETLK of a write
 * lock reports the child's read lock 0..9; the child's own write lock
 * is refused). (2) The child holds a write lock on 20..39; the parent's
 * F_SETLKW write lock of 20..29 sleeps; the child unlocks 20..29 only
 * and the parent gets it, the child keeping 30..39 (F_GETLK of the
 * parent at 35: the child's write lock 30..39).
 */
#include <sys/syscall.h>

#include "pts_helpers.h"

static int fd, to_child[2], to_parent[2];

static int lk(int cmd, short type, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = len };

	return fcntl(fd, cmd, &fl);
}

static void child_step(char want)
{
	char c;

	if (write(to_parent[1], "k", 1) != 1 || read(to_child[0], &c, 1) != 1 ||
	    c != want)
		_exit(PTS_UNRESOLVED);
}

static int child(void)
{
	if (lk(F_SETLK, F_WRLCK, 0, 10) || lk(F_SETLK, F_WRLCK, 20, 20))
		return PTS_UNRESOLVED;
	child_step('1');
	/* the parent sleeps in F_SETLKW for a read lock of 0..9 */
	if (lk(F_SETLK, F_RDLCK, 0, 10))
		PTS_FAILED("converting the write lock to a read lock: %m");
	child_step('2');
	/* the parent holds a read lock too: no write lock for us now */
	if (lk(F_SETLK, F_WRLCK, 0, 10) != -1 ||
	    (errno != EACCES && errno != EAGAIN))
		PTS_FAILED("the child's write lock beside the parent's read lock: %m");
	child_step('3');
	/* the parent sleeps in F_SETLKW for a write lock of 20..29 */
	if (lk(F_SETLK, F_UNLCK, 20, 10))
		PTS_FAILED("unlocking 20..29: %m");
	child_step('4');
	return PTS_PASS;
}

static void step(char c)
{
	char k;

	if (write(to_child[1], &c, 1) != 1 || read(to_parent[0], &k, 1) != 1)
		PTS_UNRES("the child ended early");
}

static void getlk(off_t at, short type, off_t start, off_t len, pid_t pid)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = at, .l_len = 1 };

	if (fcntl(fd, F_GETLK, &fl))
		PTS_FAILED("F_GETLK: %m");
	if (fl.l_type != type || fl.l_start != start || fl.l_len != len ||
	    fl.l_pid != pid)
		PTS_FAILED("F_GETLK at %ld: type %d start %ld len %ld pid %d; expected type %d %ld..+%ld pid %d",
			   (long)at, fl.l_type, (long)fl.l_start, (long)fl.l_len,
			   (int)fl.l_pid, type, (long)start, (long)len, (int)pid);
}

static pid_t me;

/* a helper process that sends c to the child once we sleep in fcntl() */
static pid_t tell_when_asleep(char c)
{
	pid_t h;

	fflush(stdout);
	h = fork();
	if (h < 0)
		PTS_UNRES("fork(): %m");
	if (!h) {
		pts_wait_in_syscall(me, SYS_fcntl);
		_exit(write(to_child[1], &c, 1) == 1 ? PTS_PASS : PTS_UNRESOLVED);
	}
	return h;
}

int main(void)
{
	char path[64], k;
	pid_t pid, h;

	me = getpid();
	snprintf(path, sizeof(path), "/tmp/pts_fcntl18_%d", (int)me);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 100) || pipe(to_child) || pipe(to_parent))
		PTS_UNRES("file/pipe: %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(to_child[1]);
		close(to_parent[0]);
		_exit(child());
	}
	close(to_child[0]);
	close(to_parent[1]);
	if (read(to_parent[0], &k, 1) != 1) {
		pts_reap(pid, "child");
		PTS_UNRES("the child ended early");
	}

	/* (1) the child converts its write lock once we sleep */
	h = tell_when_asleep('1');
	if (lk(F_SETLKW, F_RDLCK, 0, 10))
		PTS_FAILED("F_SETLKW read lock of 0..9: %m");
	pts_reap(h, "helper 1");
	if (read(to_parent[0], &k, 1) != 1)
		PTS_UNRES("the child ended early");
	getlk(5, F_RDLCK, 0, 10, pid);
	step('2');

	/* (2) the child unlocks part of its write lock once we sleep */
	h = tell_when_asleep('3');
	if (lk(F_SETLKW, F_WRLCK, 20, 10))
		PTS_FAILED("F_SETLKW write lock of 20..29: %m");
	pts_reap(h, "helper 2");
	if (read(to_parent[0], &k, 1) != 1)
		PTS_UNRES("the child ended early");
	getlk(35, F_WRLCK, 30, 10, pid);
	if (write(to_child[1], "4", 1) != 1)
		PTS_UNRES("pipe: %m");
	pts_reap(pid, "child");
	PTS_PASSED("a conversion and a partial unlock that end the conflict wake the F_SETLKW waiter");
}

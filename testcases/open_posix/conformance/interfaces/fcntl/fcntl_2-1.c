// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_GETLK): "If no lock is found that would prevent this lock from
 * being created, then the structure shall be left unchanged except for
 * the lock type, which shall be set to F_UNLCK." Otherwise it describes
 * the first blocking lock: type, whence SEEK_SET, start, length and
 * l_pid the process holding it. A child read-locks 10..19 and
 * write-locks 30..39; the parent asks for a write lock on 0..99 (blocked
 * by 10..19: F_RDLCK, start 10, len 10, the child's pid), a read lock on
 * 15..19 (only 30..39 would block, so F_UNLCK) and 30..34 (F_WRLCK).
 * One pipe per direction.
 */
#include "pts_helpers.h"

static struct flock q(int fd, short type, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = len, .l_pid = -7 };

	if (fcntl(fd, F_GETLK, &fl))
		PTS_FAILED("F_GETLK: %m");
	return fl;
}

int main(void)
{
	int to_child[2], to_parent[2], fd;
	struct flock fl, set = { .l_whence = SEEK_SET };
	char path[64], c;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || pipe(to_child) || pipe(to_parent))
		PTS_UNRES("open/pipe: %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		set.l_type = F_RDLCK;
		set.l_start = 10;
		set.l_len = 10;
		if (fcntl(fd, F_SETLK, &set))
			_exit(PTS_UNRESOLVED);
		set.l_type = F_WRLCK;
		set.l_start = 30;
		if (fcntl(fd, F_SETLK, &set))
			_exit(PTS_UNRESOLVED);
		if (write(to_parent[1], "l", 1) != 1 ||
		    read(to_child[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		_exit(PTS_PASS);
	}
	if (read(to_parent[0], &c, 1) != 1)
		PTS_UNRES("the child did not lock");
	fl = q(fd, F_WRLCK, 0, 100);
	if (fl.l_type != F_RDLCK || fl.l_whence != SEEK_SET || fl.l_start != 10 ||
	    fl.l_len != 10 || fl.l_pid != pid)
		PTS_FAILED("blocking lock reported as type %d start %ld len %ld pid %d (child %d)",
			   fl.l_type, (long)fl.l_start, (long)fl.l_len,
			   (int)fl.l_pid, (int)pid);
	fl = q(fd, F_RDLCK, 15, 5);
	if (fl.l_type != F_UNLCK || fl.l_start != 15 || fl.l_len != 5 ||
	    fl.l_pid != -7)
		PTS_FAILED("no conflict: type %d start %ld len %ld pid %d",
			   fl.l_type, (long)fl.l_start, (long)fl.l_len, (int)fl.l_pid);
	fl = q(fd, F_RDLCK, 30, 5);
	if (fl.l_type != F_WRLCK || fl.l_start != 30 || fl.l_pid != pid)
		PTS_FAILED("write lock reported as type %d start %ld pid %d",
			   fl.l_type, (long)fl.l_start, (int)fl.l_pid);
	if (write(to_child[1], "g", 1) != 1)
		PTS_UNRES("pipe: %m");
	pts_reap(pid, "locking child");
	fl = q(fd, F_WRLCK, 0, 0);
	if (fl.l_type != F_UNLCK)
		PTS_FAILED("locks of the exited child still reported");
	PTS_PASSED("F_GETLK reported the blocking lock and its pid");
}

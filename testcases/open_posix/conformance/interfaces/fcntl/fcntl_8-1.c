// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() record locks: "There shall be at most one type of lock set for
 * each byte in the file"; a new lock on a range replaces the old ones
 * there. A write lock on bytes 0..99 with bytes 40..59 then unlocked
 * leaves two write locks (0..39 and 60..99): another process's F_GETLK
 * finds 0..39 and 60..99 held (l_start and l_len reported, l_pid ours)
 * and 40..59 free; a read lock set over 60..69 converts those bytes
 * (the child may read-lock them but not 70..79).
 */
#include "pts_helpers.h"

static int fd;

static int probe(short type, off_t start, off_t len, struct flock *out)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = len };

	if (fcntl(fd, F_GETLK, &fl))
		return -1;
	*out = fl;
	return 0;
}

static int child(void)
{
	pid_t parent = getppid();
	struct flock f;

	if (probe(F_WRLCK, 0, 100, &f) || f.l_type != F_WRLCK ||
	    f.l_start != 0 || f.l_len != 40 || f.l_pid != parent) {
		printf("first lock: type %d start %ld len %ld pid %d, expected write 0 40 %d\n",
		       f.l_type, (long)f.l_start, (long)f.l_len, f.l_pid, parent);
		return PTS_FAIL;
	}
	if (probe(F_WRLCK, 40, 20, &f) || f.l_type != F_UNLCK) {
		printf("bytes 40..59 not free (type %d)\n", f.l_type);
		return PTS_FAIL;
	}
	if (probe(F_WRLCK, 50, 50, &f) || f.l_type != F_RDLCK ||
	    f.l_start != 60 || f.l_len != 10) {
		printf("second range: type %d start %ld len %ld, expected read 60 10\n",
		       f.l_type, (long)f.l_start, (long)f.l_len);
		return PTS_FAIL;
	}
	if (probe(F_RDLCK, 60, 10, &f) || f.l_type != F_UNLCK) {
		printf("a read lock on the converted bytes is refused\n");
		return PTS_FAIL;
	}
	if (probe(F_RDLCK, 70, 10, &f) || f.l_type != F_WRLCK ||
	    f.l_start != 70 || f.l_len != 30) {
		printf("bytes 70..99: type %d start %ld len %ld, expected write 70 30\n",
		       f.l_type, (long)f.l_start, (long)f.l_len);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static void setlk(short type, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = start, .l_len = len };

	if (fcntl(fd, F_SETLK, &fl))
		PTS_UNRES("F_SETLK type %d %ld+%ld: %m", type, (long)start,
			  (long)len);
}

int main(void)
{
	char path[64];

	snprintf(path, sizeof(path), "/tmp/pts_fcntl8_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	setlk(F_WRLCK, 0, 100);
	setlk(F_UNLCK, 40, 20);
	setlk(F_RDLCK, 60, 10);
	pts_run_child(child, "F_GETLK child");
	PTS_PASSED("split by an unlock, converted by a read lock, as F_GETLK reports");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() [EOVERFLOW]: "the cmd argument is F_GETLK, F_SETLK, or
 * F_SETLKW and the smallest or, if l_len is non-zero, the largest offset
 * of any byte in the requested segment cannot be represented correctly
 * in an object of type off_t". The edges, off by one on each side: the
 * ten bytes ending at OFF_MAX lock, eleven are [EOVERFLOW] for all three
 * commands, as is the byte at OFF_MAX with l_len 2; a SEEK_CUR or
 * SEEK_END start one past OFF_MAX is [EOVERFLOW], exactly at OFF_MAX it
 * locks (also with l_len 0). A negative l_len reaching byte 0 exactly
 * locks, one byte further is [EINVAL]. Another process's F_GETLK
 * reports exactly the locks made (the one ending at OFF_MAX with l_len
 * 0 or its length: the same bytes); nothing is locked by a failed call.
 */
#include <limits.h>

#include "pts_helpers.h"

#define SIZE 1000

static int fd;

static int lk(int cmd, short type, short whence, off_t start, off_t len)
{
	struct flock fl = { .l_type = type, .l_whence = whence,
			    .l_start = start, .l_len = len };

	return fcntl(fd, cmd, &fl);
}

/* another process's view of the byte at probe: the lock covering it */
static void expect(off_t probe, short type, off_t start, off_t len, pid_t pid)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = probe, .l_len = 1 };

	if (fcntl(fd, F_GETLK, &fl))
		PTS_FAILED("F_GETLK at %lld: %m", (long long)probe);
	/* len -1: a lock to OFF_MAX, reported with l_len 0 or 1 */
	if (len == -1 && (fl.l_len == 0 || fl.l_len == 1))
		len = fl.l_len;
	if (fl.l_type != type || (type != F_UNLCK &&
	    (fl.l_start != start || fl.l_len != len || fl.l_pid != pid)))
		PTS_FAILED("at %lld: type %d start %lld len %lld pid %d; expected type %d start %lld len %lld pid %d",
			   (long long)probe, fl.l_type, (long long)fl.l_start,
			   (long long)fl.l_len, (int)fl.l_pid, type,
			   (long long)start, (long long)len, (int)pid);
}

static int child(void)
{
	const int cmds[] = { F_SETLK, F_SETLKW, F_GETLK };
	const char *names[] = { "F_SETLK", "F_SETLKW", "F_GETLK" };
	char d[80];
	int i;

	for (i = 0; i < 3; i++) {
		snprintf(d, sizeof(d), "%s of OFF_MAX, len 2", names[i]);
		PTS_EXPECT_ERRNO(lk(cmds[i], F_WRLCK, SEEK_SET, LLONG_MAX, 2),
				 EOVERFLOW, d);
		snprintf(d, sizeof(d), "%s of OFF_MAX - 9, len 11", names[i]);
		PTS_EXPECT_ERRNO(lk(cmds[i], F_RDLCK, SEEK_SET, LLONG_MAX - 9, 11),
				 EOVERFLOW, d);
		snprintf(d, sizeof(d), "%s of SEEK_END + OFF_MAX - %d",
			 names[i], SIZE - 1);
		PTS_EXPECT_ERRNO(lk(cmds[i], F_WRLCK, SEEK_END,
				    LLONG_MAX - (SIZE - 1), 1), EOVERFLOW, d);
		snprintf(d, sizeof(d), "%s of SEEK_CUR (10) + OFF_MAX - 9",
			 names[i]);
		PTS_EXPECT_ERRNO(lk(cmds[i], F_WRLCK, SEEK_CUR, LLONG_MAX - 9, 0),
				 EOVERFLOW, d);
		snprintf(d, sizeof(d), "%s of 10, len -11", names[i]);
		PTS_EXPECT_ERRNO(lk(cmds[i], F_WRLCK, SEEK_SET, 10, -11),
				 EINVAL, d);
	}

	/* the largest representable ranges, all ending at OFF_MAX */
	if (lk(F_SETLK, F_RDLCK, SEEK_SET, LLONG_MAX - 9, 10))
		PTS_FAILED("F_SETLK of OFF_MAX - 9, len 10: %m");
	if (lk(F_SETLK, F_RDLCK, SEEK_CUR, LLONG_MAX - 10, 0))
		PTS_FAILED("F_SETLK of SEEK_CUR (10) + OFF_MAX - 10, len 0: %m");
	if (lk(F_SETLK, F_WRLCK, SEEK_END, LLONG_MAX - SIZE, 1))
		PTS_FAILED("F_SETLK of SEEK_END + OFF_MAX - %d, len 1: %m", SIZE);
	if (lk(F_SETLK, F_WRLCK, SEEK_SET, 10, -10))
		PTS_FAILED("F_SETLK of 10, len -10 (bytes 0..9): %m");
	return PTS_PASS;
}

int main(void)
{
	int to_child[2], to_parent[2];
	char path[64], c;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl14_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, SIZE) || lseek(fd, 10, SEEK_SET) != 10 ||
	    pipe(to_child) || pipe(to_parent))
		PTS_UNRES("file/pipe: %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		int r;

		close(to_child[1]);
		close(to_parent[0]);
		r = child();

		if (write(to_parent[1], &c, 1) != 1 ||
		    read(to_child[0], &c, 1) != 1)
			_exit(PTS_UNRESOLVED);
		_exit(r);
	}
	/* only the child's ends left: its exit is seen as EOF */
	close(to_child[0]);
	close(to_parent[1]);
	if (read(to_parent[0], &c, 1) != 1) {
		pts_reap(pid, "locking child");
		PTS_UNRES("the child ended early");
	}
	expect(LLONG_MAX - 9, F_RDLCK, LLONG_MAX - 9, 9, pid);
	expect(LLONG_MAX - 1, F_RDLCK, LLONG_MAX - 9, 9, pid);
	expect(LLONG_MAX, F_WRLCK, LLONG_MAX, -1, pid);
	expect(LLONG_MAX - 10, F_UNLCK, 0, 0, 0);
	expect(0, F_WRLCK, 0, 10, pid);
	expect(9, F_WRLCK, 0, 10, pid);
	expect(10, F_UNLCK, 0, 0, 0);
	expect(SIZE - 1, F_UNLCK, 0, 0, 0);
	if (write(to_child[1], "g", 1) != 1)
		PTS_UNRES("pipe: %m");
	pts_reap(pid, "locking child (checks the errors)");
	PTS_PASSED("EOVERFLOW one byte past OFF_MAX, the edges themselves locked");
}

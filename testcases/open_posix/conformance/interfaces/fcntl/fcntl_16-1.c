// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() F_SETLKW [EDEADLK]: "a deadlock condition was detected" - also
 * a cycle through three processes. P0, P1, P2 each write-lock byte i of
 * a file; P0 then waits (F_SETLKW, asleep in the kernel) for byte 1 held
 * by P1, P1 for byte 2 held by P2; P2's F_SETLKW of byte 0 would close
 * the cycle and fails at once with [EDEADLK], P2 keeping its own lock
 * and not getting byte 0 (F_GETLK of the parent: byte 0 P0's, byte 2
 * P2's). The waits then resolve in order: P2's unlock gives P1 byte 2,
 * P1's exit gives P0 byte 1, each F_SETLKW returning 0 and the lock its
 * own (F_GETLK).
 */
#include <sys/syscall.h>

#include "pts_helpers.h"

#define N 3

static int fd, cmd[N][2], res[N][2];

static int lk(int c, short type, off_t at)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = at, .l_len = 1 };

	return fcntl(fd, c, &fl);
}

static void tell(int i, char c)
{
	if (write(cmd[i][1], &c, 1) != 1)
		PTS_UNRES("pipe: %m");
}

/* a child's report: 0 or an errno value */
static int hear(int i)
{
	int v;

	if (read(res[i][0], &v, sizeof(v)) != sizeof(v))
		PTS_UNRES("P%d ended without reporting", i);
	return v;
}

static void report(int i, int v)
{
	if (write(res[i][1], &v, sizeof(v)) != sizeof(v))
		_exit(PTS_UNRESOLVED);
}

static void child(int i)
{
	char c;
	int j;

	/* the earlier children's pipes: their EOF must not hang on us */
	for (j = 0; j < i; j++) {
		close(cmd[j][1]);
		close(res[j][0]);
	}
	close(cmd[i][1]);
	close(res[i][0]);

	report(i, lk(F_SETLK, F_WRLCK, i) ? errno : 0);
	while (read(cmd[i][0], &c, 1) == 1) {
		switch (c) {
		case 'w':	/* wait for the next byte */
			report(i, lk(F_SETLKW, F_WRLCK, (i + 1) % N) ? errno : 0);
			break;
		case 'u':	/* release the own byte */
			report(i, lk(F_SETLK, F_UNLCK, i) ? errno : 0);
			break;
		case 'x':
			_exit(PTS_PASS);
		}
	}
	_exit(PTS_UNRESOLVED);
}

static void holder(off_t at, pid_t pid, const char *what)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = at, .l_len = 1 };

	if (fcntl(fd, F_GETLK, &fl))
		PTS_FAILED("F_GETLK: %m");
	if (fl.l_type != F_WRLCK || fl.l_pid != pid)
		PTS_FAILED("%s: byte %ld type %d pid %d, expected a write lock of %d",
			   what, (long)at, fl.l_type, (int)fl.l_pid, (int)pid);
}

int main(void)
{
	char path[64];
	pid_t pid[N];
	int i, r;

	snprintf(path, sizeof(path), "/tmp/pts_fcntl16_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, N))
		PTS_UNRES("file: %m");
	for (i = 0; i < N; i++) {
		if (pipe(cmd[i]) || pipe(res[i]))
			PTS_UNRES("pipe: %m");
		fflush(stdout);
		pid[i] = fork();
		if (pid[i] < 0)
			PTS_UNRES("fork(): %m");
		if (!pid[i])
			child(i);
		close(cmd[i][0]);
		close(res[i][1]);
		if ((r = hear(i)))
			PTS_UNRES("P%d cannot lock byte %d: %s", i, i,
				  strerrorname_np(r));
	}

	/* P0 waits for P1, P1 for P2: both asleep in fcntl() */
	tell(0, 'w');
	pts_wait_in_syscall(pid[0], SYS_fcntl);
	tell(1, 'w');
	pts_wait_in_syscall(pid[1], SYS_fcntl);
	tell(2, 'w');
	r = hear(2);
	if (r != EDEADLK)
		PTS_FAILED("P2's F_SETLKW closing the cycle: %s, expected EDEADLK",
			   r ? strerrorname_np(r) : "0 (deadlock)");
	holder(0, pid[0], "after EDEADLK");
	holder(1, pid[1], "after EDEADLK");
	holder(2, pid[2], "after EDEADLK");

	/* unwind: P2 unlocks, P1 gets byte 2; P1 exits, P0 gets byte 1 */
	tell(2, 'u');
	if ((r = hear(2)))
		PTS_UNRES("P2's unlock: %s", strerrorname_np(r));
	if ((r = hear(1)))
		PTS_FAILED("P1's F_SETLKW of byte 2: %s", strerrorname_np(r));
	holder(2, pid[1], "after P2's unlock");
	tell(2, 'x');
	pts_reap(pid[2], "P2");
	tell(1, 'x');
	pts_reap(pid[1], "P1");
	if ((r = hear(0)))
		PTS_FAILED("P0's F_SETLKW of byte 1: %s", strerrorname_np(r));
	holder(1, pid[0], "after P1's exit");
	tell(0, 'x');
	pts_reap(pid[0], "P0");
	PTS_PASSED("a three-process lock cycle is refused with EDEADLK and unwinds");
}

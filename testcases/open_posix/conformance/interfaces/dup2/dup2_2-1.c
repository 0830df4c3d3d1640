// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup2(): "If fildes2 is already a valid open file descriptor, it shall
 * be closed first", with every effect of close(): the record locks the
 * process holds on the file fildes2 referred to are released (another
 * process's F_GETLK finds the range free, although the process still
 * has another descriptor of the file open); fildes2 then refers to
 * fildes's file. [EBADF] for a fildes2 not below RLIMIT_NOFILE, and the
 * descriptor is not closed by that failure.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

static int probe_fd;
static short want;	/* the lock type the child must see */

static int probe_child(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };
	if (fcntl(probe_fd, F_GETLK, &fl))
		return PTS_UNRESOLVED;
	if (fl.l_type != want) {
		printf("child sees lock type %d, expected %d\n", fl.l_type, want);
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };
	struct rlimit rl;
	char path[64];
	int fd, other, r;

	snprintf(path, sizeof(path), "/tmp/pts_dup2_2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	probe_fd = open(path, O_RDWR);
	other = open("/dev/null", O_RDONLY);
	unlink(path);
	if (fd < 0 || probe_fd < 0 || other < 0)
		PTS_UNRES("open(): %m");
	if (fcntl(fd, F_SETLK, &fl))
		PTS_UNRES("F_SETLK: %m");
	want = F_WRLCK;
	pts_run_child(probe_child, "child seeing the lock");
	r = dup2(other, fd);
	if (r != fd)
		PTS_FAILED("dup2() returned %d", r);
	want = F_UNLCK;
	pts_run_child(probe_child, "child after dup2()");
	if ((fcntl(fd, F_GETFL) & O_ACCMODE) != O_RDONLY)
		PTS_FAILED("fildes2 does not refer to /dev/null (O_RDONLY)");
	getrlimit(RLIMIT_NOFILE, &rl);
	PTS_EXPECT_ERRNO(dup2(fd, (int)rl.rlim_cur), EBADF,
			 "dup2() to RLIMIT_NOFILE");
	if (fcntl(fd, F_GETFD) < 0)
		PTS_FAILED("the failed dup2() closed fildes");
	PTS_PASSED("locks released by the implicit close, EBADF above the limit");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_DUPFD): returns the lowest free descriptor greater than or
 * equal to arg, sharing the open file description, FD_CLOEXEC clear;
 * F_DUPFD_CLOEXEC the same with FD_CLOEXEC set; F_GETFD/F_SETFD read and
 * set FD_CLOEXEC of that descriptor only. [EINVAL] for a negative arg
 * and for one not below RLIMIT_NOFILE (F_DUPFD); [EMFILE] when no
 * descriptor from arg up to the limit is free; [EBADF] for a closed fd.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

int main(void)
{
	struct rlimit rl;
	int fd, d, e, i;

	/* a limit of our own, so the descriptor table stays small */
	getrlimit(RLIMIT_NOFILE, &rl);
	if (rl.rlim_max < 128)
		PTS_UNRES("RLIMIT_NOFILE hard limit %ld", (long)rl.rlim_max);
	rl.rlim_cur = 128;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		PTS_UNRES("setrlimit(): %m");
	fd = open("/dev/null", O_RDONLY);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	d = fcntl(fd, F_DUPFD, 100);
	if (d != 100)
		PTS_FAILED("F_DUPFD 100 returned %d", d);
	e = fcntl(fd, F_DUPFD, 100);
	if (e != 101)
		PTS_FAILED("F_DUPFD 100 with 100 used returned %d, expected 101", e);
	close(d);
	d = fcntl(fd, F_DUPFD_CLOEXEC, 100);
	if (d != 100)
		PTS_FAILED("F_DUPFD_CLOEXEC 100 returned %d (100 is free again)", d);
	if (fcntl(d, F_GETFD) != FD_CLOEXEC)
		PTS_FAILED("F_DUPFD_CLOEXEC: F_GETFD %d", fcntl(d, F_GETFD));
	if (fcntl(e, F_GETFD) != 0 || fcntl(fd, F_GETFD) != 0)
		PTS_FAILED("F_DUPFD copy or original has FD_CLOEXEC");
	if (fcntl(e, F_SETFD, FD_CLOEXEC) || fcntl(e, F_GETFD) != FD_CLOEXEC)
		PTS_FAILED("F_SETFD FD_CLOEXEC not read back");
	if (fcntl(fd, F_GETFD) != 0)
		PTS_FAILED("F_SETFD on a duplicate changed the original");
	fcntl(fd, F_SETFL, O_NONBLOCK);
	if (!(fcntl(e, F_GETFL) & O_NONBLOCK))
		PTS_FAILED("F_DUPFD copy does not share the status flags");
	PTS_EXPECT_ERRNO(fcntl(fd, F_DUPFD, -1), EINVAL, "F_DUPFD -1");
	PTS_EXPECT_ERRNO(fcntl(fd, F_DUPFD, (int)rl.rlim_cur), EINVAL,
			 "F_DUPFD RLIMIT_NOFILE");
	for (i = (int)rl.rlim_cur - 3; i < (int)rl.rlim_cur; i++)
		if (fcntl(fd, F_DUPFD, i) != i)
			PTS_UNRES("cannot fill descriptor %d", i);
	PTS_EXPECT_ERRNO(fcntl(fd, F_DUPFD, (int)rl.rlim_cur - 3), EMFILE,
			 "F_DUPFD with every number from arg up used");
	close(fd);
	PTS_EXPECT_ERRNO(fcntl(fd, F_DUPFD, 0), EBADF, "F_DUPFD of a closed fd");
	PTS_EXPECT_ERRNO(fcntl(fd, F_GETFD), EBADF, "F_GETFD of a closed fd");
	PTS_PASSED("lowest >= arg, CLOEXEC variants, EINVAL, EMFILE, EBADF");
}

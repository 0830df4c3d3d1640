// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) F_DUPFD and F_DUPFD_CLOEXEC return the lowest free fd >= arg,
 * a copy of the fd:
 * - with free fds below arg, the result is still >= arg; with arg on an
 *   open fd, the next free one above it;
 * - the copy shares the file offset; F_DUPFD leaves FD_CLOEXEC clear
 *   (also when the original has it), F_DUPFD_CLOEXEC sets it;
 * - arg RLIMIT_NOFILE - 1 works when that fd is free;
 * - EINVAL for arg negative or at RLIMIT_NOFILE, EMFILE when every fd
 *   from arg up to the limit is in use.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fileio.h"

/* A known, small soft limit: the process's own, set in setup. */
#define LIMIT 64

/* Above every fd open now (the test may inherit some), 20 free ones. */
static int free_base(void)
{
	int fd, base = 0;

	for (fd = 0; fd < LIMIT; fd++) {
		if (fio_fd_is_open(fd))
			base = fd + 1;
	}
	if (base + 20 > LIMIT - 10)
		tst_brk(TBROK, "fd %d is open: no room below %d", base - 1,
			LIMIT);
	return base;
}

static void run(void)
{
	int fd = SAFE_OPEN("f", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	int blocker = SAFE_OPEN("f", O_RDONLY);
	int base = free_base();
	int a = base + 5, b = base + 10, i;

	SAFE_DUP2(fd, b);
	TST_EXP_VAL(fcntl(fd, F_DUPFD, a), a, "F_DUPFD %d (fds below free)",
		    a);
	TST_EXP_EQ_LI(fcntl(a, F_GETFD) & FD_CLOEXEC, 0);
	SAFE_LSEEK(fd, 7, SEEK_SET);
	TST_EXP_EQ_LI(SAFE_LSEEK(a, 0, SEEK_CUR), 7);

	TST_EXP_VAL(fcntl(fd, F_DUPFD_CLOEXEC, b), b + 1,
		    "F_DUPFD_CLOEXEC %d (%d is open)", b, b);
	TST_EXP_EQ_LI(fcntl(b + 1, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);

	TST_EXP_VAL(fcntl(fd, F_DUPFD, LIMIT - 1), LIMIT - 1,
		    "F_DUPFD RLIMIT_NOFILE - 1");
	TST_EXP_FAIL(fcntl(fd, F_DUPFD, LIMIT), EINVAL,
		     "F_DUPFD RLIMIT_NOFILE");
	TST_EXP_FAIL(fcntl(fd, F_DUPFD_CLOEXEC, -1), EINVAL,
		     "F_DUPFD_CLOEXEC -1");

	for (i = LIMIT - 10; i < LIMIT - 1; i++)
		SAFE_DUP2(blocker, i);
	TST_EXP_FAIL(fcntl(fd, F_DUPFD, LIMIT - 10), EMFILE,
		     "F_DUPFD with every fd from arg up to the limit open");
	for (i = LIMIT - 10; i < LIMIT; i++)
		close(i);

	close(a);
	close(b);
	close(b + 1);
	SAFE_CLOSE(blocker);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	fio_set_nofile(LIMIT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The old eventfd(initval) without flags (glibc's eventfd() is eventfd2,
 * so it is made with syscall()): an "anon_inode:[eventfd]" descriptor,
 * read-write, neither O_NONBLOCK nor FD_CLOEXEC, not in semaphore mode:
 * a read returns the whole counter (the initial value, up to UINT_MAX
 * kept whole) and resets it to 0; writes add up; with the counter at 0 a
 * read blocks (seen through poll(): not readable) and a write of
 * 0xffffffffffffffff is EINVAL; a buffer under 8 bytes is EINVAL. EMFILE
 * when the descriptor table is full.
 */
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include "fd_checks.h"

static long sys_eventfd(unsigned int initval)
{
	return syscall(__NR_eventfd, initval);
}

static void test_counter(void)
{
	static const unsigned int inits[] = {0, 7, UINT_MAX};
	struct pollfd pfd;
	uint64_t val;
	unsigned int i;
	int fd;

	for (i = 0; i < 3; i++) {
		TST_EXP_FD(sys_eventfd(inits[i]), "eventfd(%u)", inits[i]);
		if (!TST_PASS)
			continue;
		fd = TST_RET;
		TST_EXP_EXPR(!strcmp(fd_link(fd), "anon_inode:[eventfd]") &&
			     fd_accmode(fd) == O_RDWR && fd_flags_are(fd, 0, 0),
			     "fd is '%s', read-write, without O_NONBLOCK and "
			     "FD_CLOEXEC", fd_link(fd));
		if (inits[i]) {
			SAFE_READ(1, fd, &val, sizeof(val));
			TST_EXP_EQ_LU(val, inits[i]);
		}
		SAFE_CLOSE(fd);
	}

	fd = sys_eventfd(0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd(0)");
	pfd.fd = fd;
	pfd.events = POLLIN;
	TST_EXP_VAL(poll(&pfd, 1, 0), 0, "poll(counter 0) is not readable");
	val = 3;
	SAFE_WRITE(1, fd, &val, sizeof(val));
	val = 4;
	SAFE_WRITE(1, fd, &val, sizeof(val));
	SAFE_READ(1, fd, &val, sizeof(val));
	TST_EXP_EXPR(val == 7, "two writes of 3 and 4 read back as %llu "
		     "(7: not semaphore mode)", (unsigned long long)val);
	TST_EXP_VAL(poll(&pfd, 1, 0), 0, "the read reset the counter to 0");
	val = UINT64_MAX;
	TST_EXP_FAIL(write(fd, &val, sizeof(val)), EINVAL,
		     "write(0xffffffffffffffff)");
	TST_EXP_FAIL(read(fd, &val, 4), EINVAL, "read(4 bytes)");
	SAFE_CLOSE(fd);
}

static void test_emfile(void)
{
	FD_EXP_EMFILE(sys_eventfd(0), "eventfd(0), table full");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_counter();
	else
		test_emfile();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.forks_child = 1,
};

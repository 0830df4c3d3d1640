// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * eventfd2() counter semantics: the counter starts at initval; write()
 * adds its u64, read() returns the counter and resets it to 0 (with
 * EFD_SEMAPHORE: returns 1 and decrements). The counter tops out at
 * 0xfffffffffffffffe: a write that would pass it blocks (EAGAIN with
 * EFD_NONBLOCK) until a read makes room; a read of a zero counter blocks
 * (EAGAIN with EFD_NONBLOCK) until a write. poll() reports POLLIN while the
 * counter is above 0 and POLLOUT while 1 more fits; /proc/self/fdinfo
 * shows the count. The descriptor is an "anon_inode:[eventfd]", O_RDWR;
 * EFD_NONBLOCK and EFD_CLOEXEC set O_NONBLOCK and FD_CLOEXEC.
 */
#include <poll.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include "time_event.h"
#include "task_wait.h"
#include "fd_checks.h"

#define MAX_COUNT 0xfffffffffffffffeULL

static int new_efd(unsigned int init, int flags)
{
	int fd = eventfd(init, flags);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd(%u, %#x)", init, flags);
	return fd;
}

static void put(int fd, uint64_t val)
{
	SAFE_WRITE(1, fd, &val, sizeof(val));
}

/* read() of the counter; UINT64_MAX (reported) when it failed */
static uint64_t get(int fd)
{
	uint64_t val;

	TEST(read(fd, &val, sizeof(val)));
	if (TST_RET != sizeof(val)) {
		tst_res(TFAIL | TTERRNO, "read(eventfd) returned %ld",
			TST_RET);
		return UINT64_MAX;
	}
	return val;
}

static unsigned long long fdinfo_count(int fd)
{
	unsigned long long count = ~0ULL;

	fdinfo_scan(fd, "eventfd-count: %llx", &count);
	return count;
}

static void test_counter(void)
{
	const char *link;
	int fd;

	TST_EXP_FD(eventfd(5, 0), "eventfd2(5, 0)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	link = fd_link(fd);
	TST_EXP_EXPR(!strcmp(link, "anon_inode:[eventfd]") &&
		     fd_accmode(fd) == O_RDWR && fd_flags_are(fd, 0, 0),
		     "%s, O_RDWR, blocking, no FD_CLOEXEC", link);
	TST_EXP_EQ_LU(fdinfo_count(fd), 5);
	TST_EXP_EQ_LU(get(fd), 5);
	put(fd, 3);
	put(fd, 4);
	TST_EXP_EQ_LU(fdinfo_count(fd), 7);
	TST_EXP_EQ_LU(get(fd), 7);
	TST_EXP_EQ_LU(fdinfo_count(fd), 0);
	SAFE_CLOSE(fd);
}

static void test_semaphore(void)
{
	int fd = new_efd(2, EFD_SEMAPHORE | EFD_NONBLOCK);
	uint64_t val;

	TST_EXP_EQ_LU(get(fd), 1);
	put(fd, 5);
	TST_EXP_EQ_LU(fdinfo_count(fd), 6);
	TST_EXP_EQ_LU(get(fd), 1);
	TST_EXP_EQ_LU(fdinfo_count(fd), 5);
	while (read(fd, &val, sizeof(val)) == sizeof(val))
		;
	TST_EXP_EXPR(errno == EAGAIN && fdinfo_count(fd) == 0,
		     "EFD_SEMAPHORE counts down to 0, then EAGAIN");
	SAFE_CLOSE(fd);
}

static void test_limits_nonblock(void)
{
	int fd = new_efd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	uint64_t val = 1;

	TST_EXP_EXPR(fd_flags_are(fd, 1, 1),
		     "EFD_NONBLOCK | EFD_CLOEXEC: O_NONBLOCK and FD_CLOEXEC");
	TST_EXP_FAIL(read(fd, &val, sizeof(val)), EAGAIN,
		     "read(zero counter, EFD_NONBLOCK)");
	val = MAX_COUNT;
	TST_EXP_VAL(write(fd, &val, sizeof(val)), sizeof(val),
		    "write(0xfffffffffffffffe)");
	val = 1;
	TST_EXP_FAIL(write(fd, &val, sizeof(val)), EAGAIN,
		     "write(1) to a full counter, EFD_NONBLOCK");
	TST_EXP_EQ_LU(fdinfo_count(fd), MAX_COUNT);
	TST_EXP_EQ_LU(get(fd), MAX_COUNT);
	SAFE_CLOSE(fd);
}

static void test_poll(void)
{
	int fd = new_efd(0, EFD_NONBLOCK);
	struct pollfd pfd = {.fd = fd, .events = POLLIN | POLLOUT};
	int n;

	n = poll(&pfd, 1, 0);
	TST_EXP_EXPR(n == 1 && pfd.revents == POLLOUT,
		     "zero counter: POLLOUT only (%#x)", pfd.revents);
	put(fd, 1);
	n = poll(&pfd, 1, 0);
	TST_EXP_EXPR(n == 1 &&
		     pfd.revents == (POLLIN | POLLOUT),
		     "counter 1: POLLIN | POLLOUT (%#x)", pfd.revents);
	put(fd, MAX_COUNT - 1);
	n = poll(&pfd, 1, 0);
	TST_EXP_EXPR(n == 1 && pfd.revents == POLLIN,
		     "full counter: POLLIN only (%#x)", pfd.revents);
	SAFE_CLOSE(fd);
}

static void test_blocking(void)
{
	int fd = new_efd(0, 0);
	uint64_t val;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EQ_LU(get(fd), 42);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_read);
	put(fd, 42);
	reap_child(pid);

	put(fd, MAX_COUNT);
	pid = SAFE_FORK();
	if (!pid) {
		val = 2;
		TST_EXP_VAL(write(fd, &val, sizeof(val)), sizeof(val),
			    "write(2) to a full counter, once room was made");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_write);
	TST_EXP_EQ_LU(get(fd), MAX_COUNT);
	reap_child(pid);
	TST_EXP_EQ_LU(get(fd), 2);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_counter();
		break;
	case 1:
		test_semaphore();
		break;
	case 2:
		test_limits_nonblock();
		break;
	case 3:
		test_poll();
		break;
	case 4:
		test_blocking();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.forks_child = 1,
};

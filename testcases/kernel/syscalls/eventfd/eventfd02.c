// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * eventfd readiness and its counter at the limits. select() and poll()
 * see the descriptor readable exactly while the counter is not 0, and
 * writable exactly while a write of 1 would fit (counter below
 * 0xfffffffffffffffe): at 0, 1, max-1 and max. A write that would pass
 * the maximum fails with EAGAIN on an O_NONBLOCK descriptor and blocks on
 * a blocking one until a read makes room; a blocking read waits for
 * another process's write and returns its value. An AIO completion that
 * signals an eventfd already at the maximum (IOCB_FLAG_RESFD) saturates
 * it at 0xffffffffffffffff: poll() then reports POLLERR and read()
 * returns that value.
 * Syscalls: eventfd2
 */
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include "aio_raw.h"
#include "task_wait.h"

#define MAXV 0xfffffffffffffffeULL

static int efd = -1;

static void check_ready(int fd, int rd, int wr, const char *what)
{
	struct timeval tv = {0, 0};
	struct pollfd p = { .fd = fd, .events = POLLIN | POLLOUT };
	fd_set r, w;
	int sr, sw;

	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(fd, &r);
	FD_SET(fd, &w);
	if (select(fd + 1, &r, &w, NULL, &tv) < 0)
		tst_brk(TBROK | TERRNO, "select()");
	sr = FD_ISSET(fd, &r) ? 1 : 0;
	sw = FD_ISSET(fd, &w) ? 1 : 0;
	if (poll(&p, 1, 0) < 0)
		tst_brk(TBROK | TERRNO, "poll()");
	TST_EXP_EXPR(sr == rd && sw == wr && !!(p.revents & POLLIN) == rd &&
		     !!(p.revents & POLLOUT) == wr && !(p.revents & POLLERR),
		     "%s: select() readable %d writable %d, poll() %#x "
		     "(want readable %d, writable %d)", what, sr, sw,
		     p.revents, rd, wr);
}

static void set_counter(uint64_t v)
{
	uint64_t x;

	if (read(efd, &x, 8) < 0 && errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "read(eventfd)");
	if (v)
		SAFE_WRITE(1, efd, &v, 8);
}

static void test_ready(void)
{
	uint64_t v = 1;

	set_counter(0);
	check_ready(efd, 0, 1, "counter 0");
	set_counter(1);
	check_ready(efd, 1, 1, "counter 1");
	set_counter(MAXV - 1);
	check_ready(efd, 1, 1, "counter max-1");
	set_counter(MAXV);
	check_ready(efd, 1, 0, "counter max");
	TST_EXP_FAIL(write(efd, &v, 8), EAGAIN, "write(1) at the maximum, "
		     "O_NONBLOCK");
	SAFE_READ(1, efd, &v, 8);
	TST_EXP_EXPR(v == MAXV, "read() returns the maximum %#llx",
		     (unsigned long long)v);
	check_ready(efd, 0, 1, "counter 0 after the read");
}

static void test_blocking(void)
{
	uint64_t v;
	pid_t pid;
	int fd;

	fd = eventfd(0, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");

	/* a read blocks until another process writes */
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(read(fd, &v, 8), 8, "blocking read()");
		TST_EXP_EXPR(v == 42, "it returns the writer's 42 (%llu)",
			     (unsigned long long)v);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_read);
	v = 42;
	SAFE_WRITE(1, fd, &v, 8);
	reap_child(pid);

	/* a write that would pass the maximum blocks until a read */
	v = MAXV;
	SAFE_WRITE(1, fd, &v, 8);
	pid = SAFE_FORK();
	if (!pid) {
		uint64_t one = 1;

		TST_EXP_VAL(write(fd, &one, 8), 8, "blocked write(1) at the "
			    "maximum completes after a read");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_write);
	SAFE_READ(1, fd, &v, 8);
	TST_EXP_EXPR(v == MAXV, "read() took the maximum");
	reap_child(pid);
	SAFE_READ(1, fd, &v, 8);
	TST_EXP_EXPR(v == 1, "then the writer's 1 is there (%llu)",
		     (unsigned long long)v);
	SAFE_CLOSE(fd);
}

static void test_aio_overflow(void)
{
	struct io_event ev;
	struct timespec ts = {10, 0};
	struct pollfd p = { .fd = efd, .events = POLLIN | POLLOUT };
	struct iocb cb;
	aio_context_t ctx;
	char buf[64];
	uint64_t v;
	int fd;

	fd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0600);
	SAFE_WRITE(1, fd, buf, sizeof(buf));
	set_counter(MAXV);
	ctx = new_aio_context(1);
	init_iocb(&cb, IOCB_CMD_PREAD, fd, buf, sizeof(buf), 0, 1);
	cb.aio_flags = IOCB_FLAG_RESFD;
	cb.aio_resfd = efd;
	submit_one(ctx, &cb);
	if (sys_io_getevents(ctx, 1, 1, &ev, &ts) != 1)
		tst_brk(TBROK | TERRNO, "io_getevents()");
	if (poll(&p, 1, 0) < 0)
		tst_brk(TBROK | TERRNO, "poll()");
	TST_EXP_EXPR((p.revents & POLLERR) && (p.revents & POLLIN) &&
		     !(p.revents & POLLOUT), "AIO completion past the maximum:"
		     " poll() %#x has POLLERR and POLLIN, no POLLOUT",
		     p.revents);
	TST_EXP_VAL(read(efd, &v, 8), 8, "read() of the saturated counter");
	TST_EXP_EXPR(v == UINT64_MAX, "it is 0xffffffffffffffff (%#llx)",
		     (unsigned long long)v);
	check_ready(efd, 0, 1, "after reading the saturated counter");
	sys_io_destroy(ctx);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_ready();
		break;
	case 1:
		test_blocking();
		break;
	case 2:
		test_aio_overflow();
		break;
	}
}

static void setup(void)
{
	efd = eventfd(0, EFD_NONBLOCK);
	if (efd < 0)
		tst_brk(TBROK | TERRNO, "eventfd()");
}

static void cleanup(void)
{
	if (efd >= 0)
		SAFE_CLOSE(efd);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

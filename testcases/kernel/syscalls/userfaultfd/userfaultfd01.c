// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * userfaultfd() missing-page handling (fs/userfaultfd.c):
 *
 * - UFFDIO_API with UFFD_API returns 0 and reports the ioctls
 *   UFFDIO_REGISTER, UFFDIO_UNREGISTER and UFFDIO_API; UFFDIO_REGISTER of
 *   an anonymous range in UFFDIO_REGISTER_MODE_MISSING reports
 *   UFFDIO_COPY, UFFDIO_ZEROPAGE and UFFDIO_WAKE.
 * - A second thread reads a registered page that was never touched: it
 *   blocks, and the handler reads one UFFD_EVENT_PAGEFAULT message from
 *   the descriptor with the page's address (rounded down to the page),
 *   without UFFD_PAGEFAULT_FLAG_WRITE; a write fault on another page has
 *   UFFD_PAGEFAULT_FLAG_WRITE.
 * - UFFDIO_COPY of a page of data resolves the fault (copy = page size)
 *   and the thread reads the copied data; UFFDIO_ZEROPAGE resolves the
 *   other and the written byte lands on a zero page.
 * - UFFDIO_COPY onto a page that is now present fails with EEXIST.
 * - After UFFDIO_UNREGISTER a new page faults in as zeros, no event.
 */
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/userfaultfd.h>
#include "tst_test.h"

#define NPAGES 4

static size_t pg;
static int uffd = -1;
static char *area, *src;

static void *reader(void *arg)
{
	return (void *)(long)*(volatile char *)arg;
}

static void *writer(void *arg)
{
	*(volatile char *)arg = 0x42;
	return NULL;
}

/* Wait for one message; TFAIL (and 0) when none comes. */
static int read_event(struct uffd_msg *msg)
{
	struct pollfd pfd = { .fd = uffd, .events = POLLIN };
	int ms = 30000 * tst_timeout_mul();
	ssize_t n;

	if (poll(&pfd, 1, ms) != 1) {
		tst_res(TFAIL, "no userfaultfd event in %d ms", ms);
		return 0;
	}
	n = read(uffd, msg, sizeof(*msg));
	if (n != sizeof(*msg)) {
		tst_res(TFAIL | TERRNO, "read(userfaultfd) returned %zd", n);
		return 0;
	}
	return 1;
}

static void check_fault(struct uffd_msg *msg, char *page, int write)
{
	__u64 flags = msg->arg.pagefault.flags;

	TST_EXP_EXPR(msg->event == UFFD_EVENT_PAGEFAULT &&
		     msg->arg.pagefault.address == (unsigned long)page &&
		     !!(flags & UFFD_PAGEFAULT_FLAG_WRITE) == write,
		     "%s fault: event 0x%x address 0x%llx (page %p) flags "
		     "0x%llx", write ? "write" : "read", msg->event,
		     (unsigned long long)msg->arg.pagefault.address, page,
		     (unsigned long long)flags);
}

static void run(void)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = {
		.range = { .start = (unsigned long)area, .len = NPAGES * pg },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};
	struct uffdio_copy copy;
	struct uffdio_zeropage zero;
	struct uffdio_range range = reg.range;
	struct uffd_msg msg;
	pthread_t thr;
	void *ret;
	const __u64 want_api = (1ULL << _UFFDIO_REGISTER) |
		(1ULL << _UFFDIO_UNREGISTER) | (1ULL << _UFFDIO_API);
	const __u64 want_reg = (1ULL << _UFFDIO_COPY) |
		(1ULL << _UFFDIO_ZEROPAGE) | (1ULL << _UFFDIO_WAKE);

	uffd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0 && errno == ENOSYS)
		tst_brk(TCONF, "userfaultfd() not supported (CONFIG_USERFAULTFD)");
	if (uffd < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd(O_CLOEXEC|O_NONBLOCK)");

	TST_EXP_PASS(ioctl(uffd, UFFDIO_API, &api), "UFFDIO_API");
	TST_EXP_EXPR((api.ioctls & want_api) == want_api,
		     "UFFDIO_API lists REGISTER, UNREGISTER, API (0x%llx)",
		     (unsigned long long)api.ioctls);
	TST_EXP_PASS(ioctl(uffd, UFFDIO_REGISTER, &reg),
		     "UFFDIO_REGISTER, MODE_MISSING");
	TST_EXP_EXPR((reg.ioctls & want_reg) == want_reg,
		     "UFFDIO_REGISTER lists COPY, ZEROPAGE, WAKE (0x%llx)",
		     (unsigned long long)reg.ioctls);

	memset(src, 0x5c, pg);
	if (pthread_create(&thr, NULL, reader, area + pg + 123))
		tst_brk(TBROK, "pthread_create()");
	if (read_event(&msg)) {
		check_fault(&msg, area + pg, 0);
		copy = (struct uffdio_copy) {
			.dst = (unsigned long)area + pg,
			.src = (unsigned long)src, .len = pg,
		};
		TST_EXP_PASS(ioctl(uffd, UFFDIO_COPY, &copy), "UFFDIO_COPY");
		TST_EXP_EQ_LI(copy.copy, pg);
	}
	pthread_join(thr, &ret);
	TST_EXP_EQ_LI((long)ret, 0x5c);

	if (pthread_create(&thr, NULL, writer, area + 2 * pg + 7))
		tst_brk(TBROK, "pthread_create()");
	if (read_event(&msg)) {
		check_fault(&msg, area + 2 * pg, 1);
		zero = (struct uffdio_zeropage) {
			.range = { .start = (unsigned long)area + 2 * pg,
				   .len = pg },
		};
		TST_EXP_PASS(ioctl(uffd, UFFDIO_ZEROPAGE, &zero),
			     "UFFDIO_ZEROPAGE");
		TST_EXP_EQ_LI(zero.zeropage, pg);
	}
	pthread_join(thr, NULL);
	TST_EXP_EXPR(area[2 * pg + 7] == 0x42 && area[2 * pg + 8] == 0,
		     "the written byte is on a zero page");

	copy = (struct uffdio_copy) {
		.dst = (unsigned long)area + pg, .src = (unsigned long)src,
		.len = pg,
	};
	TST_EXP_FAIL(ioctl(uffd, UFFDIO_COPY, &copy), EEXIST,
		     "UFFDIO_COPY onto a present page");

	TST_EXP_PASS(ioctl(uffd, UFFDIO_UNREGISTER, &range),
		     "UFFDIO_UNREGISTER");
	TST_EXP_EXPR(area[3 * pg] == 0, "an unregistered page faults in as "
		     "zeros");
	TST_EXP_FAIL(read(uffd, &msg, sizeof(msg)), EAGAIN,
		     "no event left to read");
	SAFE_CLOSE(uffd);
	SAFE_MUNMAP(area, NPAGES * pg);
	area = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void setup(void)
{
	pg = getpagesize();
	area = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	src = SAFE_MALLOC(pg);
}

static void cleanup(void)
{
	if (uffd >= 0)
		SAFE_CLOSE(uffd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
};

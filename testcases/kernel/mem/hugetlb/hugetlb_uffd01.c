// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * userfaultfd missing-page handling on a private MAP_HUGETLB mapping of 2
 * default-size pages, pool of 4 and no overcommit, HugePages_Free/Rsvd read
 * back at every step (fs/userfaultfd.c, mm/userfaultfd.c):
 *  - UFFDIO_REGISTER of the hugetlb range reports UFFDIO_COPY and
 *    UFFDIO_WAKE but not UFFDIO_ZEROPAGE (hugetlb ranges get the basic
 *    ioctls only);
 *  - a thread reading 100 bytes into the first huge page blocks; the
 *    message carries the huge page's address (rounded down to the huge
 *    page, not to a base page) without UFFD_PAGEFAULT_FLAG_WRITE, and the
 *    pool is untouched while it waits (Free 4, Rsvd 2);
 *  - UFFDIO_COPY one base page off the huge page boundary, or of one base
 *    page's length, is EINVAL, UFFDIO_ZEROPAGE is EINVAL; none takes a
 *    page;
 *  - UFFDIO_COPY of a whole huge page resolves the fault: the thread reads
 *    the copied data, the copy takes the mapping's reserved page (Free 3,
 *    Rsvd 1); a second UFFDIO_COPY onto it is EEXIST;
 *  - a write fault into the second page carries UFFD_PAGEFAULT_FLAG_WRITE;
 *    after UFFDIO_COPY the thread's write lands on the copied data;
 *  - munmap() gives everything back.
 * Syscalls: userfaultfd, ioctl
 */

#include <poll.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/userfaultfd.h>
#include "tst_test.h"
#include "hugetlb_pool.h"

#define POOL 4

static int uffd = -1;
static char *p, *src;
static volatile char seen;

static void *reader(void *arg)
{
	(void)arg;
	seen = *(volatile char *)(p + 100);
	return NULL;
}

static void *writer(void *arg)
{
	(void)arg;
	*(volatile char *)(p + hp + 5) = 0x77;
	return NULL;
}

static void xioctl(unsigned long req, void *arg, const char *what)
{
	if (ioctl(uffd, req, arg))
		tst_brk(TBROK | TERRNO, "ioctl(%s)", what);
}

static void start(pthread_t *t, void *(*fn)(void *))
{
	errno = pthread_create(t, NULL, fn, NULL);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
}

static void join(pthread_t t)
{
	errno = pthread_join(t, NULL);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_join()");
}

static struct uffd_msg wait_fault(void)
{
	struct pollfd pfd = { .fd = uffd, .events = POLLIN };
	int ms = 10000 * tst_timeout_mul();
	struct uffd_msg msg;

	if (poll(&pfd, 1, ms) != 1)
		tst_brk(TBROK | TERRNO, "no userfaultfd event within %d ms",
			ms);
	SAFE_READ(1, uffd, &msg, sizeof(msg));
	if (msg.event != UFFD_EVENT_PAGEFAULT)
		tst_brk(TBROK, "event %u, expected UFFD_EVENT_PAGEFAULT",
			msg.event);
	return msg;
}

static int copy(char *dst, const char *from, unsigned long len,
		unsigned int ioctl_nr)
{
	struct uffdio_copy c = {
		.dst = (unsigned long)dst,
		.src = (unsigned long)from,
		.len = len,
		.mode = 0,
	};

	if (ioctl_nr == UFFDIO_ZEROPAGE) {
		struct uffdio_zeropage z = {
			.range = { .start = (unsigned long)dst, .len = len },
			.mode = 0,
		};

		return ioctl(uffd, UFFDIO_ZEROPAGE, &z);
	}
	return ioctl(uffd, UFFDIO_COPY, &c);
}

static void run(void)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg;
	struct uffd_msg msg;
	pthread_t t;
	long i, bad = 0;

	uffd = tst_syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd()");
	xioctl(UFFDIO_API, &api, "UFFDIO_API");

	p = SAFE_MMAP(NULL, 2 * hp, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	htl_expect("private mapping of 2 pages", 0, 2);
	memset(&reg, 0, sizeof(reg));
	reg.range.start = (unsigned long)p;
	reg.range.len = 2 * hp;
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	xioctl(UFFDIO_REGISTER, &reg, "UFFDIO_REGISTER");
	TST_EXP_EXPR((reg.ioctls & (1ULL << _UFFDIO_COPY)) &&
		     (reg.ioctls & (1ULL << _UFFDIO_WAKE)) &&
		     !(reg.ioctls & (1ULL << _UFFDIO_ZEROPAGE)),
		     "UFFDIO_REGISTER of a hugetlb range reports COPY and "
		     "WAKE, not ZEROPAGE (ioctls 0x%llx)",
		     (unsigned long long)reg.ioctls);

	start(&t, reader);
	msg = wait_fault();
	TST_EXP_EXPR(msg.arg.pagefault.address == (unsigned long)p &&
		     !(msg.arg.pagefault.flags & UFFD_PAGEFAULT_FLAG_WRITE),
		     "read fault at p + 100: address %p (expected %p), flags "
		     "0x%llx", (void *)(unsigned long)msg.arg.pagefault.address,
		     p, (unsigned long long)msg.arg.pagefault.flags);
	htl_expect("while the fault waits", 0, 2);

	TST_EXP_FAIL(copy(p + pg, src, hp, UFFDIO_COPY), EINVAL,
		     "UFFDIO_COPY a base page off the huge page");
	TST_EXP_FAIL(copy(p, src, pg, UFFDIO_COPY), EINVAL,
		     "UFFDIO_COPY of one base page");
	TST_EXP_FAIL(copy(p, src, hp, UFFDIO_ZEROPAGE), EINVAL,
		     "UFFDIO_ZEROPAGE on hugetlb");
	htl_expect("after the refused ioctls", 0, 2);

	TST_EXP_PASS(copy(p, src, hp, UFFDIO_COPY), "UFFDIO_COPY of the "
		     "huge page");
	join(t);
	TST_EXP_EXPR(seen == src[100], "the thread read the copied byte "
		     "(0x%x, expected 0x%x)", seen & 0xff, src[100] & 0xff);
	htl_expect("copied: the reserved page taken", 1, 1);
	TST_EXP_FAIL(copy(p, src, hp, UFFDIO_COPY), EEXIST,
		     "UFFDIO_COPY onto the present page");

	start(&t, writer);
	msg = wait_fault();
	TST_EXP_EXPR(msg.arg.pagefault.address == (unsigned long)(p + hp) &&
		     (msg.arg.pagefault.flags & UFFD_PAGEFAULT_FLAG_WRITE),
		     "write fault at p + hp + 5: address %p (expected %p), "
		     "flags 0x%llx",
		     (void *)(unsigned long)msg.arg.pagefault.address, p + hp,
		     (unsigned long long)msg.arg.pagefault.flags);
	TST_EXP_PASS(copy(p + hp, src, hp, UFFDIO_COPY), "UFFDIO_COPY of "
		     "the second huge page");
	join(t);
	for (i = 0; i < hp; i++) {
		char want = i == 5 ? 0x77 : src[i];

		bad += p[hp + i] != want;
	}
	TST_EXP_EXPR(bad == 0, "the second page holds the copy and the "
		     "thread's write (%ld bytes differ)", bad);
	bad = 0;
	for (i = 0; i < hp; i++)
		bad += p[i] != src[i];
	TST_EXP_EXPR(bad == 0, "the first page holds the copy");
	htl_expect("both pages copied", 2, 0);

	SAFE_MUNMAP(p, 2 * hp);
	SAFE_CLOSE(uffd);
	htl_expect("unmapped", 0, 0);
}

static void setup(void)
{
	long i;

	htl_setup(POOL, 0);
	TEST(tst_syscall(__NR_userfaultfd, O_CLOEXEC));
	if (TST_RET < 0)
		tst_brk(TCONF | TTERRNO, "userfaultfd()");
	SAFE_CLOSE(TST_RET);
	src = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < hp; i++)
		src[i] = (char)(i * 7 + 3);
}

static void cleanup(void)
{
	if (uffd >= 0)
		close(uffd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.hugepages = {POOL, TST_NEEDS},
	.save_restore = (const struct tst_path_val[]) {
		HTL_NO_OVERCOMMIT,
		{}
	},
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_HUGETLBFS", "CONFIG_USERFAULTFD", NULL
	},
};

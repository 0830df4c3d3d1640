// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * userfaultfd modes beyond missing pages, each fault taken by a second
 * thread and handled here:
 *  - /dev/userfaultfd: USERFAULTFD_IOC_NEW gives a userfaultfd (without
 *    the node in /dev it is made in the tmpdir from
 *    /sys/class/misc/userfaultfd/dev), which
 *    handles a missing-page fault with UFFDIO_COPY like userfaultfd();
 *  - write protection (UFFD_FEATURE_PAGEFAULT_FLAG_WP, anonymous memory):
 *    after UFFDIO_WRITEPROTECT a read of the page goes through, a write
 *    blocks and is reported with UFFD_PAGEFAULT_FLAG_WP and _WRITE;
 *    removing the protection wakes the writer and its byte is there;
 *  - minor faults on shmem (UFFD_FEATURE_MINOR_SHMEM): a page of a memfd
 *    already in the page cache, first touched through a mapping
 *    registered in UFFDIO_REGISTER_MODE_MINOR, is reported with
 *    UFFD_PAGEFAULT_FLAG_MINOR; the handler changes the page through a
 *    second mapping and UFFDIO_CONTINUE maps it: the thread reads the
 *    changed content.
 */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "lapi/userfaultfd.h"

static long page;

struct access {
	volatile char *addr;
	int write;
	char seen;
};

static void *accessor(void *arg)
{
	struct access *a = arg;

	if (a->write)
		*a->addr = 'w';
	else
		a->seen = *a->addr;
	return NULL;
}

static int uffd_api(int ufd, unsigned long long features)
{
	struct uffdio_api api = { .api = UFFD_API, .features = features };

	if (ioctl(ufd, UFFDIO_API, &api)) {
		if (errno == EINVAL)
			tst_brk(TCONF, "UFFDIO_API: features 0x%llx refused",
				features);
		tst_brk(TBROK | TERRNO, "UFFDIO_API");
	}
	return ufd;
}

static void uffd_register(int ufd, void *addr, unsigned long long mode)
{
	struct uffdio_register reg = {
		.range = { .start = (unsigned long)addr, .len = page },
		.mode = mode,
	};

	if (ioctl(ufd, UFFDIO_REGISTER, &reg))
		tst_brk(TBROK | TERRNO, "UFFDIO_REGISTER(mode 0x%llx)", mode);
}

/* Wait for the one fault message; 0 on a wrong or missing one. */
static int get_fault(int ufd, void *addr, unsigned long long flags,
		     const char *desc)
{
	struct pollfd pfd = { .fd = ufd, .events = POLLIN };
	struct uffd_msg msg;

	if (poll(&pfd, 1, 10000 * tst_timeout_mul()) != 1) {
		tst_res(TFAIL, "%s: no fault reported in 10 s", desc);
		return 0;
	}
	SAFE_READ(1, ufd, &msg, sizeof(msg));
	TST_EXP_EXPR(msg.event == UFFD_EVENT_PAGEFAULT &&
		     msg.arg.pagefault.address == (unsigned long)addr &&
		     (msg.arg.pagefault.flags & flags) == flags,
		     "%s: event %u at 0x%llx, flags 0x%llx (want 0x%llx)", desc,
		     msg.event, (unsigned long long)msg.arg.pagefault.address,
		     (unsigned long long)msg.arg.pagefault.flags, flags);
	return 1;
}

static void start(pthread_t *t, struct access *a)
{
	errno = pthread_create(t, NULL, accessor, a);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
}

static int open_dev(void)
{
	unsigned int maj, min;
	int fd;

	if (!access("/dev/userfaultfd", F_OK))
		return SAFE_OPEN("/dev/userfaultfd", O_RDWR);
	if (access("/sys/class/misc/userfaultfd/dev", F_OK))
		tst_brk(TCONF, "no /sys/class/misc/userfaultfd (kernel without "
			"the /dev/userfaultfd device)");
	SAFE_FILE_SCANF("/sys/class/misc/userfaultfd/dev", "%u:%u", &maj,
			&min);
	if (access("userfaultfd", F_OK) &&
	    mknod("userfaultfd", S_IFCHR | 0600, makedev(maj, min)))
		tst_brk(TBROK | TERRNO, "mknod(userfaultfd, %u:%u)", maj, min);
	fd = SAFE_OPEN("userfaultfd", O_RDWR);
	return fd;
}

static void test_dev(void)
{
	struct uffdio_copy copy;
	struct access a = { 0 };
	char *area, *src;
	pthread_t t;
	int dev, ufd;

	dev = open_dev();
	TST_EXP_FD(ioctl(dev, USERFAULTFD_IOC_NEW, O_CLOEXEC),
		   "ioctl(/dev/userfaultfd, USERFAULTFD_IOC_NEW)");
	ufd = TST_RET;
	SAFE_CLOSE(dev);
	if (ufd < 0)
		return;
	uffd_api(ufd, 0);
	area = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	src = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(src, 'c', page);
	uffd_register(ufd, area, UFFDIO_REGISTER_MODE_MISSING);
	a.addr = area + 100;
	start(&t, &a);
	if (get_fault(ufd, area, 0, "missing page, /dev/userfaultfd")) {
		copy.dst = (unsigned long)area;
		copy.src = (unsigned long)src;
		copy.len = page;
		copy.mode = 0;
		TST_EXP_PASS(ioctl(ufd, UFFDIO_COPY, &copy), "UFFDIO_COPY");
	}
	pthread_join(t, NULL);
	TST_EXP_EXPR(a.seen == 'c', "the thread read the copied page ('%c')",
		     a.seen);
	SAFE_MUNMAP(area, page);
	SAFE_MUNMAP(src, page);
	SAFE_CLOSE(ufd);
}

static int new_uffd(void)
{
	int ufd = syscall(__NR_userfaultfd, O_CLOEXEC);

	if (ufd < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd()");
	return ufd;
}

static void test_wp(void)
{
	struct uffdio_writeprotect wp;
	struct access r = { 0 }, w = { 0 };
	int ufd = uffd_api(new_uffd(), UFFD_FEATURE_PAGEFAULT_FLAG_WP);
	pthread_t t;
	char *area;

	area = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(area, 'a', page);
	uffd_register(ufd, area, UFFDIO_REGISTER_MODE_WP);
	wp.range.start = (unsigned long)area;
	wp.range.len = page;
	wp.mode = UFFDIO_WRITEPROTECT_MODE_WP;
	TST_EXP_PASS(ioctl(ufd, UFFDIO_WRITEPROTECT, &wp),
		     "UFFDIO_WRITEPROTECT(MODE_WP)");

	r.addr = area + 5;
	start(&t, &r);
	pthread_join(t, NULL);
	TST_EXP_EXPR(r.seen == 'a', "a read of the protected page goes "
		     "through ('%c')", r.seen);

	w.addr = area + 7;
	w.write = 1;
	start(&t, &w);
	if (get_fault(ufd, area, UFFD_PAGEFAULT_FLAG_WP |
		      UFFD_PAGEFAULT_FLAG_WRITE, "write to a protected page")) {
		TST_EXP_EXPR(area[7] == 'a', "the write has not happened yet");
		wp.mode = 0;
		TST_EXP_PASS(ioctl(ufd, UFFDIO_WRITEPROTECT, &wp),
			     "UFFDIO_WRITEPROTECT(0): unprotect and wake");
	}
	pthread_join(t, NULL);
	TST_EXP_EXPR(area[7] == 'w' && area[6] == 'a',
		     "the writer's byte landed after the wake");
	SAFE_MUNMAP(area, page);
	SAFE_CLOSE(ufd);
}

static void test_minor(void)
{
	struct uffdio_continue cont;
	struct access a = { 0 };
	int ufd = uffd_api(new_uffd(), UFFD_FEATURE_MINOR_SHMEM);
	int mfd = memfd_create("userfaultfd03", 0);
	char *area, *alias, buf[4096];
	pthread_t t;

	if (mfd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	memset(buf, 'm', sizeof(buf));
	SAFE_FTRUNCATE(mfd, page);
	SAFE_PWRITE(1, mfd, buf, sizeof(buf), 0);
	area = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED,
			 mfd, 0);
	alias = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED,
			  mfd, 0);
	uffd_register(ufd, area, UFFDIO_REGISTER_MODE_MINOR);

	a.addr = area + 9;
	start(&t, &a);
	if (get_fault(ufd, area, UFFD_PAGEFAULT_FLAG_MINOR,
		      "first touch of a cached shmem page")) {
		alias[9] = 'n';
		cont.range.start = (unsigned long)area;
		cont.range.len = page;
		cont.mode = 0;
		TST_EXP_PASS(ioctl(ufd, UFFDIO_CONTINUE, &cont),
			     "UFFDIO_CONTINUE");
	}
	pthread_join(t, NULL);
	TST_EXP_EXPR(a.seen == 'n', "the thread read the page as the handler "
		     "left it ('%c')", a.seen);
	SAFE_MUNMAP(area, page);
	SAFE_MUNMAP(alias, page);
	SAFE_CLOSE(mfd);
	SAFE_CLOSE(ufd);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_dev();
	else if (n == 1)
		test_wp();
	else
		test_minor();
}

static void setup(void)
{
	page = sysconf(_SC_PAGESIZE);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * userfaultfd ioctls that resolve a missing-page fault other than by
 * copying (fs/userfaultfd.c, mm/userfaultfd.c); each fault is taken by a
 * second thread and handled here.
 *
 * UFFDIO_MOVE (Linux 6.8, UFFD_FEATURE_MOVE):
 * - UFFDIO_API accepts the feature and UFFDIO_REGISTER lists the ioctl.
 * - A read fault on a registered page is resolved by moving a page of
 *   data there: move = page size, the thread reads the data, the page
 *   is the same physical page as before (/proc/self/pagemap PFN: no
 *   copy), and the source is left a hole (not resident, reads zeros).
 * - Two pages at once: move = 2 pages, both arrive.
 * - EEXIST onto a present page, ENOENT from a hole (move holds the
 *   negative errno); with UFFDIO_MOVE_MODE_ALLOW_SRC_HOLES the hole
 *   "moves": 0, move = page size, the destination stays empty.
 * - EBUSY for a page a fork() shared (not exclusive any more, although
 *   the child is gone); once written again it moves.
 * - EINVAL: start not page aligned, len 0, an unknown mode bit, a
 *   destination not registered, a read-only source, a shared source.
 *
 * UFFDIO_POISON (Linux 6.6, UFFD_FEATURE_POISON):
 * - UFFDIO_API accepts the feature and UFFDIO_REGISTER lists the ioctl.
 * - A read fault resolved with UFFDIO_POISON (updated = page size) raises
 *   SIGBUS in the faulting thread, si_code BUS_MCEERR_AR, si_addr the
 *   address read, si_addr_lsb the page shift. The page stays poisoned:
 *   a later read or write raises the same; the kernel reading it
 *   (write() from it to a pipe) gets EFAULT.
 * - EEXIST onto a present page (updated -EEXIST); EINVAL for a start not
 *   page aligned, len 0, an unknown mode bit.
 */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "lapi/userfaultfd.h"

static size_t pg;
static int page_shift;

struct fault_thread {
	pthread_t t;
	volatile char *addr;
	int seen;		/* the byte read */
	int sig, code, lsb;	/* SIGBUS taken, if any */
	void *sig_addr;
};

static __thread sigjmp_buf bus_jmp;
static __thread struct fault_thread *bus_ft;

static void bus_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	bus_ft->sig = sig;
	bus_ft->code = si->si_code;
	bus_ft->sig_addr = si->si_addr;
	bus_ft->lsb = si->si_addr_lsb;
	siglongjmp(bus_jmp, 1);
}

static void *reader(void *arg)
{
	struct fault_thread *ft = arg;

	bus_ft = ft;
	if (!sigsetjmp(bus_jmp, 1))
		ft->seen = (unsigned char)*ft->addr;
	return NULL;
}

static void start_reader(struct fault_thread *ft, void *addr)
{
	memset(ft, 0, sizeof(*ft));
	ft->addr = addr;
	ft->seen = -1;
	errno = pthread_create(&ft->t, NULL, reader, ft);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
}

/* A userfaultfd with the feature, or -1 (TCONF) when the kernel lacks it. */
static int uffd_with(unsigned long long feature, int ioctl_bit,
		     void *area, size_t len, const char *name)
{
	struct uffdio_api api = { .api = UFFD_API, .features = feature };
	struct uffdio_register reg = {
		.range = { .start = (unsigned long)area, .len = len },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};
	int fd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);

	if (fd < 0 && errno == ENOSYS)
		tst_brk(TCONF, "userfaultfd() not in this kernel (ENOSYS)");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd()");
	if (ioctl(fd, UFFDIO_API, &api)) {
		if (errno != EINVAL)
			tst_brk(TBROK | TERRNO, "UFFDIO_API");
		tst_res(TCONF, "UFFDIO_API refuses %s (EINVAL): not in this "
			"kernel", name);
		SAFE_CLOSE(fd);
		return -1;
	}
	TST_EXP_EXPR(api.features & feature, "UFFDIO_API reports %s", name);
	if (ioctl(fd, UFFDIO_REGISTER, &reg))
		tst_brk(TBROK | TERRNO, "UFFDIO_REGISTER");
	TST_EXP_EXPR(reg.ioctls & (1ULL << ioctl_bit),
		     "UFFDIO_REGISTER lists ioctl %d (ioctls 0x%llx)",
		     ioctl_bit, (unsigned long long)reg.ioctls);
	return fd;
}

/* Wait for one fault at page; 0 (and TFAIL) when none or another. */
static int wait_fault(int fd, void *page)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int ms = 30000 * tst_timeout_mul();
	struct uffd_msg msg;

	if (poll(&pfd, 1, ms) != 1) {
		tst_res(TFAIL, "no userfaultfd event in %d ms", ms);
		return 0;
	}
	SAFE_READ(1, fd, &msg, sizeof(msg));
	TST_EXP_EXPR(msg.event == UFFD_EVENT_PAGEFAULT &&
		     msg.arg.pagefault.address == (unsigned long)page,
		     "fault event %u at 0x%llx (page %p)", msg.event,
		     (unsigned long long)msg.arg.pagefault.address, page);
	return TST_PASS;
}

/* The PFN of the page at addr (root reads real PFNs), 0 if not present. */
static uint64_t pfn_of(void *addr)
{
	uint64_t ent;
	int fd = SAFE_OPEN("/proc/self/pagemap", O_RDONLY);

	SAFE_PREAD(1, fd, &ent, sizeof(ent),
		   (unsigned long)addr / pg * sizeof(ent));
	SAFE_CLOSE(fd);
	return (ent >> 63) ? ent & ((1ULL << 55) - 1) : 0;
}

static long do_move(int fd, void *dst, void *src, size_t len,
		    unsigned long long mode, long long *moved)
{
	struct uffdio_move mv = {
		.dst = (unsigned long)dst, .src = (unsigned long)src,
		.len = len, .mode = mode, .move = 0x7777,
	};
	long ret = ioctl(fd, UFFDIO_MOVE, &mv);

	*moved = mv.move;
	return ret;
}

static char *anon(size_t len, int prot, int flags)
{
	return SAFE_MMAP(NULL, len, prot, flags | MAP_ANONYMOUS, -1, 0);
}

static void test_move(void)
{
	char *dst = anon(4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	char *src = anon(4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	char *other, *ro, *shared, *forked;
	struct fault_thread ft;
	long long moved;
	uint64_t pfn;
	int fd;
	pid_t pid;

	fd = uffd_with(UFFD_FEATURE_MOVE, _UFFDIO_MOVE, dst, 4 * pg,
		       "UFFD_FEATURE_MOVE");
	if (fd < 0)
		goto out;
	fill_pattern(src, 4 * pg, 5);
	if (madvise(src + 3 * pg, pg, MADV_DONTNEED))
		tst_brk(TBROK | TERRNO, "madvise(MADV_DONTNEED)");
	pfn = pfn_of(src);

	start_reader(&ft, dst + 77);
	if (wait_fault(fd, dst)) {
		TST_EXP_PASS(do_move(fd, dst, src, pg, 0, &moved),
			     "UFFDIO_MOVE of one page onto the fault");
		TST_EXP_EQ_LI(moved, pg);
	}
	pthread_join(ft.t, NULL);
	TST_EXP_EQ_LI(ft.seen, (unsigned char)(5 + 77 * 7));
	TST_EXP_EXPR(check_pattern(dst, pg, 5) == -1,
		     "the moved page holds the source's data");
	TST_EXP_EXPR(pfn && pfn_of(dst) == pfn,
		     "the same physical page moved (PFN 0x%llx)",
		     (unsigned long long)pfn);
	TST_EXP_EXPR(resident_pages(src, pg) == 0 &&
		     first_nonzero(src, pg) == -1,
		     "the source page is a hole that reads zeros");

	TST_EXP_FAIL(do_move(fd, dst, src + pg, pg, 0, &moved), EEXIST,
		     "UFFDIO_MOVE onto a present page");
	TST_EXP_EQ_LI(moved, -EEXIST);
	TST_EXP_FAIL(do_move(fd, dst + pg, src + 3 * pg, pg, 0, &moved),
		     ENOENT, "UFFDIO_MOVE from a hole");
	TST_EXP_EQ_LI(moved, -ENOENT);
	TST_EXP_PASS(do_move(fd, dst + pg, src + 3 * pg, pg,
			     UFFDIO_MOVE_MODE_ALLOW_SRC_HOLES, &moved),
		     "UFFDIO_MOVE from a hole, MODE_ALLOW_SRC_HOLES");
	TST_EXP_EQ_LI(moved, pg);
	TST_EXP_EXPR(resident_pages(dst + pg, pg) == 0,
		     "the destination of the hole stays empty");

	TST_EXP_PASS(do_move(fd, dst + 2 * pg, src + pg, 2 * pg, 0, &moved),
		     "UFFDIO_MOVE of two pages");
	TST_EXP_EQ_LI(moved, 2 * pg);
	TST_EXP_EXPR(check_pattern(dst + 2 * pg, 2 * pg, 5 + 7 * pg + 1) == -1,
		     "both pages arrived");

	TST_EXP_FAIL(do_move(fd, dst + 1, src, pg, 0, &moved), EINVAL,
		     "UFFDIO_MOVE(dst not page aligned)");
	TST_EXP_FAIL(do_move(fd, dst + pg, src, 0, 0, &moved), EINVAL,
		     "UFFDIO_MOVE(len 0)");
	TST_EXP_FAIL(do_move(fd, dst + pg, src, pg, 1ULL << 2, &moved),
		     EINVAL, "UFFDIO_MOVE(mode 1 << 2)");

	other = anon(pg, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	other[0] = 1;
	TST_EXP_FAIL(do_move(fd, other, dst, pg, 0, &moved), EINVAL,
		     "UFFDIO_MOVE to a range not registered");
	ro = anon(pg, PROT_READ, MAP_PRIVATE);
	TST_EXP_EXPR(*(volatile char *)ro == 0, "read-only page faulted in");
	TST_EXP_FAIL(do_move(fd, dst + pg, ro, pg, 0, &moved), EINVAL,
		     "UFFDIO_MOVE from a read-only mapping");
	shared = anon(pg, PROT_READ | PROT_WRITE, MAP_SHARED);
	shared[0] = 1;
	TST_EXP_FAIL(do_move(fd, dst + pg, shared, pg, 0, &moved), EINVAL,
		     "UFFDIO_MOVE from a shared mapping");

	forked = anon(pg, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	forked[0] = 0x3c;
	pid = SAFE_FORK();
	if (!pid)
		_exit(0);
	wait_child(pid);
	TST_EXP_FAIL(do_move(fd, dst + pg, forked, pg, 0, &moved), EBUSY,
		     "UFFDIO_MOVE of a page fork() shared");
	forked[1] = 0x3d;
	TST_EXP_PASS(do_move(fd, dst + pg, forked, pg, 0, &moved),
		     "UFFDIO_MOVE of that page once written again");
	TST_EXP_EXPR(dst[pg] == 0x3c && dst[pg + 1] == 0x3d,
		     "its data arrived");

	SAFE_MUNMAP(other, pg);
	SAFE_MUNMAP(ro, pg);
	SAFE_MUNMAP(shared, pg);
	SAFE_MUNMAP(forked, pg);
	SAFE_CLOSE(fd);
out:
	SAFE_MUNMAP(dst, 4 * pg);
	SAFE_MUNMAP(src, 4 * pg);
}

static long do_poison(int fd, void *start, size_t len,
		      unsigned long long mode, long long *updated)
{
	struct uffdio_poison po = {
		.range = { .start = (unsigned long)start, .len = len },
		.mode = mode, .updated = 0x7777,
	};
	long ret = ioctl(fd, UFFDIO_POISON, &po);

	*updated = po.updated;
	return ret;
}

static void expect_mce(void *addr, enum vm_access how, const char *what)
{
	struct vm_fault f = probe_access(addr, how);

	TST_EXP_EXPR(f.sig == SIGBUS && f.code == BUS_MCEERR_AR &&
		     f.addr == addr, "%s: %s (si_code %d, si_addr %p)", what,
		     tst_strsig(f.sig), f.code, f.addr);
}

static void test_poison(void)
{
	char *area = anon(3 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	char *src = anon(pg, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	struct uffdio_copy copy;
	struct fault_thread ft;
	long long updated;
	int fd, pfd[2];

	fd = uffd_with(UFFD_FEATURE_POISON, _UFFDIO_POISON, area, 3 * pg,
		       "UFFD_FEATURE_POISON");
	if (fd < 0)
		goto out;

	start_reader(&ft, area + pg + 123);
	if (wait_fault(fd, area + pg)) {
		TST_EXP_PASS(do_poison(fd, area + pg, pg, 0, &updated),
			     "UFFDIO_POISON of the faulting page");
		TST_EXP_EQ_LI(updated, pg);
	}
	pthread_join(ft.t, NULL);
	TST_EXP_EXPR(ft.sig == SIGBUS && ft.code == BUS_MCEERR_AR &&
		     ft.sig_addr == area + pg + 123 && ft.lsb == page_shift,
		     "the faulting thread got %s, si_code %d (BUS_MCEERR_AR "
		     "%d), si_addr %p (%p), si_addr_lsb %d", tst_strsig(ft.sig),
		     ft.code, BUS_MCEERR_AR, ft.sig_addr, area + pg + 123,
		     ft.lsb);
	expect_mce(area + pg + 5, VM_READ_ACCESS, "a later read");
	expect_mce(area + pg + 9, VM_WRITE_ACCESS, "a later write");
	SAFE_PIPE(pfd);
	TST_EXP_FAIL(write(pfd[1], area + pg, 16), EFAULT,
		     "write() to a pipe from the poisoned page");
	SAFE_CLOSE(pfd[0]);
	SAFE_CLOSE(pfd[1]);

	memset(src, 0x11, pg);
	copy = (struct uffdio_copy) {
		.dst = (unsigned long)area, .src = (unsigned long)src,
		.len = pg,
	};
	if (ioctl(fd, UFFDIO_COPY, &copy))
		tst_brk(TBROK | TERRNO, "UFFDIO_COPY");
	TST_EXP_FAIL(do_poison(fd, area, pg, 0, &updated), EEXIST,
		     "UFFDIO_POISON of a present page");
	TST_EXP_EQ_LI(updated, -EEXIST);
	TST_EXP_EXPR(area[0] == 0x11, "the present page keeps its data");
	TST_EXP_FAIL(do_poison(fd, area + 2 * pg + 1, pg, 0, &updated),
		     EINVAL, "UFFDIO_POISON(start not page aligned)");
	TST_EXP_FAIL(do_poison(fd, area + 2 * pg, 0, 0, &updated), EINVAL,
		     "UFFDIO_POISON(len 0)");
	TST_EXP_FAIL(do_poison(fd, area + 2 * pg, pg, 1ULL << 1, &updated),
		     EINVAL, "UFFDIO_POISON(mode 1 << 1)");
	TST_EXP_PASS(do_poison(fd, area + 2 * pg, pg, 0, &updated),
		     "UFFDIO_POISON of a page nobody faulted on");
	expect_mce(area + 2 * pg, VM_READ_ACCESS, "reading it");
	SAFE_CLOSE(fd);
out:
	SAFE_MUNMAP(area, 3 * pg);
	SAFE_MUNMAP(src, pg);
}

static void run(unsigned int n)
{
	if (n)
		test_poison();
	else
		test_move();
}

static void setup(void)
{
	struct sigaction sa = { .sa_sigaction = bus_handler,
				.sa_flags = SA_SIGINFO };

	pg = vm_page_size();
	page_shift = __builtin_ctzl(pg);
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGBUS, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGBUS)");
}

static struct tst_test test = {
	.setup = setup,
	.test = run,
	.tcnt = 2,
	.needs_root = 1,
	.forks_child = 1,
};

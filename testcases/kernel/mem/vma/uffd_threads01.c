// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * userfaultfd with several threads faulting on one page at once
 * (fs/userfaultfd.c handle_userfault(), wake_userfault(); mm/userfaultfd.c):
 *
 * - 4 threads read the same missing page: the descriptor gives 4
 *   UFFD_EVENT_PAGEFAULT messages, one per thread (UFFD_FEATURE_THREAD_ID:
 *   the ptid of each is one of the 4 threads, each once), all with the
 *   page's address and no WRITE flag. UFFDIO_COPY with
 *   UFFDIO_COPY_MODE_DONTWAKE maps the page (copy = page size) and wakes
 *   nobody: no thread has returned; one UFFDIO_WAKE of the page wakes all
 *   4 and each reads the copied byte at its own offset. A second
 *   UFFDIO_COPY onto the page fails with EEXIST (copy = -EEXIST).
 * - 4 threads write 4 bytes of another missing page: 4 messages with
 *   UFFD_PAGEFAULT_FLAG_WRITE; one UFFDIO_ZEROPAGE (zeropage = page size)
 *   resolves all of them, every byte written is there and the rest of the
 *   page is zeros; a second UFFDIO_ZEROPAGE fails with EEXIST.
 * - A page mapped by UFFDIO_COPY with UFFDIO_COPY_MODE_WP (range
 *   registered for MISSING and WP) reads without a fault; 4 threads
 *   writing 4 bytes of it each block with a message flagged
 *   UFFD_PAGEFAULT_FLAG_WP and _WRITE; UFFDIO_WRITEPROTECT with mode 0
 *   (unprotect and wake) lets all 4 writes land on the copied data.
 *   Without UFFD_FEATURE_PAGEFAULT_FLAG_WP this part is TCONF.
 */
#include <poll.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/userfaultfd.h"

#define NTHR 4

static size_t pg;
static int uffd = -1, have_wp;
static char *area, *src, *want;

struct worker {
	pthread_t thr;
	char *addr;
	int write;
	char val;
	volatile pid_t tid;
	volatile int done;
};

static struct worker w[NTHR];

static void uffd_ioctl(int fd, unsigned long req, void *arg, const char *what)
{
	if (ioctl(fd, req, arg))
		tst_brk(TBROK | TERRNO, "ioctl(%s)", what);
}

static void *work(void *arg)
{
	struct worker *me = arg;

	me->tid = gettid();
	if (me->write)
		*(volatile char *)me->addr = me->val;
	else
		me->val = *(volatile char *)me->addr;
	__atomic_store_n(&me->done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static void start(char *page, int write)
{
	int i;

	for (i = 0; i < NTHR; i++) {
		w[i] = (struct worker) {
			.addr = page + 16 + 100 * i,
			.write = write,
			.val = 'A' + i,
		};
		if (pthread_create(&w[i].thr, NULL, work, &w[i]))
			tst_brk(TBROK, "pthread_create()");
	}
}

static int ndone(void)
{
	int i, n = 0;

	for (i = 0; i < NTHR; i++)
		n += __atomic_load_n(&w[i].done, __ATOMIC_SEQ_CST);
	return n;
}

static void join_all(void)
{
	int i;

	for (i = 0; i < NTHR; i++)
		pthread_join(w[i].thr, NULL);
}

/*
 * Read NTHR fault messages (bounded wait), check each is a fault at page
 * with the flags expected and comes from a distinct worker. Returns 1 when
 * all NTHR came as expected (the workers are then all blocked).
 */
static int read_faults(char *page, __u64 flags)
{
	struct pollfd pfd = { .fd = uffd, .events = POLLIN };
	long long deadline = tst_mono_ms() + 20000 * tst_timeout_mul();
	int seen[NTHR] = {0}, n = 0, bad = 0, i;
	struct uffd_msg msg;

	while (n < NTHR) {
		int left = deadline - tst_mono_ms();

		if (left <= 0 || poll(&pfd, 1, left) != 1) {
			tst_res(TFAIL, "%d of %d fault messages in 20 s", n,
				NTHR);
			return 0;
		}
		if (read(uffd, &msg, sizeof(msg)) != sizeof(msg)) {
			if (errno == EAGAIN)
				continue;
			tst_brk(TBROK | TERRNO, "read(userfaultfd)");
		}
		n++;
		if (msg.event != UFFD_EVENT_PAGEFAULT ||
		    msg.arg.pagefault.address != (unsigned long)page ||
		    (msg.arg.pagefault.flags & (UFFD_PAGEFAULT_FLAG_WRITE |
		     UFFD_PAGEFAULT_FLAG_WP)) != flags) {
			tst_res(TFAIL, "message %d: event 0x%x address 0x%llx "
				"flags 0x%llx, expected a fault at %p flags "
				"0x%llx", n, msg.event,
				(unsigned long long)msg.arg.pagefault.address,
				(unsigned long long)msg.arg.pagefault.flags,
				page, (unsigned long long)flags);
			bad = 1;
			continue;
		}
		for (i = 0; i < NTHR; i++) {
			if (w[i].tid == (pid_t)msg.arg.pagefault.feat.ptid)
				break;
		}
		if (i == NTHR || seen[i]++) {
			tst_res(TFAIL, "message %d: ptid %u is not a worker "
				"not reported yet", n,
				msg.arg.pagefault.feat.ptid);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "%d fault messages at %p, flags 0x%llx, one "
			"per thread (ptid)", NTHR, page,
			(unsigned long long)flags);
	return !bad;
}

static void same_page_copy(void)
{
	char *page = area;
	struct uffdio_copy copy = {
		.dst = (unsigned long)page, .src = (unsigned long)src,
		.len = pg, .mode = UFFDIO_COPY_MODE_DONTWAKE,
	};
	struct uffdio_range range = { .start = (unsigned long)page,
				      .len = pg };
	int i;

	memset(src, 0, pg);
	for (i = 0; i < NTHR; i++)
		src[16 + 100 * i] = 'a' + i;
	start(page, 0);
	if (!read_faults(page, 0))
		tst_brk(TBROK, "the workers may be blocked for good");
	TST_EXP_EQ_LI(ndone(), 0);
	TST_EXP_PASS(ioctl(uffd, UFFDIO_COPY, &copy),
		     "UFFDIO_COPY, MODE_DONTWAKE");
	TST_EXP_EQ_LI(copy.copy, pg);
	TST_EXP_EXPR(ndone() == 0, "DONTWAKE: %d of %d threads returned",
		     ndone(), NTHR);
	TST_EXP_PASS(ioctl(uffd, UFFDIO_WAKE, &range), "UFFDIO_WAKE");
	join_all();
	for (i = 0; i < NTHR; i++) {
		TST_EXP_EXPR(w[i].val == 'a' + i, "thread %d read '%c' "
			     "(expected '%c')", i, w[i].val, 'a' + i);
	}

	copy.mode = 0;
	copy.copy = 0;
	TST_EXP_FAIL(ioctl(uffd, UFFDIO_COPY, &copy), EEXIST,
		     "second UFFDIO_COPY onto the page");
	TST_EXP_EQ_LI(copy.copy, -EEXIST);
}

static void check_page(const char *page, const char *base, const char *what)
{
	int i;

	memcpy(want, base, pg);
	for (i = 0; i < NTHR; i++)
		want[16 + 100 * i] = 'A' + i;
	TST_EXP_EXPR(!memcmp(page, want, pg), "%s: the 4 bytes written on "
		     "the rest of the page", what);
}

static void same_page_zero(void)
{
	char *page = area + pg;
	struct uffdio_zeropage zero = {
		.range = { .start = (unsigned long)page, .len = pg },
	};

	start(page, 1);
	if (!read_faults(page, UFFD_PAGEFAULT_FLAG_WRITE))
		tst_brk(TBROK, "the workers may be blocked for good");
	TST_EXP_EQ_LI(ndone(), 0);
	TST_EXP_PASS(ioctl(uffd, UFFDIO_ZEROPAGE, &zero), "UFFDIO_ZEROPAGE");
	TST_EXP_EQ_LI(zero.zeropage, pg);
	join_all();
	memset(src, 0, pg);
	check_page(page, src, "zero page");

	zero.zeropage = 0;
	TST_EXP_FAIL(ioctl(uffd, UFFDIO_ZEROPAGE, &zero), EEXIST,
		     "second UFFDIO_ZEROPAGE onto the page");
	TST_EXP_EQ_LI(zero.zeropage, -EEXIST);
}

static void same_page_wp(void)
{
	char *page = area + 2 * pg;
	struct uffdio_copy copy = {
		.dst = (unsigned long)page, .src = (unsigned long)src,
		.len = pg, .mode = UFFDIO_COPY_MODE_WP,
	};
	struct uffdio_writeprotect wp = {
		.range = { .start = (unsigned long)page, .len = pg },
		.mode = 0,
	};

	if (!have_wp) {
		tst_res(TCONF, "no UFFD_FEATURE_PAGEFAULT_FLAG_WP: write "
			"protection not tested");
		return;
	}
	memset(src, 'w', pg);
	TST_EXP_PASS(ioctl(uffd, UFFDIO_COPY, &copy), "UFFDIO_COPY, MODE_WP");
	TST_EXP_EXPR(page[0] == 'w' && page[pg - 1] == 'w',
		     "the protected page reads without a fault");
	start(page, 1);
	if (!read_faults(page, UFFD_PAGEFAULT_FLAG_WRITE |
			 UFFD_PAGEFAULT_FLAG_WP))
		tst_brk(TBROK, "the workers may be blocked for good");
	TST_EXP_EQ_LI(ndone(), 0);
	TST_EXP_PASS(ioctl(uffd, UFFDIO_WRITEPROTECT, &wp),
		     "UFFDIO_WRITEPROTECT mode 0 (unprotect, wake)");
	join_all();
	check_page(page, src, "unprotected page");
}

static void setup(void)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg;
	int probe;

	pg = getpagesize();
	probe = syscall(__NR_userfaultfd, O_CLOEXEC);
	if (probe < 0 && errno == ENOSYS)
		tst_brk(TCONF, "userfaultfd() not in this kernel (ENOSYS)");
	if (probe < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd()");
	uffd_ioctl(probe, UFFDIO_API, &api, "UFFDIO_API");
	SAFE_CLOSE(probe);
	if (!(api.features & UFFD_FEATURE_THREAD_ID))
		tst_brk(TCONF, "no UFFD_FEATURE_THREAD_ID");
	have_wp = !!(api.features & UFFD_FEATURE_PAGEFAULT_FLAG_WP);

	uffd = syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd()");
	api = (struct uffdio_api) {
		.api = UFFD_API,
		.features = UFFD_FEATURE_THREAD_ID |
			(have_wp ? UFFD_FEATURE_PAGEFAULT_FLAG_WP : 0),
	};
	uffd_ioctl(uffd, UFFDIO_API, &api, "UFFDIO_API");

	area = SAFE_MMAP(NULL, 3 * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	want = SAFE_MALLOC(pg);
	src = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	reg = (struct uffdio_register) {
		.range = { .start = (unsigned long)area, .len = 3 * pg },
		.mode = UFFDIO_REGISTER_MODE_MISSING |
			(have_wp ? UFFDIO_REGISTER_MODE_WP : 0),
	};
	uffd_ioctl(uffd, UFFDIO_REGISTER, &reg, "UFFDIO_REGISTER");
}

static void run(void)
{
	same_page_copy();
	same_page_zero();
	same_page_wp();
	/* fresh pages for the next iteration */
	if (madvise(area, 3 * pg, MADV_DONTNEED))
		tst_brk(TBROK | TERRNO, "madvise(MADV_DONTNEED)");
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
	.needs_root = 1,
};

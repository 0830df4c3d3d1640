// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * preadv2() with RWF_NOWAIT on XFS returns what it can without waiting,
 * and EAGAIN when that is nothing, in states the test makes rather than
 * races for:
 * - page cache: a 16-page file, fsynced and evicted with
 *   POSIX_FADV_DONTNEED (the descriptor has POSIX_FADV_RANDOM, so a read
 *   brings in exactly the pages asked for), reads EAGAIN; after pages
 *   0-3 were read normally, it reads exactly those 4 pages (a short read)
 *   with their data, and from page 4 EAGAIN; with every page cached, all
 *   16 with their data. Which pages are cached is read with mincore()
 *   before and after each call. Before Linux 6.12 RWF_NOWAIT implies
 *   IOCB_NOIO (efa8480a8316) and the call must bring no page in; from
 *   6.12 it may start readahead, and then the result may also hold the
 *   pages that readahead finished in time (see check_nowait());
 * - a write in progress: a second thread's pwrite() of page 0 from a
 *   buffer registered with userfaultfd stops on the buffer's missing
 *   page while XFS holds the file's I/O lock exclusively (the fault
 *   happens in iomap_write_iter(), under the lock); then RWF_NOWAIT of
 *   the cached page 0 is EAGAIN (xfs_ilock_iocb()), while RWF_NOWAIT of
 *   another file still reads; once the fault is resolved (UFFDIO_COPY)
 *   and the write returned, RWF_NOWAIT reads the new data.
 * Syscalls: preadv2, userfaultfd
 */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include "tst_test.h"
#include "lapi/userfaultfd.h"

#define MNT "mnt"
#define FILE1 MNT "/file"
#define FILE2 MNT "/other"
#define NPAGES 16

static size_t pg;
static int noio;
static int fd = -1, fd2 = -1, uffd = -1;
static unsigned char *map, *buf, *uarea, *src;

static unsigned char pattern(unsigned int page)
{
	return 'a' + page % 26;
}

static long nowait_read(int f, unsigned int first, unsigned int n)
{
	struct iovec iov = { .iov_base = buf, .iov_len = n * pg };
	off_t off = first * pg;

	return tst_syscall(__NR_preadv2, f, &iov, 1, (unsigned long)off, 0UL,
			   RWF_NOWAIT);
}

/* Bit i set when page first + i of FILE1 is in the page cache. */
static unsigned int cached(unsigned int first, unsigned int n)
{
	unsigned char vec[NPAGES];
	unsigned int i, mask = 0;

	if (mincore(map + first * pg, n * pg, vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	for (i = 0; i < n; i++)
		if (vec[i] & 1)
			mask |= 1u << i;
	return mask;
}

static int data_ok(unsigned int first, long bytes)
{
	long i;

	for (i = 0; i < bytes; i++)
		if (buf[i] != pattern(first + i / pg))
			return 0;
	return 1;
}

/*
 * RWF_NOWAIT read of pages first .. first + n - 1, the first @prefix of
 * them cached and the rest not (as cached() gives it, before the call).
 * Before Linux 6.12 RWF_NOWAIT implies IOCB_NOIO (efa8480a8316): the
 * call starts no read, so the cache is the same after it and the result
 * is exactly the cached prefix, or EAGAIN when it is empty. From 6.12
 * ("mm: allow read-ahead with IOCB_NOWAIT set") the call may start
 * readahead of the rest without waiting for it: then the result is the
 * cached prefix and whatever the readahead finished in time, or EAGAIN
 * when that is nothing.
 */
static void check_nowait(unsigned int first, unsigned int n,
			 unsigned int prefix, const char *what)
{
	unsigned int want = (1u << prefix) - 1, before, after;
	long ret, min = prefix * pg;
	int err;

	before = cached(first, n);
	ret = nowait_read(fd, first, n);
	err = errno;
	after = cached(first, n);
	if (before != want)
		tst_brk(TBROK, "%s: pages cached 0x%x, not the 0x%x the test made",
			what, before, want);
	if (after != before) {
		if (noio) {
			tst_res(TFAIL, "%s: the RWF_NOWAIT read brought pages in (cached 0x%x, then 0x%x)",
				what, before, after);
			return;
		}
		tst_res(TINFO, "%s: the RWF_NOWAIT read started readahead (cached 0x%x, then 0x%x)",
			what, before, after);
	}
	if (ret == -1 && err == EAGAIN && (!prefix || after == before)) {
		if (prefix)
			tst_res(TFAIL, "%s: EAGAIN, though %u pages were cached",
				what, prefix);
		else
			tst_res(TPASS, "%s: EAGAIN", what);
		return;
	}
	if (after == before) {
		TST_EXP_EXPR(ret == min && data_ok(first, ret),
			     "%s: returned %ld (the %u cached pages: %ld bytes) with their data",
			     what, ret, prefix, min);
		return;
	}
	TST_EXP_EXPR(((ret == -1 && err == EAGAIN && !prefix) ||
		      (ret > 0 && ret >= min && ret <= (long)(n * pg) &&
		       !(ret % pg))) &&
		     (ret < 0 || data_ok(first, ret)),
		     "%s: returned %ld (%s), at least the %u cached pages, whole pages of the right data",
		     what, ret, ret < 0 ? tst_strerrno(err) : "bytes", prefix);
}

static void evict(void)
{
	SAFE_FSYNC(fd);
	if (posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED))
		tst_brk(TBROK, "posix_fadvise(DONTNEED)");
}

static void read_pages(unsigned int first, unsigned int n)
{
	SAFE_PREAD(1, fd, buf, n * pg, first * pg);
}

static void *writer(void *arg)
{
	(void)arg;
	return (void *)(long)pwrite(fd, uarea, pg, 0);
}

static void lock_check(void)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = {
		.range = { .len = pg },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};
	struct uffdio_copy copy;
	struct pollfd pfd;
	struct uffd_msg msg;
	pthread_t thr;
	void *wret;
	long ret;
	int ms = 30000 * tst_timeout_mul();

	/* a fresh page each time: the last UFFDIO_COPY filled the old one */
	uarea = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	reg.range.start = (unsigned long)uarea;
	uffd = tst_syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0)
		tst_brk(TBROK | TERRNO, "userfaultfd()");
	if (ioctl(uffd, UFFDIO_API, &api) || ioctl(uffd, UFFDIO_REGISTER, &reg))
		tst_brk(TBROK | TERRNO, "UFFDIO_API/UFFDIO_REGISTER");

	read_pages(0, NPAGES);
	if (pthread_create(&thr, NULL, writer, NULL))
		tst_brk(TBROK, "pthread_create()");
	pfd = (struct pollfd) { .fd = uffd, .events = POLLIN };
	if (poll(&pfd, 1, ms) != 1 || read(uffd, &msg, sizeof(msg)) != sizeof(msg) ||
	    msg.event != UFFD_EVENT_PAGEFAULT ||
	    msg.arg.pagefault.address != (unsigned long)uarea)
		tst_brk(TBROK | TERRNO, "the writer's fault on its buffer did not come within %d ms",
			ms);

	/* the writer now sleeps in the fault, holding the I/O lock */
	if (cached(0, 1) != 1)
		tst_brk(TBROK, "page 0 is not cached");
	ret = nowait_read(fd, 0, 1);
	if (ret == -1 && errno == EAGAIN)
		tst_res(TPASS, "RWF_NOWAIT of a cached page during the write: EAGAIN");
	else
		tst_res(TFAIL | TERRNO, "RWF_NOWAIT of a cached page during the write returned %ld, expected EAGAIN",
			ret);
	ret = nowait_read(fd2, 0, 1);
	TST_EXP_EXPR(ret == (long)pg,
		     "RWF_NOWAIT of another file during the write returned %ld",
		     ret);

	memset(src, 'W', pg);
	copy = (struct uffdio_copy) {
		.dst = (unsigned long)uarea, .src = (unsigned long)src,
		.len = pg,
	};
	if (ioctl(uffd, UFFDIO_COPY, &copy))
		tst_brk(TBROK | TERRNO, "UFFDIO_COPY");
	pthread_join(thr, &wret);
	TST_EXP_EXPR((long)wret == (long)pg, "the write returned %ld",
		     (long)wret);
	ret = nowait_read(fd, 0, 1);
	TST_EXP_EXPR(ret == (long)pg && buf[0] == 'W' && buf[pg - 1] == 'W',
		     "RWF_NOWAIT after the write: %ld bytes of the new data", ret);

	SAFE_CLOSE(uffd);
	SAFE_MUNMAP(uarea, pg);
}

static void run(void)
{
	unsigned int i;

	for (i = 0; i < NPAGES; i++)
		memset(buf + i * pg, pattern(i), pg);
	SAFE_PWRITE(1, fd, buf, NPAGES * pg, 0);

	evict();
	check_nowait(0, NPAGES, 0, "nothing cached");
	evict();
	read_pages(0, 4);
	check_nowait(0, NPAGES, 4, "pages 0-3 cached, reading 16 pages");
	evict();
	read_pages(0, 4);
	check_nowait(4, NPAGES - 4, 0, "pages 0-3 cached, reading from page 4");
	read_pages(0, NPAGES);
	check_nowait(0, NPAGES, NPAGES, "all cached");

	lock_check();
}

static void setup(void)
{
	pg = getpagesize();
	noio = tst_kvercmp(6, 12, 0) < 0;
	buf = SAFE_MALLOC(NPAGES * pg);
	src = SAFE_MMAP(NULL, pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	fd = SAFE_OPEN(FILE1, O_CREAT | O_RDWR, 0644);
	SAFE_FTRUNCATE(fd, NPAGES * pg);
	if (posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM))
		tst_brk(TBROK, "posix_fadvise(RANDOM)");
	map = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ, MAP_SHARED, fd, 0);

	fd2 = SAFE_OPEN(FILE2, O_CREAT | O_RDWR, 0644);
	memset(src, 'o', pg);
	SAFE_WRITE(1, fd2, src, pg);
}

static void cleanup(void)
{
	if (map)
		SAFE_MUNMAP(map, NPAGES * pg);
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (fd2 >= 0)
		SAFE_CLOSE(fd2);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "xfs",
	.dev_min_size_mb = 300,
};

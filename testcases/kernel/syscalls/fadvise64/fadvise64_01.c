// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fadvise64() (made with syscall()): on a clean 4-page file whose pages
 * are all in the page cache (mincore() tells), POSIX_FADV_DONTNEED over
 * pages 1-2 drops exactly those two and keeps pages 0 and 3, with len 0
 * it drops the rest of the file; POSIX_FADV_WILLNEED then reads every
 * page back in. NORMAL, RANDOM, SEQUENTIAL and NOREUSE return 0, also
 * beyond the end of the file. EBADF for a closed fd; ESPIPE for either
 * end of a pipe with each of the six advice values, and also with an
 * unknown advice (6, -1) or a negative length (generic_fadvise() checks
 * S_ISFIFO first), and for a named FIFO (DONTNEED, WILLNEED): a kernel
 * that let WILLNEED or DONTNEED through to a pipe's mapping, or reported
 * EINVAL for it, fails; EINVAL for an unknown advice and for a negative
 * length on a regular file. On a
 * filesystem without a backing device (tmpfs) the advice is accepted and
 * ignored, so the page cache checks are skipped there (TCONF).
 */
#include <sys/mman.h>
#include <sys/statfs.h>
#include <linux/magic.h>
#include "time_event.h"

#define NPAGES 4

static int fd = -1;
static long psize;
static void *map;

static long sys_fadvise64(int fd, long long off, long long len, int advice)
{
	return syscall(__NR_fadvise64, fd, off, len, advice);
}

/* Bit i set when page i of the file is in the page cache and up to date. */
static unsigned int resident(void)
{
	unsigned char vec[NPAGES];
	unsigned int i, mask = 0;

	if (mincore(map, NPAGES * psize, vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	for (i = 0; i < NPAGES; i++) {
		if (vec[i] & 1)
			mask |= 1U << i;
	}
	return mask;
}

static void test_cache(void)
{
	long long deadline;
	struct statfs sfs;
	unsigned int mask;

	if (fstatfs(fd, &sfs))
		tst_brk(TBROK | TERRNO, "fstatfs()");
	if (sfs.f_type == TMPFS_MAGIC) {
		TST_EXP_PASS(sys_fadvise64(fd, 0, 0, POSIX_FADV_DONTNEED),
			     "fadvise64(DONTNEED) on tmpfs");
		tst_res(TCONF, "the test directory is on tmpfs, which ignores "
			"the advice: page cache checks skipped");
		return;
	}
	mask = resident();
	if (mask != 0xf)
		tst_brk(TBROK, "pages resident before the advice: 0x%x", mask);

	TST_EXP_PASS(sys_fadvise64(fd, psize, 2 * psize, POSIX_FADV_DONTNEED),
		     "fadvise64(pages 1-2, POSIX_FADV_DONTNEED)");
	mask = resident();
	TST_EXP_EXPR(mask == 0x9, "pages 1 and 2 dropped, 0 and 3 kept "
		     "(resident mask 0x%x)", mask);

	TST_EXP_PASS(sys_fadvise64(fd, 0, 0, POSIX_FADV_DONTNEED),
		     "fadvise64(0, len 0, POSIX_FADV_DONTNEED)");
	mask = resident();
	TST_EXP_EXPR(mask == 0, "every page dropped (resident mask 0x%x)",
		     mask);

	TST_EXP_PASS(sys_fadvise64(fd, 0, NPAGES * psize, POSIX_FADV_WILLNEED),
		     "fadvise64(whole file, POSIX_FADV_WILLNEED)");
	deadline = clock_ns(CLOCK_MONOTONIC) + tev_scaled_ns(10000);
	while ((mask = resident()) != 0xf &&
	       clock_ns(CLOCK_MONOTONIC) < deadline)
		usleep(10000);
	TST_EXP_EXPR(mask == 0xf, "WILLNEED read every page in (resident "
		     "mask 0x%x)", mask);
}

static void test_advice(void)
{
	static const struct {
		int advice;
		const char *name;
	} advice[] = {
		{POSIX_FADV_NORMAL, "POSIX_FADV_NORMAL"},
		{POSIX_FADV_RANDOM, "POSIX_FADV_RANDOM"},
		{POSIX_FADV_SEQUENTIAL, "POSIX_FADV_SEQUENTIAL"},
		{POSIX_FADV_NOREUSE, "POSIX_FADV_NOREUSE"},
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(advice); i++) {
		TST_EXP_PASS(sys_fadvise64(fd, 0, 0, advice[i].advice),
			     "fadvise64(whole file, %s)", advice[i].name);
		TST_EXP_PASS(sys_fadvise64(fd, 1LL << 40, psize,
					   advice[i].advice),
			     "fadvise64(beyond EOF, %s)", advice[i].name);
	}
}

static void test_errors(void)
{
	/* the six advice values, then two unknown ones: a pipe is ESPIPE
	 * before the advice is looked at */
	static const int all_advice[] = {
		POSIX_FADV_NORMAL, POSIX_FADV_RANDOM, POSIX_FADV_SEQUENTIAL,
		POSIX_FADV_WILLNEED, POSIX_FADV_DONTNEED, POSIX_FADV_NOREUSE,
		6, -1,
	};
	int pipefd[2], closed, fifo;
	unsigned int i;

	TST_EXP_FAIL(sys_fadvise64(fd, 0, 0, 6), EINVAL,
		     "fadvise64(advice 6)");
	TST_EXP_FAIL(sys_fadvise64(fd, 0, 0, -1), EINVAL,
		     "fadvise64(advice -1)");
	TST_EXP_FAIL(sys_fadvise64(fd, 0, -1, POSIX_FADV_NORMAL), EINVAL,
		     "fadvise64(len -1)");
	SAFE_PIPE(pipefd);
	for (i = 0; i < ARRAY_SIZE(all_advice); i++) {
		TST_EXP_FAIL(sys_fadvise64(pipefd[0], 0, 0, all_advice[i]),
			     ESPIPE, "fadvise64(pipe read end, advice %d)",
			     all_advice[i]);
		TST_EXP_FAIL(sys_fadvise64(pipefd[1], 0, 0, all_advice[i]),
			     ESPIPE, "fadvise64(pipe write end, advice %d)",
			     all_advice[i]);
	}
	TST_EXP_FAIL(sys_fadvise64(pipefd[0], 0, -1, POSIX_FADV_NORMAL),
		     ESPIPE, "fadvise64(pipe, len -1)");
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
	if (mkfifo("fifo", 0600))
		tst_brk(TBROK | TERRNO, "mkfifo()");
	fifo = SAFE_OPEN("fifo", O_RDWR);
	TST_EXP_FAIL(sys_fadvise64(fifo, 0, 0, POSIX_FADV_DONTNEED), ESPIPE,
		     "fadvise64(named FIFO, POSIX_FADV_DONTNEED)");
	TST_EXP_FAIL(sys_fadvise64(fifo, 0, 0, POSIX_FADV_WILLNEED), ESPIPE,
		     "fadvise64(named FIFO, POSIX_FADV_WILLNEED)");
	SAFE_CLOSE(fifo);
	SAFE_UNLINK("fifo");
	closed = SAFE_OPEN("file", O_RDONLY);
	SAFE_CLOSE(closed);
	TST_EXP_FAIL(sys_fadvise64(closed, 0, 0, POSIX_FADV_NORMAL), EBADF,
		     "fadvise64(closed fd)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_cache();
	else if (n == 1)
		test_advice();
	else
		test_errors();
}

static void setup(void)
{
	char *page;
	int i;

	psize = getpagesize();
	page = SAFE_MALLOC(psize);
	memset(page, 'x', psize);
	fd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0644);
	/* Page by page, so the page cache holds single pages. */
	for (i = 0; i < NPAGES; i++)
		SAFE_WRITE(1, fd, page, psize);
	SAFE_FSYNC(fd);
	free(page);
	map = SAFE_MMAP(NULL, NPAGES * psize, PROT_READ, MAP_SHARED, fd, 0);
}

static void cleanup(void)
{
	if (map)
		SAFE_MUNMAP(map, NPAGES * psize);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

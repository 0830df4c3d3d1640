// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Page faults counted exactly in getrusage(RUSAGE_THREAD)'s ru_minflt and
 * ru_majflt (mm_account_fault()), for N = 32 pages touched one by one:
 *  - a fresh private anonymous mapping (MADV_NOHUGEPAGE) written: N minor
 *    faults, no major one; writing the pages again: no fault at all;
 *  - another one read first: N minor faults (the zero page mapped), each
 *    page reads 0; then written: N more minor faults (copy on write of the
 *    zero page); after MADV_DONTNEED a read is N minor faults again and
 *    reads 0, not the data written;
 *  - a file of N pages written, fsync()ed and dropped from the page cache
 *    with POSIX_FADV_DONTNEED (mincore() then shows no page resident),
 *    mapped MAP_SHARED read-only with MADV_RANDOM (no read-ahead): reading
 *    each page is exactly one major fault and no minor one, and every page
 *    holds its data; reading them again: no fault; after MADV_DONTNEED
 *    (page cache kept) a read of all pages is no major fault and between
 *    1 and N minor ones (fault-around may map neighbours).
 * Each measured loop runs once beforehand on other memory, so that the
 * test's own code and stack fault nothing inside the measurement.
 * The file part needs a TMPDIR with a page cache that can be dropped: on
 * tmpfs it is TCONF.
 * (Upstream LTP's page01/page02 touch memory and check data only.)
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/vfs.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define NPG 32
#define TMPFS_MAGIC_ 0x01021994

static size_t ps;

struct faults {
	long min, maj;
};

static void faults_now(struct faults *f)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		tst_brk(TBROK | TERRNO, "getrusage(RUSAGE_THREAD)");
	f->min = ru.ru_minflt;
	f->maj = ru.ru_majflt;
}

/* Touch each page once; return the sum read (0 for write). */
static unsigned long touch(volatile char *p, int write, char val)
{
	unsigned long sum = 0;
	int i;

	for (i = 0; i < NPG; i++) {
		if (write)
			p[i * ps] = val;
		else
			sum += (unsigned char)p[i * ps];
	}
	return sum;
}

/* Faults taken by touch(p, write, val); *sum gets its result. */
static void measure(volatile char *p, int write, char val,
		    struct faults *d, unsigned long *sum)
{
	struct faults a, b;
	unsigned long s;

	faults_now(&a);
	s = touch(p, write, val);
	faults_now(&b);
	d->min = b.min - a.min;
	d->maj = b.maj - a.maj;
	if (sum)
		*sum = s;
}

static void advise(void *p, int advice)
{
	if (madvise(p, NPG * ps, advice))
		tst_brk(TBROK | TERRNO, "madvise(%d)", advice);
}

static char *anon_map(void)
{
	char *p = SAFE_MMAP(NULL, NPG * ps, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	vm_no_thp(p, NPG * ps);
	return p;
}

static void warm_up(void)
{
	struct faults d;
	unsigned long sum;
	char *p = anon_map();

	measure(p, 0, 0, &d, &sum);
	measure(p, 1, 1, &d, NULL);
	measure(p, 0, 0, &d, &sum);
	SAFE_MUNMAP(p, NPG * ps);
}

static void check(const char *what, struct faults *d, long min, long maj)
{
	if (d->min == min && d->maj == maj)
		tst_res(TPASS, "%s: %ld minor, %ld major faults", what,
			d->min, d->maj);
	else
		tst_res(TFAIL, "%s: %ld minor, %ld major faults, expected "
			"%ld and %ld", what, d->min, d->maj, min, maj);
}

static void test_anon(void)
{
	struct faults d;
	unsigned long sum;
	char *p;

	p = anon_map();
	measure(p, 1, 'a', &d, NULL);
	check("writing 32 fresh anonymous pages", &d, NPG, 0);
	measure(p, 1, 'b', &d, NULL);
	check("writing them again", &d, 0, 0);
	SAFE_MUNMAP(p, NPG * ps);

	p = anon_map();
	measure(p, 0, 0, &d, &sum);
	check("reading 32 fresh anonymous pages (zero page)", &d, NPG, 0);
	TST_EXP_EXPR(sum == 0, "they read 0 (sum %lu)", sum);
	measure(p, 1, 'c', &d, NULL);
	check("writing them after the read (COW of the zero page)", &d,
	      NPG, 0);
	TST_EXP_EXPR(p[0] == 'c' && p[(NPG - 1) * ps] == 'c',
		     "the written data reads back");
	advise(p, MADV_DONTNEED);
	measure(p, 0, 0, &d, &sum);
	check("reading them after MADV_DONTNEED", &d, NPG, 0);
	TST_EXP_EXPR(sum == 0, "MADV_DONTNEED pages read 0 again (sum %lu)",
		     sum);
	SAFE_MUNMAP(p, NPG * ps);
}

static void test_file(void)
{
	unsigned char vec[NPG];
	struct faults d;
	struct statfs sfs;
	unsigned long sum, want = 0;
	char *buf, *p;
	int fd, i, res;

	if (statfs(".", &sfs))
		tst_brk(TBROK | TERRNO, "statfs(.)");
	if (sfs.f_type == TMPFS_MAGIC_) {
		tst_res(TCONF, "TMPDIR is on tmpfs: no page cache to drop, "
			"file faults are not counted as major there");
		return;
	}
	buf = SAFE_MALLOC(ps);
	fd = SAFE_OPEN("file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	for (i = 0; i < NPG; i++) {
		memset(buf, 0, ps);
		buf[0] = (char)(i + 1);
		want += i + 1;
		SAFE_WRITE(1, fd, buf, ps);
	}
	SAFE_FSYNC(fd);
	res = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (res)
		tst_brk(TBROK, "posix_fadvise(DONTNEED): %s", tst_strerrno(res));

	p = SAFE_MMAP(NULL, NPG * ps, PROT_READ, MAP_SHARED, fd, 0);
	advise(p, MADV_RANDOM);
	if (mincore(p, NPG * ps, vec))
		tst_brk(TBROK | TERRNO, "mincore()");
	for (i = 0, res = 0; i < NPG; i++)
		res += vec[i] & 1;
	TST_EXP_EXPR(res == 0, "after fsync and POSIX_FADV_DONTNEED no page "
		     "of the file is resident (%d)", res);
	if (res) {
		SAFE_MUNMAP(p, NPG * ps);
		SAFE_CLOSE(fd);
		free(buf);
		return;
	}

	measure(p, 0, 0, &d, &sum);
	check("reading 32 uncached file pages (MADV_RANDOM)", &d, 0, NPG);
	TST_EXP_EXPR(sum == want, "each page holds its data (sum %lu, "
		     "expected %lu)", sum, want);
	measure(p, 0, 0, &d, &sum);
	check("reading them again", &d, 0, 0);

	advise(p, MADV_DONTNEED);
	measure(p, 0, 0, &d, &sum);
	TST_EXP_EXPR(d.maj == 0 && d.min >= 1 && d.min <= NPG,
		     "after MADV_DONTNEED, reading the cached pages: %ld "
		     "minor (1..%d), %ld major (0) faults", d.min, NPG, d.maj);
	SAFE_MUNMAP(p, NPG * ps);
	SAFE_CLOSE(fd);
	free(buf);
}

static void setup(void)
{
	ps = getpagesize();
}

static void run(void)
{
	warm_up();
	test_anon();
	test_file();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_tmpdir = 1,
};

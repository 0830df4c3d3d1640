// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * remap_file_pages() errors, all EINVAL (mm/mmap.c): a prot other than
 * 0; size 0 (start + size must be past start); a pgoff that wraps; a
 * start where nothing is mapped; a MAP_PRIVATE file mapping and a private
 * anonymous one; a range running past the end of the mapping into
 * nothing. The mapping is left as it was: every page still shows its own
 * file page.
 */
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tst_test.h"

#define NPAGES 4
#define FILE_NAME "remap_file_pages02_file"

static size_t pg;
static int fd = -1;
static char *shared, *private, *anon, *unmapped;

static long rfp(void *start, size_t size, int prot, size_t pgoff, int flags)
{
	return tst_syscall(__NR_remap_file_pages, start, size, prot, pgoff,
			   flags);
}

static void setup(void)
{
	int i;

	pg = getpagesize();
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	for (i = 0; i < NPAGES; i++) {
		char buf[pg];

		memset(buf, 'A' + i, pg);
		SAFE_PWRITE(1, fd, buf, pg, i * pg);
	}
	/* a guard page after the shared mapping, then unmapped */
	shared = SAFE_MMAP(NULL, (NPAGES + 1) * pg, PROT_READ | PROT_WRITE,
			   MAP_SHARED, fd, 0);
	SAFE_MUNMAP(shared + NPAGES * pg, pg);
	private = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE, fd, 0);
	anon = SAFE_MMAP(NULL, NPAGES * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unmapped = SAFE_MMAP(NULL, pg, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(unmapped, pg);
}

static void run(void)
{
	int i, ok = 1;

	TST_EXP_FAIL(rfp(shared, pg, PROT_READ, 1, 0), EINVAL,
		     "remap_file_pages(prot PROT_READ)");
	TST_EXP_FAIL(rfp(shared, 0, 0, 1, 0), EINVAL,
		     "remap_file_pages(size 0)");
	TST_EXP_FAIL(rfp(shared, 2 * pg, 0, SIZE_MAX, 0), EINVAL,
		     "remap_file_pages(pgoff SIZE_MAX, wraps)");
	TST_EXP_FAIL(rfp(unmapped, pg, 0, 1, 0), EINVAL,
		     "remap_file_pages(nothing mapped)");
	TST_EXP_FAIL(rfp(private, pg, 0, 1, 0), EINVAL,
		     "remap_file_pages(MAP_PRIVATE file mapping)");
	TST_EXP_FAIL(rfp(anon, pg, 0, 1, 0), EINVAL,
		     "remap_file_pages(private anonymous mapping)");
	TST_EXP_FAIL(rfp(shared + 2 * pg, 3 * pg, 0, 0, 0), EINVAL,
		     "remap_file_pages(range past the mapping's end)");

	for (i = 0; i < NPAGES; i++)
		ok &= shared[i * pg] == 'A' + i && private[i * pg] == 'A' + i;
	TST_EXP_EXPR(ok, "the mappings are unchanged");
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() flags and what they do to the address space:
 *
 * - MAP_ANONYMOUS memory reads as zeros, private and shared, including the
 *   rest of a last page that the length covers only in part.
 * - A file mapping at a non-zero offset shows the file from that offset; a
 *   page wholly past EOF raises SIGBUS (BUS_ADRERR).
 * - MAP_FIXED replaces exactly the pages it covers: the new page is
 *   returned at the requested address with its own content, the
 *   neighbouring pages keep theirs.
 * - MAP_FIXED_NOREPLACE fails with EEXIST on a range that is fully or
 *   partly in use and leaves it untouched; on a free range it maps at
 *   exactly that address.
 * - MAP_POPULATE makes every page resident (mincore) before the first
 *   access; without it no page of a fresh anonymous mapping is.
 * - MAP_GROWSDOWN: touching below the mapping grows it down to the
 *   touched page; touching within the stack guard gap above a lower
 *   mapping raises SIGSEGV (SEGV_MAPERR) instead.
 */
#include "vm_helpers.h"

#define FILE_NAME "mmap02_file"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static void test_anonymous_zero(void)
{
	static const int types[] = { MAP_PRIVATE, MAP_SHARED };
	size_t len = 3 * pg - 100;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		unsigned char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
					     types[i] | MAP_ANONYMOUS, -1, 0);
		long off = first_nonzero(p, 3 * pg);

		TST_EXP_EXPR(off < 0, "%s|MAP_ANONYMOUS of %zu bytes: all of "
			     "its 3 pages read as zeros (first non-zero at "
			     "%ld)", i ? "MAP_SHARED" : "MAP_PRIVATE", len,
			     off);
		SAFE_MUNMAP(p, len);
	}
}

static void test_file_offset(void)
{
	size_t flen = 3 * pg;
	unsigned char *data = SAFE_MALLOC(flen), *p;
	int fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);

	fill_pattern(data, flen, 9);
	SAFE_WRITE(1, fd, data, flen);

	/* Two pages from offset 2 * pg: one in the file, one past EOF. */
	p = SAFE_MMAP(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, 2 * pg);
	TST_EXP_EXPR(!memcmp(p, data + 2 * pg, pg),
		     "a mapping at offset 2 pages shows the file's third page");
	expect_access(p + pg, VM_READ_ACCESS, SIGBUS, BUS_ADRERR,
		      "page wholly past EOF");
	SAFE_MUNMAP(p, 2 * pg);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FILE_NAME);
	free(data);
}

static void test_fixed_replaces(void)
{
	unsigned char *base = free_range(4 * pg), *p;
	int fd;

	base = SAFE_MMAP(base, 4 * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	memset(base, 0x77, 4 * pg);

	TEST((long)mmap(base + pg, pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0));
	if (TST_RET != (long)(base + pg)) {
		tst_res(TFAIL | TTERRNO, "mmap(MAP_FIXED, %p) returned %p",
			base + pg, (void *)TST_RET);
	} else {
		TST_EXP_EXPR(first_nonzero(base + pg, pg) < 0 &&
			     base[0] == 0x77 && base[pg - 1] == 0x77 &&
			     base[2 * pg] == 0x77 && base[4 * pg - 1] == 0x77,
			     "MAP_FIXED anonymous over page 1 of 4: that page "
			     "reads zeros, pages 0, 2, 3 keep their data");
	}

	/* A file page over page 2: the file's bytes appear there. */
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, pg);
	SAFE_PWRITE(1, fd, "file", 4, 0);
	p = mmap(base + 2 * pg, pg, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0);
	TST_EXP_EXPR(p == base + 2 * pg && !memcmp(p, "file", 4) &&
		     base[3 * pg] == 0x77,
		     "MAP_FIXED file mapping over page 2 shows the file there "
		     "(returned %p, want %p)", (void *)p, base + 2 * pg);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FILE_NAME);
	SAFE_MUNMAP(base, 4 * pg);
}

static void test_fixed_noreplace(void)
{
	unsigned char *base = free_range(4 * pg), *p;

	base = SAFE_MMAP(base, 3 * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	memset(base, 0x42, 3 * pg);

	TST_EXP_FAIL((long)mmap(base + pg, pg, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS |
				MAP_FIXED_NOREPLACE, -1, 0), EEXIST,
		     "MAP_FIXED_NOREPLACE on a page in use");
	TST_EXP_FAIL((long)mmap(base + 2 * pg, 2 * pg, PROT_READ,
				MAP_PRIVATE | MAP_ANONYMOUS |
				MAP_FIXED_NOREPLACE, -1, 0), EEXIST,
		     "MAP_FIXED_NOREPLACE on a range whose first page is used");
	TST_EXP_EXPR(base[pg] == 0x42 && base[3 * pg - 1] == 0x42,
		     "the refused MAP_FIXED_NOREPLACE left the data in place");

	p = mmap(base + 3 * pg, pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	TST_EXP_EXPR(p == base + 3 * pg,
		     "MAP_FIXED_NOREPLACE on a free page maps exactly there "
		     "(returned %p, want %p)", (void *)p, base + 3 * pg);
	if (p != MAP_FAILED && p != base + 3 * pg)
		SAFE_MUNMAP(p, pg);
	SAFE_MUNMAP(base, 4 * pg);
}

static void test_populate(void)
{
	static const int types[] = { MAP_PRIVATE, MAP_SHARED };
	size_t len = 16 * pg;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		const char *name = i ? "MAP_SHARED" : "MAP_PRIVATE";
		void *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				    types[i] | MAP_ANONYMOUS, -1, 0);
		size_t n = resident_pages(p, len);

		TST_EXP_EXPR(n == 0, "%s anonymous without MAP_POPULATE: "
			     "%zu of 16 pages resident before any access",
			     name, n);
		SAFE_MUNMAP(p, len);

		p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
			      types[i] | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
		n = resident_pages(p, len);
		TST_EXP_EXPR(n == 16, "%s anonymous with MAP_POPULATE: %zu of "
			     "16 pages resident before any access", name, n);
		SAFE_MUNMAP(p, len);
	}
}

/* stack_guard_gap= on the command line changes the gap below. */
static int guard_gap_is_default(void)
{
	char cmdline[4096] = "";
	int fd = open("/proc/cmdline", O_RDONLY);

	if (fd >= 0) {
		if (read(fd, cmdline, sizeof(cmdline) - 1) < 0)
			cmdline[0] = 0;
		close(fd);
	}
	return !strstr(cmdline, "stack_guard_gap=");
}

static void test_growsdown(void)
{
	/* Far more than the default 256-page guard gap below the stack. */
	size_t span = 1024 * pg;
	unsigned char *area = free_range(span), *top = area + span - pg;
	unsigned char *p, *low;
	unsigned long start, end;

	p = SAFE_MMAP(top, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      MAP_ANONYMOUS | MAP_GROWSDOWN | MAP_FIXED_NOREPLACE,
		      -1, 0);
	low = p - 4 * pg;

	if (expect_access(low, VM_WRITE_ACCESS, 0, 0,
			  "MAP_GROWSDOWN, 4 pages below its start")) {
		/* Shown safe in a child: now grow the parent's mapping. */
		low[0] = 0x99;
		if (!vma_bounds(p, &start, &end))
			tst_brk(TBROK, "mapping at %p vanished", (void *)p);
		TST_EXP_EXPR(start == (unsigned long)low &&
			     end == (unsigned long)p + pg &&
			     first_nonzero(low + 1, 4 * pg - 1) < 0,
			     "the mapping grew down to the touched page "
			     "(now %#lx-%#lx, want %p-%p) with zero pages",
			     start, end, (void *)low, (void *)(p + pg));
	}
	SAFE_MUNMAP(area, span);

	if (!guard_gap_is_default()) {
		tst_res(TCONF, "stack_guard_gap= is set on the kernel command "
			"line: the guard gap case assumes the default");
		return;
	}
	/* A readable mapping two pages below: growing would close the gap. */
	p = SAFE_MMAP(top, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE |
		      MAP_ANONYMOUS | MAP_GROWSDOWN | MAP_FIXED_NOREPLACE,
		      -1, 0);
	SAFE_MMAP(p - 2 * pg, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		  MAP_FIXED_NOREPLACE, -1, 0);
	expect_access(p - pg, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "MAP_GROWSDOWN, growth into the stack guard gap");
	SAFE_MUNMAP(area, span);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_anonymous_zero();
		break;
	case 1:
		test_file_offset();
		break;
	case 2:
		test_fixed_replaces();
		break;
	case 3:
		test_fixed_noreplace();
		break;
	case 4:
		test_populate();
		break;
	case 5:
		test_growsdown();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mprotect() changes what an access may do, and nothing else:
 *
 * - PROT_READ: reads see the data, a write raises SIGSEGV (SEGV_ACCERR);
 * - PROT_NONE: a read raises SIGSEGV (SEGV_ACCERR);
 * - PROT_READ | PROT_WRITE again: the data is intact and writable;
 * - only the pages of the range change (the middle page of three), and a
 *   range over two adjacent mappings changes both;
 * - PROT_WRITE on a MAP_PRIVATE mapping of an O_RDONLY file is allowed,
 *   and the stores stay private (the file is unchanged);
 * - a length of 0 succeeds and changes nothing.
 */
#include "vm_helpers.h"

#define FILE_NAME "mprotect01_file"

static size_t pg;

static void setup(void)
{
	pg = vm_page_size();
}

static unsigned char *map_filled(size_t len, int c)
{
	unsigned char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	memset(p, c, len);
	return p;
}

static void test_prot_cycle(void)
{
	unsigned char *p = map_filled(2 * pg, 0x2d);
	struct vm_fault f;

	TST_EXP_PASS(mprotect(p, 2 * pg, PROT_READ), "mprotect(PROT_READ)");
	f = probe_access(p + pg + 1, VM_READ_ACCESS);
	TST_EXP_EXPR(!f.sig && f.value == 0x2d,
		     "PROT_READ: a read sees the data");
	expect_access(p + pg + 1, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "PROT_READ");

	TST_EXP_PASS(mprotect(p, 2 * pg, PROT_NONE), "mprotect(PROT_NONE)");
	expect_access(p, VM_READ_ACCESS, SIGSEGV, SEGV_ACCERR, "PROT_NONE");

	TST_EXP_PASS(mprotect(p, 2 * pg, PROT_READ | PROT_WRITE),
		     "mprotect(PROT_READ | PROT_WRITE)");
	p[3] = 0x2e;
	TST_EXP_EXPR(p[3] == 0x2e && p[2] == 0x2d && p[2 * pg - 1] == 0x2d,
		     "PROT_READ | PROT_WRITE again: data intact and writable");
	SAFE_MUNMAP(p, 2 * pg);
}

static void test_partial(void)
{
	unsigned char *p = map_filled(3 * pg, 1), *q;

	TST_EXP_PASS(mprotect(p + pg, pg, PROT_READ),
		     "mprotect() of the middle page of 3");
	expect_access(p + pg, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "the read-only middle page");
	expect_access(p, VM_WRITE_ACCESS, 0, 0, "page 0");
	expect_access(p + 2 * pg, VM_WRITE_ACCESS, 0, 0, "page 2");

	/* Two adjacent mappings of different kinds, one call. */
	SAFE_MPROTECT(p, 3 * pg, PROT_READ | PROT_WRITE);
	q = SAFE_MMAP(p + pg, pg, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	TST_EXP_PASS(mprotect(p, 3 * pg, PROT_READ),
		     "mprotect() over a private, a shared and a private "
		     "mapping");
	expect_access(p, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "the first private mapping");
	expect_access(q, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "the shared mapping");
	expect_access(p + 2 * pg, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
		      "the second private mapping");
	SAFE_MUNMAP(p, 3 * pg);
}

static void test_private_of_rdonly_file(void)
{
	int fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	char *p, c;

	SAFE_PWRITE(1, fd, "A", 1, 0);
	SAFE_FTRUNCATE(fd, pg);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	p = SAFE_MMAP(NULL, pg, PROT_READ, MAP_PRIVATE, fd, 0);

	TST_EXP_PASS(mprotect(p, pg, PROT_READ | PROT_WRITE),
		     "mprotect(PROT_WRITE) on MAP_PRIVATE of an O_RDONLY fd");
	if (TST_PASS) {
		p[0] = 'B';
		SAFE_PREAD(1, fd, &c, 1, 0);
		TST_EXP_EXPR(p[0] == 'B' && c == 'A', "the store stays in the "
			     "private copy (mapping '%c', file '%c')", p[0], c);
	}
	SAFE_MUNMAP(p, pg);
	SAFE_CLOSE(fd);
}

static void test_zero_length(void)
{
	unsigned char *p = map_filled(pg, 0);

	TST_EXP_PASS(mprotect(p, 0, PROT_NONE), "mprotect(p, 0, PROT_NONE)");
	expect_access(p, VM_WRITE_ACCESS, 0, 0,
		      "the page after an mprotect() of length 0");
	SAFE_MUNMAP(p, pg);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_prot_cycle();
		break;
	case 1:
		test_partial();
		break;
	case 2:
		test_private_of_rdonly_file();
		break;
	case 3:
		test_zero_length();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

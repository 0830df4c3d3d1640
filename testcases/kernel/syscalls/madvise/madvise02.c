// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * madvise() advice about fork() and about the backing store:
 *
 * - MADV_DONTFORK: a child has no mapping there (SIGSEGV, SEGV_MAPERR);
 *   MADV_DOFORK undoes it and the child sees the data.
 * - MADV_WIPEONFORK (4.14): a child reads zeros there while the parent
 *   keeps its data; MADV_KEEPONFORK undoes it. Only private anonymous
 *   memory takes it: EINVAL on shared anonymous memory and on a private
 *   file mapping.
 * - MADV_REMOVE frees the backing store of shared memory: the range reads
 *   as zeros and the blocks are gone (st_blocks of a memfd and of a
 *   MAP_SHARED file drop); EINVAL on private anonymous memory, EACCES on
 *   a private file mapping.
 */
#include <sys/stat.h>
#include "vm_helpers.h"
#include "lapi/mman.h"

#define FILE_NAME "madvise02_file"
#define NPAGES 8

static size_t pg, len;

static void setup(void)
{
	pg = vm_page_size();
	len = NPAGES * pg;
}

static void test_dontfork(void)
{
	unsigned char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct vm_fault f;

	memset(p, 0x5d, len);
	TST_EXP_PASS(madvise(p, len, MADV_DONTFORK), "MADV_DONTFORK");
	expect_access(p + pg, VM_READ_ACCESS, SIGSEGV, SEGV_MAPERR,
		      "MADV_DONTFORK range in a child");
	TST_EXP_PASS(madvise(p, len, MADV_DOFORK), "MADV_DOFORK");
	f = probe_access(p + pg, VM_READ_ACCESS);
	TST_EXP_EXPR(!f.sig && f.value == 0x5d,
		     "after MADV_DOFORK a child reads the data");
	SAFE_MUNMAP(p, len);
}

static void test_wipeonfork(void)
{
	unsigned char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct vm_fault f;
	int fd;

	memset(p, 0x6e, len);
	TEST(madvise(p, len, MADV_WIPEONFORK));
	if (TST_RET == -1 && TST_ERR == EINVAL && tst_kvercmp(4, 14, 0) < 0) {
		tst_res(TCONF, "MADV_WIPEONFORK needs Linux 4.14");
		SAFE_MUNMAP(p, len);
		return;
	}
	TST_EXP_EXPR(TST_RET == 0, "MADV_WIPEONFORK returned %ld (%s)",
		     TST_RET, tst_strerrno(TST_ERR));
	f = probe_access(p + 2 * pg + 1, VM_READ_ACCESS);
	TST_EXP_EXPR(!f.sig && f.value == 0 && p[2 * pg + 1] == 0x6e,
		     "a child reads zeros (0x%02x), the parent its data",
		     f.value);
	TST_EXP_PASS(madvise(p, len, MADV_KEEPONFORK), "MADV_KEEPONFORK");
	f = probe_access(p + 2 * pg + 1, VM_READ_ACCESS);
	TST_EXP_EXPR(!f.sig && f.value == 0x6e,
		     "after MADV_KEEPONFORK a child reads the data");
	SAFE_MUNMAP(p, len);

	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	TST_EXP_FAIL(madvise(p, len, MADV_WIPEONFORK), EINVAL,
		     "MADV_WIPEONFORK on shared anonymous memory");
	SAFE_MUNMAP(p, len);

	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, len);
	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	TST_EXP_FAIL(madvise(p, len, MADV_WIPEONFORK), EINVAL,
		     "MADV_WIPEONFORK on a private file mapping");
	SAFE_MUNMAP(p, len);
	SAFE_CLOSE(fd);
	SAFE_UNLINK(FILE_NAME);
}

/* MADV_REMOVE of pages 2-5 of a shared mapping of fd (len bytes, full). */
static void remove_shared(int fd, const char *what)
{
	unsigned char *p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
				     MAP_SHARED, fd, 0);
	struct stat before, after;

	memset(p, 0x7f, len);
	SAFE_FSTAT(fd, &before);
	TEST(madvise(p + 2 * pg, 4 * pg, MADV_REMOVE));
	if (TST_RET == -1 && TST_ERR == EOPNOTSUPP) {
		tst_res(TCONF, "%s: the filesystem cannot punch holes", what);
		SAFE_MUNMAP(p, len);
		return;
	}
	TST_EXP_EXPR(TST_RET == 0, "MADV_REMOVE of 4 pages of %s returned %ld "
		     "(%s)", what, TST_RET, tst_strerrno(TST_ERR));
	SAFE_FSTAT(fd, &after);
	TST_EXP_EXPR(first_nonzero(p + 2 * pg, 4 * pg) < 0 &&
		     p[2 * pg - 1] == 0x7f && p[6 * pg] == 0x7f,
		     "%s: the removed range reads as zeros, the rest keeps "
		     "its data", what);
	TST_EXP_EXPR(after.st_blocks < before.st_blocks &&
		     after.st_size == before.st_size,
		     "%s: its blocks are freed (st_blocks %ld -> %ld), the "
		     "size stays", what, (long)before.st_blocks,
		     (long)after.st_blocks);
	SAFE_MUNMAP(p, len);
}

static void test_remove(void)
{
	int fd = memfd_create("madvise02", 0);
	unsigned char *p;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create()");
	SAFE_FTRUNCATE(fd, len);
	remove_shared(fd, "a memfd");
	SAFE_CLOSE(fd);

	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	p = SAFE_MALLOC(len);
	memset(p, 1, len);
	SAFE_WRITE(1, fd, p, len);
	free(p);
	SAFE_FSYNC(fd);
	remove_shared(fd, "a file in the test directory");

	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	TST_EXP_FAIL(madvise(p, len, MADV_REMOVE), EACCES,
		     "MADV_REMOVE on a private file mapping");
	SAFE_MUNMAP(p, len);
	SAFE_CLOSE(fd);

	p = SAFE_MMAP(NULL, len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	TST_EXP_FAIL(madvise(p, len, MADV_REMOVE), EINVAL,
		     "MADV_REMOVE on private anonymous memory");
	SAFE_MUNMAP(p, len);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_dontfork();
		break;
	case 1:
		test_wipeonfork();
		break;
	case 2:
		test_remove();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

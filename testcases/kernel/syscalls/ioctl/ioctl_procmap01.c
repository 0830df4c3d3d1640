// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PROCMAP_QUERY on /proc/self/maps (Linux 6.11, fs/proc/task_mmu.c), on
 * a layout the test makes in a 4-page reservation: page 0 a hole, pages
 * 1-2 a shared read-only mapping of pages 1-2 of a tmpdir file, page 3
 * anonymous PROT_NONE:
 * - an address in the file mapping: vma_start/vma_end are its bounds,
 *   vma_flags READABLE|SHARED, vma_offset one page, inode and device
 *   those fstat() gives, and the vma_name buffer receives the file's
 *   path with its NUL (vma_name_size = length + 1);
 * - the anonymous page: flags 0, inode, device and offset 0, no name;
 * - the hole: ENOENT, but COVERING_OR_NEXT_VMA returns the file mapping;
 *   WRITABLE asked of the read-only mapping: ENOENT;
 * - COVERING_OR_NEXT_VMA from the highest address: ENOENT;
 * - EINVAL for a size below query_addr's end and for an unknown query
 *   flag, or a vma_name_addr without vma_name_size; E2BIG for a size
 *   above a page, and for a larger size with a nonzero byte past the
 *   structure; EFAULT for the argument and for vma_name_addr outside
 *   the address space.
 * Kernels without PROCMAP_QUERY (before 6.11) answer ENOTTY: TCONF.
 * Syscalls: ioctl
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "lapi/procmap.h"

#define FILE_NAME	"mapped"

static int maps_fd = -1, file_fd = -1;
static size_t page;
static char *resv;
static char path[PATH_MAX];
static struct stat st;
static char *big;

static void query_init(struct ltp_procmap_query *q, uint64_t flags,
		       const void *addr)
{
	memset(q, 0, sizeof(*q));
	q->size = sizeof(*q);
	q->query_flags = flags;
	q->query_addr = (uintptr_t)addr;
}

static void test_file_vma(void)
{
	struct ltp_procmap_query q;
	char name[PATH_MAX];

	query_init(&q, 0, resv + page + 10);
	q.vma_name_addr = (uintptr_t)name;
	q.vma_name_size = sizeof(name);
	TST_EXP_PASS(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q),
		     "PROCMAP_QUERY(in the file mapping)");
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(q.vma_start == (uintptr_t)(resv + page) &&
		     q.vma_end == (uintptr_t)(resv + 3 * page),
		     "file VMA 0x%llx-0x%llx (mapped %p-%p)",
		     (unsigned long long)q.vma_start,
		     (unsigned long long)q.vma_end, resv + page,
		     resv + 3 * page);
	TST_EXP_EXPR(q.vma_flags == (LTP_PROCMAP_QUERY_VMA_READABLE |
				     LTP_PROCMAP_QUERY_VMA_SHARED),
		     "vma_flags 0x%llx: READABLE|SHARED",
		     (unsigned long long)q.vma_flags);
	TST_EXP_EQ_LI(q.vma_offset, page);
	TST_EXP_EQ_LI(q.vma_page_size, page);
	TST_EXP_EXPR(q.inode == st.st_ino && q.dev_major == major(st.st_dev) &&
		     q.dev_minor == minor(st.st_dev),
		     "inode %llu dev %u:%u (fstat: %llu %u:%u)",
		     (unsigned long long)q.inode, q.dev_major, q.dev_minor,
		     (unsigned long long)st.st_ino, major(st.st_dev),
		     minor(st.st_dev));
	TST_EXP_EXPR(q.vma_name_size == strlen(path) + 1 &&
		     !strncmp(name, path, sizeof(name)),
		     "vma_name \"%.*s\" size %u (file %s)",
		     (int)(q.vma_name_size ? q.vma_name_size - 1 : 0), name,
		     q.vma_name_size, path);
}

static void test_anon_vma(void)
{
	struct ltp_procmap_query q;
	char name[64];

	query_init(&q, 0, resv + 3 * page);
	q.vma_name_addr = (uintptr_t)name;
	q.vma_name_size = sizeof(name);
	TST_EXP_PASS(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q),
		     "PROCMAP_QUERY(the anonymous page)");
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(q.vma_start == (uintptr_t)(resv + 3 * page) &&
		     !q.vma_flags && !q.inode && !q.dev_major && !q.dev_minor &&
		     !q.vma_offset && !q.vma_name_size,
		     "anonymous PROT_NONE VMA at 0x%llx: flags 0x%llx inode "
		     "%llu dev %u:%u offset %llu name size %u",
		     (unsigned long long)q.vma_start,
		     (unsigned long long)q.vma_flags,
		     (unsigned long long)q.inode, q.dev_major, q.dev_minor,
		     (unsigned long long)q.vma_offset, q.vma_name_size);
}

static void test_lookup(void)
{
	struct ltp_procmap_query q;

	query_init(&q, 0, resv);
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q), ENOENT,
		     "PROCMAP_QUERY(the hole)");
	query_init(&q, LTP_PROCMAP_QUERY_COVERING_OR_NEXT_VMA, resv);
	TST_EXP_PASS(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q),
		     "PROCMAP_QUERY(the hole, COVERING_OR_NEXT_VMA)");
	if (TST_PASS)
		TST_EXP_EXPR(q.vma_start == (uintptr_t)(resv + page) &&
			     q.inode == st.st_ino,
			     "the next VMA is the file mapping (start 0x%llx)",
			     (unsigned long long)q.vma_start);
	query_init(&q, LTP_PROCMAP_QUERY_VMA_WRITABLE, resv + page);
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q), ENOENT,
		     "PROCMAP_QUERY(read-only mapping, VMA_WRITABLE)");
	query_init(&q, LTP_PROCMAP_QUERY_COVERING_OR_NEXT_VMA,
		   (void *)~(uintptr_t)0);
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q), ENOENT,
		     "PROCMAP_QUERY(highest address, COVERING_OR_NEXT_VMA)");
}

static void test_errors(void)
{
	struct ltp_procmap_query q;
	struct ltp_procmap_query *bq = (void *)big;

	query_init(&q, 0, resv + page);
	q.size = 16;
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q), EINVAL,
		     "PROCMAP_QUERY(size 16)");
	query_init(&q, 0x40, resv + page);
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q), EINVAL,
		     "PROCMAP_QUERY(unknown query flag 0x40)");
	query_init(&q, 0, resv + page);
	q.vma_name_addr = (uintptr_t)path;
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q), EINVAL,
		     "PROCMAP_QUERY(vma_name_addr, vma_name_size 0)");
	query_init(&q, 0, resv + page);
	q.size = page + 8;
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q), E2BIG,
		     "PROCMAP_QUERY(size a page + 8)");

	memset(big, 0, page);
	query_init(bq, 0, resv + page);
	bq->size = sizeof(*bq) + 8;
	big[sizeof(*bq) + 4] = 1;
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, bq), E2BIG,
		     "PROCMAP_QUERY(nonzero byte past the structure)");
	big[sizeof(*bq) + 4] = 0;
	TST_EXP_PASS(ioctl(maps_fd, LTP_PROCMAP_QUERY, bq),
		     "PROCMAP_QUERY(zero bytes past the structure)");

	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, resv),
		     EFAULT, "PROCMAP_QUERY(argument in the hole)");
	query_init(&q, 0, resv + page);
	q.vma_name_addr = (uintptr_t)resv;
	q.vma_name_size = 64;
	TST_EXP_FAIL(ioctl(maps_fd, LTP_PROCMAP_QUERY, &q), EFAULT,
		     "PROCMAP_QUERY(vma_name_addr in the hole)");
}

static void run(void)
{
	test_file_vma();
	test_anon_vma();
	test_lookup();
	test_errors();
}

static void setup(void)
{
	struct ltp_procmap_query q;
	char *buf;

	page = getpagesize();
	maps_fd = SAFE_OPEN("/proc/self/maps", O_RDONLY);
	query_init(&q, LTP_PROCMAP_QUERY_COVERING_OR_NEXT_VMA, NULL);
	if (ioctl(maps_fd, LTP_PROCMAP_QUERY, &q)) {
		if (errno == ENOTTY)
			tst_brk(TCONF, "/proc/self/maps has no PROCMAP_QUERY "
				"ioctl (ENOTTY; Linux 6.11)");
		tst_brk(TBROK | TERRNO, "PROCMAP_QUERY probe");
	}

	buf = SAFE_MALLOC(3 * page);
	memset(buf, 'x', 3 * page);
	file_fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, file_fd, buf, 3 * page);
	free(buf);
	SAFE_FSTAT(file_fd, &st);
	if (!realpath(FILE_NAME, path))
		tst_brk(TBROK | TERRNO, "realpath(%s)", FILE_NAME);

	big = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	resv = SAFE_MMAP(NULL, 4 * page, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MMAP(resv + page, 2 * page, PROT_READ, MAP_SHARED | MAP_FIXED,
		  file_fd, page);
	SAFE_MUNMAP(resv, page);
}

static void cleanup(void)
{
	if (resv)
		SAFE_MUNMAP(resv + page, 3 * page);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	if (maps_fd >= 0)
		SAFE_CLOSE(maps_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

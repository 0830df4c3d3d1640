// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mprotect() error returns:
 *
 *   EACCES  PROT_WRITE on a MAP_SHARED mapping of an O_RDONLY file
 *   EINVAL  start not page aligned; an unknown PROT_ bit; PROT_GROWSDOWN
 *           together with PROT_GROWSUP; PROT_GROWSDOWN on a mapping that
 *           is not MAP_GROWSDOWN
 *   ENOMEM  a range with nothing mapped; a range with an unmapped hole;
 *           a range that wraps around the end of the address space; a
 *           change that would split the address space into more than
 *           vm.max_map_count mappings
 *
 * After each failure the mapping keeps its protection.
 */
#include "vm_helpers.h"

#define FILE_NAME "mprotect02_file"
#define MAX_MAP_COUNT_LIMIT 131072

static size_t pg;
static unsigned char *map, *holed;
static void *shared_ro, *unmapped;
static int fd = -1;

static void setup(void)
{
	pg = vm_page_size();
	map = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = SAFE_OPEN(FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600);
	SAFE_FTRUNCATE(fd, pg);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(FILE_NAME, O_RDONLY);
	shared_ro = SAFE_MMAP(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	holed = SAFE_MMAP(NULL, 3 * pg, PROT_READ,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(holed + pg, pg);
	unmapped = free_range(2 * pg);
}

static void cleanup(void)
{
	if (map)
		SAFE_MUNMAP(map, 2 * pg);
	if (shared_ro)
		SAFE_MUNMAP(shared_ro, pg);
	if (holed) {
		SAFE_MUNMAP(holed, pg);
		SAFE_MUNMAP(holed + 2 * pg, pg);
	}
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

/* Split a PROT_NONE area page by page until the map count limit hits. */
static void test_map_count(void)
{
	long max_count, calls = 0;
	unsigned char *area;
	size_t len, i;
	pid_t pid;

	if (!tst_file_read_long("/proc/sys/vm/max_map_count", &max_count))
		tst_brk(TBROK, "no /proc/sys/vm/max_map_count");
	if (max_count > MAX_MAP_COUNT_LIMIT) {
		tst_res(TCONF, "vm.max_map_count is %ld: splitting that many "
			"mappings takes too long (limit %d)", max_count,
			MAX_MAP_COUNT_LIMIT);
		return;
	}

	pid = SAFE_FORK();
	if (pid) {
		wait_child(pid);
		return;
	}
	len = (2 * max_count + 8) * pg;
	area = SAFE_MMAP(NULL, len, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	for (i = 1; 2 * i < 2 * (size_t)max_count + 8; i++) {
		calls++;
		if (mprotect(area + 2 * i * pg, pg, PROT_READ))
			break;
	}
	if (errno != ENOMEM || 2 * i >= 2 * (size_t)max_count + 8) {
		tst_res(TFAIL | TERRNO, "splitting mappings with mprotect() "
			"stopped after %ld calls (max_map_count %ld)", calls,
			max_count);
	} else {
		tst_res(TPASS, "mprotect() failed with ENOMEM after %ld "
			"splits (max_map_count %ld)", calls, max_count);
	}
	_exit(0);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		TST_EXP_FAIL(mprotect(shared_ro, pg, PROT_READ | PROT_WRITE),
			     EACCES, "PROT_WRITE on MAP_SHARED of an O_RDONLY "
			     "fd");
		expect_access(shared_ro, VM_WRITE_ACCESS, SIGSEGV, SEGV_ACCERR,
			      "the shared mapping after the refused change");
		break;
	case 1:
		TST_EXP_FAIL(mprotect(map + 1, pg, PROT_READ), EINVAL,
			     "start not page aligned");
		break;
	case 2:
		TST_EXP_FAIL(mprotect(map, pg, PROT_READ | 0x10), EINVAL,
			     "unknown PROT_ bit 0x10");
		break;
	case 3:
		TST_EXP_FAIL(mprotect(map, pg, PROT_READ | PROT_GROWSDOWN |
				      PROT_GROWSUP), EINVAL,
			     "PROT_GROWSDOWN | PROT_GROWSUP");
		break;
	case 4:
		TST_EXP_FAIL(mprotect(map, pg, PROT_READ | PROT_GROWSDOWN),
			     EINVAL, "PROT_GROWSDOWN on a mapping that does "
			     "not grow down");
		break;
	case 5:
		expect_access(map, VM_WRITE_ACCESS, 0, 0,
			      "the mapping after the EINVAL calls");
		break;
	case 6:
		TST_EXP_FAIL(mprotect(unmapped, 2 * pg, PROT_READ), ENOMEM,
			     "a range with nothing mapped");
		break;
	case 7:
		TST_EXP_FAIL(mprotect(holed, 3 * pg, PROT_READ | PROT_WRITE),
			     ENOMEM, "a range with an unmapped hole");
		break;
	case 8:
		TST_EXP_FAIL(mprotect(map, -pg, PROT_READ), ENOMEM,
			     "a range that wraps around the address space");
		break;
	case 9:
		test_map_count();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 10,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

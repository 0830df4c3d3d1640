// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring_setup() error paths, each with the errno io_uring/io_uring.c
 * gives in 6.1 and 6.12 alike:
 *  - EINVAL for entries 0, for entries > IORING_MAX_ENTRIES (32768)
 *    without IORING_SETUP_CLAMP, for an unknown flag bit, for a non-zero
 *    reserved word, and with IORING_SETUP_CQSIZE for cq_entries 0, for
 *    cq_entries > IORING_MAX_CQ_ENTRIES without CLAMP and for a CQ
 *    smaller than the SQ;
 *  - EFAULT for a params pointer outside the address space, and for
 *    params the kernel can read but not write back: that ring is torn
 *    down, no descriptor is left open for it.
 */
#include "io_uring_raw.h"
#include "fd_checks.h"

#define UNKNOWN_FLAG	(1U << 31)

static const struct tcase {
	const char *desc;
	unsigned int entries;
	unsigned int flags;
	unsigned int cq_entries;
	unsigned int resv0;
} tcases[] = {
	{ "entries 0", 0, 0, 0, 0 },
	{ "entries IORING_MAX_ENTRIES + 1", IORING_MAX_ENTRIES + 1, 0, 0, 0 },
	{ "unknown flag 1 << 31", 8, UNKNOWN_FLAG, 0, 0 },
	{ "resv[0] 1", 8, 0, 0, 1 },
	{ "CQSIZE with cq_entries 0", 8, IORING_SETUP_CQSIZE, 0, 0 },
	{ "CQSIZE with cq_entries IORING_MAX_CQ_ENTRIES + 1", 8,
	  IORING_SETUP_CQSIZE, IORING_MAX_CQ_ENTRIES + 1, 0 },
	{ "CQSIZE with cq_entries 4 < sq_entries 8", 8, IORING_SETUP_CQSIZE,
	  4, 0 },
};

static struct io_uring_params *ro_params;
static long page_size;

static void setup(void)
{
	io_uring_require();
	page_size = sysconf(_SC_PAGESIZE);
	/* readable (all zero: valid params for a ring of 8), not writable */
	ro_params = SAFE_MMAP(NULL, page_size, PROT_READ,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void test_einval(void)
{
	struct io_uring_params p;
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		const struct tcase *tc = &tcases[i];

		memset(&p, 0, sizeof(p));
		p.flags = tc->flags;
		p.cq_entries = tc->cq_entries;
		p.resv[0] = tc->resv0;
		TST_EXP_FAIL(sys_io_uring_setup(tc->entries, &p), EINVAL,
			     "io_uring_setup(%s)", tc->desc);
	}
}

static void test_efault(void)
{
	int before;

	TST_EXP_FAIL(sys_io_uring_setup(8, (void *)-1), EFAULT,
		     "io_uring_setup(8, params (void *)-1)");

	/* a leaked ring fd would take the lowest free number */
	before = lowest_free_fd();
	TST_EXP_FAIL(sys_io_uring_setup(8, ro_params), EFAULT,
		     "io_uring_setup(8, read-only params)");
	TST_EXP_EQ_LI(lowest_free_fd(), before);
}

static void run(void)
{
	test_einval();
	test_efault();
}

static void cleanup(void)
{
	if (ro_params)
		SAFE_MUNMAP(ro_params, page_size);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};

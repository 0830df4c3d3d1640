// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring_setup() sizes the rings as documented: sq_entries is entries
 * rounded up to a power of two and cq_entries twice that; with
 * IORING_SETUP_CQSIZE cq_entries is the caller's value rounded up to a
 * power of two, compared with the SQ size only after both were rounded
 * (entries 3 with cq_entries 3 is a ring of 4 and 4, kernel commit
 * 88ec3211e463 fixed its EINVAL); IORING_SETUP_CLAMP caps too large
 * values at IORING_MAX_ENTRIES and IORING_MAX_CQ_ENTRIES. The sizes
 * written back in the params are the ones the kernel put into the rings
 * mapped at IORING_OFF_SQ_RING and IORING_OFF_CQ_RING (ring_entries,
 * ring_mask = entries - 1, empty: head == tail), and the features include
 * IORING_FEAT_SINGLE_MMAP and IORING_FEAT_NODROP (both since 5.5).
 */
#include "io_uring_raw.h"

static const struct tcase {
	unsigned int entries;
	unsigned int flags;
	unsigned int cq_in;
	unsigned int sq_exp;
	unsigned int cq_exp;
} tcases[] = {
	{ 1, 0, 0, 1, 2 },
	{ 3, 0, 0, 4, 8 },
	{ 4, 0, 0, 4, 8 },
	{ 5, 0, 0, 8, 16 },
	{ 100, 0, 0, 128, 256 },
	{ IORING_MAX_ENTRIES, 0, 0, IORING_MAX_ENTRIES, IORING_MAX_CQ_ENTRIES },
	{ 3, IORING_SETUP_CQSIZE, 3, 4, 4 },
	{ 4, IORING_SETUP_CQSIZE, 100, 4, 128 },
	{ 8, IORING_SETUP_CQSIZE, IORING_MAX_CQ_ENTRIES, 8,
	  IORING_MAX_CQ_ENTRIES },
	{ 2 * IORING_MAX_ENTRIES, IORING_SETUP_CLAMP, 0, IORING_MAX_ENTRIES,
	  IORING_MAX_CQ_ENTRIES },
	{ 8, IORING_SETUP_CQSIZE | IORING_SETUP_CLAMP,
	  IORING_MAX_CQ_ENTRIES + 1, 8, IORING_MAX_CQ_ENTRIES },
};

static struct uring ring = { .fd = -1 };

static void setup(void)
{
	io_uring_require();
}

static void check_rings(struct uring *r, const struct tcase *tc)
{
	const uint32_t wanted = IORING_FEAT_SINGLE_MMAP | IORING_FEAT_NODROP;

	TST_EXP_EXPR(r->p.sq_entries == tc->sq_exp &&
		     r->p.cq_entries == tc->cq_exp,
		     "params: sq_entries %u cq_entries %u, expected %u %u",
		     r->p.sq_entries, r->p.cq_entries, tc->sq_exp,
		     tc->cq_exp);
	TST_EXP_EXPR(*r->sq_entries == tc->sq_exp &&
		     *r->sq_mask == tc->sq_exp - 1 &&
		     *r->cq_entries == tc->cq_exp &&
		     *r->cq_mask == tc->cq_exp - 1,
		     "mapped rings: SQ %u entries mask 0x%x, CQ %u entries "
		     "mask 0x%x", *r->sq_entries, *r->sq_mask, *r->cq_entries,
		     *r->cq_mask);
	TST_EXP_EXPR(*r->sq_head == *r->sq_tail && *r->cq_head == *r->cq_tail,
		     "both rings start empty (SQ %u/%u, CQ %u/%u)",
		     *r->sq_head, *r->sq_tail, *r->cq_head, *r->cq_tail);
	TST_EXP_EXPR((r->p.features & wanted) == wanted,
		     "features 0x%x include SINGLE_MMAP and NODROP",
		     r->p.features);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	struct io_uring_params p;
	int fd;

	memset(&p, 0, sizeof(p));
	p.flags = tc->flags;
	p.cq_entries = tc->cq_in;

	TST_EXP_FD(sys_io_uring_setup(tc->entries, &p),
		   "io_uring_setup(%u, flags 0x%x, cq_entries %u)",
		   tc->entries, tc->flags, tc->cq_in);
	if (!TST_PASS)
		return;
	fd = TST_RET;

	uring_map(&ring, fd, &p);
	check_rings(&ring, tc);
	uring_exit(&ring);
}

static void cleanup(void)
{
	uring_exit(&ring);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.tags = (const struct tst_tag[]) {
		{ "linux-git", "88ec3211e463" },
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mremap() error returns:
 *
 *   EINVAL  an unknown flag; MREMAP_FIXED or MREMAP_DONTUNMAP without
 *           MREMAP_MAYMOVE; MREMAP_DONTUNMAP with a size change;
 *           old_address not page aligned; new_size 0; MREMAP_FIXED with
 *           new_address not page aligned, overlapping the old range, or
 *           past the top of the address space; old_size 0 (duplicate) on
 *           a private mapping
 *   EFAULT  old_address not mapped; growing with old_size reaching past
 *           the mapping
 *   ENOMEM  growing in place into the next mapping without
 *           MREMAP_MAYMOVE; growing past RLIMIT_AS
 *   EAGAIN  growing an mlock()ed mapping past RLIMIT_MEMLOCK as an
 *           unprivileged user
 *
 * The mapping is intact after each failure. As a control, old_size 0 on a
 * MAP_SHARED mapping does duplicate it.
 */
#include "vm_helpers.h"
#include "lapi/mman.h"

static size_t pg;
static unsigned char *map, *unmapped;

static struct tcase {
	const char *desc;
	unsigned long old_off;
	size_t old_len, new_len;
	int flags;
	int new_addr;
	int err;
} tcases[] = {
	{"unknown flag 0x80", 0, 2, 2, MREMAP_MAYMOVE | 0x80, 0, EINVAL},
	{"MREMAP_FIXED without MREMAP_MAYMOVE", 0, 2, 2, MREMAP_FIXED, 1,
	 EINVAL},
	{"MREMAP_DONTUNMAP without MREMAP_MAYMOVE", 0, 2, 2,
	 MREMAP_DONTUNMAP, 0, EINVAL},
	{"MREMAP_DONTUNMAP with a size change", 0, 2, 3,
	 MREMAP_MAYMOVE | MREMAP_DONTUNMAP, 0, EINVAL},
	{"old_address not page aligned", 1, 1, 1, 0, 0, EINVAL},
	{"new_size 0", 0, 2, 0, MREMAP_MAYMOVE, 0, EINVAL},
	{"MREMAP_FIXED, new_address not page aligned", 0, 2, 2,
	 MREMAP_MAYMOVE | MREMAP_FIXED, 2, EINVAL},
	{"MREMAP_FIXED onto an overlapping range", 0, 2, 2,
	 MREMAP_MAYMOVE | MREMAP_FIXED, 3, EINVAL},
	{"MREMAP_FIXED past the top of the address space", 0, 2, 2,
	 MREMAP_MAYMOVE | MREMAP_FIXED, 4, EINVAL},
	{"old_size 0 on a private mapping", 0, 0, 2, MREMAP_MAYMOVE, 0,
	 EINVAL},
	{"old_address not mapped", ~0UL, 1, 2, MREMAP_MAYMOVE, 0, EFAULT},
	{"growing with old_size past the end of the mapping", 0, 3, 4,
	 MREMAP_MAYMOVE, 0, EFAULT},
	{"growing into the next mapping without MREMAP_MAYMOVE", 0, 2, 4, 0,
	 0, ENOMEM},
};

static void setup(void)
{
	unsigned char *area;

	pg = vm_page_size();
	area = free_range(4 * pg);
	map = SAFE_MMAP(area, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE |
			MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	fill_pattern(map, 2 * pg, 21);
	/* Right after map, so it cannot grow in place. */
	SAFE_MMAP(area + 2 * pg, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		  MAP_FIXED_NOREPLACE, -1, 0);
	unmapped = free_range(4 * pg);
}

static void *new_address(int kind)
{
	switch (kind) {
	case 1:
		return unmapped;
	case 2:
		return unmapped + 1;
	case 3:
		return map + pg;
	case 4:
		return (void *)(-2 * pg);
	}
	return NULL;
}

static void test_error(const struct tcase *tc)
{
	unsigned char *old = tc->old_off == ~0UL ? unmapped :
			     map + tc->old_off;

	TST_EXP_FAIL((long)mremap(old, tc->old_len * pg, tc->new_len * pg,
				  tc->flags, new_address(tc->new_addr)),
		     tc->err, "mremap(): %s", tc->desc);
	if (TST_RET != -1)
		tst_brk(TBROK, "the mapping under test was remapped");
	if (check_pattern(map, 2 * pg, 21) >= 0)
		tst_res(TFAIL, "the mapping's data changed after: %s",
			tc->desc);
}

static void test_memlock(void)
{
	pid_t pid = SAFE_FORK();
	void *p;

	if (pid) {
		wait_child(pid);
		return;
	}
	become_unprivileged();
	set_memlock(4 * pg);
	p = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mlock(p, 2 * pg))
		tst_brk(TBROK | TERRNO, "mlock() of 2 pages under a 4 page "
			"RLIMIT_MEMLOCK");
	TST_EXP_FAIL((long)mremap(p, 2 * pg, 8 * pg, MREMAP_MAYMOVE), EAGAIN,
		     "unprivileged mremap() of a locked mapping from 2 to 8 "
		     "pages, RLIMIT_MEMLOCK 4 pages");
	_exit(0);
}

static void test_address_space_limit(void)
{
	pid_t pid = SAFE_FORK();
	struct rlimit rl;
	void *p;

	if (pid) {
		wait_child(pid);
		return;
	}
	p = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	rl.rlim_cur = rl.rlim_max = status_kb("VmSize") * 1024 + 64 * pg;
	if (setrlimit(RLIMIT_AS, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_AS)");
	TST_EXP_FAIL((long)mremap(p, 2 * pg, 256 * pg, MREMAP_MAYMOVE), ENOMEM,
		     "mremap() growing by 254 pages with room for 64 under "
		     "RLIMIT_AS");
	_exit(0);
}

static void test_shared_duplicate(void)
{
	unsigned char *p = SAFE_MMAP(NULL, 2 * pg, PROT_READ | PROT_WRITE,
				     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	unsigned char *dup;

	fill_pattern(p, 2 * pg, 23);
	dup = mremap(p, 0, 2 * pg, MREMAP_MAYMOVE);
	if (dup == MAP_FAILED) {
		tst_res(TFAIL | TERRNO,
			"mremap() of old_size 0 on a MAP_SHARED mapping");
	} else {
		dup[5] = 0xee;
		TST_EXP_EXPR(dup != p && p[5] == 0xee &&
			     check_pattern(dup + pg, pg, 23 + pg * 7 + 1) < 0,
			     "old_size 0 on MAP_SHARED duplicates it: both "
			     "addresses show the same pages");
		SAFE_MUNMAP(dup, 2 * pg);
	}
	SAFE_MUNMAP(p, 2 * pg);
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(tcases))
		test_error(&tcases[n]);
	else if (n == ARRAY_SIZE(tcases))
		test_memlock();
	else if (n == ARRAY_SIZE(tcases) + 1)
		test_address_space_limit();
	else
		test_shared_duplicate();
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases) + 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

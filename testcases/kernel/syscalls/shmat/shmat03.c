// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shmat() with SHM_RND | SHM_REMAP and an address below SHMLBA, which
 * SHM_RND rounds down to 0: EINVAL, as for SHM_REMAP with a NULL address,
 * for root (who may map low addresses) and for nobody alike, and nothing
 * gets attached (shm_nattch stays 0, page 0 stays unmapped). Before
 * 8f89c007b6de the round-down produced a MAP_FIXED mapping at address 0
 * (root), or EPERM from mmap_min_addr (nobody).
 * The same flags with an unaligned address above SHMLBA over an existing
 * mapping work: the segment replaces the mapping at the rounded address,
 * so the EINVAL above is about the zero page, not the flag pair.
 *
 * Fixed by 8f89c007b6de ("ipc/shm: fix shmat() nil address after
 * round-down when remapping"); 95e91b831f87 ("ipc/shm: Fix shmat mmap
 * nil-page protection") did it first and a73ab244f0da ("Revert
 * "ipc/shm: Fix shmat mmap nil-page protection"") undid it, because it
 * also refused SHM_RND alone, which Xorg relied on.
 */
#include <sys/mman.h>
#include "sysv_ipc.h"

static int shm_id = -1;
static long page;

/* 1 when address 0 is mapped in this process (mincore() says ENOMEM if not). */
static int page_zero_mapped(void)
{
	unsigned char vec;

	return !mincore(NULL, page, &vec);
}

static void check_low_remap(const char *who)
{
	unsigned long addrs[] = { 1, SHMLBA / 2, SHMLBA - 1 };
	unsigned int i;

	for (i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++) {
		TST_EXP_FAIL((long)shmat(shm_id, (void *)addrs[i],
					 SHM_RND | SHM_REMAP), EINVAL,
			     "%s: shmat(id, %#lx, SHM_RND | SHM_REMAP)", who,
			     addrs[i]);
		if (TST_RET != -1 && shmdt((void *)TST_RET))
			tst_res(TWARN | TERRNO, "shmdt(%#lx)", TST_RET);
	}
	TST_EXP_EXPR(!page_zero_mapped(), "%s: page 0 is not mapped", who);
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 0);
}

static void check_as_nobody(void)
{
	check_low_remap("nobody");
}

static void check_remap_above(void)
{
	char *area;

	area = SAFE_MMAP(NULL, 2 * SHMLBA, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	area[0] = 'a';
	TST_EXP_VAL((long)shmat(shm_id, area + 1, SHM_RND | SHM_REMAP),
		    (long)area, "shmat(id, %p + 1, SHM_RND | SHM_REMAP) over "
		    "an anonymous mapping", area);
	if (TST_PASS) {
		TST_EXP_EXPR(area[0] == 'S', "the rounded address shows the "
			     "segment ('%c')", area[0]);
		TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 1);
		if (shmdt(area))
			tst_brk(TBROK | TERRNO, "shmdt(%p)", area);
	}
	SAFE_MUNMAP(area, 2 * SHMLBA);
}

static void run(void)
{
	char *addr;

	shm_id = new_shm(IPC_PRIVATE, page, 0666);
	addr = shmat(shm_id, NULL, 0);
	if (addr == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat(id, NULL, 0)");
	addr[0] = 'S';
	if (shmdt(addr))
		tst_brk(TBROK | TERRNO, "shmdt()");

	check_low_remap(geteuid() ? "this user" : "root");
	run_as_nobody(check_as_nobody);
	check_remap_above();
	rm_shm(&shm_id);
}

static void setup(void)
{
	page = sysconf(_SC_PAGESIZE);
}

static void cleanup(void)
{
	rm_shm(&shm_id);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "8f89c007b6de"},
		{"linux-git", "95e91b831f87"},
		{"linux-git", "a73ab244f0da"},
		{}
	},
};

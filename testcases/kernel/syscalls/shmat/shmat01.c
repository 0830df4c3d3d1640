// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shmat() maps the segment's memory, shared with every other attachment:
 *  - at an address the kernel picks, page aligned; shm_nattch, shm_lpid
 *    and shm_atime record the attach;
 *  - a fork()ed child inherits the attachment (shm_nattch 2 while it
 *    lives): it sees the parent's data and the parent sees what it wrote;
 *  - a second attachment of the same segment is the same memory;
 *  - at an address given, page aligned, exactly there; an unaligned one
 *    with SHM_RND is rounded down to SHMLBA, without SHM_RND is EINVAL;
 *  - over an existing mapping: EINVAL, unless SHM_REMAP, which replaces
 *    the mapping by the segment;
 *  - SHM_REMAP with a NULL address, id -1, a removed id: EINVAL;
 *  - SHM_RND | SHM_REMAP with an address below SHMLBA (1, SHMLBA - 1),
 *    which rounds down to 0: EINVAL, not a mapping of the segment at
 *    page 0 (8f89c007b6de "ipc/shm: fix shmat() nil address after
 *    round-down when remapping"; 95e91b831f87 "ipc/shm: Fix shmat mmap
 *    nil-page protection"), as root and as nobody;
 *  - mprotect() of the middle page to PROT_NONE, then of the first two
 *    pages to PROT_WRITE (a split, then a merge of VMAs): after shmdt()
 *    shm_nattch is 0 again (fc0c8f9089c2 "mm, mmap: fix vma_merge() case
 *    7 with vma_ops->close", upstream LTP shmat04).
 */
#include "sysv_ipc.h"

static int shm_id = -1, removed_id = -1;
static size_t seg_size;

static void setup(void)
{
	seg_size = sysconf(_SC_PAGESIZE);
	removed_id = new_shm(IPC_PRIVATE, seg_size, 0600);
	if (shmctl(removed_id, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_RMID)");
}

static void detach(void *addr)
{
	if (shmdt(addr))
		tst_brk(TBROK | TERRNO, "shmdt(%p)", addr);
}

/* An address range nothing else is mapped at (reserved, then freed). */
static char *free_range(void)
{
	char *addr = SAFE_MMAP(NULL, 4 * seg_size, PROT_NONE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	SAFE_MUNMAP(addr, 4 * seg_size);
	return addr + seg_size;
}

static void test_shared(void)
{
	char *addr, *second;
	struct shmid_ds ds;
	time_t before;
	pid_t pid;

	before = time(NULL);
	addr = shmat(shm_id, NULL, 0);
	if (addr == (void *)-1) {
		tst_res(TFAIL | TERRNO, "shmat(id, NULL, 0)");
		return;
	}
	TST_EXP_EXPR(!((unsigned long)addr % SHMLBA),
		     "shmat(NULL) returned %p, SHMLBA aligned", addr);
	ds = shm_stat(shm_id);
	TST_EXP_EQ_LU(ds.shm_nattch, 1);
	TST_EXP_EQ_LI(ds.shm_lpid, getpid());
	TST_EXP_EXPR(ds.shm_atime >= before, "shm_atime %ld >= %ld",
		     (long)ds.shm_atime, (long)before);
	strcpy(addr, "parent");

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EXPR(!strcmp(addr, "parent"),
			     "the child sees the parent's data");
		TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 2);
		strcpy(addr + 100, "child");
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(!strcmp(addr + 100, "child"),
		     "the parent sees what the child wrote");
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 1);

	second = shmat(shm_id, NULL, 0);
	if (second == (void *)-1) {
		tst_res(TFAIL | TERRNO, "second shmat()");
	} else {
		strcpy(second + 200, "second");
		TST_EXP_EXPR(second != addr && !strcmp(addr + 200, "second"),
			     "a second attachment (%p) is the same memory as "
			     "the first (%p)", second, addr);
		TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 2);
		detach(second);
	}
	detach(addr);
}

static void test_addresses(void)
{
	char *want = free_range();
	char *addr;

	TST_EXP_VAL((long)shmat(shm_id, want, 0), (long)want,
		    "shmat(id, aligned free address %p)", want);
	if (TST_PASS)
		detach(want);

	TST_EXP_VAL((long)shmat(shm_id, want + 100, SHM_RND), (long)want,
		    "shmat(id, %p + 100, SHM_RND)", want);
	if (TST_PASS)
		detach(want);

	TST_EXP_FAIL((long)shmat(shm_id, want + 100, 0), EINVAL,
		     "shmat(id, unaligned %p + 100, 0)", want);

	addr = SAFE_MMAP(want, seg_size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	addr[0] = 'x';
	TST_EXP_FAIL((long)shmat(shm_id, addr, 0), EINVAL,
		     "shmat() over an anonymous mapping, no SHM_REMAP");
	TST_EXP_VAL((long)shmat(shm_id, addr, SHM_REMAP), (long)addr,
		    "shmat() over an anonymous mapping with SHM_REMAP");
	if (TST_PASS) {
		TST_EXP_EXPR(!strcmp(addr, "parent"),
			     "the remapped address shows the segment");
		detach(addr);
	} else {
		SAFE_MUNMAP(addr, seg_size);
	}
}

/*
 * mprotect() splitting an attachment into VMAs and merging two of them
 * back: shmdt() must leave shm_nattch at 0 (a merge that dropped a VMA
 * without its close callback leaked an attach: fc0c8f9089c2).
 */
static void test_mprotect_nattch(void)
{
	int id = new_shm(IPC_PRIVATE, 3 * seg_size, 0600);
	char *p = shmat(id, NULL, 0);

	if (p == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat()");
	SAFE_MPROTECT(p + seg_size, seg_size, PROT_NONE);
	SAFE_MPROTECT(p, 2 * seg_size, PROT_WRITE);
	p[0] = 'w';
	detach(p);
	TST_EXP_EQ_LU(shm_stat(id).shm_nattch, 0);
	rm_shm(&id);
}

/* Both addresses round down to 0, which SHM_REMAP must never map. */
static void test_round_to_nil(void)
{
	void *low[] = { (void *)1, (void *)(uintptr_t)(SHMLBA - 1) };
	unsigned int i;

	for (i = 0; i < sizeof(low) / sizeof(low[0]); i++) {
		TST_EXP_FAIL((long)shmat(shm_id, low[i], SHM_RND | SHM_REMAP),
			     EINVAL, "shmat(id, %p, SHM_RND | SHM_REMAP) as "
			     "uid %d", low[i], (int)getuid());
		if (!TST_PASS && TST_RET != -1)
			detach((void *)TST_RET);
	}
}

static void run(void)
{
	shm_id = new_shm(IPC_PRIVATE, seg_size, 0600);
	test_shared();
	test_addresses();

	TST_EXP_FAIL((long)shmat(shm_id, NULL, SHM_REMAP), EINVAL,
		     "shmat(id, NULL, SHM_REMAP)");
	test_round_to_nil();
	run_as_nobody(test_round_to_nil);
	test_mprotect_nattch();
	TST_EXP_FAIL((long)shmat(-1, NULL, 0), EINVAL, "shmat(id -1)");
	TST_EXP_FAIL((long)shmat(removed_id, NULL, 0), EINVAL,
		     "shmat(removed id)");
	TST_EXP_EQ_LU(shm_stat(shm_id).shm_nattch, 0);
	rm_shm(&shm_id);
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
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		/* ipc/shm: fix shmat() nil address after round-down when remapping */
		{"linux-git", "8f89c007b6de"},
		/* ipc/shm: Fix shmat mmap nil-page protection */
		{"linux-git", "95e91b831f87"},
		{"linux-git", "fc0c8f9089c2"},
		{}
	},
};

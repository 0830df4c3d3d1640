// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copy-on-write of MAP_PRIVATE huge pages across fork(), with a pool of 2
 * pages and no overcommit, HugePages_Free/Rsvd checked at every step:
 *  1. the parent writes first (private mapping of a hugetlbfs file): its
 *     write copies the page (one more page taken), the child still reads
 *     what was there at fork(), the child's own write then reuses the old
 *     page (no third page), and the parent reads its own value. On powerpc
 *     86df86424939 fixed the parent's write leaking into the child's
 *     mapping (a hash table entry not flushed after write protection);
 *     here it is the same contract, checked on every architecture;
 *  2. with the pool empty, a child writing to a page it shares with its
 *     parent has no page to copy into: SIGBUS (BUS_ADRERR) at the address,
 *     and the parent's page and the counters are untouched;
 *  3. with the pool empty, the parent (which owns the reservation) writing
 *     to a page it shares with a child still succeeds: the kernel takes
 *     the page away from the child rather than fail the owner
 *     (Documentation/mm/hugetlbfs_reserv.rst), so the parent's write
 *     takes no page, and the child's next access to that page is SIGBUS
 *     instead of reading data that is no longer there.
 */
#include <setjmp.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "lapi/memfd.h"
#include "vm_helpers.h"
#include "hugetlb_pool.h"

#define POOL	2
#define C1	0x1234abcdU
#define C2	0xedcb5432U
#define C3	0xfeef5678U

static sigjmp_buf jmp;

static void on_sigbus(int sig)
{
	(void)sig;
	siglongjmp(jmp, 1);
}

static void parent_first(void)
{
	int fd = htl_file();
	volatile unsigned int *p;
	unsigned int seen;
	pid_t pid;

	p = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	*p = C1;
	htl_expect("private page written before fork()", 1, 0);
	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		seen = *p;
		TST_EXP_EXPR(seen == C1, "child reads 0x%x after the parent's "
			     "write (expected 0x%x)", seen, C1);
		*p = C3;
		htl_expect("child wrote: the old page reused", 2, 0);
		TST_CHECKPOINT_WAKE_AND_WAIT(1);
		seen = *p;
		TST_EXP_EXPR(seen == C3, "child reads its own 0x%x (expected "
			     "0x%x)", seen, C3);
		_exit(0);
	}
	*p = C2;
	htl_expect("parent wrote after fork(): page copied", 2, 0);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	seen = *p;
	TST_EXP_EXPR(seen == C2, "parent reads its own 0x%x after the child's "
		     "write (expected 0x%x)", seen, C2);
	TST_CHECKPOINT_WAKE(1);
	wait_child(pid);
	htl_expect("child gone: its copy freed", 1, 0);
	SAFE_MUNMAP((void *)p, hp);
	SAFE_CLOSE(fd);
	htl_expect("unmapped and closed", 0, 0);
}

static void pool_empty(void)
{
	volatile unsigned int *p;
	unsigned int seen;
	char *s;
	pid_t pid;
	int fd;

	p = mmap(NULL, hp, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (p == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_HUGETLB)");
	*p = C1;
	fd = memfd_create("hugetlb_fork01", MFD_HUGETLB);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "memfd_create(MFD_HUGETLB)");
	SAFE_FTRUNCATE(fd, hp);
	s = SAFE_MMAP(NULL, hp, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	s[0] = 1;
	htl_expect("private page and a shared page written: pool empty",
		   2, 0);

	expect_access((void *)p, VM_WRITE_ACCESS, SIGBUS, BUS_ADRERR,
		      "child's write to the shared private page");
	seen = *p;
	TST_EXP_EXPR(seen == C1, "parent's page still holds 0x%x (expected "
		     "0x%x)", seen, C1);
	htl_expect("after the child's failed copy", 2, 0);

	pid = SAFE_FORK();
	if (!pid) {
		struct sigaction sa = { .sa_handler = on_sigbus };

		seen = *p;
		TST_EXP_EXPR(seen == C1, "child reads 0x%x before the parent "
			     "writes (expected 0x%x)", seen, C1);
		if (sigaction(SIGBUS, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction(SIGBUS)");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		if (sigsetjmp(jmp, 1)) {
			tst_res(TPASS, "child: SIGBUS on the page the parent "
				"took back");
			_exit(0);
		}
		seen = *p;
		tst_res(TFAIL, "child read 0x%x from a page the owner had to "
			"take back (expected SIGBUS)", seen);
		_exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	*p = C2;
	seen = *p;
	TST_EXP_EXPR(seen == C2, "parent (owner) wrote 0x%x with the pool "
		     "empty (read 0x%x)", C2, seen);
	htl_expect("owner's write took no page", 2, 0);
	TST_CHECKPOINT_WAKE(0);
	wait_child(pid);
	htl_expect("child gone", 2, 0);
	SAFE_MUNMAP((void *)p, hp);
	SAFE_MUNMAP(s, hp);
	SAFE_CLOSE(fd);
	htl_expect("unmapped and closed", 0, 0);
}

static void run(void)
{
	parent_first();
	pool_empty();
}

static void setup(void)
{
	htl_setup(POOL, 1);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	HTL_TEST_FIELDS(POOL),
	.tags = (const struct tst_tag[]) {
		{"linux-git", "86df86424939"},
		{}
	},
};

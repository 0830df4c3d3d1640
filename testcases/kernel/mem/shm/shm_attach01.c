// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Where System V shared memory attachments may go, and attachments of
 * one segment in two processes:
 *  - an attachment at a free SHMLBA aligned address given is exactly
 *    there; a child forked while it exists inherits it (shm_nattch 2);
 *    the child's shmdt() leaves the parent's attachment mapped and shared
 *    (shm_nattch 1, data written by the child before is there, the
 *    parent writes and reads), and the child's exit changes nothing;
 *  - an attachment at an address whose end passes the top of the address
 *    space (2^64 - 2 segment sizes) is ENOMEM (get_unmapped_area());
 *  - brk() against an attachment above the heap (shmt09's facts): an
 *    attach over the heap is EINVAL; the break can grow to one page below
 *    the attachment (do_brk()'s one-page gap), not up to its start nor
 *    past its end (the break stays where it was), and may shrink again;
 *  - a child and the parent attach, check and detach the segment in a
 *    loop for 1 s (shmt10's race): every attachment sees the data, the
 *    loops complete, shm_nattch is 0 after, IPC_RMID then removes it
 *    (IPC_STAT: EINVAL).
 * Facts from upstream LTP's shmt02-shmt10 (many processes attaching one
 * segment is shm_stress01 here; SHM_RDONLY, SHMMAX and overlapping
 * attachments are shmat02, shmget03 and shmat01).
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include "tst_test.h"

#define NPG 16

static size_t ps, seg_size;
static int shmid = -1;
static int ready[2], go[2];

static int nattch(void)
{
	struct shmid_ds ds;

	if (shmctl(shmid, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_STAT)");
	return (int)ds.shm_nattch;
}

static void put(int fd)
{
	char c = 0;

	SAFE_WRITE(1, fd, &c, 1);
}

static void get(int fd, int n)
{
	char c;

	while (n--)
		SAFE_READ(1, fd, &c, 1);
}

static void make_segment(void)
{
	shmid = shmget(IPC_PRIVATE, seg_size, IPC_CREAT | 0600);
	if (shmid < 0)
		tst_brk(TBROK | TERRNO, "shmget(%zu)", seg_size);
}

static void remove_segment(void)
{
	if (shmid >= 0 && shmctl(shmid, IPC_RMID, NULL))
		tst_brk(TBROK | TERRNO, "shmctl(IPC_RMID)");
	shmid = -1;
}

static char *attach(void *addr)
{
	char *p = shmat(shmid, addr, 0);

	if (p == (void *)-1)
		tst_brk(TBROK | TERRNO, "shmat(%p)", addr);
	return p;
}

static void inherited(void)
{
	char *p, *fixed;
	pid_t pid;
	int n;

	make_segment();
	/* a free, SHMLBA aligned address */
	fixed = SAFE_MMAP(NULL, seg_size + SHMLBA, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MUNMAP(fixed, seg_size + SHMLBA);
	fixed = (char *)(((uintptr_t)fixed + SHMLBA - 1) &
			 ~(uintptr_t)(SHMLBA - 1));
	p = attach(fixed);
	TST_EXP_EXPR(p == fixed, "attached at %p (asked for %p)", p, fixed);
	memset(p, 'a', seg_size);

	pid = SAFE_FORK();
	if (!pid) {
		p[ps] = 'c';
		put(ready[1]);
		get(go[0], 1);
		if (shmdt(p))
			tst_brk(TBROK | TERRNO, "shmdt() in the child");
		put(ready[1]);
		get(go[0], 1);
		exit(0);
	}
	get(ready[0], 1);
	n = nattch();
	TST_EXP_EXPR(n == 2, "a forked child inherits the attachment: "
		     "shm_nattch %d (2)", n);
	put(go[1]);
	get(ready[0], 1);
	n = nattch();
	p[0] = 'P';
	TST_EXP_EXPR(n == 1 && p[0] == 'P' && p[ps] == 'c' &&
		     p[seg_size - 1] == 'a',
		     "after the child's shmdt() the parent's attachment is "
		     "mapped with the child's data, shm_nattch %d (1)", n);
	put(go[1]);
	reap_child(pid);
	n = nattch();
	TST_EXP_EXPR(n == 1, "after the child's exit: shm_nattch %d (1)", n);
	if (shmdt(p))
		tst_brk(TBROK | TERRNO, "shmdt()");
	remove_segment();
}

static void top_of_address_space(void)
{
	void *addr = (void *)(UINTPTR_MAX - 2 * seg_size + 1);
	int n;

	make_segment();
	TST_EXP_FAIL(shmat(shmid, addr, 0) == (void *)-1 ? -1 : 0, ENOMEM,
		     "shmat() at %p (end past the address space)", addr);
	n = nattch();
	TST_EXP_EXPR(n == 0, "nothing attached: shm_nattch %d", n);
	remove_segment();
}

/*
 * Everything is done before anything is reported: a malloc() in the
 * reporting code could move the break itself.
 */
static void brk_child(void)
{
	uintptr_t cur, top, seg, past, at_start, below, back;
	int err_over;
	char *over, *p;

	cur = (uintptr_t)syscall(__NR_brk, 0);
	cur = (cur + ps - 1) & ~(uintptr_t)(ps - 1);
	top = cur + 4 * ps;
	/* make sure a heap VMA exists, 4 pages of it */
	if ((uintptr_t)syscall(__NR_brk, top) != top)
		tst_brk(TBROK, "brk(+4 pages) failed");
	seg = (top + 64 * ps + SHMLBA - 1) & ~(uintptr_t)(SHMLBA - 1);

	over = shmat(shmid, (void *)(cur + ps), 0);
	err_over = errno;
	p = shmat(shmid, (void *)seg, 0);
	if (p != (void *)seg)
		tst_brk(TBROK | TERRNO, "shmat(%p) gave %p", (void *)seg, p);
	past = (uintptr_t)syscall(__NR_brk, seg + seg_size + ps);
	at_start = (uintptr_t)syscall(__NR_brk, seg);
	below = (uintptr_t)syscall(__NR_brk, seg - ps);
	if (below == seg - ps)
		((volatile char *)(seg - 2 * ps))[0] = 1;
	p[0] = 'S';
	back = (uintptr_t)syscall(__NR_brk, top);

	TST_EXP_EXPR(over == (void *)-1 && err_over == EINVAL,
		     "shmat() over the heap: EINVAL (%s)",
		     over == (void *)-1 ? tst_strerrno(err_over) : "attached");
	TST_EXP_EXPR(past == top, "brk() past the attachment fails (break "
		     "%#lx, expected %#lx)", (unsigned long)past,
		     (unsigned long)top);
	TST_EXP_EXPR(at_start == top, "brk() up to the attachment's start "
		     "fails (break %#lx)", (unsigned long)at_start);
	TST_EXP_EXPR(below == seg - ps, "brk() to one page below the "
		     "attachment works (break %#lx, expected %#lx)",
		     (unsigned long)below, (unsigned long)(seg - ps));
	TST_EXP_EXPR(back == top && p[0] == 'S',
		     "the break shrinks back, the attachment intact");
	exit(0);
}

static void brk_against_shm(void)
{
	pid_t pid;

	make_segment();
	pid = SAFE_FORK();
	if (!pid)
		brk_child();
	reap_child(pid);
	remove_segment();
}

#define RACE_MS 1000

static int race_loop(char want)
{
	long long end = tst_mono_ms() + RACE_MS;
	int rounds = 0;
	char *p;

	while (tst_mono_ms() < end) {
		p = attach(NULL);
		if (p[0] != want || p[seg_size - 1] != want) {
			tst_res(TFAIL, "an attachment reads %d/%d, not %d",
				p[0], p[seg_size - 1], want);
			shmdt(p);
			return -1;
		}
		if (shmdt(p))
			tst_brk(TBROK | TERRNO, "shmdt()");
		rounds++;
	}
	return rounds;
}

static void attach_race(void)
{
	struct shmid_ds ds;
	int rounds, n, id;
	char *p;
	pid_t pid;

	make_segment();
	p = attach(NULL);
	memset(p, 'r', seg_size);
	if (shmdt(p))
		tst_brk(TBROK | TERRNO, "shmdt()");
	pid = SAFE_FORK();
	if (!pid) {
		put(ready[1]);
		rounds = race_loop('r');
		if (rounds > 0)
			tst_res(TPASS, "the child attached and detached %d "
				"times", rounds);
		exit(0);
	}
	get(ready[0], 1);
	rounds = race_loop('r');
	reap_child(pid);
	if (rounds > 0)
		tst_res(TPASS, "the parent attached and detached %d times "
			"beside it", rounds);
	n = nattch();
	TST_EXP_EXPR(n == 0, "after the race shm_nattch is %d (0)", n);
	id = shmid;
	remove_segment();
	TST_EXP_FAIL(shmctl(id, IPC_STAT, &ds), EINVAL,
		     "IPC_STAT after IPC_RMID");
}

static void run(void)
{
	inherited();
	top_of_address_space();
	brk_against_shm();
	attach_race();
}

static void setup(void)
{
	ps = getpagesize();
	seg_size = NPG * ps;
	SAFE_PIPE(ready);
	SAFE_PIPE(go);
}

static void cleanup(void)
{
	if (shmid >= 0)
		shmctl(shmid, IPC_RMID, NULL);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.forks_child = 1,
	.timeout = 60,
};

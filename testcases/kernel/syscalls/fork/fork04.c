// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() copies what the parent set up, and the parent learns of each
 * child:
 * - an x86 LDT entry written with modify_ldt() is in the child: the
 *   child's modify_ldt() read gives the same table, and a load through
 *   the entry's selector (%gs) reads the parent's data; an entry the child
 *   then changes is not changed in the parent;
 * - 100 children, each exiting with its own number: wait() returns every
 *   child's pid exactly once, with that number, then ECHILD.
 * Syscalls: fork, wait4
 */
#include <asm/ldt.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"

#define NCHILD 100

static unsigned int *data;

static long sys_modify_ldt(int func, void *ptr, unsigned long n)
{
	return syscall(__NR_modify_ldt, func, ptr, n);
}

static unsigned int load_gs0(void)
{
	unsigned int v, sel = (0 << 3) | 4 | 3;	/* entry 0, LDT, RPL 3 */

	__asm__ volatile("mov %1, %%gs\n\tmovl %%gs:0, %0\n\t"
			 "mov %2, %%gs" : "=r"(v) : "r"(sel), "r"(0));
	return v;
}

static void test_ldt(void)
{
	struct user_desc d = {
		.entry_number = 0,
		.limit = 4095,
		.seg_32bit = 1,
		.useable = 1,
	};
	char parent_ldt[16], child_ldt[16];
	pid_t pid;

	/* a segment base is 32 bits: the data sits below 4 GiB */
	data = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	data[0] = 0x11223344;
	data[1] = 0x55667788;
	d.base_addr = (unsigned long)data;
	if (sys_modify_ldt(1, &d, sizeof(d))) {
		if (errno == ENOSYS)
			tst_brk(TCONF, "no modify_ldt (CONFIG_MODIFY_LDT_SYSCALL)");
		tst_brk(TBROK | TERRNO, "modify_ldt(write)");
	}
	if (sys_modify_ldt(0, parent_ldt, sizeof(parent_ldt)) !=
	    sizeof(parent_ldt))
		tst_brk(TBROK | TERRNO, "modify_ldt(read)");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(sys_modify_ldt(0, child_ldt, sizeof(child_ldt)),
			    (long)sizeof(child_ldt), "modify_ldt(read) in the "
			    "child");
		TST_EXP_EXPR(!memcmp(parent_ldt, child_ldt, sizeof(child_ldt)),
			     "the child's LDT entry is the parent's");
		TST_EXP_EXPR(load_gs0() == 0x11223344, "a load through the "
			     "entry reads the parent's data");
		d.base_addr = (unsigned long)(data + 1);
		if (sys_modify_ldt(1, &d, sizeof(d)))
			tst_brk(TBROK | TERRNO, "modify_ldt(write) in child");
		TST_EXP_EXPR(load_gs0() == 0x55667788, "the child's own change "
			     "takes effect in the child");
		exit(0);
	}
	reap_child(pid);
	TST_EXP_EXPR(load_gs0() == 0x11223344, "the parent's entry is as it "
		     "set it");
}

static void test_wait_all(void)
{
	pid_t pids[NCHILD], pid;
	int seen[NCHILD] = {0}, i, j, status, bad = 0;

	for (i = 0; i < NCHILD; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			_exit(i);
	}
	for (i = 0; i < NCHILD; i++) {
		pid = wait(&status);
		for (j = 0; j < NCHILD && pids[j] != pid; j++)
			;
		if (j == NCHILD || seen[j]++ || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != j) {
			tst_res(TINFO, "wait() gave %d, status %#x", pid,
				status);
			bad++;
		}
	}
	TST_EXP_EXPR(!bad, "wait() returned each of %d children once with "
		     "its exit value", NCHILD);
	TST_EXP_FAIL(wait(&status), ECHILD, "then no child is left");
}

static void run(unsigned int n)
{
	if (!n)
		test_ldt();
	else
		test_wait_all();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.forks_child = 1,
};

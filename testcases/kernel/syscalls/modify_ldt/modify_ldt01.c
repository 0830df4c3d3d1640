// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * modify_ldt() on x86-64 (raw syscall; the result is a 32-bit int, upper
 * half of %rax zero): a process starts without an LDT (func 0 reads 0
 * bytes); func 0x11 writes entry 2 (a 32-bit data segment based at a page
 * below 4 GiB), func 0 then returns the requested byte count with entries
 * 0 and 1 zero and entry 2 encoding the base, limit, DPL 3 and present
 * bit, and loading selector (2 << 3) | 7 into %gs makes %gs:0 read that
 * page; func 2 returns 128 zero bytes (the default LDT). Errors: EINVAL
 * for a bytecount other than sizeof(struct user_desc), entry 8192, a
 * present conforming code segment (contents 3), and contents 3 in the old
 * mode (func 1); EFAULT for unmapped user_desc and read buffer; ENOSYS for
 * func 3. TCONF when func 0 is ENOSYS (CONFIG_MODIFY_LDT_SYSCALL unset).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <asm/ldt.h>
#include "task_wait.h"

#define MAGIC 0x5a17c0deU
#define ENTRY 2

static void *bad_addr;

static long sys_modify_ldt(int func, void *ptr, unsigned long bytecount)
{
	long r = syscall(__NR_modify_ldt, func, ptr, bytecount);

	if (r == -1)
		return -1;
	if (r >> 32) {
		tst_res(TFAIL, "modify_ldt(%d) returned 0x%lx: upper 32 bits "
			"set", func, r);
		errno = 0;
		return -1;
	}
	if ((int)r < 0) {
		errno = -(int)r;
		return -1;
	}
	return (int)r;
}

static void fill_desc(struct user_desc *d, unsigned int entry,
		      unsigned int base)
{
	memset(d, 0, sizeof(*d));
	d->entry_number = entry;
	d->base_addr = base;
	d->limit = 0xfff;
	d->seg_32bit = 1;
	d->useable = 1;
}

static void child(void)
{
	struct user_desc d;
	uint64_t buf[8], desc, want_base;
	uint32_t *page, val;
	unsigned int i;

	TST_EXP_VAL(sys_modify_ldt(0, buf, sizeof(buf)), 0,
		    "func 0 without an LDT");
	page = mmap(NULL, getpagesize(), PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if (page == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_32BIT)");
	page[0] = MAGIC;
	want_base = (uintptr_t)page;

	fill_desc(&d, ENTRY, want_base);
	TST_EXP_PASS(sys_modify_ldt(0x11, &d, sizeof(d)),
		     "func 0x11 writes entry %d", ENTRY);
	memset(buf, 0xff, sizeof(buf));
	TST_EXP_VAL(sys_modify_ldt(0, buf, sizeof(buf)), sizeof(buf),
		    "func 0 reads back %zu bytes", sizeof(buf));
	desc = buf[ENTRY];
	TST_EXP_EQ_LU(((desc >> 16) & 0xffffff) | ((desc >> 32) & 0xff000000),
		      want_base);
	TST_EXP_EQ_LU((desc & 0xffff) | ((desc >> 32) & 0xf0000), 0xfff);
	TST_EXP_EQ_LU((desc >> 45) & 3, 3);	/* DPL */
	TST_EXP_EQ_LU((desc >> 47) & 1, 1);	/* present */
	TST_EXP_EQ_LU((desc >> 54) & 1, 1);	/* 32-bit */
	TST_EXP_EQ_LU((desc >> 52) & 1, 1);	/* useable (AVL) */
	for (i = 0; i < 8; i++) {
		if (i != ENTRY && buf[i])
			tst_res(TFAIL, "LDT entry %u is 0x%llx, not 0", i,
				(unsigned long long)buf[i]);
	}

	asm volatile ("movw %w1, %%gs\n\tmovl %%gs:0, %0"
		      : "=r" (val) : "r" ((ENTRY << 3) | 7) : "memory");
	asm volatile ("movw %w0, %%gs" : : "r" (0));
	TST_EXP_EQ_LU(val, MAGIC);
	exit(0);
}

static void run(unsigned int n)
{
	struct user_desc d;
	unsigned char buf[256];
	unsigned int i;
	pid_t pid;

	switch (n) {
	case 0:
		pid = SAFE_FORK();
		if (!pid)
			child();
		reap_child(pid);
		break;
	case 1:
		memset(buf, 0xff, sizeof(buf));
		TST_EXP_VAL(sys_modify_ldt(2, buf, sizeof(buf)), 128,
			    "func 2 (default LDT)");
		for (i = 0; i < 128 && !buf[i]; i++)
			;
		TST_EXP_EXPR(i == 128 && buf[128] == 0xff,
			     "func 2 wrote 128 zero bytes and no more");
		break;
	case 2:
		fill_desc(&d, 0, 0x10000);
		TST_EXP_FAIL(sys_modify_ldt(0x11, &d, sizeof(d) - 1), EINVAL,
			     "bytecount sizeof(user_desc) - 1");
		d.entry_number = 8192;
		TST_EXP_FAIL(sys_modify_ldt(0x11, &d, sizeof(d)), EINVAL,
			     "entry_number 8192");
		d.entry_number = 0;
		d.contents = 3;
		TST_EXP_FAIL(sys_modify_ldt(0x11, &d, sizeof(d)), EINVAL,
			     "present conforming code segment");
		d.seg_not_present = 1;
		TST_EXP_FAIL(sys_modify_ldt(1, &d, sizeof(d)), EINVAL,
			     "contents 3 in old mode (func 1)");
		TST_EXP_FAIL(sys_modify_ldt(0x11, bad_addr, sizeof(d)),
			     EFAULT, "unmapped user_desc");
		TST_EXP_FAIL(sys_modify_ldt(2, bad_addr, 16), EFAULT,
			     "func 2 into an unmapped buffer");
		TST_EXP_FAIL(sys_modify_ldt(3, buf, sizeof(buf)), ENOSYS,
			     "func 3");
		break;
	}
}

static void setup(void)
{
	unsigned char buf[8];

	if (sys_modify_ldt(0, buf, sizeof(buf)) < 0) {
		if (errno == ENOSYS)
			tst_brk(TCONF, "modify_ldt() is ENOSYS: kernel without "
				"CONFIG_MODIFY_LDT_SYSCALL");
		tst_brk(TBROK | TERRNO, "modify_ldt(0)");
	}
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

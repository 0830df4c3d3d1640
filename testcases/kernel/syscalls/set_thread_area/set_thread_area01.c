// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * set_thread_area() and get_thread_area() through the 64-bit syscall
 * instruction fail with ENOSYS: x86-64 has no entry for them (205, 211).
 * Through the i386 ABI (int $0x80) set_thread_area() installs 32-bit TLS
 * descriptors in the GDT slots 12..14 of the calling thread: with entry_number -1 it allocates
 * the lowest free slot and writes its number back (12, 13, 14 in a
 * process that has none), a fourth allocation fails with ESRCH;
 * get_thread_area() reads each back (base, limit, seg_32bit, useable,
 * present); loading selector (12 << 3) | 3 into %gs makes %gs:0 read the
 * page at the base; an LDT_empty descriptor frees slot 12, which the next
 * allocation reuses. Errors: EINVAL for entry 11 and 15, for a descriptor
 * that is not 32-bit, a code segment (contents 2) or one not present;
 * EFAULT for a PROT_NONE user_desc. TCONF without the i386 ABI.
 * Syscalls: set_thread_area, get_thread_area
 */
#include <stdint.h>
#include <stdlib.h>
#include "tls_int80.h"
#include "task_wait.h"

#define MAGIC 0x7e57ab1eU
#define sys_set_thread_area set_ta32
#define sys_get_thread_area get_ta32

static void fill_desc(struct user_desc *d, int entry, unsigned int base)
{
	memset(d, 0, sizeof(*d));
	d->entry_number = entry;
	d->base_addr = base;
	d->limit = 0xfff;
	d->seg_32bit = 1;
	d->useable = 1;
}

static void check_readback(int idx, unsigned int base)
{
	struct user_desc g;

	memset(&g, 0xff, sizeof(g));
	g.entry_number = idx;
	TST_EXP_PASS(sys_get_thread_area(&g), "get_thread_area(%d)", idx);
	TST_EXP_EXPR(g.entry_number == (unsigned int)idx &&
		     g.base_addr == base && g.limit == 0xfff &&
		     g.seg_32bit == 1 && g.contents == 0 &&
		     g.read_exec_only == 0 && g.limit_in_pages == 0 &&
		     g.seg_not_present == 0 && g.useable == 1,
		     "entry %d reads back base 0x%x limit 0x%x 32bit %u "
		     "contents %u ro %u pages %u notpresent %u useable %u",
		     idx, g.base_addr, g.limit, g.seg_32bit, g.contents,
		     g.read_exec_only, g.limit_in_pages, g.seg_not_present,
		     g.useable);
}

static void child(void)
{
	struct user_desc d;
	uint32_t *page, val;
	unsigned int base;
	int i;

	page = mmap(NULL, getpagesize(), PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if (page == MAP_FAILED)
		tst_brk(TBROK | TERRNO, "mmap(MAP_32BIT)");
	page[0] = MAGIC;
	base = (uintptr_t)page;

	for (i = TLS_MIN; i <= TLS_MAX; i++) {
		fill_desc(&d, -1, base + (i - TLS_MIN) * 0x1000);
		TST_EXP_PASS(sys_set_thread_area(&d),
			     "set_thread_area(entry -1) #%d", i - TLS_MIN + 1);
		TST_EXP_EQ_LI(d.entry_number, i);
	}
	fill_desc(&d, -1, base);
	TST_EXP_FAIL(sys_set_thread_area(&d), ESRCH,
		     "set_thread_area(entry -1) with slots 12..14 in use");
	for (i = TLS_MIN; i <= TLS_MAX; i++)
		check_readback(i, base + (i - TLS_MIN) * 0x1000);

	asm volatile ("movw %w1, %%gs\n\tmovl %%gs:0, %0"
		      : "=r" (val) : "r" ((TLS_MIN << 3) | 3) : "memory");
	asm volatile ("movw %w0, %%gs" : : "r" (0));
	TST_EXP_EQ_LU(val, MAGIC);

	memset(&d, 0, sizeof(d));
	d.entry_number = TLS_MIN;
	d.read_exec_only = 1;
	d.seg_not_present = 1;
	TST_EXP_PASS(sys_set_thread_area(&d), "clear entry %d", TLS_MIN);
	memset(&d, 0, sizeof(d));
	d.entry_number = TLS_MIN;
	TST_EXP_PASS(sys_get_thread_area(&d));
	TST_EXP_EXPR(!d.base_addr && !d.limit && d.seg_not_present,
		     "cleared entry reads back empty");
	fill_desc(&d, -1, base);
	TST_EXP_PASS(sys_set_thread_area(&d), "set_thread_area(entry -1)");
	TST_EXP_EQ_LI(d.entry_number, TLS_MIN);
	exit(0);
}

static void run(unsigned int n)
{
	struct user_desc d;
	pid_t pid;

	switch (n) {
	case 0:
		pid = SAFE_FORK();
		if (!pid)
			child();
		reap_child(pid);
		break;
	case 1:
		fill_desc(&d, TLS_MIN - 1, 0x10000);
		TST_EXP_FAIL(sys_set_thread_area(&d), EINVAL, "entry 11");
		fill_desc(&d, TLS_MAX + 1, 0x10000);
		TST_EXP_FAIL(sys_set_thread_area(&d), EINVAL, "entry 15");
		fill_desc(&d, TLS_MIN, 0x10000);
		d.seg_32bit = 0;
		TST_EXP_FAIL(sys_set_thread_area(&d), EINVAL,
			     "16-bit descriptor");
		fill_desc(&d, TLS_MIN, 0x10000);
		d.contents = 2;
		TST_EXP_FAIL(sys_set_thread_area(&d), EINVAL,
			     "code segment (contents 2)");
		fill_desc(&d, TLS_MIN, 0x10000);
		d.seg_not_present = 1;
		TST_EXP_FAIL(sys_set_thread_area(&d), EINVAL,
			     "segment not present");
		TST_EXP_FAIL(sys_set_thread_area(NULL), EFAULT,
			     "set_thread_area(PROT_NONE page)");
		TST_EXP_FAIL(sys_get_thread_area(NULL), EFAULT,
			     "get_thread_area(PROT_NONE page)");
		break;
	case 2:
		fill_desc(&d, -1, 0x10000);
		TST_EXP_FAIL(syscall(__NR_set_thread_area, &d), ENOSYS,
			     "64-bit syscall set_thread_area (%d)",
			     __NR_set_thread_area);
		TST_EXP_FAIL(syscall(__NR_get_thread_area, &d), ENOSYS,
			     "64-bit syscall get_thread_area (%d)",
			     __NR_get_thread_area);
		break;
	}
}

static void setup(void)
{
	tls_setup();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

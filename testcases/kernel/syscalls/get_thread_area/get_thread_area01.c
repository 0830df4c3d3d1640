// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * get_thread_area() on x86-64: the 64-bit syscall is ENOSYS (no entry in
 * the x86-64 table); through the i386 ABI (int $0x80) it reads the 32-bit
 * TLS descriptors of GDT slots 12..14: in a process that never set one (x86-64 glibc uses
 * arch_prctl for TLS) each reads back as the empty descriptor (base 0,
 * limit 0, read_exec_only and seg_not_present set) with its own
 * entry_number; after set_thread_area() of slot 13 only slot 13 changes.
 * Errors: EINVAL for entry_number 0, 11, 15 and -1 (no allocation on
 * read), EFAULT for a PROT_NONE user_desc. TCONF without the i386 ABI.
 * Syscalls: get_thread_area
 */
#include <stdlib.h>
#include "tls_int80.h"
#include "task_wait.h"

#define sys_get_thread_area get_ta32

static int read_entry(int idx, struct user_desc *d)
{
	memset(d, 0xff, sizeof(*d));
	d->entry_number = idx;
	TST_EXP_PASS(sys_get_thread_area(d), "get_thread_area(%d)", idx);
	return TST_PASS;
}

static int is_empty(const struct user_desc *d, int idx)
{
	return d->entry_number == (unsigned int)idx && !d->base_addr &&
	       !d->limit && !d->seg_32bit && !d->contents &&
	       d->read_exec_only && !d->limit_in_pages &&
	       d->seg_not_present && !d->useable;
}

static void child(void)
{
	struct user_desc d;
	int i;

	for (i = 12; i <= 14; i++) {
		if (read_entry(i, &d))
			TST_EXP_EXPR(is_empty(&d, i),
				     "entry %d is empty", i);
	}
	memset(&d, 0, sizeof(d));
	d.entry_number = 13;
	d.base_addr = 0x123000;
	d.limit = 0x10;
	d.seg_32bit = 1;
	if (set_ta32(&d))
		tst_brk(TBROK | TERRNO, "set_thread_area(13)");
	for (i = 12; i <= 14; i++) {
		if (!read_entry(i, &d))
			continue;
		if (i != 13)
			TST_EXP_EXPR(is_empty(&d, i), "entry %d still empty",
				     i);
		else
			TST_EXP_EXPR(d.base_addr == 0x123000 &&
				     d.limit == 0x10 && d.seg_32bit &&
				     !d.seg_not_present,
				     "entry 13 reads back what was set");
	}
	exit(0);
}

static void run(void)
{
	struct user_desc d;
	pid_t pid = SAFE_FORK();
	int idx[] = {0, 11, 15, -1};
	unsigned int i;

	if (!pid)
		child();
	reap_child(pid);

	for (i = 0; i < sizeof(idx) / sizeof(idx[0]); i++) {
		memset(&d, 0, sizeof(d));
		d.entry_number = idx[i];
		TST_EXP_FAIL(sys_get_thread_area(&d), EINVAL,
			     "get_thread_area(entry %d)", idx[i]);
	}
	TST_EXP_FAIL(sys_get_thread_area(NULL), EFAULT,
		     "get_thread_area(PROT_NONE page)");
	memset(&d, 0, sizeof(d));
	d.entry_number = TLS_MIN;
	TST_EXP_FAIL(syscall(__NR_get_thread_area, &d), ENOSYS,
		     "64-bit syscall get_thread_area (%d)",
		     __NR_get_thread_area);
}

static struct tst_test test = {
	.test_all = run,
	.setup = tls_setup,
	.forks_child = 1,
};

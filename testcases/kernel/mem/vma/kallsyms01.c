// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel memory is out of reach of user mode (upstream LTP's kallsyms in
 * runtest/mm): for up to 8 symbols of each kind /proc/kallsyms lists
 * with a kernel-half address (text, read-only data, data, bss, and
 * symbols of loaded modules), spread over the whole table, a read and a
 * write from user space each end in SIGSEGV with si_code SEGV_MAPERR and
 * si_addr exactly the symbol's address (the x86 fault handler treats any
 * user access to the kernel half as a fault on an unmapped address,
 * whether the page is absent from the user page tables (PTI) or present
 * for the supervisor only). Per-CPU symbols, whose listed values are
 * offsets in the user half, are not kernel addresses and are left out.
 * TCONF when the addresses are hidden (kptr_restrict 2) or not x86-64.
 */

#include <stdio.h>
#include <string.h>
#include "tst_test.h"
#include "vm_helpers.h"

#define PER_KIND 8
#define NKINDS 5

static const char *const kind_names[NKINDS] = {
	"text", "read-only data", "data", "bss", "module"
};

/* Which of kinds[] a kallsyms line belongs to, or -1. */
static int kind_of(char type, const char *rest)
{
	char t = type | 0x20;

	if (strchr(rest, '['))
		return t == 't' || t == 'd' || t == 'b' || t == 'r' ? 4 : -1;
	switch (t) {
	case 't':
		return 0;
	case 'r':
		return 1;
	case 'd':
		return 2;
	case 'b':
		return 3;
	}
	return -1;
}

/* Count the usable symbols of each kind (first pass) or pick them. */
static void scan(long count[NKINDS], unsigned long pick[NKINDS][PER_KIND],
		 int npick[NKINDS])
{
	char line[512], type, name[256];
	unsigned long addr;
	long seen[NKINDS] = {0};
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/kallsyms)");
	while (fgets(line, sizeof(line), f)) {
		int k;
		long step;

		if (sscanf(line, "%lx %c %255s", &addr, &type, name) != 3)
			continue;
		k = kind_of(type, line);
		if (k < 0 || !(addr >> 63))
			continue;
		if (!pick) {
			count[k]++;
			continue;
		}
		step = count[k] / PER_KIND + 1;
		if (seen[k]++ % step == 0 && npick[k] < PER_KIND)
			pick[k][npick[k]++] = addr;
	}
	fclose(f);
}

static void run(void)
{
	unsigned long pick[NKINDS][PER_KIND];
	long count[NKINDS] = {0};
	int npick[NKINDS] = {0}, k, i, bad;

#ifndef __x86_64__
	tst_brk(TCONF, "the fault codes asserted are x86-64's");
#endif
	scan(count, NULL, NULL);
	if (!count[0])
		tst_brk(TCONF, "no kernel text address in /proc/kallsyms "
			"(hidden by kptr_restrict?)");
	scan(count, pick, npick);
	for (k = 0; k < NKINDS; k++) {
		if (!npick[k]) {
			tst_res(TINFO, "no %s symbol listed", kind_names[k]);
			continue;
		}
		bad = 0;
		for (i = 0; i < npick[k]; i++) {
			void *a = (void *)pick[k][i];

			bad += !expect_access(a, VM_READ_ACCESS, SIGSEGV,
					      SEGV_MAPERR, kind_names[k]);
			bad += !expect_access(a, VM_WRITE_ACCESS, SIGSEGV,
					      SEGV_MAPERR, kind_names[k]);
		}
		tst_res(TINFO, "%s: %d of %ld symbols probed, %d accesses "
			"not refused", kind_names[k], npick[k], count[k], bad);
	}
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

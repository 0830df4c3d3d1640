/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The memory protection key calls, raw: pkey_alloc, pkey_free,
 * pkey_mprotect. Whether the CPU and the kernel use protection keys is
 * the "ospke" flag of /proc/cpuinfo (X86_FEATURE_OSPKE: the CPU has PKU
 * and the kernel turned it on); without it pkey_alloc() has no key to give
 * (ENOSPC) and only key 0's absence and the argument checks can be tested.
 */
#ifndef PKEY_RAW_H
#define PKEY_RAW_H

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/mman.h"
#include "lapi/signal.h"

/* x86 has 16 keys; key 0 is every mapping's default */
#define PKEY_COUNT		16

static inline long pkey_alloc_raw(unsigned long flags, unsigned long rights)
{
	return tst_syscall(__NR_pkey_alloc, flags, rights);
}

static inline long pkey_free_raw(int pkey)
{
	return tst_syscall(__NR_pkey_free, pkey);
}

static inline long pkey_mprotect_raw(void *addr, size_t len, int prot,
				     int pkey)
{
	return tst_syscall(__NR_pkey_mprotect, addr, len, prot, pkey);
}

/* 1 when /proc/cpuinfo lists the "ospke" flag. */
static inline int pkeys_enabled(void)
{
	char line[4096];
	int found = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/cpuinfo)");
	while (!found && fgets(line, sizeof(line), f)) {
		char *tok;

		if (strncmp(line, "flags", 5))
			continue;
		for (tok = strtok(line, " \t\n"); tok;
		     tok = strtok(NULL, " \t\n"))
			found |= !strcmp(tok, "ospke");
		break;
	}
	fclose(f);
	return found;
}

#endif /* PKEY_RAW_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Landlock, raw: the three syscalls, on the ABI version 1 structs and
 * constants of lapi/landlock.h.
 * ll_abi_version() ends the test with TCONF when the kernel has no
 * landlock (ENOSYS) or has it but not enabled at boot (EOPNOTSUPP: not
 * in the lsm= list), saying which LSMs are active.
 */
#ifndef LANDLOCK_RAW_H
#define LANDLOCK_RAW_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/landlock.h"

static inline int ll_create_ruleset(const void *attr, size_t size,
				    uint32_t flags)
{
	return tst_syscall(__NR_landlock_create_ruleset, attr, size, flags);
}

static inline int ll_add_rule(int ruleset_fd, int rule_type,
			      const void *attr, uint32_t flags)
{
	return tst_syscall(__NR_landlock_add_rule, ruleset_fd, rule_type, attr,
			   flags);
}

static inline int ll_restrict_self(int ruleset_fd, uint32_t flags)
{
	return tst_syscall(__NR_landlock_restrict_self, ruleset_fd, flags);
}

/* The landlock ABI version; TCONF when landlock is not there. */
static inline int ll_abi_version(void)
{
	char lsm[512] = "";
	FILE *f;
	int v;

	v = ll_create_ruleset(NULL, 0, LL_CREATE_RULESET_VERSION);
	if (v >= 0)
		return v;
	if (errno != EOPNOTSUPP)
		tst_brk(TBROK | TERRNO,
			"landlock_create_ruleset(NULL, 0, VERSION)");
	f = fopen("/sys/kernel/security/lsm", "r");
	if (f) {
		if (!fgets(lsm, sizeof(lsm), f))
			lsm[0] = '\0';
		fclose(f);
	}
	tst_brk(TCONF,
		"landlock is built in but disabled at boot (EOPNOTSUPP): "
		"active LSMs '%s' lack landlock (lsm= on the command line)",
		f ? lsm : "unknown: no /sys/kernel/security/lsm");
	return -1;
}

/* A ruleset handling access (must work: set-up, not the call tested). */
static inline int ll_safe_ruleset(uint64_t access)
{
	struct ll_ruleset_attr attr = { .handled_access_fs = access };
	int fd = ll_create_ruleset(&attr, sizeof(attr), 0);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "landlock_create_ruleset(0x%llx)",
			(unsigned long long)access);
	return fd;
}

#endif /* LANDLOCK_RAW_H */

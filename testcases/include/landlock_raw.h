/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Landlock, raw: the three syscalls by number, and the ABI version 1
 * structs and constants of the kernel's include/uapi/linux/landlock.h
 * under names of their own (the installed header may be older or newer).
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

#ifndef __NR_landlock_create_ruleset
# define __NR_landlock_create_ruleset	444
#endif
#ifndef __NR_landlock_add_rule
# define __NR_landlock_add_rule		445
#endif
#ifndef __NR_landlock_restrict_self
# define __NR_landlock_restrict_self	446
#endif

#define LL_CREATE_RULESET_VERSION	(1U << 0)
#define LL_RULE_PATH_BENEATH		1
#define LL_ACCESS_FS_EXECUTE		(1ULL << 0)
#define LL_ACCESS_FS_WRITE_FILE		(1ULL << 1)
#define LL_ACCESS_FS_READ_FILE		(1ULL << 2)
#define LL_ACCESS_FS_READ_DIR		(1ULL << 3)

/* struct landlock_ruleset_attr of ABI 1: later ABIs append fields. */
struct ll_ruleset_attr {
	uint64_t handled_access_fs;
};

/* struct landlock_path_beneath_attr (packed in the uapi header). */
struct ll_path_beneath_attr {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

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

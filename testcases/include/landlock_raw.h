/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Landlock, raw: the three syscalls, on the structs and constants of
 * lapi/landlock.h.
 * ll_abi_version() ends the test with TCONF when the kernel has no
 * landlock (ENOSYS) or has it but not enabled at boot (EOPNOTSUPP: not
 * in the lsm= list), saying which LSMs are active; ll_need_abi() also
 * when the ABI is older than a feature needs, saying which Linux has it.
 */
#ifndef LANDLOCK_RAW_H
#define LANDLOCK_RAW_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
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

/* The first Linux release of each landlock ABI version. */
static inline const char *ll_abi_linux(int abi)
{
	static const char *const rel[] = {
		"?", "5.13", "5.19", "6.2", "6.7", "6.10", "6.12", "6.15",
	};

	if (abi < 0 || abi >= (int)(sizeof(rel) / sizeof(rel[0])))
		return "?";
	return rel[abi];
}

/*
 * The landlock ABI version, at least min: TCONF otherwise, naming what
 * is missing ("LANDLOCK_SCOPE_SIGNAL") and the Linux release that added it.
 */
static inline int ll_need_abi(int min, const char *what)
{
	struct utsname u;
	int v = ll_abi_version();

	if (v < min) {
		if (uname(&u))
			strcpy(u.release, "?");
		tst_brk(TCONF, "%s needs landlock ABI %d (Linux %s); this "
			"kernel (%s) has ABI %d", what, min,
			ll_abi_linux(min), u.release, v);
	}
	return v;
}

/* A ruleset from a struct ll_ruleset_attr* of size bytes (set-up). */
static inline int ll_safe_ruleset_attr(const void *attr, size_t size)
{
	int fd = ll_create_ruleset(attr, size, 0);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "landlock_create_ruleset(size %zu)",
			size);
	return fd;
}

/* A LANDLOCK_RULE_NET_PORT rule (set-up: must work). */
static inline void ll_safe_net_rule(int ruleset_fd, uint64_t access,
				    uint64_t port)
{
	struct ll_net_port_attr np = {
		.allowed_access = access,
		.port = port,
	};

	if (ll_add_rule(ruleset_fd, LL_RULE_NET_PORT, &np, 0))
		tst_brk(TBROK | TERRNO, "landlock_add_rule(NET_PORT %llu, "
			"0x%llx)", (unsigned long long)port,
			(unsigned long long)access);
}

/*
 * no_new_privs, then landlock_restrict_self(ruleset_fd), closing it: the
 * calling thread is in the new domain (set-up: must work).
 */
/* 0 when path opens with flags (and is closed again), -1 with errno. */
static inline int ll_try_open(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0)
		return -1;
	SAFE_CLOSE(fd);
	return 0;
}

static inline void ll_safe_enforce(int ruleset_fd)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_NO_NEW_PRIVS)");
	if (ll_restrict_self(ruleset_fd, 0))
		tst_brk(TBROK | TERRNO, "landlock_restrict_self()");
	SAFE_CLOSE(ruleset_fd);
}

/* A domain with scopes (LL_SCOPE_*) only, enforced on the caller. */
static inline void ll_safe_scope(uint64_t scoped)
{
	struct ll_ruleset_attr_abi6 attr = { .scoped = scoped };

	ll_safe_enforce(ll_safe_ruleset_attr(&attr, sizeof(attr)));
}

#endif /* LANDLOCK_RAW_H */

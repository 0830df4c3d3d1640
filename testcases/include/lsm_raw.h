/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The LSM syscalls (Linux 6.8: lsm_get_self_attr, lsm_set_self_attr,
 * lsm_list_modules) made raw, on lapi/lsm.h, and what their tests share:
 * - lsm_need_syscalls(): TCONF, saying so, on a kernel without them;
 * - lsm_active_names(): the active LSMs as /sys/kernel/security/lsm
 *   lists them; where securityfs is not mounted there (a minimal guest)
 *   it is mounted on a directory of the test's tmpdir for the read and
 *   unmounted at once (it is one superblock: nothing else sees it);
 * - lsm_id_name(): the name of an LSM id;
 * - lsm_attr_lsms(): how many active LSMs answer LSM_ATTR_CURRENT: the
 *   ones with a getselfattr hook (selinux, smack, apparmor in 6.8-6.12).
 */
#ifndef LSM_RAW_H
#define LSM_RAW_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include "tst_test.h"
#include "lapi/lsm.h"

#define LSM_SYS_LIST "/sys/kernel/security/lsm"
#define LSM_MAX_IDS 32

static inline long lsm_get_self_attr(unsigned int attr, void *ctx,
				     uint32_t *size, uint32_t flags)
{
	return syscall(__NR_lsm_get_self_attr, attr, ctx, size, flags);
}

static inline long lsm_set_self_attr(unsigned int attr, const void *ctx,
				     uint32_t size, uint32_t flags)
{
	return syscall(__NR_lsm_set_self_attr, attr, ctx, size, flags);
}

static inline long lsm_list_modules(uint64_t *ids, uint32_t *size,
				    uint32_t flags)
{
	return syscall(__NR_lsm_list_modules, ids, size, flags);
}

/* TCONF when the kernel has no LSM syscalls (ENOSYS). */
static inline void lsm_need_syscalls(void)
{
	uint32_t size = 0;
	struct utsname u;

	if (lsm_list_modules(NULL, &size, 0) < 0 && errno == ENOSYS) {
		if (uname(&u))
			strcpy(u.release, "?");
		tst_brk(TCONF, "lsm_list_modules(): ENOSYS: the LSM syscalls "
			"are Linux 6.8, this kernel is %s", u.release);
	}
}

static inline const char *lsm_id_name(uint64_t id)
{
	static const char *const names[] = {
		"capability", "selinux", "smack", "tomoyo", "apparmor",
		"yama", "loadpin", "safesetid", "lockdown", "bpf",
		"landlock", "ima", "evm", "ipe",
	};

	if (id < LSM_ID_CAPABILITY || id > LSM_ID_IPE)
		return NULL;
	return names[id - LSM_ID_CAPABILITY];
}

static inline int lsm_read_list(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, size, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/*
 * The active LSMs, comma separated, into buf; TCONF when securityfs is
 * neither mounted nor mountable. Needs root and the tmpdir for the
 * mount.
 */
static inline void lsm_active_names(char *buf, size_t size)
{
	if (!lsm_read_list(LSM_SYS_LIST, buf, size))
		return;
	if (errno != ENOENT)
		tst_brk(TBROK | TERRNO, "open(%s)", LSM_SYS_LIST);
	if (mkdir("lsm_securityfs", 0700) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(lsm_securityfs)");
	if (mount("securityfs", "lsm_securityfs", "securityfs", 0, NULL))
		tst_brk(TCONF | TERRNO, "%s is absent and securityfs cannot "
			"be mounted", LSM_SYS_LIST);
	tst_res(TINFO, "securityfs is not mounted on /sys/kernel/security: "
		"read from a mount of it in the tmpdir");
	if (lsm_read_list("lsm_securityfs/lsm", buf, size)) {
		umount("lsm_securityfs");
		tst_brk(TBROK | TERRNO, "open(securityfs/lsm)");
	}
	SAFE_UMOUNT("lsm_securityfs");
}

/* 1 if the comma separated list has name. */
static inline int lsm_list_has(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	while (*p) {
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return 1;
		p = strchr(p, ',');
		if (!p)
			break;
		p++;
	}
	return 0;
}

/* Active LSMs with a getselfattr hook, from lsm_list_modules(). */
static inline int lsm_attr_lsms(uint64_t *ids_out)
{
	uint64_t ids[LSM_MAX_IDS];
	uint32_t size = sizeof(ids);
	long n, i;
	int cnt = 0;

	n = lsm_list_modules(ids, &size, 0);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "lsm_list_modules()");
	for (i = 0; i < n; i++) {
		if (ids[i] == LSM_ID_SELINUX || ids[i] == LSM_ID_SMACK ||
		    ids[i] == LSM_ID_APPARMOR) {
			if (ids_out)
				ids_out[cnt] = ids[i];
			cnt++;
		}
	}
	return cnt;
}

/* Length of a context without the trailing NULs and newline. */
static inline size_t lsm_ctx_trim(const char *s, size_t len)
{
	while (len && (s[len - 1] == '\0' || s[len - 1] == '\n'))
		len--;
	return len;
}

#endif /* LSM_RAW_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the identity tests (set*uid, set*gid, get*id): the four ids
 * the kernel holds (real, effective, saved, filesystem) read back through
 * get{res}[ug]id() and /proc/self/status at once, so a test asserts both
 * what the syscall reports and what the task really holds.
 *
 * Identity changes are one-way for the process that makes them, so tests
 * make them in forked children (.forks_child) and keep the test process
 * root.
 */
#ifndef PROC_IDS_H
#define PROC_IDS_H

#include <pwd.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "tst_test.h"

/* ids that need no passwd entry and that no system account uses */
#define ID_A 1001
#define ID_B 2002
#define ID_C 3003
#define ID_D 4004

static inline uid_t nobody_uid(void)
{
	struct passwd *pw = getpwnam("nobody");

	return pw ? pw->pw_uid : 65534;
}

static inline gid_t nobody_gid(void)
{
	struct passwd *pw = getpwnam("nobody");

	return pw ? pw->pw_gid : 65534;
}

/* The four numbers of the "Uid:" or "Gid:" line of /proc/self/status. */
static inline void proc_status_ids(const char *field, unsigned long ids[4])
{
	char line[256];
	size_t len = strlen(field);
	FILE *f;

	f = fopen("/proc/self/status", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, field, len))
			continue;
		fclose(f);
		if (sscanf(line + len, "%lu %lu %lu %lu", &ids[0], &ids[1],
			   &ids[2], &ids[3]) != 4)
			tst_brk(TBROK, "cannot parse '%s'", line);
		return;
	}
	fclose(f);
	tst_brk(TBROK, "no '%s' line in /proc/self/status", field);
}

/*
 * Assert that the task holds real r, effective e, saved s, with the
 * filesystem id following the effective one, as reported by getresuid()
 * (or getresgid()) and by /proc/self/status. Results name the caller.
 */
#define check_uids(r, e, s) check_ids_(__FILE__, __LINE__, 1, (r), (e), (s))
#define check_gids(r, e, s) check_ids_(__FILE__, __LINE__, 0, (r), (e), (s))

static inline void check_ids_(const char *file, int line, int uids,
			      unsigned long r, unsigned long e, unsigned long s)
{
	const char *what = uids ? "uid" : "gid";
	unsigned int gr, ge, gs;
	unsigned long p[4];
	int ret;

	if (uids)
		ret = getresuid((uid_t *)&gr, (uid_t *)&ge, (uid_t *)&gs);
	else
		ret = getresgid((gid_t *)&gr, (gid_t *)&ge, (gid_t *)&gs);
	if (ret)
		tst_res_(file, line, TFAIL | TERRNO, "getres%s()", what);
	else if (gr != r || ge != e || gs != s)
		tst_res_(file, line, TFAIL, "getres%s() = %u %u %u, expected "
			 "%lu %lu %lu", what, gr, ge, gs, r, e, s);
	else
		tst_res_(file, line, TPASS, "getres%s() = %lu %lu %lu", what,
			 r, e, s);

	proc_status_ids(uids ? "Uid:" : "Gid:", p);
	if (p[0] != r || p[1] != e || p[2] != s || p[3] != e)
		tst_res_(file, line, TFAIL, "/proc/self/status %s: %lu %lu %lu "
			 "%lu, expected %lu %lu %lu %lu", what, p[0], p[1], p[2],
			 p[3], r, e, s, e);
	else
		tst_res_(file, line, TPASS, "/proc/self/status %s: real %lu "
			 "effective %lu saved %lu fs %lu", what, r, e, s, e);
}

/* An address with nothing mapped at it, for EFAULT. */
static inline void *unmapped_addr(void)
{
	void *p = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	SAFE_MUNMAP(p, getpagesize());
	return p;
}

#endif /* PROC_IDS_H */

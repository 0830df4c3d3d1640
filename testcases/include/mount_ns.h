/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the tests that mount (mount, umount2, pivot_root, chroot,
 * mknod): a private mount namespace for the test process, so that no
 * mount it makes can outlive it or reach the rest of the system, and
 * mount table queries that do not depend on st_dev (a bind mount has the
 * st_dev of its source).
 */
#ifndef MOUNT_NS_H
#define MOUNT_NS_H

#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"

/*
 * Move the calling process into a new mount namespace whose mounts are
 * all private: what it mounts propagates nowhere, and every mount goes
 * away with the last process of the namespace, however it ends. The
 * tests call it in setup() (the test process) or in a child.
 */
static inline void mnt_private_ns(void)
{
	if (unshare(CLONE_NEWNS)) {
		if (errno == EINVAL)
			tst_brk(TCONF | TERRNO,
				"unshare(CLONE_NEWNS): no mount namespaces");
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	}
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
}

/* The absolute, symlink-free form of path (which must exist). */
static inline void mnt_realpath(const char *path, char *buf)
{
	if (!realpath(path, buf))
		tst_brk(TBROK | TERRNO, "realpath(%s)", path);
}

/*
 * How many mounts of this namespace sit exactly on path (field 5 of
 * /proc/self/mountinfo). Paths with spaces are not used by the tests,
 * so the octal escapes of mountinfo do not matter.
 */
static inline int mnt_count(const char *path)
{
	char abs[PATH_MAX], line[4096], mp[PATH_MAX];
	FILE *f;
	int n = 0;

	if (!realpath(path, abs))
		return 0;
	f = fopen("/proc/self/mountinfo", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %*s %*s %*s %4095s", mp) == 1 &&
		    !strcmp(mp, abs))
			n++;
	fclose(f);
	return n;
}

/*
 * The option field (6) of the topmost mount on path, "" when none, e.g.
 * "ro,nosuid,relatime".
 */
static inline void mnt_opts(const char *path, char *opts, size_t size)
{
	char abs[PATH_MAX], line[4096], mp[PATH_MAX], o[1024];
	FILE *f;

	opts[0] = '\0';
	if (!realpath(path, abs))
		return;
	f = fopen("/proc/self/mountinfo", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %*s %*s %*s %4095s %1023s", mp, o) == 2 &&
		    !strcmp(mp, abs))
			snprintf(opts, size, "%s", o);
	fclose(f);
}

/* 1 when the comma separated list opts holds the option opt. */
static inline int mnt_has_opt(const char *opts, const char *opt)
{
	size_t len = strlen(opt);
	const char *p = opts;

	while ((p = strstr(p, opt))) {
		if ((p == opts || p[-1] == ',') &&
		    (p[len] == ',' || p[len] == '\0'))
			return 1;
		p += len;
	}
	return 0;
}

/*
 * Undo every mount on path (cleanup: also after a failed check left
 * some behind). MNT_DETACH never fails on a busy mount.
 */
static inline void mnt_umount_all(const char *path)
{
	int tries = 16;

	while (mnt_count(path) > 0 && tries--)
		if (umount2(path, MNT_DETACH))
			tst_res(TWARN | TERRNO, "umount2(%s, MNT_DETACH)",
				path);
}

#endif /* MOUNT_NS_H */

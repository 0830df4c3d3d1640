/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A cgroup v1 hierarchy of controllers that cgroup v2 does not use
 * (cpuacct, freezer, devices, net_cls, net_prio: none has v2 files, so
 * binding one to v1 takes nothing from a v2 test running beside it).
 *
 * cg1_mount() mounts it on a directory of the test's tmpdir, in the
 * test's private mount namespace (mount_ns.h, made by the caller): the
 * mount goes away with the test however it ends. A v1 hierarchy is
 * shared: when another test has mounted the same controllers, the
 * mount joins that hierarchy, so each test works in a directory named
 * after its pid. TCONF with the reason when the kernel cannot give the
 * hierarchy (controller not built or disabled: EINVAL/ENODEV; bound to
 * another v1 hierarchy with a different set of controllers: EBUSY).
 *
 * cg1_rmdir_all() removes a test's directories at cleanup, deepest
 * first, ignoring those already gone: a v1 hierarchy with a child cgroup
 * left outlives its last mount.
 */
#ifndef CGROUP_V1_H
#define CGROUP_V1_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"

static inline void cg1_mount(const char *dir, const char *opts)
{
	SAFE_MKDIR(dir, 0755);
	if (!mount("ltp_cgroup_v1", dir, "cgroup", 0, opts))
		return;
	if (errno == EINVAL || errno == ENODEV || errno == ENOENT)
		tst_brk(TCONF | TERRNO, "no cgroup v1 hierarchy '%s': the "
			"controller is not built or is disabled "
			"(cgroup_no_v1=)", opts);
	if (errno == EBUSY)
		tst_brk(TCONF | TERRNO, "no cgroup v1 hierarchy '%s': the "
			"controller is bound to another hierarchy", opts);
	tst_brk(TBROK | TERRNO, "mount(cgroup, %s, %s)", dir, opts);
}

/* rmdir each of the n paths, last first; cleanup use, errors ignored */
static inline void cg1_rmdir_all(const char *const paths[], int n)
{
	while (n-- > 0)
		rmdir(paths[n]);
}

/* Write a string to a cgroup file: 0, or the errno of the failure. */
static inline int cg1_write(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), err = 0;
	ssize_t len = strlen(val);

	if (fd < 0)
		return errno;
	if (write(fd, val, len) != len)
		err = errno ? errno : EIO;
	close(fd);
	return err;
}

#endif /* CGROUP_V1_H */

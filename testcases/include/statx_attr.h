/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A statx() attribute and the inode flag that goes with it (ext4 and
 * others report both from the same inode bit): the attribute must be in
 * stx_attributes_mask, and set in stx_attributes and in the
 * FS_IOC_GETFLAGS flags exactly when @set.
 */
#ifndef STATX_ATTR_H
#define STATX_ATTR_H

#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include "tst_test.h"

static inline void statx_check_attr_(const char *path, int set,
				     unsigned long long attr,
				     const char *attr_name, int inode_flag,
				     const char *flag_name)
{
	struct statx stx;
	int fd, flags = 0;

	memset(&stx, 0, sizeof(stx));
	TST_EXP_PASS(statx(AT_FDCWD, path, 0, STATX_BASIC_STATS, &stx),
		     "statx(%s)", path);
	if (!TST_PASS)
		return;
	TST_EXP_EXPR(stx.stx_attributes_mask & attr,
		     "%s: %s in stx_attributes_mask 0x%llx",
		     path, attr_name, (unsigned long long)stx.stx_attributes_mask);
	TST_EXP_EXPR(!!(stx.stx_attributes & attr) == set,
		     "%s: %s %s in stx_attributes 0x%llx",
		     path, attr_name, set ? "set" : "clear",
		     (unsigned long long)stx.stx_attributes);
	fd = SAFE_OPEN(path, O_RDONLY);
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_GETFLAGS(%s)", path);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!!(flags & inode_flag) == set,
		     "%s: %s %s in flags 0x%x", path, flag_name,
		     set ? "set" : "clear", flags);
}

/* e.g. statx_check_attr(path, 1, STATX_ATTR_VERITY, FS_VERITY_FL) */
#define statx_check_attr(path, set, attr, inode_flag) \
	statx_check_attr_((path), (set), (attr), #attr, (inode_flag), \
			  #inode_flag)

#endif /* STATX_ATTR_H */

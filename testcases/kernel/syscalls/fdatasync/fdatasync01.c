// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fdatasync(2) writes back the file's data (and the metadata needed to
 * read it):
 * - a dirty page cache page of the file is clean after it returns 0
 *   (seen through /proc/kpageflags; TCONF on tmpfs, which never writes
 *   back, and without CAP_SYS_ADMIN);
 * - it returns 0 for an fd opened O_RDONLY, O_WRONLY, O_RDWR, and for a
 *   directory, and leaves the data, size and file offset as they were;
 * - errors: EBADF for fd -1, a closed fd, an O_PATH fd; EINVAL for fds
 *   that cannot be synced: a pipe, a socket, /dev/null, an eventfd.
 * Runs once per filesystem of the matrix (ext2 ext3 ext4 xfs btrfs
 * vfat exfat ntfs3 tmpfs; .all_filesystems).
 */
#define SYNC_CALL fdatasync
#include "sync_fd_test.h"

static struct tst_test test = {
	.test_all = sync_fd_run,
	.setup = sync_fd_setup,
	.needs_root = 1,
	.all_filesystems = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): with O_CREAT and O_EXCL the call fails if the object
 * exists, with [EEXIST] (O_RDWR, O_RDONLY, and with O_TRUNC added),
 * and the object is not touched: O_TRUNC does not empty it, the mode
 * argument does not change it, size, data and inode read back.
 */
#include "pts_shmobj.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct stat a, b;
	char name[64];
	int fd;

	pts_shm_name(name, sizeof(name), "shmo22");
	fd = pts_shm_make(name, 0640, 3 * pg, "precious");
	if (fstat(fd, &a))
		PTS_UNRES("fstat(): %m");
	errno = 0;
	if (shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600) != -1 ||
	    errno != EEXIST)
		goto fail;
	errno = 0;
	if (shm_open(name, O_RDONLY | O_CREAT | O_EXCL, 0600) != -1 ||
	    errno != EEXIST)
		goto fail;
	errno = 0;
	if (shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_TRUNC, 0777) != -1 ||
	    errno != EEXIST)
		goto fail;
	if (fstat(fd, &b)) {
		shm_unlink(name);
		PTS_UNRES("fstat(): %m");
	}
	shm_unlink(name);
	if (b.st_size != 3 * pg || !pts_shm_has(fd, "precious") ||
	    b.st_ino != a.st_ino || (b.st_mode & 07777) != 0640)
		PTS_FAILED("the existing object changed: size %lld mode 0%o",
			   (long long)b.st_size,
			   (unsigned int)(b.st_mode & 07777));
	PTS_PASSED("EEXIST for an existing object, which keeps size, data and mode");
fail:
	shm_unlink(name);
	PTS_FAILED("O_CREAT | O_EXCL on an existing object: %s, expected EEXIST",
		   strerrorname_np(errno));
}

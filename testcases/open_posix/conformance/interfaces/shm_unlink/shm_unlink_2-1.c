// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): [EACCES] "Permission is denied to unlink the named shared
 * memory object." An object created by root with mode 0666 (nobody may
 * map it for writing) cannot be unlinked by nobody: the call fails with
 * EACCES and the object is still there by name with its data. (The
 * kernel refuses in the sticky /dev/shm with EPERM; glibc reports EACCES.
 * EPERM is reported as a known issue, never a pass.)
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_unlink.h"

static char name[64];

static int use(const char *n)
{
	int fd = shm_open(n, O_RDWR, 0);

	return fd < 0 || write(fd, "nobody", 6) != 6;
}

int main(void)
{
	const struct pts_unlink o = { name, "object", use, shm_unlink };
	char buf[8] = "";
	int fd, code;

	if (geteuid())
		PTS_UNSUPP("needs root to make an object nobody does not own");
	snprintf(name, sizeof(name), "/pts_shm_unlink2_%d", (int)getpid());
	umask(0);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	close(fd);
	code = pts_unlink_as_nobody(&o);
	fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0)
		PTS_FAILED("the object is gone after a refused unlink: %m");
	shm_unlink(name);
	if (read(fd, buf, 6) != 6 || memcmp(buf, "nobody", 6))
		PTS_FAILED("the object lost nobody's data");
	pts_unlink_verdict(&o, code, "shm_unlink EACCES");
}

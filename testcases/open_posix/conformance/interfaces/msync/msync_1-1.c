// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msync(): MS_SYNC writes the modified pages of a MAP_SHARED file
 * mapping to the file (the data read back with pread() after msync, and
 * the file's mtime updated per POSIX: "st_ctime and st_mtime ... marked
 * for update" between the write and the msync); [EINVAL] for both MS_SYNC
 * and MS_ASYNC, for unknown flags and for an unaligned address; [ENOMEM]
 * for a range that is not mapped.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct stat st0, st1;
	char path[64], buf[16];
	struct timespec nap = { 0, 20000000 };
	char *p;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_msync_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 2 * pg))
		PTS_UNRES("file: %m");
	p = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	fstat(fd, &st0);
	nanosleep(&nap, NULL);	/* let the coarse clock tick on */
	memcpy(p + 10, "synced!", 7);
	if (msync(p, pg, MS_SYNC))
		PTS_FAILED("msync(MS_SYNC): %m");
	if (pread(fd, buf, 7, 10) != 7 || memcmp(buf, "synced!", 7))
		PTS_FAILED("the file does not hold the mapped data");
	fstat(fd, &st1);
	if (st1.st_mtim.tv_sec == st0.st_mtim.tv_sec &&
	    st1.st_mtim.tv_nsec == st0.st_mtim.tv_nsec)
		PTS_FAILED("st_mtime not updated after write and msync");
	PTS_EXPECT_ERRNO(msync(p, pg, MS_SYNC | MS_ASYNC), EINVAL,
			 "MS_SYNC | MS_ASYNC");
	PTS_EXPECT_ERRNO(msync(p, pg, 0x100), EINVAL, "unknown flag");
	PTS_EXPECT_ERRNO(msync(p + 1, pg, MS_SYNC), EINVAL, "unaligned address");
	munmap(p + pg, pg);
	PTS_EXPECT_ERRNO(msync(p + pg, pg, MS_SYNC), ENOMEM, "unmapped range");
	PTS_PASSED("MS_SYNC wrote the data and mtime, EINVAL, ENOMEM");
}

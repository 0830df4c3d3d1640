// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap(): when a removed mapping was private, the modifications made
 * in it are discarded. Stores into a MAP_PRIVATE mapping of a file
 * never reach the file (read() shows the old bytes) and a new mapping
 * of it shows the file's data; a private anonymous mapping made again
 * at the same address (MAP_FIXED) reads zeros.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], buf[8];
	char *m, *a;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_munmap4_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || ftruncate(fd, 2 * pg) || pwrite(fd, "origin", 6, pg) != 6)
		PTS_UNRES("set-up: %m");
	m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	a = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (m == MAP_FAILED || a == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memcpy(m + pg, "CHANGE", 6);
	memset(m, 'x', pg);
	memset(a, 'y', pg);
	if (munmap(m, 2 * pg) || munmap(a, pg))
		PTS_FAILED("munmap(): %m");
	if (pread(fd, buf, 6, pg) != 6 || memcmp(buf, "origin", 6))
		PTS_FAILED("a private store reached the file");
	m = mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (m[0] || memcmp(m + pg, "origin", 6))
		PTS_FAILED("a new mapping shows the discarded private data");
	if (mmap(a, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		 -1, 0) != a)
		PTS_UNRES("mmap(MAP_FIXED): %m");
	if (a[0] || a[pg - 1])
		PTS_FAILED("anonymous memory mapped again keeps old data");
	PTS_PASSED("private modifications discarded by munmap()");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): "The mmap() function shall add an extra reference to the file
 * associated with the file descriptor fildes which is not removed by a
 * subsequent close() on that file descriptor. This reference shall be
 * removed when there are no more mappings to the file." A MAP_SHARED
 * mapping whose descriptor is closed and whose file is unlinked still
 * reads the file and its stores reach the file (seen with pread()
 * through a descriptor opened before). MAP_PRIVATE: "modifications to
 * the mapped data by the calling process shall be visible only to the
 * calling process": two private mappings of the same page do not see
 * each other's stores nor change the file, while two shared mappings
 * in one process see each other at once.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], buf[16] = "";
	char *s1, *s2, *p1, *p2;
	int fd, keep;

	snprintf(path, sizeof(path), "/tmp/pts_mmap9_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	keep = open(path, O_RDONLY);
	unlink(path);
	if (fd < 0 || keep < 0 || ftruncate(fd, pg) ||
	    pwrite(fd, "original", 9, 0) != 9)
		PTS_UNRES("create %s: %m", path);
	s1 = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	s2 = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	p1 = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	p2 = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (s1 == MAP_FAILED || s2 == MAP_FAILED || p1 == MAP_FAILED ||
	    p2 == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	close(fd);
	if (strcmp(s1, "original"))
		PTS_FAILED("after close and unlink the mapping reads \"%s\"", s1);
	strcpy(s1, "shared!!");
	if (strcmp(s2, "shared!!"))
		PTS_FAILED("the second shared mapping reads \"%s\"", s2);
	if (pread(keep, buf, 9, 0) != 9 || strcmp(buf, "shared!!"))
		PTS_FAILED("the file reads \"%s\" after a store to the mapping of a closed fd",
			   buf);
	strcpy(p1, "private1");
	strcpy(p2, "private2");
	printf("shared: \"%s\" \"%s\"; private: \"%s\" \"%s\"\n", s1, s2, p1, p2);
	if (strcmp(p1, "private1") || strcmp(p2, "private2"))
		PTS_FAILED("one private mapping saw the other's store");
	if (strcmp(s1, "shared!!") ||
	    pread(keep, buf, 9, 0) != 9 || strcmp(buf, "shared!!"))
		PTS_FAILED("a private store reached the file or the shared mappings");
	PTS_PASSED("mapping holds the file after close; private copies isolated");
}

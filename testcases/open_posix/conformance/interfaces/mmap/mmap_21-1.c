// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): [EINVAL] when flags holds neither MAP_PRIVATE nor MAP_SHARED:
 * flags 0, MAP_FIXED alone, MAP_ANONYMOUS alone, for a file and for
 * anonymous memory. A refused MAP_FIXED leaves the mapping at that
 * address with its data and protection (still writable).
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	static const int bad[] = { 0, MAP_FIXED, MAP_ANONYMOUS,
				   MAP_ANONYMOUS | MAP_FIXED };
	long pg = sysconf(_SC_PAGESIZE);
	char path[64];
	unsigned int i;
	char *m;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_mmap21_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	m = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	if (fd < 0 || ftruncate(fd, pg) || m == MAP_FAILED)
		PTS_UNRES("set-up: %m");
	strcpy(m, "target");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int anon = bad[i] & MAP_ANONYMOUS;

		errno = 0;
		if (mmap(bad[i] & MAP_FIXED ? m : NULL, pg,
			 PROT_READ | PROT_WRITE, bad[i], anon ? -1 : fd, 0) !=
		    MAP_FAILED || errno != EINVAL)
			PTS_FAILED("flags 0x%x: %s, expected EINVAL", bad[i],
				   strerrorname_np(errno));
	}
	if (strcmp(m, "target"))
		PTS_FAILED("the mapping at the MAP_FIXED address changed");
	m[1] = 'A';
	PTS_PASSED("EINVAL without MAP_PRIVATE or MAP_SHARED; the target kept");
}

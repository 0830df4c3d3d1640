// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): [ENAMETOOLONG] "The length of the name argument exceeds
 * {_POSIX_PATH_MAX} ... or has a pathname component that is longer than
 * {NAME_MAX}". A name of NAME_MAX + 1 characters after the slash must be
 * refused with ENAMETOOLONG. (glibc refuses still longer names with
 * EINVAL before any system call, seen with NAME_MAX + 6 characters: if
 * this case ever gets EINVAL too it is reported as a known C library
 * deviation, TCONF, not as a pass.)
 */
#include <limits.h>
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	char name[NAME_MAX + 3];
	int fd;

	memset(name, 'n', sizeof(name));
	name[0] = '/';
	name[sizeof(name) - 1] = 0;
	errno = 0;
	fd = shm_open(name, O_RDWR | O_CREAT, 0600);
	if (fd >= 0) {
		shm_unlink(name);
		PTS_FAILED("a %d character name was accepted", NAME_MAX + 1);
	}
	if (errno == EINVAL)
		PTS_KNOWN_ISSUE("shm_open long name",
				"a name component of %d characters fails with EINVAL, not ENAMETOOLONG",
				NAME_MAX + 1);
	if (errno != ENAMETOOLONG)
		PTS_FAILED("a too long name failed with %m, expected ENAMETOOLONG");
	PTS_PASSED("ENAMETOOLONG for a name longer than NAME_MAX");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): [ENAMETOOLONG] when a component of the name is longer
 * than {NAME_MAX} (or the name longer than {PATH_MAX}). At the edge an
 * object named by NAME_MAX characters unlinks (0, then gone), while a
 * name of NAME_MAX + 1 characters, whose first NAME_MAX are that of an
 * existing object, fails with [ENAMETOOLONG] and leaves the object. A
 * name of PATH_MAX + 1 characters should fail with [ENAMETOOLONG] too,
 * but glibc 2.36 reports [ENOENT] for any name that overflows its fixed
 * buffer for "/dev/shm/" and the name (known issue, with shm_open_39-1).
 */
#include <limits.h>

#include "pts_shmobj.h"

static char name[PATH_MAX + 2];

int main(void)
{
	int fd, k, e;

	name[0] = '/';
	memset(name + 1, 'u', NAME_MAX + 1);
	name[NAME_MAX + 2] = 0;
	k = snprintf(name + 1, 32, "pts_shmu10_%d_", (int)getpid());
	name[1 + k] = 'u';
	name[NAME_MAX + 1] = 0;	/* NAME_MAX characters after the slash */
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("a %d-character name: %m", NAME_MAX);
	name[NAME_MAX + 1] = 'u';	/* one more */
	PTS_EXPECT_ERRNO(shm_unlink(name), ENAMETOOLONG,
			 "shm_unlink() of NAME_MAX + 1 characters");
	memset(name + 1, 'u', PATH_MAX);
	name[PATH_MAX + 1] = 0;
	errno = 0;
	if (shm_unlink(name) != -1 ||
	    (errno != ENAMETOOLONG && errno != ENOENT))
		PTS_FAILED("shm_unlink() of PATH_MAX + 1 characters: %s",
			   strerrorname_np(errno));
	e = errno;
	printf("PATH_MAX + 1 characters: %s\n", strerrorname_np(e));
	k = snprintf(name + 1, 32, "pts_shmu10_%d_", (int)getpid());
	name[1 + k] = 'u';
	name[NAME_MAX + 1] = 0;
	if (shm_open(name, O_RDONLY, 0) < 0)
		PTS_FAILED("the NAME_MAX object is gone: %m");
	if (shm_unlink(name))
		PTS_FAILED("shm_unlink() of NAME_MAX characters: %m");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDONLY, 0), ENOENT,
			 "the NAME_MAX name after its unlink");
	if (e == ENOENT)
		PTS_KNOWN_ISSUE("shm_unlink ENAMETOOLONG",
				"NAME_MAX unlinks, NAME_MAX + 1 ENAMETOOLONG, PATH_MAX + 1 ENOENT (glibc)");
	PTS_PASSED("NAME_MAX unlinks; NAME_MAX + 1 and PATH_MAX + 1 ENAMETOOLONG");
}

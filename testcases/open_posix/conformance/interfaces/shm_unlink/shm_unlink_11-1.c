// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): [ENOENT] "The named shared memory object does not
 * exist": for a name never created, and for a name already unlinked
 * whose object is still open. A failing call changes nothing: an
 * object whose name differs by one character stays, openable with its
 * size.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char name[64], other[64];
	struct stat st;
	int fd, fd2;

	snprintf(name, sizeof(name), "/pts_shmu11_%d", (int)getpid());
	snprintf(other, sizeof(other), "/pts_shmu11_%dx", (int)getpid());
	fd2 = shm_open(other, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd2 < 0 || ftruncate(fd2, 4096))
		PTS_UNRES("shm_open(%s): %m", other);
	close(fd2);
	PTS_EXPECT_ERRNO(shm_unlink(name), ENOENT, "shm_unlink() of a name never created");
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("shm_open(%s): %m", name);
	if (shm_unlink(name))
		PTS_UNRES("shm_unlink(): %m");
	PTS_EXPECT_ERRNO(shm_unlink(name), ENOENT,
			 "a second shm_unlink() (object still open)");
	fd2 = shm_open(other, O_RDONLY, 0);
	if (fd2 < 0 || fstat(fd2, &st) || st.st_size != 4096) {
		shm_unlink(other);
		PTS_FAILED("the other object changed: %m");
	}
	if (shm_unlink(other))
		PTS_FAILED("shm_unlink(%s): %m", other);
	PTS_PASSED("ENOENT for a name never made and one unlinked, nothing else changed");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): returns zero on success: exactly 0 for an object still
 * open and mapped, for one no longer referenced, and for a name created
 * again after an unlink; each time the name is then gone ([ENOENT]
 * from a second shm_unlink(), which returns -1).
 */
#include "pts_shmobj.h"

static void once(const char *name, const char *what)
{
	int r = shm_unlink(name);

	if (r != 0)
		PTS_FAILED("%s: shm_unlink() returned %d (%m)", what, r);
	PTS_EXPECT_ERRNO(shm_unlink(name), ENOENT, "a second shm_unlink()");
}

int main(void)
{
	char name[64];
	void *m;
	int fd;

	pts_shm_name(name, sizeof(name), "shmu6");
	fd = pts_shm_make(name, 0600, 4096, NULL);
	m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		shm_unlink(name);
		PTS_UNRES("mmap(): %m");
	}
	once(name, "open and mapped");
	munmap(m, 4096);
	close(fd);
	close(pts_shm_make(name, 0600, 0, NULL));
	once(name, "not referenced");
	close(pts_shm_make(name, 0600, 0, NULL));
	once(name, "created again");
	PTS_PASSED("0 on every success, then -1 ENOENT");
}

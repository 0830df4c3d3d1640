// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): O_TRUNC on an existing object opened O_RDWR leaves its
 * mode and owner unchanged. An object of uid 4321, gid 5432 and mode
 * 0604 opened with O_RDWR | O_TRUNC, and again with O_CREAT | O_TRUNC
 * and mode 0777 (O_CREAT on an existing object takes no mode), is
 * empty but reads back 4321, 5432, 0604.
 */
#include "pts_shmobj.h"

static char name[64];

static void check(int fd, const char *what)
{
	struct stat st;

	if (fstat(fd, &st))
		PTS_UNRES("fstat(): %m");
	printf("%s: uid %d gid %d mode 0%o size %lld\n", what, (int)st.st_uid,
	       (int)st.st_gid, (unsigned int)(st.st_mode & 07777),
	       (long long)st.st_size);
	if (st.st_uid != 4321 || st.st_gid != 5432 ||
	    (st.st_mode & 07777) != 0604 || st.st_size) {
		shm_unlink(name);
		PTS_FAILED("%s changed owner or mode (or kept data)", what);
	}
}

int main(void)
{
	int fd, t;

	if (geteuid())
		PTS_UNSUPP("needs root to give the object another owner");
	pts_shm_name(name, sizeof(name), "shmo26");
	fd = pts_shm_make(name, 0604, 4096, "data");
	if (fchown(fd, 4321, 5432) || fchmod(fd, 0604)) {
		shm_unlink(name);
		PTS_UNRES("fchown(): %m");
	}
	t = shm_open(name, O_RDWR | O_TRUNC, 0);
	if (t < 0) {
		shm_unlink(name);
		PTS_FAILED("O_RDWR | O_TRUNC: %m");
	}
	check(t, "O_RDWR | O_TRUNC");
	if (ftruncate(fd, 4096))
		PTS_UNRES("ftruncate(): %m");
	t = shm_open(name, O_RDWR | O_CREAT | O_TRUNC, 0777);
	shm_unlink(name);
	if (t < 0)
		PTS_FAILED("O_RDWR | O_CREAT | O_TRUNC: %m");
	check(t, "O_CREAT | O_TRUNC, mode 0777");
	PTS_PASSED("O_TRUNC kept uid 4321, gid 5432 and mode 0604");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): a created object's permission bits are those of mode
 * except the ones set in the process's file mode creation mask: mode
 * 0777 under umask 027 gives 0750, 0651 under umask 0 gives 0651, 0666
 * under umask 0777 gives 0, and 0640 under umask 0002 gives 0640.
 */
#include "pts_shmobj.h"

static void check(const char *name, mode_t mask, mode_t mode, mode_t want)
{
	struct stat st;
	int fd;

	umask(mask);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, mode);
	if (fd < 0)
		PTS_UNRES("shm_open(0%o): %m", (unsigned int)mode);
	shm_unlink(name);
	if (fstat(fd, &st))
		PTS_UNRES("fstat(): %m");
	close(fd);
	printf("mode 0%o umask 0%03o: 0%o\n", (unsigned int)mode,
	       (unsigned int)mask, (unsigned int)(st.st_mode & 07777));
	if ((st.st_mode & 07777) != want)
		PTS_FAILED("mode 0%o under umask 0%o gave 0%o, expected 0%o",
			   (unsigned int)mode, (unsigned int)mask,
			   (unsigned int)(st.st_mode & 07777),
			   (unsigned int)want);
}

int main(void)
{
	char name[64];

	pts_shm_name(name, sizeof(name), "shmo18");
	check(name, 027, 0777, 0750);
	check(name, 0, 0651, 0651);
	check(name, 0777, 0666, 0);
	check(name, 02, 0640, 0640);
	PTS_PASSED("permission bits are mode & ~umask");
}

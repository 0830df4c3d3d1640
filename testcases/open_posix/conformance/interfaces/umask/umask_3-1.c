// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The file mode creation mask applies to every call that creates a
 * file with a mode, not only open() and mkdir(): with umask 027,
 * shm_open(O_CREAT, 0666) gives a shared memory object of mode 0640
 * (fstat()), openat(O_CREAT, 0666) a file of 0640, mkdirat(0777) a
 * directory of 0750, mkfifoat(0666) a FIFO of 0640; a second shm_open()
 * of the existing object with O_CREAT and mode 0606 changes nothing.
 * With umask 0 the modes are taken as given (0606 object, 0707
 * directory). The mask is read back by the next umask() call.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static void mode_is(struct stat *st, mode_t want, const char *what)
{
	if ((st->st_mode & 07777) != want)
		PTS_FAILED("%s: mode %04o, %04o expected", what,
			   (unsigned int)(st->st_mode & 07777), (unsigned int)want);
}

int main(void)
{
	char dir[64], shm[64], shm2[64];
	struct stat st;
	int dfd, fd;
	mode_t old;

	snprintf(dir, sizeof(dir), "/tmp/pts_umask3_%d", (int)getpid());
	snprintf(shm, sizeof(shm), "/pts_umask3_%d", (int)getpid());
	snprintf(shm2, sizeof(shm2), "/pts_umask3b_%d", (int)getpid());
	if (mkdir(dir, 0700))
		PTS_UNRES("mkdir(): %m");
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		PTS_UNRES("open(): %m");

	umask(027);
	fd = shm_open(shm, O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	shm_unlink(shm);
	fstat(fd, &st);
	mode_is(&st, 0640, "shm_open(0666) under umask 027");
	close(fd);
	fd = shm_open(shm2, O_RDWR | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	close(fd);
	fd = shm_open(shm2, O_RDWR | O_CREAT, 0606);
	if (fd < 0)
		PTS_FAILED("shm_open(O_CREAT) of an existing object: %m");
	fstat(fd, &st);
	shm_unlink(shm2);
	mode_is(&st, 0640, "existing object opened with O_CREAT 0606");
	close(fd);

	fd = openat(dfd, "f", O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0 || fstat(fd, &st))
		PTS_UNRES("openat(): %m");
	mode_is(&st, 0640, "openat(0666) under umask 027");
	close(fd);
	if (mkdirat(dfd, "d", 0777) || fstatat(dfd, "d", &st, 0))
		PTS_UNRES("mkdirat(): %m");
	mode_is(&st, 0750, "mkdirat(0777) under umask 027");
	if (mkfifoat(dfd, "p", 0666) || fstatat(dfd, "p", &st, 0))
		PTS_UNRES("mkfifoat(): %m");
	if (!S_ISFIFO(st.st_mode))
		PTS_FAILED("mkfifoat() made no FIFO");
	mode_is(&st, 0640, "mkfifoat(0666) under umask 027");

	old = umask(0);
	if (old != 027)
		PTS_FAILED("umask() returned %04o, 0027 expected", (unsigned int)old);
	fd = shm_open(shm, O_RDWR | O_CREAT | O_EXCL, 0606);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	shm_unlink(shm);
	fstat(fd, &st);
	mode_is(&st, 0606, "shm_open(0606) under umask 0");
	if (mkdirat(dfd, "d0", 0707) || fstatat(dfd, "d0", &st, 0))
		PTS_UNRES("mkdirat(): %m");
	mode_is(&st, 0707, "mkdirat(0707) under umask 0");

	unlinkat(dfd, "f", 0);
	unlinkat(dfd, "p", 0);
	unlinkat(dfd, "d", AT_REMOVEDIR);
	unlinkat(dfd, "d0", AT_REMOVEDIR);
	rmdir(dir);
	PTS_PASSED("umask applied by shm_open(), openat(), mkdirat(), mkfifoat()");
}

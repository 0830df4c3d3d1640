// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): when O_CREAT creates the object, mode does not affect
 * whether it is opened for reading, writing or both. As nobody (so no
 * privilege overrides the bits), an object created O_RDWR with mode 0
 * (and one with mode 0444) gives a descriptor that writes, ftruncate()s
 * and maps writable; a later open of the name is subject to the mode:
 * O_RDWR fails with [EACCES] (and O_RDONLY too for mode 0).
 */
#include "pts_shmobj.h"

static char name[64];

static int one(mode_t mode)
{
	char buf[4];
	char *m;
	int fd, ret = PTS_FAIL;

	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, mode);
	if (fd < 0) {
		printf("mode 0%o: shm_open(O_CREAT): %m\n", (unsigned int)mode);
		return PTS_FAIL;
	}
	if (write(fd, "abc", 3) != 3 || ftruncate(fd, 4096) ||
	    pread(fd, buf, 3, 0) != 3 || memcmp(buf, "abc", 3)) {
		printf("mode 0%o: the new descriptor is not read-write: %m\n",
		       (unsigned int)mode);
		goto out;
	}
	m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		printf("mode 0%o: writable mapping: %m\n", (unsigned int)mode);
		goto out;
	}
	errno = 0;
	if (shm_open(name, O_RDWR, 0) != -1 || errno != EACCES) {
		printf("mode 0%o: reopen O_RDWR: %s, expected EACCES\n",
		       (unsigned int)mode, strerrorname_np(errno));
		goto out;
	}
	errno = 0;
	if (!mode && (shm_open(name, O_RDONLY, 0) != -1 || errno != EACCES)) {
		printf("mode 0: reopen O_RDONLY: %s, expected EACCES\n",
		       strerrorname_np(errno));
		goto out;
	}
	ret = PTS_PASS;
out:
	shm_unlink(name);
	return ret;
}

static int child(void)
{
	int r = one(0);

	return r ? r : one(0444);
}

int main(void)
{
	if (geteuid())
		PTS_UNSUPP("needs root to become nobody");
	pts_shm_name(name, sizeof(name), "shmo20");
	umask(0);
	pts_run_as_nobody(child, "creator as nobody");
	PTS_PASSED("mode 0 and 0444: the creating descriptor is read-write, later opens EACCES");
}

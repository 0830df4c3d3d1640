// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): [EACCES] when permission to unlink the object is
 * denied. Linux keeps objects in /dev/shm, a sticky world-writable
 * directory: an object of uid 4321 with mode 0666, which anyone may
 * write, still cannot be unlinked by nobody ([EACCES], the object
 * stays), while its owner's shm_unlink() returns 0 and removes it.
 */
#include "pts_shmobj.h"

static char name[64];

static int as_nobody(void)
{
	errno = 0;
	if (shm_unlink(name) != -1 || errno != EACCES) {
		printf("nobody: %s, expected EACCES\n", strerrorname_np(errno));
		return PTS_FAIL;
	}
	if (shm_open(name, O_RDWR, 0) < 0) {
		printf("nobody: the object is gone after EACCES\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static int as_owner(void)
{
	if (setresgid(5432, 5432, 5432) || setresuid(4321, 4321, 4321))
		return PTS_UNRESOLVED;
	if (shm_unlink(name)) {
		printf("owner 4321: shm_unlink(): %m\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct stat dir;
	int fd, status;

	if (geteuid())
		PTS_UNSUPP("needs root to give objects other owners");
	if (stat("/dev/shm", &dir) || !(dir.st_mode & S_ISVTX))
		PTS_UNSUPP("/dev/shm is not a sticky directory here");
	pts_shm_name(name, sizeof(name), "shmu9");
	fd = pts_shm_make(name, 0666, 4096, NULL);
	if (fchown(fd, 4321, 5432)) {
		shm_unlink(name);
		PTS_UNRES("fchown(): %m");
	}
	fflush(stdout);
	if (!fork()) {
		pts_become_nobody();
		exit(as_nobody());
	}
	if (wait(&status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		shm_unlink(name);
		PTS_FAILED("nobody's unlink of a 0666 object was not EACCES");
	}
	pts_run_child(as_owner, "owner 4321");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDONLY, 0), ENOENT,
			 "the name after the owner's unlink");
	PTS_PASSED("EACCES for nobody on another user's 0666 object; its owner unlinks");
}

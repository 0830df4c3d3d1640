// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): a created object's user ID is the effective user ID of
 * the process. A process of real uid 4321 and effective uid 0 creates
 * an object owned by 0, and one of real uid 0 and effective uid 4321
 * an object owned by 4321: the real uid is never used.
 */
#include "pts_shmobj.h"

static char name[64];

static int create_as(uid_t ruid, uid_t euid)
{
	struct stat st;
	int fd;

	if (setresuid(ruid, euid, 0))
		return PTS_UNRESOLVED;
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd < 0) {
		printf("real %d effective %d: shm_open(): %m\n", (int)ruid,
		       (int)euid);
		return PTS_FAIL;
	}
	if (fstat(fd, &st))
		return PTS_UNRESOLVED;
	printf("real %d effective %d: owner %d\n", (int)ruid, (int)euid,
	       (int)st.st_uid);
	if (seteuid(0))
		return PTS_UNRESOLVED;
	shm_unlink(name);
	return st.st_uid == euid ? PTS_PASS : PTS_FAIL;
}

static int real_other(void)
{
	return create_as(4321, 0);
}

static int eff_other(void)
{
	return create_as(0, 4321);
}

int main(void)
{
	if (geteuid())
		PTS_UNSUPP("needs root to change user IDs");
	pts_shm_name(name, sizeof(name), "shmo16");
	pts_run_child(real_other, "real 4321 effective 0");
	pts_run_child(eff_other, "real 0 effective 4321");
	PTS_PASSED("the creator's effective uid owns the object in both cases");
}

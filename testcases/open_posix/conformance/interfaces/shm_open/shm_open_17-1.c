// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): a created object's group ID is a system default group ID
 * or the effective group ID of the process. A process of real gid 5432,
 * effective gid 6543 and saved gid 7654 creates the object: its group
 * must be 6543, or, where the object directory passes its own group on
 * (set-group-ID directory, the only system default Linux has), that
 * group; never the real or saved gid.
 */
#include "pts_shmobj.h"

static char name[64];

static int child(void)
{
	struct stat st, dir;
	int fd, ok;

	if (setresgid(5432, 6543, 7654))
		return PTS_UNRESOLVED;
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd < 0 || fstat(fd, &st)) {
		printf("shm_open(O_CREAT): %m\n");
		return PTS_FAIL;
	}
	shm_unlink(name);
	printf("object group %d\n", (int)st.st_gid);
	ok = st.st_gid == 6543;
	if (!ok && !stat("/dev/shm", &dir) && (dir.st_mode & S_ISGID) &&
	    st.st_gid == dir.st_gid) {
		printf("the group of the set-group-ID /dev/shm (a system default)\n");
		ok = 1;
	}
	return ok ? PTS_PASS : PTS_FAIL;
}

int main(void)
{
	if (geteuid())
		PTS_UNSUPP("needs root to change group IDs");
	pts_shm_name(name, sizeof(name), "shmo17");
	pts_run_child(child, "creator of gids 5432/6543/7654");
	PTS_PASSED("the object's group is the creator's effective gid");
}

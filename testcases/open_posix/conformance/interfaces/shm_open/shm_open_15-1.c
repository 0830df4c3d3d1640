// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): when the object does not exist and O_CREAT is set, the
 * object is created. Before the call the name gives [ENOENT]; after it
 * another process opens the name without O_CREAT and gets the very same
 * object (device and inode number), whose bytes written by that process
 * the creator reads.
 */
#include "pts_shmobj.h"

static char name[64];
static struct stat created;

static int child(void)
{
	struct stat st;
	int fd = shm_open(name, O_RDWR, 0);

	if (fd < 0) {
		printf("child: shm_open() without O_CREAT: %m\n");
		return PTS_FAIL;
	}
	if (fstat(fd, &st) || st.st_ino != created.st_ino ||
	    st.st_dev != created.st_dev) {
		printf("child: a different object\n");
		return PTS_FAIL;
	}
	return pwrite(fd, "child", 5, 0) == 5 ? PTS_PASS : PTS_UNRESOLVED;
}

int main(void)
{
	int fd;

	pts_shm_name(name, sizeof(name), "shmo15");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR, 0), ENOENT,
			 "shm_open() of a name never created");
	fd = shm_open(name, O_RDWR | O_CREAT, 0600);
	if (fd < 0)
		PTS_FAILED("shm_open(O_CREAT): %m");
	if (fstat(fd, &created) || ftruncate(fd, 16)) {
		shm_unlink(name);
		PTS_UNRES("fstat/ftruncate: %m");
	}
	pts_run_child(child, "opener");
	shm_unlink(name);
	if (!pts_shm_has(fd, "child"))
		PTS_FAILED("the creator does not read the other process's bytes");
	PTS_PASSED("O_CREAT made the object that the name then opens elsewhere");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open() with O_CREAT: the new object's user ID is the effective
 * user ID of the process and its group ID the effective group ID (here
 * both differ from the real ones, which stay 0), its permission bits
 * are mode with the umask cleared. With O_CREAT on an existing object
 * the mode is ignored: mode and owner stay. The permission bits then
 * decide who may open it: a process of the owning group reads but may
 * not write ([EACCES]), another user may do neither ([EACCES]).
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

#define OWNER	4321
#define GROUP	5432
#define OTHER	6543

static char name[64];

static int creator(void)
{
	struct stat st;
	int fd, fd2;

	if (setresgid(0, GROUP, 0) || setresuid(0, OWNER, 0))
		PTS_UNRES("setresgid/setresuid: %m");
	umask(027);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd < 0)
		PTS_FAILED("shm_open(O_CREAT) as euid %d: %m", OWNER);
	if (fstat(fd, &st))
		PTS_UNRES("fstat(): %m");
	if (st.st_uid != OWNER || st.st_gid != GROUP)
		PTS_FAILED("owner %d:%d, expected the effective ids %d:%d",
			   (int)st.st_uid, (int)st.st_gid, OWNER, GROUP);
	if ((st.st_mode & 07777) != 0640)
		PTS_FAILED("mode %04o, expected 0666 & ~027 = 0640",
			   (unsigned int)(st.st_mode & 07777));
	umask(0);
	fd2 = shm_open(name, O_RDWR | O_CREAT, 0606);
	if (fd2 < 0)
		PTS_FAILED("shm_open(O_CREAT) of the existing object: %m");
	if (fstat(fd2, &st) || (st.st_mode & 07777) != 0640 ||
	    st.st_uid != OWNER || st.st_gid != GROUP)
		PTS_FAILED("O_CREAT on the existing object changed it: %04o %d:%d",
			   (unsigned int)(st.st_mode & 07777), (int)st.st_uid,
			   (int)st.st_gid);
	return PTS_PASS;
}

static int in_group(void)
{
	int fd;

	if (setgroups(0, NULL) || setresgid(GROUP, GROUP, GROUP) ||
	    setresuid(OTHER, OTHER, OTHER))
		PTS_UNRES("set ids: %m");
	fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0)
		PTS_FAILED("O_RDONLY by a member of the group (mode 0640): %m");
	close(fd);
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR, 0), EACCES,
			 "O_RDWR by a member of the group (mode 0640)");
	return PTS_PASS;
}

static int other_user(void)
{
	if (setgroups(0, NULL) || setresgid(OTHER, OTHER, OTHER) ||
	    setresuid(OTHER, OTHER, OTHER))
		PTS_UNRES("set ids: %m");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDONLY, 0), EACCES,
			 "O_RDONLY by another user (mode 0640)");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR, 0), EACCES,
			 "O_RDWR by another user (mode 0640)");
	return PTS_PASS;
}

int main(void)
{
	snprintf(name, sizeof(name), "/pts_shm_open10_%d", (int)getpid());
	shm_unlink(name);
	pts_run_child(creator, "creator");
	pts_run_child(in_group, "group member");
	pts_run_child(other_user, "other user");
	if (shm_unlink(name))
		PTS_UNRES("shm_unlink(): %m");
	PTS_PASSED("owner is the effective uid/gid, mode minus umask, kept on re-create");
}

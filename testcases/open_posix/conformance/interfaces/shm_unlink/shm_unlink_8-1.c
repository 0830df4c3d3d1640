// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): when it returns -1 the named object is not changed. A
 * root object of mode 0644 with data, in the sticky /dev/shm: nobody's
 * shm_unlink() fails with [EACCES], and afterwards the object is the
 * same inode under the same name, with its link count, size, mode,
 * owner and data, and the name still opens.
 */
#include "pts_shmobj.h"

static char name[64];

static int child(void)
{
	errno = 0;
	if (shm_unlink(name) != -1 || errno != EACCES) {
		printf("nobody's shm_unlink(): %s, expected EACCES\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	struct stat a, b;
	int fd, fd2, status;
	pid_t pid;

	if (geteuid())
		PTS_UNSUPP("needs root to own an object nobody may not unlink");
	pts_shm_name(name, sizeof(name), "shmu8");
	fd = pts_shm_make(name, 0644, 12288, "unchanged");
	if (fstat(fd, &a))
		PTS_UNRES("fstat(): %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pts_become_nobody();
		exit(child());
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	fd2 = shm_open(name, O_RDONLY, 0);
	if (fd2 < 0 || fstat(fd2, &b)) {
		shm_unlink(name);
		PTS_FAILED("the name no longer opens after the failed unlink: %m");
	}
	shm_unlink(name);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_EXIT(WIFEXITED(status) ? WEXITSTATUS(status) : PTS_UNRESOLVED,
			 "Test FAILED as nobody (wait status 0x%x)", status);
	if (b.st_ino != a.st_ino || b.st_nlink != a.st_nlink ||
	    b.st_size != 12288 || b.st_mode != a.st_mode || b.st_uid ||
	    !pts_shm_has(fd2, "unchanged"))
		PTS_FAILED("the object changed: ino %lu/%lu nlink %lu size %lld mode 0%o",
			   (unsigned long)b.st_ino, (unsigned long)a.st_ino,
			   (unsigned long)b.st_nlink, (long long)b.st_size,
			   (unsigned int)b.st_mode);
	PTS_PASSED("EACCES left the same object under the name with its state");
}

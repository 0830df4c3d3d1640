// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): [EACCES] "Permission is denied to unlink the named shared
 * memory object." An object created by root with mode 0666 (nobody may
 * map it for writing) cannot be unlinked by nobody: the call fails with
 * EACCES and the object is still there by name with its data. (The
 * kernel refuses in the sticky /dev/shm with EPERM; glibc reports EACCES.
 * EPERM is reported as a known issue, never a pass.)
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char name[64];

static int child(void)
{
	int fd = shm_open(name, O_RDWR, 0);

	if (fd < 0 || write(fd, "nobody", 6) != 6) {
		printf("nobody cannot use the 0666 object: %m\n");
		return PTS_UNRESOLVED;
	}
	errno = 0;
	if (!shm_unlink(name)) {
		printf("nobody unlinked root's object\n");
		return PTS_FAIL;
	}
	printf("nobody's shm_unlink(): %s\n", strerrorname_np(errno));
	if (errno == EPERM)
		return 10;
	return errno == EACCES ? PTS_PASS : PTS_FAIL;
}

int main(void)
{
	char buf[8] = "";
	int fd, status;
	pid_t pid;

	if (geteuid())
		PTS_UNSUPP("needs root to make an object nobody does not own");
	snprintf(name, sizeof(name), "/pts_shm_unlink2_%d", (int)getpid());
	umask(0);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	close(fd);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pts_become_nobody();
		exit(child());	/* exit(): the child's output is flushed */
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		shm_unlink(name);
		PTS_UNRES("the child did not exit normally");
	}
	fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0)
		PTS_FAILED("the object is gone after a refused unlink: %m");
	shm_unlink(name);
	if (read(fd, buf, 6) != 6 || memcmp(buf, "nobody", 6))
		PTS_FAILED("the object lost nobody's data");
	if (WEXITSTATUS(status) == 10)
		PTS_KNOWN_ISSUE("shm_unlink EACCES",
				"the unlink was refused with EPERM, not EACCES");
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_EXIT(WEXITSTATUS(status), "as nobody");
	PTS_PASSED("EACCES for nobody, the object kept");
}

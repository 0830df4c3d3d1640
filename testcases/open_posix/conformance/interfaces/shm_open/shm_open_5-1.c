// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): [EACCES] "The shared memory object exists and the
 * permissions specified by oflag are denied, or the shared memory object
 * does not exist and permission to create the shared memory object is
 * denied, or O_TRUNC is specified and write permission is denied." For a
 * root object of mode 0644, nobody may open it O_RDONLY (and reads its
 * data through a mapping), but O_RDWR and O_RDWR | O_TRUNC fail with
 * EACCES, the object keeps its size; and mmap(PROT_WRITE, MAP_SHARED) of
 * the read-only descriptor fails with [EACCES] (mmap: "fildes is not
 * open for write").
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char name[64];

static int child(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *p;
	int fd;

	fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0) {
		printf("nobody: O_RDONLY of a 0644 object: %m\n");
		return PTS_FAIL;
	}
	p = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED || strcmp(p, "root data")) {
		printf("nobody: cannot read the object's data\n");
		return PTS_FAIL;
	}
	errno = 0;
	if (mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) !=
	    MAP_FAILED || errno != EACCES) {
		printf("nobody: writable shared mapping of O_RDONLY fd: %s, expected EACCES\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	errno = 0;
	if (shm_open(name, O_RDWR, 0) >= 0 || errno != EACCES) {
		printf("nobody: O_RDWR: %s, expected EACCES\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	errno = 0;
	if (shm_open(name, O_RDWR | O_TRUNC, 0) >= 0 || errno != EACCES) {
		printf("nobody: O_RDWR | O_TRUNC: %s, expected EACCES\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	struct stat st;
	pid_t pid;
	char *p;
	int fd, status;

	if (geteuid())
		PTS_UNSUPP("needs root to make an object nobody does not own");
	snprintf(name, sizeof(name), "/pts_shm_open5_%d", (int)getpid());
	umask(0);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0644);
	if (fd < 0 || ftruncate(fd, pg))
		PTS_UNRES("shm_open/ftruncate: %m");
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		shm_unlink(name);
		PTS_UNRES("mmap(): %m");
	}
	strcpy(p, "root data");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		pts_become_nobody();
		exit(child());	/* exit(): the child's output is flushed */
	}
	waitpid(pid, &status, 0);
	shm_unlink(name);
	if (fstat(fd, &st) || st.st_size != pg || strcmp(p, "root data"))
		PTS_FAILED("the object changed: size %lld",
			   (long long)st.st_size);
	if (!WIFEXITED(status))
		PTS_UNRES("child killed by signal %d", WTERMSIG(status));
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_EXIT(WEXITSTATUS(status), "Test FAILED as nobody");
	PTS_PASSED("O_RDONLY allowed; O_RDWR, O_TRUNC and a writable mapping EACCES");
}

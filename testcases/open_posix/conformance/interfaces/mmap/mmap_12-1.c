// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap() and fork(): a MAP_SHARED anonymous mapping is one object for
 * parent and child (a store by either is seen by the other), while a
 * MAP_PRIVATE one is copied on write: "modifications to the mapped data
 * by the calling process shall be visible only to the calling process"
 * - the child's store is not seen by the parent, the parent's store
 * after the fork not by the child, and the contents before the fork are
 * seen by both; also for a MAP_PRIVATE file mapping.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

struct sync {
	int child_wrote, parent_wrote, done;
};

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], *sh, *pv, *fpv;
	struct sync *s;
	int fd, status;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_mmap12_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	if (pwrite(fd, "file", 4, 0) != 4)
		PTS_UNRES("pwrite(): %m");
	s = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		 -1, 0);
	sh = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		  -1, 0);
	pv = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fpv = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (s == MAP_FAILED || sh == MAP_FAILED || pv == MAP_FAILED ||
	    fpv == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pv[0] = 'A';
	fpv[1] = 'X';		/* private copy of the file page */
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		int bad = 0;

		if (pv[0] != 'A' || fpv[1] != 'X' || fpv[0] != 'f')
			bad |= 1;
		sh[0] = 'c';
		pv[1] = 'c';
		fpv[2] = 'c';
		__atomic_store_n(&s->child_wrote, 1, __ATOMIC_RELEASE);
		pts_wait_flag(&s->parent_wrote, "the parent");
		if (pv[2] == 'p' || fpv[3] == 'p')
			bad |= 2;
		if (sh[1] != 'p')
			bad |= 4;
		_exit(bad);
	}
	pts_wait_flag(&s->child_wrote, "the child");
	if (sh[0] != 'c')
		PTS_FAILED("the child's store to MAP_SHARED not seen");
	if (pv[1] == 'c' || fpv[2] == 'c')
		PTS_FAILED("the child's store to MAP_PRIVATE seen by the parent");
	sh[1] = 'p';
	pv[2] = 'p';
	fpv[3] = 'p';
	__atomic_store_n(&s->parent_wrote, 1, __ATOMIC_RELEASE);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status))
		PTS_UNRES("the child died");
	if (WEXITSTATUS(status) & 1)
		PTS_FAILED("the child does not see the contents before the fork");
	if (WEXITSTATUS(status) & 2)
		PTS_FAILED("the parent's store to MAP_PRIVATE seen by the child");
	if (WEXITSTATUS(status) & 4)
		PTS_FAILED("the parent's store to MAP_SHARED not seen by the child");
	if (pread(fd, path, 4, 0) != 4 || memcmp(path, "file", 4))
		PTS_FAILED("a private store reached the file");
	PTS_PASSED("MAP_SHARED shared across fork(), MAP_PRIVATE copied on write");
}

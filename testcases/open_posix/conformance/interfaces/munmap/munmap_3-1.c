// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munmap() removes only the mappings of the range, in the calling
 * process: another MAP_SHARED mapping of the same file pages in the
 * same process keeps them (its data and the data written through it
 * reach the file), and a child's munmap() of an inherited mapping
 * leaves the parent's mapping of that range in place.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], buf[4], *a, *b;
	int fd, status;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_munmap3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	if (ftruncate(fd, pg))
		PTS_UNRES("ftruncate(): %m");
	a = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	b = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (a == MAP_FAILED || b == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memcpy(a, "one", 3);
	if (munmap(a, pg))
		PTS_FAILED("munmap(): %m");
	if (memcmp(b, "one", 3))
		PTS_FAILED("the other mapping lost the data");
	memcpy(b + 10, "two", 3);
	if (pread(fd, buf, 3, 10) != 3 || memcmp(buf, "two", 3))
		PTS_FAILED("a write through the other mapping missed the file");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		_exit(munmap(b, pg) ? 1 : 0);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_UNRES("the child's munmap() failed");
	if (memcmp(b, "one", 3))
		PTS_FAILED("the parent's mapping changed after the child's munmap()");
	b[20] = 'x';
	PTS_PASSED("only the unmapped mapping of the range is removed");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): "If MAP_SHARED is specified, write references shall change the
 * underlying object." A store by a forked child into a MAP_SHARED mapping
 * of a file is seen by the parent through its own mapping (inherited across
 * fork) and by read() on the file.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "posixtest.h"

int main(void)
{
	char path[] = "/tmp/pts_mmap_1-1_XXXXXX";
	char buf[16] = "";
	long ps = sysconf(_SC_PAGESIZE);
	int fd, status;
	char *map;
	pid_t pid;

	fd = mkstemp(path);
	if (fd < 0)
		PTS_UNRES("mkstemp(%s): %m", path);
	unlink(path);
	if (ftruncate(fd, ps))
		PTS_UNRES("ftruncate(): %m");

	map = mmap(NULL, ps, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		PTS_FAILED("mmap(MAP_SHARED) of a file: %m");

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		memcpy(map + 100, "from child", 10);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		PTS_UNRES("the child did not exit 0 (status %#x)", status);

	if (memcmp(map + 100, "from child", 10))
		PTS_FAILED("the parent does not see the child's store in the MAP_SHARED mapping");
	if (pread(fd, buf, 10, 100) != 10)
		PTS_UNRES("pread(): %m");
	if (memcmp(buf, "from child", 10))
		PTS_FAILED("read() of the file does not see the child's store");

	PTS_PASSED("a child's store in a MAP_SHARED mapping reaches the parent and the file");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): "If MAP_PRIVATE is specified, modifications to the mapped data by
 * the calling process shall be visible only to the calling process and
 * shall not change the underlying object." A store into a MAP_PRIVATE
 * mapping of a file, made after fork() by the child, is seen neither by the
 * parent's inherited mapping nor in the file; the parent's own later store
 * is not seen by the child.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "posixtest.h"

int main(void)
{
	char path[] = "/tmp/pts_mmap_2-1_XXXXXX";
	long ps = sysconf(_SC_PAGESIZE);
	int fd, status, p[2];
	char buf[8], c;
	char *map;
	pid_t pid;

	fd = mkstemp(path);
	if (fd < 0)
		PTS_UNRES("mkstemp(%s): %m", path);
	unlink(path);
	if (ftruncate(fd, ps) || pwrite(fd, "orig", 4, 0) != 4)
		PTS_UNRES("preparing the file: %m");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");

	map = mmap(NULL, ps, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		PTS_FAILED("mmap(MAP_PRIVATE) of a file: %m");
	if (memcmp(map, "orig", 4))
		PTS_FAILED("the MAP_PRIVATE mapping does not show the file's data");

	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		memcpy(map, "kid!", 4);
		/* wait until the parent has written its own copy */
		if (read(p[0], &c, 1) != 1)
			_exit(2);
		_exit(memcmp(map, "kid!", 4) ? 1 : 0);
	}
	/* whichever store comes first, each process keeps its own */
	memcpy(map, "dad!", 4);
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(pipe): %m");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("the child did not exit (status %#x)", status);
	if (WEXITSTATUS(status) == 1)
		PTS_FAILED("the parent's store into its MAP_PRIVATE mapping reached the child's");
	if (WEXITSTATUS(status))
		PTS_UNRES("the child exited %d", WEXITSTATUS(status));
	if (memcmp(map, "dad!", 4))
		PTS_FAILED("the child's store into its MAP_PRIVATE mapping reached the parent's");
	if (pread(fd, buf, 4, 0) != 4)
		PTS_UNRES("pread(): %m");
	if (memcmp(buf, "orig", 4))
		PTS_FAILED("a store into a MAP_PRIVATE mapping changed the file: '%.4s'", buf);

	PTS_PASSED("stores into MAP_PRIVATE mappings stay private to each process");
}

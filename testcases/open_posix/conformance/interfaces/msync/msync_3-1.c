// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msync(MS_ASYNC): returns at once with the write of the pages
 * initiated; data stored through a MAP_SHARED mapping is then what
 * read() of the file returns, and a second MAP_SHARED mapping of the
 * file (another process's) sees it; msync() of a MAP_PRIVATE mapping
 * does not put its private changes into the file. [ENOMEM] for a range
 * that is only partly mapped.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], buf[8], *m, *priv;
	int fd, status;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_msync3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	if (ftruncate(fd, 2 * pg))
		PTS_UNRES("ftruncate(): %m");
	m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	priv = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	if (m == MAP_FAILED || priv == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memcpy(m + pg + 10, "async", 5);
	if (msync(m, 2 * pg, MS_ASYNC))
		PTS_FAILED("msync(MS_ASYNC): %m");
	if (pread(fd, buf, 5, pg + 10) != 5 || memcmp(buf, "async", 5))
		PTS_FAILED("read() does not see the data after MS_ASYNC");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		char *o = mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, 0);

		_exit(o != MAP_FAILED && !memcmp(o + pg + 10, "async", 5) ?
		      0 : 1);
	}
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("another process's mapping does not see the data");
	memcpy(priv, "private", 7);
	if (msync(priv, pg, MS_SYNC))
		PTS_FAILED("msync() of a MAP_PRIVATE mapping: %m");
	if (pread(fd, buf, 7, 0) != 7 || !memcmp(buf, "private", 7))
		PTS_FAILED("a private change reached the file");
	munmap(m + pg, pg);
	PTS_EXPECT_ERRNO(msync(m, 2 * pg, MS_ASYNC), ENOMEM,
			 "msync() over a partly unmapped range");
	PTS_PASSED("MS_ASYNC data visible, private changes kept private, ENOMEM");
}

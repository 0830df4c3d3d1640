// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): "References within the address range starting at pa and
 * continuing for len bytes to whole pages following the end of an object
 * shall result in delivery of a SIGBUS signal." A file of 100 bytes is
 * mapped for two pages: the rest of the first page reads as zeros, and a
 * read in the second page, wholly beyond the end of the file, raises
 * SIGBUS.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf env;
static volatile int gotsig;

static void handler(int sig)
{
	gotsig = sig;
	siglongjmp(env, 1);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], data[100];
	volatile char *p;
	int fd, i;

	memset(data, 'a', sizeof(data));
	snprintf(path, sizeof(path), "/tmp/pts_mmap6_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || write(fd, data, sizeof(data)) != sizeof(data))
		PTS_UNRES("create file: %m");
	p = mmap(NULL, 2 * pg, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	for (i = 100; i < pg; i++)
		if (p[i])
			PTS_FAILED("byte %d past the end of file is %d", i, p[i]);
	signal(SIGBUS, handler);
	signal(SIGSEGV, handler);
	if (!sigsetjmp(env, 1)) {
		i = p[pg];
		PTS_FAILED("reading a whole page beyond EOF did not fault");
	}
	if (gotsig != SIGBUS)
		PTS_FAILED("got signal %d, expected SIGBUS", gotsig);
	PTS_PASSED("zero tail, SIGBUS beyond the end of the file");
}

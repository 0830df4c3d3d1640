// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open() with O_TRUNC: "If the shared memory object exists, and it
 * is successfully opened O_RDWR, the object shall be truncated to zero
 * length"; ftruncate() then sets its size (fstat), new bytes read as
 * zero; a reference to a page of a mapping wholly beyond the object's
 * end raises SIGBUS (the long-name error is shm_open_3-1's case).
 */
#include <setjmp.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static sigjmp_buf env;

static void handler(int sig)
{
	(void)sig;
	siglongjmp(env, 1);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char name[64];
	volatile char *p;
	struct stat st;
	int fd, i;

	snprintf(name, sizeof(name), "/pts_shm2_%d", (int)getpid());
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || ftruncate(fd, 3 * pg))
		PTS_UNRES("shm_open/ftruncate: %m");
	close(fd);
	fd = shm_open(name, O_RDWR | O_TRUNC, 0);
	if (fd < 0)
		PTS_FAILED("shm_open(O_TRUNC): %m");
	fstat(fd, &st);
	if (st.st_size != 0)
		PTS_FAILED("O_TRUNC left %ld bytes", (long)st.st_size);
	if (ftruncate(fd, pg + 10))
		PTS_FAILED("ftruncate(): %m");
	fstat(fd, &st);
	if (st.st_size != pg + 10)
		PTS_FAILED("size %ld after ftruncate(%ld)", (long)st.st_size, pg + 10);
	p = mmap(NULL, 3 * pg, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	for (i = 0; i < pg + 10; i++)
		if (p[i])
			PTS_FAILED("byte %d of the new object is %d", i, p[i]);
	signal(SIGBUS, handler);
	if (!sigsetjmp(env, 1)) {
		(void)p[2 * pg];
		PTS_FAILED("a page beyond the object's end did not fault");
	}
	shm_unlink(name);
	PTS_PASSED("O_TRUNC, size, zero fill, SIGBUS beyond the end");
}

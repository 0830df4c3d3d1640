// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mprotect(): [EACCES] is only for "write access to a MAP_SHARED
 * mapping" of a descriptor not open for writing: a MAP_PRIVATE mapping of
 * a read-only descriptor may be made writable, the store stays private
 * (the file keeps its data). Protection changes apply per page: making
 * the middle page of three PROT_NONE makes a read of it raise SIGSEGV
 * while the neighbours stay readable and writable. [ENOMEM] "Addresses
 * in the range [addr,addr+len) are invalid for the address space of a
 * process, or specify one or more pages which are not mapped": a range
 * with an unmapped page inside.
 */
#include <setjmp.h>
#include <sys/mman.h>

#include "pts_helpers.h"

static sigjmp_buf env;
static volatile int faults;

static void segv(int sig)
{
	(void)sig;
	faults++;
	siglongjmp(env, 1);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char path[64], buf[8] = "";
	struct sigaction sa;
	volatile char *a;
	char *p;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_mprotect2_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || ftruncate(fd, pg) || pwrite(fd, "file", 5, 0) != 5)
		PTS_UNRES("create %s: %m", path);
	close(fd);
	fd = open(path, O_RDONLY);
	unlink(path);
	if (fd < 0)
		PTS_UNRES("open(O_RDONLY): %m");
	p = mmap(NULL, pg, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (mprotect(p, pg, PROT_READ | PROT_WRITE))
		PTS_FAILED("PROT_WRITE on a private mapping of a read-only fd: %m");
	strcpy(p, "mine");
	if (pread(fd, buf, 5, 0) != 5 || strcmp(buf, "file"))
		PTS_FAILED("the private store reached the file (\"%s\")", buf);
	printf("private mapping of an O_RDONLY fd made writable, file untouched\n");

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = segv;
	sigaction(SIGSEGV, &sa, NULL);
	a = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	a[0] = 1;
	a[pg] = 2;
	a[2 * pg] = 3;
	if (mprotect((char *)a + pg, pg, PROT_NONE))
		PTS_FAILED("mprotect(PROT_NONE): %m");
	if (!sigsetjmp(env, 1))
		(void)a[pg];
	if (faults != 1)
		PTS_FAILED("reading the PROT_NONE page: %d faults, expected 1", faults);
	a[0]++;
	a[2 * pg]++;
	if (faults != 1 || a[0] != 2 || a[2 * pg] != 4)
		PTS_FAILED("the neighbouring pages changed protection or data");
	if (mprotect((char *)a + pg, pg, PROT_READ) || a[pg] != 2)
		PTS_FAILED("the data of the middle page after PROT_READ: %m");
	printf("the middle page alone faulted; its data kept\n");

	if (munmap((char *)a + pg, pg))
		PTS_UNRES("munmap(): %m");
	PTS_EXPECT_ERRNO(mprotect((char *)a, 3 * pg, PROT_READ), ENOMEM,
			 "mprotect() of a range with an unmapped page");
	PTS_PASSED("private write allowed, per-page protection, ENOMEM for a hole");
}

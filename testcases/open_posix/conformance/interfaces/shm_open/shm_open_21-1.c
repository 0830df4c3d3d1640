// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): a created object has a size of zero, whether created
 * O_RDWR or O_RDONLY: fstat() st_size 0, read() returns 0 (end of
 * file), SEEK_END is 0, and a mapping of one page of it cannot be
 * accessed: a child reading it dies of SIGBUS.
 */
#include "pts_shmobj.h"
#include "pts_sigkit.h"

static char *m;

static int reader(void)
{
	(void)*(volatile char *)m;
	return PTS_FAIL;
}

static void check(const char *name, int acc)
{
	long pg = sysconf(_SC_PAGESIZE);
	char buf[4];
	int fd;

	fd = shm_open(name, acc | O_CREAT | O_EXCL, 0600);
	shm_unlink(name);
	if (fd < 0)
		PTS_UNRES("shm_open(O_CREAT): %m");
	if (pts_shm_size(fd) != 0)
		PTS_FAILED("new object of size %lld", pts_shm_size(fd));
	if (read(fd, buf, sizeof(buf)) != 0)
		PTS_FAILED("read() of a new object did not return 0");
	if (lseek(fd, 0, SEEK_END) != 0)
		PTS_FAILED("SEEK_END of a new object is not 0");
	m = mmap(NULL, pg, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	pts_expect_killed(pts_fork_fn(reader), SIGBUS,
			  "a reader of the empty object's page");
	munmap(m, pg);
	close(fd);
}

int main(void)
{
	char name[64];

	pts_shm_name(name, sizeof(name), "shmo21");
	check(name, O_RDWR);
	check(name, O_RDONLY);
	PTS_PASSED("new objects (O_RDWR, O_RDONLY) have size 0; their page SIGBUS");
}

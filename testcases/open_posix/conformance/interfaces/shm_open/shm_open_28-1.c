// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): a created object's state, with all its data, persists
 * until it is unlinked and every other reference is gone, not just
 * while some process holds it. A child creates the object, stores data
 * through a MAP_SHARED mapping and exits, leaving no reference; the
 * parent then opens the name without O_CREAT and reads that data, size
 * and mode back. Once unlinked and closed, the name gives [ENOENT].
 */
#include "pts_shmobj.h"

static char name[64];

static int creator(void)
{
	char *m;
	int fd;

	umask(0);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0640);
	if (fd < 0 || ftruncate(fd, 2 * 4096))
		return PTS_UNRESOLVED;
	m = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return PTS_UNRESOLVED;
	strcpy(m, "first page");
	strcpy(m + 4096, "second page");
	return PTS_PASS;	/* exit closes and unmaps everything */
}

int main(void)
{
	struct stat st;
	char buf[16];
	int fd;

	pts_shm_name(name, sizeof(name), "shmo28");
	pts_run_child(creator, "creator");
	fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0)
		PTS_FAILED("the object did not outlive its creator: %m");
	if (fstat(fd, &st) || pread(fd, buf, 12, 4096) != 12) {
		shm_unlink(name);
		PTS_UNRES("fstat/pread: %m");
	}
	if (shm_unlink(name))
		PTS_UNRES("shm_unlink(): %m");
	if (st.st_size != 2 * 4096 || (st.st_mode & 07777) != 0640 ||
	    !pts_shm_has(fd, "first page") || strcmp(buf, "second page"))
		PTS_FAILED("the object's state was lost: size %lld mode 0%o",
			   (long long)st.st_size,
			   (unsigned int)(st.st_mode & 07777));
	close(fd);
	PTS_EXPECT_ERRNO(shm_open(name, O_RDONLY, 0), ENOENT,
			 "shm_open() after unlink and close");
	PTS_PASSED("size, mode and data kept with no reference until unlinked");
}

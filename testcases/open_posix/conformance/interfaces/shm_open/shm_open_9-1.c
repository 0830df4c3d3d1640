// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open() fails with [EMFILE] when every descriptor up to
 * RLIMIT_NOFILE is in use, and the failed O_CREAT call leaves no object
 * behind: shm_unlink() of the name is [ENOENT] and an O_CREAT | O_EXCL
 * open succeeds once a descriptor is free (Linux takes the descriptor
 * before it creates the file). The object then opens on the lowest free
 * descriptor, and a second open of it with the table full again is
 * EMFILE while the first descriptor keeps working.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_fdtable.h"
#include "pts_helpers.h"

int main(void)
{
	int sh;
	struct stat st;
	char name[64];

	snprintf(name, sizeof(name), "/pts_shm_open9_%d", (int)getpid());
	shm_unlink(name);
	pts_fill_fd_table(16);
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR | O_CREAT, 0600), EMFILE,
			 "shm_open(O_CREAT) with no free descriptor");
	PTS_EXPECT_ERRNO(shm_unlink(name), ENOENT,
			 "shm_unlink() of the name a failed shm_open() got");
	close(11);
	sh = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (sh < 0)
		PTS_FAILED("shm_open(O_CREAT | O_EXCL) with one free descriptor: %m");
	if (sh != 11)
		PTS_FAILED("the object got descriptor %d, the free one was 11", sh);
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR, 0), EMFILE,
			 "a second shm_open() of the object with the table full");
	if (ftruncate(sh, 4096) || fstat(sh, &st) || st.st_size != 4096)
		PTS_FAILED("the first descriptor does not work after the EMFILE");
	if (shm_unlink(name))
		PTS_FAILED("shm_unlink() of the object: %m");
	PTS_PASSED("EMFILE at RLIMIT_NOFILE creates nothing; the lowest free descriptor used");
}

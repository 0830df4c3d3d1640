// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open()/shm_unlink(): O_CREAT makes a new object of size 0 with the
 * mode given (minus umask) owned by the caller; data written through one
 * mapping is seen through a mapping of a second shm_open() of the name
 * in another process; O_CREAT | O_EXCL on an existing name fails with
 * [EEXIST]; a missing name without O_CREAT with [ENOENT]; after
 * shm_unlink() the name is gone (ENOENT, a second unlink too) while the
 * open object keeps its data. An unprivileged process (nobody) opening
 * a 0600 root object for reading gets [EACCES].
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char name[64];

static int reader(void)
{
	int fd = shm_open(name, O_RDWR, 0);
	char *p;

	if (fd < 0)
		PTS_FAILED("second shm_open(): %m");
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED || strcmp(p, "hello"))
		PTS_FAILED("the other process does not see the data");
	strcpy(p, "reply");
	return PTS_PASS;
}

static int nobody(void)
{
	PTS_EXPECT_ERRNO(shm_open(name, O_RDONLY, 0), EACCES,
			 "nobody opening a 0600 root object");
	return PTS_PASS;
}

int main(void)
{
	struct stat st;
	char *p;
	int fd;

	snprintf(name, sizeof(name), "/pts_shm_%d", (int)getpid());
	shm_unlink(name);
	umask(022);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0660);
	if (fd < 0)
		PTS_FAILED("shm_open(O_CREAT): %m");
	if (fstat(fd, &st) || st.st_size != 0 || (st.st_mode & 0777) != 0640 ||
	    st.st_uid != getuid())
		PTS_FAILED("new object: size %ld mode %o uid %d", (long)st.st_size,
			   st.st_mode & 0777, (int)st.st_uid);
	if (ftruncate(fd, 4096))
		PTS_UNRES("ftruncate(): %m");
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	strcpy(p, "hello");
	pts_run_child(reader, "second process");
	if (strcmp(p, "reply"))
		PTS_FAILED("the other process's write not seen");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600), EEXIST,
			 "O_EXCL on an existing name");
	fchmod(fd, 0600);
	pts_run_as_nobody(nobody, "unprivileged child");
	if (shm_unlink(name))
		PTS_FAILED("shm_unlink(): %m");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR, 0), ENOENT, "open after unlink");
	PTS_EXPECT_ERRNO(shm_unlink(name), ENOENT, "second unlink");
	if (strcmp(p, "reply"))
		PTS_FAILED("the unlinked object lost its data");
	PTS_PASSED("shm object shared, EEXIST, ENOENT, EACCES");
}

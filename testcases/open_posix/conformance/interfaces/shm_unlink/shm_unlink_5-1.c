// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): even while the unlinked object lives on, a later
 * shm_open() of the name with O_CREAT creates a new object: it has size
 * 0 and another inode, O_EXCL does not see the old one, and the two do
 * not share data (a store in each stays in each).
 */
#include "pts_shmobj.h"

int main(void)
{
	struct stat a, b;
	char name[64];
	int old, new;

	pts_shm_name(name, sizeof(name), "shmu5");
	old = pts_shm_make(name, 0600, 4096, "old object");
	if (fstat(old, &a) || shm_unlink(name))
		PTS_UNRES("fstat/shm_unlink: %m");
	new = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (new < 0)
		PTS_FAILED("O_CREAT | O_EXCL after unlink: %m");
	shm_unlink(name);
	if (fstat(new, &b))
		PTS_UNRES("fstat(): %m");
	if (b.st_ino == a.st_ino && b.st_dev == a.st_dev)
		PTS_FAILED("the name gave the old object back");
	if (b.st_size)
		PTS_FAILED("the new object has size %lld", (long long)b.st_size);
	if (ftruncate(new, 4096) || pwrite(new, "new object", 10, 0) != 10)
		PTS_UNRES("ftruncate/pwrite: %m");
	if (!pts_shm_has(old, "old object") || pts_shm_size(old) != 4096)
		PTS_FAILED("the old object changed through the new one");
	PTS_PASSED("O_CREAT after unlink made a new, empty, separate object");
}

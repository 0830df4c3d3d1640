// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): [EACCES] when O_TRUNC is specified and write permission
 * is denied. Nobody owns an object of mode 0444 holding data: its own
 * O_RDONLY open succeeds, but O_RDWR | O_TRUNC (and the same with
 * O_CREAT) fails with [EACCES] and the object keeps its size and data.
 */
#include "pts_shmobj.h"

static char name[64];

static int child(void)
{
	int fd = pts_shm_make(name, 0444, 8192, "keep me"), t;

	t = shm_open(name, O_RDONLY, 0);
	if (t < 0) {
		printf("the owner's O_RDONLY of its 0444 object: %m\n");
		return PTS_FAIL;
	}
	close(t);
	errno = 0;
	t = shm_open(name, O_RDWR | O_TRUNC, 0);
	printf("O_RDWR | O_TRUNC: %s\n", t < 0 ? strerrorname_np(errno) : "opened");
	if (t != -1 || errno != EACCES)
		return PTS_FAIL;
	errno = 0;
	t = shm_open(name, O_RDWR | O_CREAT | O_TRUNC, 0666);
	printf("O_RDWR | O_CREAT | O_TRUNC: %s\n",
	       t < 0 ? strerrorname_np(errno) : "opened");
	if (t != -1 || errno != EACCES)
		return PTS_FAIL;
	if (pts_shm_size(fd) != 8192 || !pts_shm_has(fd, "keep me")) {
		printf("the object was truncated: size %lld\n", pts_shm_size(fd));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

static int run(void)
{
	int r = child();

	shm_unlink(name);
	return r;
}

int main(void)
{
	if (geteuid())
		PTS_UNSUPP("needs root to become nobody");
	pts_shm_name(name, sizeof(name), "shmo34");
	pts_run_as_nobody(run, "owner nobody");
	PTS_PASSED("O_TRUNC without write permission: EACCES, size and data kept");
}

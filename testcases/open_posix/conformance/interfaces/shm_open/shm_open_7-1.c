// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): "The check for the existence of the shared memory object
 * and the creation of the object if it does not exist is atomic with
 * respect to other processes executing shm_open() naming the same shared
 * memory object with O_EXCL and O_CREAT set." Eight processes released
 * together: exactly one creates it, seven get [EEXIST]; five rounds.
 */
#include <sys/mman.h>

#include "pts_excl.h"

static int create(const char *name)
{
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

int main(void)
{
	char name[64];
	int i, r;

	snprintf(name, sizeof(name), "/pts_shm_open7_%d", (int)getpid());
	for (i = 0; i < 5; i++) {
		r = pts_excl_race(create, name);
		shm_unlink(name);
		if (r)
			PTS_FAILED("round %d: not exactly one creator", i + 1);
	}
	PTS_PASSED("one creator per round, the rest EEXIST");
}

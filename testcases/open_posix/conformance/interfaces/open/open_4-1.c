// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open(): "The check for the existence of the file and the creation of
 * the file if it does not exist shall be atomic with respect to other
 * threads executing open() naming the same filename in the same
 * directory with O_EXCL and O_CREAT set." Eight processes released
 * together each open(O_CREAT | O_EXCL) the same new name: exactly one
 * creates it, seven get [EEXIST]; five rounds.
 */
#include "pts_excl.h"

static int create(const char *name)
{
	int fd = open(name, O_RDWR | O_CREAT | O_EXCL, 0600);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

int main(void)
{
	char name[64];
	int i, r;

	snprintf(name, sizeof(name), "/tmp/pts_open4_%d", (int)getpid());
	for (i = 0; i < 5; i++) {
		r = pts_excl_race(create, name);
		unlink(name);
		if (r)
			PTS_FAILED("round %d: not exactly one creator", i + 1);
	}
	PTS_PASSED("O_CREAT | O_EXCL: one creator per round, the rest EEXIST");
}

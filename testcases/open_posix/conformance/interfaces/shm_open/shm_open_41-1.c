// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): [ENOENT] when O_CREAT is not set and the object does not
 * exist, whatever else oflag holds (O_RDONLY, O_RDWR, O_TRUNC, O_EXCL
 * without O_CREAT); none of these creates it (O_CREAT | O_EXCL then
 * succeeds). The same once the object has been unlinked, even while a
 * descriptor still holds it.
 */
#include "pts_shmobj.h"

static void none(const char *name, const char *when)
{
	static const int fl[] = { O_RDONLY, O_RDWR, O_RDWR | O_TRUNC,
				  O_RDWR | O_EXCL };
	unsigned int i;

	for (i = 0; i < sizeof(fl) / sizeof(fl[0]); i++) {
		errno = 0;
		if (shm_open(name, fl[i], 0600) != -1 || errno != ENOENT) {
			shm_unlink(name);
			PTS_FAILED("%s: oflag 0%o: %s, expected ENOENT", when,
				   (unsigned int)fl[i], strerrorname_np(errno));
		}
	}
}

int main(void)
{
	char name[64];
	int fd;

	pts_shm_name(name, sizeof(name), "shmo41");
	none(name, "never created");
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_FAILED("an ENOENT open created the object: %m");
	if (shm_unlink(name))
		PTS_UNRES("shm_unlink(): %m");
	none(name, "unlinked, still open");
	close(fd);
	PTS_PASSED("ENOENT without O_CREAT for every oflag, nothing created");
}

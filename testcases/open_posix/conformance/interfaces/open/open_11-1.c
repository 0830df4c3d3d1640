// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open(): "The O_TRUNC flag shall have no effect on FIFO special files".
 * A FIFO held open read-write holds 5 bytes; a second open with
 * O_RDWR | O_TRUNC succeeds and the 5 bytes are still read back whole
 * through it, in order.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[8] = "";
	int fd, fd2;

	snprintf(path, sizeof(path), "/tmp/pts_open11_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");
	fd = open(path, O_RDWR);
	if (fd < 0 || write(fd, "hello", 5) != 5) {
		unlink(path);
		PTS_UNRES("FIFO: %m");
	}
	fd2 = open(path, O_RDWR | O_TRUNC | O_NONBLOCK);
	unlink(path);
	if (fd2 < 0)
		PTS_FAILED("open(O_RDWR | O_TRUNC) of a FIFO: %m");
	if (read(fd2, buf, sizeof(buf)) != 5 || memcmp(buf, "hello", 5))
		PTS_FAILED("the FIFO's data after O_TRUNC: \"%s\"", buf);
	PTS_PASSED("O_TRUNC left the FIFO's 5 bytes");
}

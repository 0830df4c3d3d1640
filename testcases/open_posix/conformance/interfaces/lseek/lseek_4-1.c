// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lseek(): [ESPIPE] "The fildes argument is associated with a pipe,
 * FIFO, or socket." For a FIFO (opened O_RDWR) and each end of a
 * socket pair, SEEK_SET 0, SEEK_CUR 0 and SEEK_END 0 all fail with
 * [ESPIPE], and data written before is read back whole and in order.
 */
#include <sys/socket.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static void no_seek(int fd, const char *what)
{
	const int wh[] = { SEEK_SET, SEEK_CUR, SEEK_END };
	char desc[64];
	int i;

	for (i = 0; i < 3; i++) {
		snprintf(desc, sizeof(desc), "lseek(%s, 0, %d)", what, wh[i]);
		PTS_EXPECT_ERRNO(lseek(fd, 0, wh[i]), ESPIPE, desc);
	}
}

int main(void)
{
	char path[64], buf[8] = "";
	int fd, sv[2];

	snprintf(path, sizeof(path), "/tmp/pts_lseek4_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");
	fd = open(path, O_RDWR);
	unlink(path);
	if (fd < 0 || write(fd, "fifo", 4) != 4)
		PTS_UNRES("FIFO: %m");
	no_seek(fd, "FIFO");
	if (read(fd, buf, 4) != 4 || memcmp(buf, "fifo", 4))
		PTS_FAILED("the FIFO's data changed");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) || write(sv[0], "sock", 4) != 4)
		PTS_UNRES("socketpair(): %m");
	no_seek(sv[0], "socket");
	no_seek(sv[1], "peer socket");
	if (read(sv[1], buf, 4) != 4 || memcmp(buf, "sock", 4))
		PTS_FAILED("the socket's data changed");
	PTS_PASSED("ESPIPE for a FIFO and sockets, data kept");
}

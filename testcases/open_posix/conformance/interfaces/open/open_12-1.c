// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open() with O_CREAT of an existing file: "If the file exists, this
 * flag has no effect except as noted under O_EXCL". An existing FIFO
 * (mode 0640) opened O_RDWR | O_CREAT with mode 0777 stays a FIFO with
 * mode 0640 (fstat() and stat()), and data written through the
 * descriptor is read back through it; no regular file replaces it.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[8] = "";
	struct stat st, st2;
	int fd;

	umask(0);
	snprintf(path, sizeof(path), "/tmp/pts_open12_%d", (int)getpid());
	if (mkfifo(path, 0640))
		PTS_UNRES("mkfifo(): %m");
	fd = open(path, O_RDWR | O_CREAT | O_NONBLOCK, 0777);
	if (fd < 0) {
		unlink(path);
		PTS_FAILED("open(O_CREAT) of an existing FIFO: %m");
	}
	if (stat(path, &st2) || fstat(fd, &st)) {
		unlink(path);
		PTS_UNRES("stat(): %m");
	}
	unlink(path);
	if (!S_ISFIFO(st.st_mode) || !S_ISFIFO(st2.st_mode))
		PTS_FAILED("no longer a FIFO: mode %#o / %#o", st.st_mode, st2.st_mode);
	if ((st2.st_mode & 07777) != 0640)
		PTS_FAILED("mode %#o, expected 0640", st2.st_mode & 07777);
	if (write(fd, "fifo", 4) != 4 || read(fd, buf, sizeof(buf)) != 4 ||
	    memcmp(buf, "fifo", 4))
		PTS_FAILED("data through the descriptor: \"%s\"", buf);
	PTS_PASSED("O_CREAT on an existing FIFO opened it, type and mode kept");
}

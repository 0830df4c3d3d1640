// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * read() of an empty FIFO: "If no process has the pipe open for writing,
 * read() shall return 0 to indicate end-of-file"; "If some process has
 * the pipe open for writing and O_NONBLOCK is set, read() shall return
 * -1 and set errno to [EAGAIN]". A FIFO opened O_RDONLY | O_NONBLOCK
 * with no writer reads 0; with a writer open it reads EAGAIN, then the
 * written data; once that writer has closed, 0 again.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[8];
	int r, w;

	snprintf(path, sizeof(path), "/tmp/pts_read3_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");
	r = open(path, O_RDONLY | O_NONBLOCK);
	if (r < 0) {
		unlink(path);
		PTS_UNRES("open(O_RDONLY | O_NONBLOCK): %m");
	}
	if (read(r, buf, sizeof(buf)) != 0) {
		unlink(path);
		PTS_FAILED("no writer: read() did not return 0 (%m)");
	}
	w = open(path, O_WRONLY);
	unlink(path);
	if (w < 0)
		PTS_UNRES("open(O_WRONLY): %m");
	PTS_EXPECT_ERRNO(read(r, buf, sizeof(buf)), EAGAIN,
			 "empty FIFO with a writer, O_NONBLOCK");
	write(w, "fifo", 4);
	if (read(r, buf, sizeof(buf)) != 4 || memcmp(buf, "fifo", 4))
		PTS_FAILED("the written data not read");
	close(w);
	if (read(r, buf, sizeof(buf)) != 0)
		PTS_FAILED("after the writer closed: read() did not return 0 (%m)");
	PTS_PASSED("0 without a writer, EAGAIN with one, data, 0 after it closed");
}

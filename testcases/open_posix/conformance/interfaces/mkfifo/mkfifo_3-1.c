// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A FIFO holds its data only while it is open: "when all file
 * descriptors associated with a pipe or FIFO special file are closed,
 * any data remaining ... shall be discarded". Bytes written and left
 * unread while the reader stays open are still there for a read after
 * the writer closed (then EOF); bytes left unread when both ends close
 * are gone: after reopening, a non-blocking read with a writer present
 * finds nothing ([EAGAIN]), and the FIFO's st_size stays 0 throughout.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static void open_pair(const char *p, int *r, int *w)
{
	*r = open(p, O_RDONLY | O_NONBLOCK);
	*w = open(p, O_WRONLY);
	if (*r < 0 || *w < 0)
		PTS_UNRES("open(FIFO): %m");
}

int main(void)
{
	char path[64], buf[16];
	struct stat st;
	int r, w;
	ssize_t n;

	snprintf(path, sizeof(path), "/tmp/pts_mkfifo3_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");

	open_pair(path, &r, &w);
	if (write(w, "kept!", 5) != 5)
		PTS_UNRES("write(): %m");
	close(w);
	n = read(r, buf, sizeof(buf));
	if (n != 5 || memcmp(buf, "kept!", 5))
		PTS_FAILED("data left by a closed writer, reader open: read %zd", n);
	n = read(r, buf, sizeof(buf));
	if (n != 0)
		PTS_FAILED("no writer and no data: read %zd, EOF expected", n);
	close(r);

	open_pair(path, &r, &w);
	if (write(w, "gone?", 5) != 5)
		PTS_UNRES("write(): %m");
	if (stat(path, &st) || st.st_size != 0)
		PTS_FAILED("FIFO st_size %ld with data in it", (long)st.st_size);
	close(w);
	close(r);
	open_pair(path, &r, &w);
	PTS_EXPECT_ERRNO(read(r, buf, sizeof(buf)), EAGAIN,
			 "read after every descriptor was closed with data unread");
	if (stat(path, &st) || st.st_size != 0 || !S_ISFIFO(st.st_mode))
		PTS_FAILED("FIFO st_size %ld after reopening", (long)st.st_size);
	close(w);
	close(r);
	unlink(path);
	PTS_PASSED("unread FIFO data discarded at the last close, kept while a reader stays");
}

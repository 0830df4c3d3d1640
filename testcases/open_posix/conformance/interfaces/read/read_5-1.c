// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * read() with nbyte 0: "In the absence of errors ... the read()
 * function shall return zero and have no other results." On an empty
 * pipe with a writer (blocking) it returns 0 at once instead of
 * waiting for data (an alarm would end a wait with [EINTR]); on a pipe
 * holding 3 bytes it returns 0 and the bytes stay; on a regular file
 * it returns 0 with the offset kept, also at the end of the file.
 */
#include "pts_helpers.h"

static void on_alarm(int sig)
{
	(void)sig;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	char path[64], buf[8] = "";
	ssize_t n;
	int p[2], fd;

	sigaction(SIGALRM, &sa, NULL);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	alarm(5 * (unsigned int)pts_timeout_mul());
	n = read(p[0], buf, 0);
	alarm(0);
	if (n != 0)
		PTS_FAILED("read(0) of an empty pipe: %zd (%m), expected 0 at once", n);
	if (write(p[1], "abc", 3) != 3)
		PTS_UNRES("write(): %m");
	n = read(p[0], buf, 0);
	if (n != 0)
		PTS_FAILED("read(0) of a pipe holding 3 bytes: %zd (%m)", n);
	if (fcntl(p[0], F_SETFL, O_NONBLOCK) ||
	    read(p[0], buf, sizeof(buf)) != 3 || memcmp(buf, "abc", 3))
		PTS_FAILED("the 3 bytes not all still in the pipe after read(0)");

	snprintf(path, sizeof(path), "/tmp/pts_read5_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, "0123456789", 10) != 10 ||
	    lseek(fd, 4, SEEK_SET) != 4)
		PTS_UNRES("file: %m");
	n = read(fd, buf, 0);
	if (n != 0 || lseek(fd, 0, SEEK_CUR) != 4)
		PTS_FAILED("read(0) of a file at 4: %zd, offset %lld", n,
			   (long long)lseek(fd, 0, SEEK_CUR));
	lseek(fd, 0, SEEK_END);
	n = read(fd, buf, 0);
	if (n != 0 || lseek(fd, 0, SEEK_CUR) != 10)
		PTS_FAILED("read(0) of a file at its end: %zd, offset %lld", n,
			   (long long)lseek(fd, 0, SEEK_CUR));
	if (read(fd, buf, 1) != 0 || lseek(fd, 4, SEEK_SET) != 4 ||
	    read(fd, buf, 1) != 1 || buf[0] != '4')
		PTS_FAILED("file data or offset changed");
	PTS_PASSED("read() of 0 bytes returns 0 at once, nothing consumed");
}

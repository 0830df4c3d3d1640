// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * write() of PIPE_BUF bytes to a blocking pipe with less room than that:
 * the write is atomic, so the writer blocks (seen asleep in write)
 * without writing part of it (FIONREAD unchanged), and once the reader
 * has made room the whole record is written at once, behind the data
 * already there.
 */
#include <limits.h>
#include <sys/ioctl.h>

#include "pts_helpers.h"

int main(void)
{
	static char buf[PIPE_BUF], fill[100];
	ssize_t n, total = 0;
	int p[2], fl, before, after, i;
	pid_t pid;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	memset(fill, 'f', sizeof(fill));
	fl = fcntl(p[1], F_GETFL);
	fcntl(p[1], F_SETFL, fl | O_NONBLOCK);
	while ((n = write(p[1], fill, sizeof(fill))) > 0)
		total += n;
	fcntl(p[1], F_SETFL, fl);
	if (ioctl(p[0], FIONREAD, &before))
		PTS_UNRES("FIONREAD: %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		memset(buf, 'R', sizeof(buf));
		_exit(write(p[1], buf, PIPE_BUF) == PIPE_BUF ? PTS_PASS : PTS_FAIL);
	}
	pts_wait_in_syscall(pid, SYS_write);
	ioctl(p[0], FIONREAD, &after);
	if (after != before)
		PTS_FAILED("the blocked PIPE_BUF write put %d bytes in the pipe",
			   after - before);
	/* drain everything written before, then the record must follow */
	for (n = 0; n < total; n += i) {
		i = read(p[0], buf, (size_t)(total - n) < sizeof(buf) ?
			 (size_t)(total - n) : sizeof(buf));
		if (i <= 0)
			PTS_UNRES("read(): %m");
		if (memchr(buf, 'R', i))
			PTS_FAILED("record bytes appeared among the earlier data");
	}
	for (n = 0; n < PIPE_BUF; n += i) {
		i = read(p[0], buf, PIPE_BUF - n);
		if (i <= 0)
			PTS_UNRES("read(): %m");
		if (memchr(buf, 'f', i))
			PTS_FAILED("fill bytes inside the record");
	}
	pts_reap(pid, "blocked writer");
	PTS_PASSED("a PIPE_BUF write blocked whole, then went in whole");
}

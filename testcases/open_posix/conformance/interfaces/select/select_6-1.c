// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select(): "File descriptors associated with regular files shall
 * always select true for ready to read, ready to write, and error
 * conditions." An empty file, a file at its end and a file opened
 * read-only are reported in readfds and writefds by select() and
 * pselect() at once, with a zero timeout and with an hour (an alarm
 * would end a wait with [EINTR]); a descriptor asked for in writefds
 * only is reported there only. Then exceptfds: Linux never reports a
 * regular file there (fs/select.c maps it to POLLPRI, which a regular
 * file's poll mask lacks), a known issue.
 */
#include <sys/select.h>

#include "pts_helpers.h"

static int files[3];

static void on_alarm(int sig)
{
	(void)sig;
}

static int sel(int use_pselect, long secs, fd_set *rd, fd_set *wr, fd_set *ex)
{
	struct timeval tv = { secs, 0 };
	struct timespec ts = { secs, 0 };
	int n;

	alarm(30 * (unsigned int)pts_timeout_mul());
	n = use_pselect ? pselect(files[2] + 1, rd, wr, ex, &ts, NULL) :
			  select(files[2] + 1, rd, wr, ex, &tv);
	alarm(0);
	return n;
}

static void check(int use_pselect, long secs)
{
	fd_set rd, wr;
	int i, n;

	FD_ZERO(&rd);
	FD_ZERO(&wr);
	for (i = 0; i < 3; i++) {
		FD_SET(files[i], &rd);
		FD_SET(files[i], &wr);
	}
	n = sel(use_pselect, secs, &rd, &wr, NULL);
	if (n != 6)
		PTS_FAILED("%s(timeout %ld s): %d, expected 6 (%m)",
			   use_pselect ? "pselect" : "select", secs, n);
	for (i = 0; i < 3; i++)
		if (!FD_ISSET(files[i], &rd) || !FD_ISSET(files[i], &wr))
			PTS_FAILED("file %d not in both sets", i);
}

int main(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	fd_set rd, wr, ex;
	char path[64];
	int i, n;

	sigaction(SIGALRM, &sa, NULL);
	snprintf(path, sizeof(path), "/tmp/pts_select6_%d", (int)getpid());
	files[0] = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	files[1] = open(path, O_RDWR);
	files[2] = open(path, O_RDONLY);
	unlink(path);
	if (files[0] < 0 || files[1] < 0 || files[2] < 0)
		PTS_UNRES("open(): %m");
	check(0, 0);	/* empty */
	if (write(files[1], "data", 4) != 4 || lseek(files[2], 4, SEEK_SET) != 4)
		PTS_UNRES("write()/lseek(): %m");
	check(0, 0);	/* two at the end, one at 0 */
	check(0, 3600);
	check(1, 0);
	check(1, 3600);

	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(files[2], &wr);
	n = sel(0, 0, &rd, &wr, NULL);
	if (n != 1 || !FD_ISSET(files[2], &wr) || FD_ISSET(files[2], &rd))
		PTS_FAILED("asked for writing only: %d, read bit %d", n,
			   FD_ISSET(files[2], &rd));

	FD_ZERO(&ex);
	for (i = 0; i < 3; i++)
		FD_SET(files[i], &ex);
	n = sel(0, 0, NULL, NULL, &ex);
	if (n == 3 && FD_ISSET(files[0], &ex) && FD_ISSET(files[1], &ex) &&
	    FD_ISSET(files[2], &ex))
		PTS_PASSED("regular files always ready to read, write and for errors");
	if (n != 0)
		PTS_FAILED("exceptfds: %d (%m), expected 3 (or 0: the known issue)", n);
	PTS_KNOWN_ISSUE("select exceptfds",
			"readfds and writefds as required, but no regular file reported in exceptfds (0 returned)");
}

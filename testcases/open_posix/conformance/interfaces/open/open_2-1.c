// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open() of a FIFO with O_NONBLOCK: "An open() for reading-only shall
 * return without delay. An open() for writing-only shall return an error
 * if no process currently has the file open for reading" [ENXIO]; with a
 * reader present the write-only open succeeds. Without O_NONBLOCK a
 * write-only open blocks (seen asleep in openat) until a reader opens,
 * and the data then flows.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], buf[8];
	int r, w, status;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_fifo_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");
	errno = 0;
	if (open(path, O_WRONLY | O_NONBLOCK) != -1 || errno != ENXIO) {
		unlink(path);
		PTS_FAILED("O_WRONLY | O_NONBLOCK with no reader: %m, expected ENXIO");
	}
	r = open(path, O_RDONLY | O_NONBLOCK);
	if (r < 0)
		PTS_FAILED("O_RDONLY | O_NONBLOCK did not return at once: %m");
	w = open(path, O_WRONLY | O_NONBLOCK);
	if (w < 0)
		PTS_FAILED("O_WRONLY | O_NONBLOCK with a reader: %m");
	close(w);
	close(r);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		int fd = open(path, O_WRONLY);

		_exit(fd >= 0 && write(fd, "fifo", 4) == 4 ? PTS_PASS : PTS_FAIL);
	}
	pts_wait_in_syscall(pid, SYS_openat);
	r = open(path, O_RDONLY);
	unlink(path);
	if (r < 0)
		PTS_FAILED("blocking O_RDONLY open: %m");
	if (read(r, buf, 4) != 4 || memcmp(buf, "fifo", 4))
		PTS_FAILED("the data did not flow through the FIFO");
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != PTS_PASS)
		PTS_FAILED("the blocked writer failed (status %#x)", status);
	PTS_PASSED("ENXIO, non-blocking opens, a blocking open waits for a reader");
}

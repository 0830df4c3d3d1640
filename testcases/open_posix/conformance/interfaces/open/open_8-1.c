// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open() of a FIFO without O_NONBLOCK: "An open() for reading-only
 * shall block the calling thread until a thread opens the file for
 * writing." A child opening the FIFO O_RDONLY sleeps in openat (read
 * from /proc) and has not returned (no byte on its report pipe) while
 * no writer exists; once we open it O_WRONLY both opens complete and a
 * byte written reaches the child, which then reads end of file after
 * we close.
 */
#include <sys/stat.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

int main(void)
{
	char path[64], c;
	int rep[2], w, status, fl;
	pid_t pid;

	snprintf(path, sizeof(path), "/tmp/pts_open8_%d", (int)getpid());
	if (mkfifo(path, 0600) || pipe(rep))
		PTS_UNRES("set-up: %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		int r;
		char b[4];

		close(rep[0]);
		r = open(path, O_RDONLY);
		if (r < 0 || write(rep[1], "o", 1) != 1)
			_exit(PTS_UNRESOLVED);
		if (read(r, b, 4) != 1 || b[0] != 'x')
			_exit(PTS_FAIL);
		_exit(read(r, b, 4) == 0 ? PTS_PASS : PTS_FAIL);
	}
	close(rep[1]);
	pts_wait_in_syscall(pid, SYS_openat);
	fl = fcntl(rep[0], F_GETFL);
	fcntl(rep[0], F_SETFL, fl | O_NONBLOCK);
	if (read(rep[0], &c, 1) != -1 || errno != EAGAIN) {
		unlink(path);
		PTS_FAILED("the reader's open() returned with no writer");
	}
	fcntl(rep[0], F_SETFL, fl);
	w = open(path, O_WRONLY);
	unlink(path);
	if (w < 0)
		PTS_UNRES("open(O_WRONLY): %m");
	if (read(rep[0], &c, 1) != 1)
		PTS_FAILED("the reader's open() did not complete after the writer's");
	if (write(w, "x", 1) != 1)
		PTS_UNRES("write(): %m");
	close(w);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("the reader did not exit");
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_FAILED("the reader did not get the byte then end of file (%d)",
			   WEXITSTATUS(status));
	PTS_PASSED("a FIFO's reader blocks in open() until a writer opens");
}

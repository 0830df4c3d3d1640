// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec and file descriptors: "File descriptors open in the calling
 * process image shall remain open in the new process image, except for
 * those whose close-on-exec flag FD_CLOEXEC is set"; the kept ones still
 * share the open file description (the offset moved in the new image is
 * seen by the parent) and keep their status flags (O_APPEND). The test
 * re-executes itself with the descriptor numbers as arguments.
 */
#include "pts_helpers.h"

static int check(int keep, int gone)
{
	if (fcntl(gone, F_GETFD) != -1 || errno != EBADF)
		PTS_FAILED("the FD_CLOEXEC descriptor %d is open after exec", gone);
	if (fcntl(keep, F_GETFD) == -1)
		PTS_FAILED("descriptor %d was closed by exec", keep);
	if (fcntl(keep, F_GETFD) & FD_CLOEXEC)
		PTS_FAILED("FD_CLOEXEC appeared on the kept descriptor");
	if (!(fcntl(keep, F_GETFL) & O_APPEND))
		PTS_FAILED("O_APPEND lost over exec");
	if (write(keep, "after", 5) != 5)
		PTS_FAILED("write after exec: %m");
	return PTS_PASS;
}

int main(int argc, char *argv[])
{
	char path[64], a[16], b[16];
	int keep, gone;
	pid_t pid;

	if (argc > 3 && !strcmp(argv[1], "exec-check"))
		return check(atoi(argv[2]), atoi(argv[3]));
	snprintf(path, sizeof(path), "/tmp/pts_cloexec_%d", (int)getpid());
	keep = open(path, O_RDWR | O_CREAT | O_TRUNC | O_APPEND, 0600);
	gone = open(path, O_RDONLY | O_CLOEXEC);
	unlink(path);
	if (keep < 0 || gone < 0 || write(keep, "before", 6) != 6)
		PTS_UNRES("open/write: %m");
	snprintf(a, sizeof(a), "%d", keep);
	snprintf(b, sizeof(b), "%d", gone);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		execl("/proc/self/exe", argv[0], "exec-check", a, b, (char *)NULL);
		_exit(PTS_UNRESOLVED);
	}
	pts_reap(pid, "exec'd image");
	if (lseek(keep, 0, SEEK_CUR) != 11)
		PTS_FAILED("the shared offset is %ld, expected 11",
			   (long)lseek(keep, 0, SEEK_CUR));
	PTS_PASSED("FD_CLOEXEC closed, others kept with offset and flags");
}

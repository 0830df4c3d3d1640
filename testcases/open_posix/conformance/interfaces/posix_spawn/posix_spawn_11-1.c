// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Without file actions the spawned process inherits the parent's open
 * descriptors as by exec: one without FD_CLOEXEC is open in the child
 * and shares the open file description (the child's lseek() moves the
 * parent's offset), one with FD_CLOEXEC is closed.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	int keep, gone;

	if (sscanf(arg, "%d,%d", &keep, &gone) != 2)
		PTS_UNRES("child: bad argument");
	if (fcntl(gone, F_GETFD) != -1)
		PTS_FAILED("child: FD_CLOEXEC descriptor %d open", gone);
	if (lseek(keep, 0, SEEK_CUR) != 3)
		PTS_FAILED("child: inherited offset %ld, expected 3",
			   (long)lseek(keep, 0, SEEK_CUR));
	if (lseek(keep, 7, SEEK_SET) != 7)
		PTS_FAILED("child: lseek on %d: %s", keep, strerror(errno));
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	char path[64], arg[32];
	int keep, gone;

	if (argc > 1)
		return child(argv[2]);
	pts_spawn_file(path, "posix_spawn_11-1", 0600, "0123456789");
	keep = open(path, O_RDONLY);
	gone = open(path, O_RDONLY | O_CLOEXEC);
	unlink(path);
	if (keep < 0 || gone < 0 || lseek(keep, 3, SEEK_SET) != 3)
		PTS_UNRES("open: %s", strerror(errno));
	snprintf(arg, sizeof(arg), "%d,%d", keep, gone);
	pts_spawn_run(NULL, NULL, "child", arg);
	if (lseek(keep, 0, SEEK_CUR) != 7)
		PTS_FAILED("parent offset %ld after the child's lseek, expected 7",
			   (long)lseek(keep, 0, SEEK_CUR));
	PTS_PASSED("plain descriptor inherited sharing the offset, FD_CLOEXEC one closed");
}

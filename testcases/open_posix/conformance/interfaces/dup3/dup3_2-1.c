// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup3() with O_CLOEXEC: the new descriptor is closed by an exec, the
 * original (without FD_CLOEXEC) stays open; dup3() with 0 onto a
 * descriptor that had FD_CLOEXEC gives one that survives the exec.
 * Checked in this program spawned again, across a real exec.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	int orig, gone, kept;

	if (sscanf(arg, "%d,%d,%d", &orig, &gone, &kept) != 3)
		PTS_UNRES("child: bad argument");
	if (fcntl(gone, F_GETFD) != -1)
		PTS_FAILED("child: the O_CLOEXEC copy %d survived the exec", gone);
	if (fcntl(orig, F_GETFD) != 0 || fcntl(kept, F_GETFD) != 0)
		PTS_FAILED("child: the original or the flags-0 copy is not open");
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	int p[2], gone = 20, kept = 21;
	char arg[48];

	if (argc > 1)
		return child(argv[2]);
	if (pipe(p))
		PTS_UNRES("pipe: %s", strerror(errno));
	/* kept starts as a close-on-exec descriptor that dup3(0) replaces */
	if (dup3(p[0], kept, O_CLOEXEC) != kept)
		PTS_UNRES("dup3: %s", strerror(errno));
	if (dup3(p[1], gone, O_CLOEXEC) != gone || dup3(p[1], kept, 0) != kept)
		PTS_FAILED("dup3: %s", strerror(errno));
	snprintf(arg, sizeof(arg), "%d,%d,%d", p[1], gone, kept);
	pts_spawn_run(NULL, NULL, "child", arg);
	PTS_PASSED("the O_CLOEXEC copy closed by exec, the original and the flags-0 copy kept");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipe2() with O_CLOEXEC: both descriptors are closed by an exec, while
 * those of a pipe2() without it stay open in the new image (this
 * program spawned again, which checks its descriptors). The check is
 * made across a real exec, where FD_CLOEXEC takes effect.
 */
#include "pts_spawn20.h"

static int child(char *arg)
{
	int a, b, c, d;

	if (sscanf(arg, "%d,%d,%d,%d", &a, &b, &c, &d) != 4)
		PTS_UNRES("child: bad argument");
	if (fcntl(a, F_GETFD) != -1 || fcntl(b, F_GETFD) != -1)
		PTS_FAILED("child: an O_CLOEXEC end survived the exec");
	if (fcntl(c, F_GETFD) != 0 || fcntl(d, F_GETFD) != 0)
		PTS_FAILED("child: an end made without O_CLOEXEC is not open");
	if (write(d, "k", 1) != 1)
		PTS_FAILED("child: write to the kept pipe: %s", strerror(errno));
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	int p[2], q[2];
	char arg[48], b;

	if (argc > 1)
		return child(argv[2]);
	if (pipe2(p, O_CLOEXEC) || pipe2(q, 0))
		PTS_UNRES("pipe2: %s", strerror(errno));
	snprintf(arg, sizeof(arg), "%d,%d,%d,%d", p[0], p[1], q[0], q[1]);
	pts_spawn_run(NULL, NULL, "child", arg);
	if (read(q[0], &b, 1) != 1 || b != 'k')
		PTS_FAILED("the child's byte is not in the kept pipe");
	PTS_PASSED("O_CLOEXEC ends closed by exec, plain ends inherited");
}

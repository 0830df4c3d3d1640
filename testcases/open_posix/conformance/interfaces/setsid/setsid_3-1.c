// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setsid(): "The calling process shall ... have no controlling terminal":
 * a process whose session has a controlling terminal (a pseudo-terminal
 * the session leader acquired; the process opens /dev/tty successfully
 * and tcgetsid() on it is the old session) calls setsid() and can then
 * no longer open /dev/tty ([ENXIO]); the old session keeps its terminal
 * (the leader still opens /dev/tty).
 */
#include <sys/ioctl.h>
#include <termios.h>

#include "pts_helpers.h"

static int leader(void)
{
	int m, s, fd, status;
	pid_t sid, pid;

	sid = setsid();
	if (sid < 0)
		PTS_UNRES("setsid(): %m");
	m = posix_openpt(O_RDWR | O_NOCTTY);
	if (m < 0 || grantpt(m) || unlockpt(m))
		PTS_UNSUPP("no pseudo-terminal: %m");
	s = open(ptsname(m), O_RDWR);
	if (s < 0)
		PTS_UNSUPP("open(%s): %m", ptsname(m));
	if (ioctl(s, TIOCSCTTY, 0) && errno != EPERM)
		PTS_UNRES("TIOCSCTTY: %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		fd = open("/dev/tty", O_RDWR);
		if (fd < 0)
			_exit(3);
		if (tcgetsid(fd) != sid)
			_exit(4);
		close(fd);
		if (setsid() != getpid())
			_exit(5);
		fd = open("/dev/tty", O_RDWR);
		if (fd >= 0 || errno != ENXIO)
			_exit(6);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (WIFEXITED(status) && (WEXITSTATUS(status) == 3 || WEXITSTATUS(status) == 4))
		PTS_UNRES("the terminal is not the child's controlling terminal (%d)",
			  WEXITSTATUS(status));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("child status %#x (5: setsid failed, 6: /dev/tty still opens)", status);
	fd = open("/dev/tty", O_RDWR);
	if (fd < 0)
		PTS_FAILED("the leader lost its controlling terminal: %m");
	return PTS_PASS;
}

int main(void)
{
	pts_run_child(leader, "session leader");
	PTS_PASSED("setsid() leaves the controlling terminal behind");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve(): the new process image inherits the process ID, parent
 * process ID, process group ID, session, real user and group IDs,
 * supplementary groups, working directory, root directory, file mode
 * creation mask, resource limits (RLIMIT_FSIZE, RLIMIT_NOFILE set to odd
 * values), the nice value and the time left on an alarm; the values are
 * set in a child before the exec and compared after it.
 */
#include <grp.h>
#include <sys/stat.h>

#include "pts_helpers.h"

int main(int argc, char *argv[])
{
	char self[4096], cwd[4096], a[8][64];
	gid_t groups[4], g2[8];
	struct rlimit rl;
	int status, n;
	pid_t pid;

	if (argc == 6 && !strcmp(argv[1], "check")) {
		if (getpid() != atoi(argv[2]) || getppid() != atoi(argv[3]) ||
		    getpgrp() != atoi(argv[4]) || getsid(0) != atoi(argv[5]))
			return 10;
		if (getuid() != 0 || getgid() != 4321)
			return 11;
		n = getgroups(8, g2);
		if (n != 2 || g2[0] != 1234 || g2[1] != 2345)
			return 12;
		if (!getcwd(cwd, sizeof(cwd)) || strcmp(cwd, "/proc"))
			return 13;
		if (umask(0) != 0127)
			return 14;
		getrlimit(RLIMIT_FSIZE, &rl);
		if (rl.rlim_cur != 123456 || rl.rlim_max != RLIM_INFINITY)
			return 15;
		getrlimit(RLIMIT_NOFILE, &rl);
		if (rl.rlim_cur != 77)
			return 16;
		errno = 0;
		if (getpriority(PRIO_PROCESS, 0) != 7 || errno)
			return 17;
		n = alarm(0);
		if (n < 50 || n > 100)
			return 18;
		return 0;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		groups[0] = 1234;
		groups[1] = 2345;
		if (setgroups(2, groups) || setgid(4321))
			_exit(30);
		if (chdir("/proc"))
			_exit(31);
		umask(0127);
		rl.rlim_cur = 123456;
		rl.rlim_max = RLIM_INFINITY;
		if (setrlimit(RLIMIT_FSIZE, &rl))
			_exit(32);
		getrlimit(RLIMIT_NOFILE, &rl);
		rl.rlim_cur = 77;
		if (setrlimit(RLIMIT_NOFILE, &rl))
			_exit(33);
		if (setpriority(PRIO_PROCESS, 0, 7))
			_exit(34);
		alarm(100);
		snprintf(a[0], 64, "%d", (int)getpid());
		snprintf(a[1], 64, "%d", (int)getppid());
		snprintf(a[2], 64, "%d", (int)getpgrp());
		snprintf(a[3], 64, "%d", (int)getsid(0));
		execl(self, "execve_3-1", "check", a[0], a[1], a[2], a[3],
		      (char *)NULL);
		_exit(35);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (WIFEXITED(status) && WEXITSTATUS(status) >= 30)
		PTS_UNRES("set-up before the exec failed: %d", WEXITSTATUS(status));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("after exec: status %#x (10 ids, 11 uid/gid, 12 groups, 13 cwd, 14 umask, 15-16 rlimits, 17 nice, 18 alarm)",
			   status);
	PTS_PASSED("ids, groups, cwd, umask, limits, nice and alarm kept across exec");
}

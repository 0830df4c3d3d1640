// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The nice value is inherited across exec (XSH exec, XSI): after
 * nice(5) the process exec()s itself; the new image reads 5 from
 * nice(0) and getpriority(PRIO_PROCESS, 0), and the kernel's nice field
 * (/proc/self/stat, field 19) is 5 as well.
 */
#include "pts_helpers.h"

int main(int argc, char *argv[])
{
	int n, p;

	if (argc == 2 && !strcmp(argv[1], "exec")) {
		errno = 0;
		n = nice(0);
		p = getpriority(PRIO_PROCESS, 0);
		if (errno || n != 5 || p != 5 || pts_task_stat(getpid(), 19) != 5)
			PTS_FAILED("after exec: nice(0) %d, getpriority %d, kernel %lld (errno %d), expected 5",
				   n, p, pts_task_stat(getpid(), 19), errno);
		PTS_PASSED("nice value 5 kept across exec");
	}
	errno = 0;
	if (nice(0) != 0 || errno)
		PTS_UNRES("not started at nice 0");
	if (nice(5) != 5)
		PTS_UNRES("nice(5): %m");
	fflush(stdout);
	execl("/proc/self/exe", argv[0], "exec", (char *)NULL);
	PTS_UNRES("execl(/proc/self/exe): %m");
}

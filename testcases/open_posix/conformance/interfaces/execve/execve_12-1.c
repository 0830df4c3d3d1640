// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec: "Memory locks established by the calling process via calls to
 * mlockall() or mlock() shall be removed." A child locks a range with
 * mlock() and everything with mlockall(MCL_CURRENT | MCL_FUTURE) (VmLck
 * seen above 0), then executes this program again: the new image has
 * VmLck 0 and a mapping it makes and touches is not locked (the
 * MCL_FUTURE setting is gone too).
 */
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_proc_self.h"

static int check(void)
{
	long pg = sysconf(_SC_PAGESIZE), v = pts_status_kb("VmLck:");
	char *m;

	if (v != 0) {
		printf("new image: VmLck %ld kB, expected 0\n", v);
		return 10;
	}
	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return 9;
	memset(m, 1, 4 * pg);
	v = pts_status_kb("VmLck:");
	if (v != 0 || pts_locked_vma(m) != 0) {
		printf("new image: a new mapping locked (VmLck %ld kB, lo %d)\n",
		       v, pts_locked_vma(m));
		return 11;
	}
	return 0;
}

int main(int argc, char *argv[])
{
	long pg = sysconf(_SC_PAGESIZE);
	char self[4096];
	int status, n;
	pid_t pid;
	char *m;

	(void)argv;
	if (argc > 1)
		return check();
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		PTS_UNRES("readlink(): %m");
	self[n] = 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		m = mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m == MAP_FAILED || mlock(m, 8 * pg))
			_exit(30);
		if (mlockall(MCL_CURRENT | MCL_FUTURE))
			_exit(31);
		if (pts_status_kb("VmLck:") < 8 * pg / 1024)
			_exit(32);
		execl(self, "execve_12-1", "check", (char *)NULL);
		_exit(33);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (WIFEXITED(status) && WEXITSTATUS(status) >= 30)
		PTS_UNRES("set-up failed: %d (30 mlock, 31 mlockall, 32 VmLck, 33 exec)",
			  WEXITSTATUS(status));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("after exec: status %#x (10: VmLck, 11: new mapping locked)",
			   status);
	PTS_PASSED("mlock() and mlockall() locks removed by exec");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall() for an unprivileged process (a uid of its own, as the
 * limit RLIMIT_MEMLOCK is about that user's locks): [EPERM] "The calling
 * process does not have appropriate privileges" when its RLIMIT_MEMLOCK
 * is 0; with a limit of 64 kB MCL_CURRENT fails with [ENOMEM] ("would
 * exceed an implementation-defined limit"), as the process maps far
 * more; MCL_FUTURE alone succeeds, after which a mapping of 1 MiB fails
 * with mmap()'s [EAGAIN] ("The mapping could not be locked in memory, if
 * required by mlockall(), due to a lack of resources") while a one page
 * mapping is made locked; after munlockall() the 1 MiB mapping works.
 */
#include <sys/mman.h>
#include <sys/resource.h>

#include "pts_helpers.h"

/* VmLck without stdio: nothing may allocate while MCL_FUTURE is set */
static long vmlck(void)
{
	char buf[4096], *p;
	int fd = open("/proc/self/status", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "VmLck:");
	return p ? strtol(p + 6, NULL, 10) : -1;
}

static int child(void)
{
	struct rlimit rl = { 0, 65536 };
	long pg = sysconf(_SC_PAGESIZE);
	int r, e;
	void *p;
	long v;

	printf("child: RLIMIT_MEMLOCK 0, then 64 kB\n");
	fflush(stdout);
	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		return PTS_UNRESOLVED;
	errno = 0;
	r = mlockall(MCL_CURRENT);
	if (r != -1 || errno != EPERM) {
		printf("mlockall(MCL_CURRENT), limit 0: %d %s, expected EPERM\n",
		       r, strerrorname_np(errno));
		return PTS_FAIL;
	}
	rl.rlim_cur = 65536;
	if (setrlimit(RLIMIT_MEMLOCK, &rl))
		return PTS_UNRESOLVED;
	errno = 0;
	r = mlockall(MCL_CURRENT);
	if (r != -1 || errno != ENOMEM) {
		printf("mlockall(MCL_CURRENT), limit 64 kB: %d %s, expected ENOMEM\n",
		       r, strerrorname_np(errno));
		munlockall();
		return PTS_FAIL;
	}
	if (mlockall(MCL_FUTURE)) {
		printf("mlockall(MCL_FUTURE): %m\n");
		return PTS_FAIL;
	}
	/* nothing that may allocate until munlockall() */
	p = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	e = errno;
	r = p == MAP_FAILED;
	p = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	v = vmlck();
	munlockall();
	if (!r || e != EAGAIN) {
		printf("mmap(1 MiB) under MCL_FUTURE: %s, expected EAGAIN\n",
		       r ? strerrorname_np(e) : "success");
		return PTS_FAIL;
	}
	if (p == MAP_FAILED || v * 1024 != pg) {
		printf("one page under MCL_FUTURE: %s, VmLck %ld kB\n",
		       p == MAP_FAILED ? "failed" : "mapped", v);
		return PTS_FAIL;
	}
	p = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		printf("mmap(1 MiB) after munlockall(): %m\n");
		return PTS_FAIL;
	}
	printf("EPERM, ENOMEM, MCL_FUTURE: EAGAIN for 1 MiB, a page locked (%ld kB)\n",
	       v);
	return PTS_PASS;
}

int main(void)
{
	if (geteuid())
		PTS_UNSUPP("needs root to take a uid of its own");
	pts_run_as_own_uid(child, "unprivileged child");
	PTS_PASSED("EPERM, ENOMEM, and EAGAIN from mmap under MCL_FUTURE");
}

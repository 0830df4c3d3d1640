// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ftruncate(): "If the request would cause the file size to exceed the
 * soft file size limit for the process, the request shall fail and the
 * implementation shall generate the SIGXFSZ signal for the thread":
 * under RLIMIT_FSIZE 64 kB (in a child) ftruncate() to 64 kB + 1 fails
 * with [EFBIG], SIGXFSZ (blocked) is pending for the thread, and the
 * size is unchanged; exactly 64 kB is allowed. [EINVAL] for a pipe (not
 * a regular file or shared memory object).
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include "pts_helpers.h"

#define LIM 65536

static char path[64];

static int child(void)
{
	struct rlimit rl = { LIM, LIM };
	struct stat st;
	sigset_t set, pend;
	int fd, p[2];

	sigemptyset(&set);
	sigaddset(&set, SIGXFSZ);
	sigprocmask(SIG_BLOCK, &set, NULL);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || setrlimit(RLIMIT_FSIZE, &rl))
		return PTS_UNRESOLVED;
	unlink(path);
	if (ftruncate(fd, LIM)) {
		printf("ftruncate() to the limit: %m\n");
		return PTS_FAIL;
	}
	errno = 0;
	if (ftruncate(fd, LIM + 1) != -1 || errno != EFBIG) {
		printf("ftruncate() past the limit: errno %s, expected EFBIG\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	sigpending(&pend);
	if (!sigismember(&pend, SIGXFSZ)) {
		printf("no SIGXFSZ pending\n");
		return PTS_FAIL;
	}
	fstat(fd, &st);
	if (st.st_size != LIM) {
		printf("size %ld after the refused ftruncate()\n",
		       (long)st.st_size);
		return PTS_FAIL;
	}
	if (pipe(p))
		return PTS_UNRESOLVED;
	errno = 0;
	if (ftruncate(p[1], 0) != -1 || errno != EINVAL) {
		printf("ftruncate() of a pipe: errno %s, expected EINVAL\n",
		       strerrorname_np(errno));
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	snprintf(path, sizeof(path), "/tmp/pts_ftrunc2_%d", (int)getpid());
	pts_run_child(child, "RLIMIT_FSIZE child");
	PTS_PASSED("EFBIG with SIGXFSZ past RLIMIT_FSIZE, the limit itself allowed, EINVAL for a pipe");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pwrite() and the file size limit (RLIMIT_FSIZE 8192), checked at the
 * given offset, not the file offset (0 throughout): a 10-byte pwrite()
 * at 8186 writes the 6 bytes that fit and returns 6, with no SIGXFSZ; at
 * 8192 and at 20000 it fails with [EFBIG] and SIGXFSZ is generated (one
 * delivery each, caught), the file staying 8192 bytes (no hole made up
 * to 20000); a pwrite() below the limit still works after.
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static volatile int xfsz;

static void handler(int sig)
{
	(void)sig;
	xfsz++;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	struct rlimit rl = { 8192, 8192 };
	char path[64], buf[16];
	struct stat st;
	ssize_t r;
	int fd;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGXFSZ, &sa, NULL);
	snprintf(path, sizeof(path), "/tmp/pts_pwrite3_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(path);
	if (setrlimit(RLIMIT_FSIZE, &rl))
		PTS_UNRES("setrlimit(): %m");

	r = pwrite(fd, "0123456789", 10, 8186);
	if (r != 6)
		PTS_FAILED("pwrite() of 10 bytes at 8186 under an 8192 limit: %zd (%m), 6 expected",
			   r);
	if (xfsz)
		PTS_FAILED("SIGXFSZ for a write that fit partly");
	PTS_EXPECT_ERRNO(pwrite(fd, "x", 1, 8192), EFBIG, "pwrite() at the limit");
	if (xfsz != 1)
		PTS_FAILED("SIGXFSZ delivered %d times for the pwrite() at the limit",
			   xfsz);
	PTS_EXPECT_ERRNO(pwrite(fd, "x", 1, 20000), EFBIG, "pwrite() past the limit");
	if (xfsz != 2)
		PTS_FAILED("SIGXFSZ delivered %d times in all, 2 expected", xfsz);
	if (fstat(fd, &st) || st.st_size != 8192)
		PTS_FAILED("size %ld, 8192 expected", (long)st.st_size);
	if (pread(fd, buf, 16, 8180) != 12 || memcmp(buf + 6, "012345", 6))
		PTS_FAILED("the partial write's bytes not at 8186");
	if (pwrite(fd, "ok", 2, 100) != 2)
		PTS_FAILED("pwrite() below the limit after EFBIG: %m");
	if (lseek(fd, 0, SEEK_CUR) != 0)
		PTS_FAILED("file offset moved");
	PTS_PASSED("partial pwrite() to the limit, EFBIG with SIGXFSZ at and past it");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pwrite() of zero bytes to a regular file: "If nbyte is zero and the
 * file is a regular file ... the write() function shall return zero
 * and have no other results" (pwrite() is write() at an offset). At
 * offset 1 MiB of a 10-byte file, at the end (10) and at 0 it returns
 * 0; the size stays 10, no block is allocated past the data, the data
 * and the file offset are unchanged, and st_mtime/st_ctime are not
 * updated (the clock is seen to move past them first).
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static void same_times(const struct stat *a, const struct stat *b,
		       const char *what)
{
	if (a->st_mtim.tv_sec != b->st_mtim.tv_sec ||
	    a->st_mtim.tv_nsec != b->st_mtim.tv_nsec ||
	    a->st_ctim.tv_sec != b->st_ctim.tv_sec ||
	    a->st_ctim.tv_nsec != b->st_ctim.tv_nsec)
		PTS_FAILED("%s: st_mtime or st_ctime updated", what);
}

int main(void)
{
	static const off_t offs[] = { 1 << 20, 10, 0 };
	struct stat st0, st;
	char path[64], buf[16];
	unsigned int i;
	long long t;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_pwrite4_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(path);
	if (fd < 0 || write(fd, "0123456789", 10) != 10 ||
	    lseek(fd, 3, SEEK_SET) != 3 || fstat(fd, &st0))
		PTS_UNRES("file: %m");
	/* let the clock pass the file's times, so an update would show */
	t = pts_ts_ns(&st0.st_mtim);
	while (pts_now(CLOCK_REALTIME) <= t + 20000000)
		pts_nap();
	for (i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
		n = pwrite(fd, "zzz", 0, offs[i]);
		if (n != 0)
			PTS_FAILED("pwrite() of 0 bytes at %ld: %zd (%m)", (long)offs[i], n);
		if (fstat(fd, &st))
			PTS_UNRES("fstat(): %m");
		if (st.st_size != 10 || st.st_blocks != st0.st_blocks)
			PTS_FAILED("at %ld: size %ld blocks %ld, expected 10 and %ld",
				   (long)offs[i], (long)st.st_size,
				   (long)st.st_blocks, (long)st0.st_blocks);
		same_times(&st0, &st, "pwrite() of 0 bytes");
	}
	if (lseek(fd, 0, SEEK_CUR) != 3)
		PTS_FAILED("file offset %ld, expected 3", (long)lseek(fd, 0, SEEK_CUR));
	if (pread(fd, buf, sizeof(buf), 0) != 10 || memcmp(buf, "0123456789", 10))
		PTS_FAILED("the data changed");
	PTS_PASSED("zero-byte pwrite(): 0, no other result");
}

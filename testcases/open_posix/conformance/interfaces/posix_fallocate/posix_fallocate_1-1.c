// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_fallocate() makes sure the storage for [offset, offset + len) is
 * allocated: a range past the end grows the file size to offset + len
 * (the new bytes read as zero, the data before kept), a range inside the
 * file leaves the size alone; the file's blocks (st_blocks) cover the
 * range. It returns (not in errno) [EBADF] for a descriptor not open for
 * writing, [EINVAL] for len <= 0 or offset < 0, [ESPIPE] for a pipe, and
 * [EFBIG] past RLIMIT_FSIZE; nothing changes then.
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include "pts_helpers.h"

#define CHECK(call, e, desc) PTS_EXPECT_ERR(call, e, desc)

int main(void)
{
	char path[] = "/var/tmp/posix_fallocate_1-1.XXXXXX", buf[4096];
	struct rlimit rl = { 1 << 20, RLIM_INFINITY };
	struct stat st;
	int fd, rfd, p[2], i, err;

	fd = mkstemp(path);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %s", strerror(errno));
	rfd = open(path, O_RDONLY);
	unlink(path);
	if (write(fd, "data", 4) != 4)
		PTS_UNRES("write(): %s", strerror(errno));
	err = posix_fallocate(fd, 8192, 65536);
	if (err == EOPNOTSUPP)
		PTS_UNSUPP("the file system of /var/tmp has no fallocate");
	if (err)
		PTS_FAILED("posix_fallocate(8192, 65536): %s", strerror(err));
	if (fstat(fd, &st))
		PTS_UNRES("fstat(): %s", strerror(errno));
	if (st.st_size != 8192 + 65536)
		PTS_FAILED("size %lld after allocating to 73728", (long long)st.st_size);
	if ((long long)st.st_blocks * 512 < 65536)
		PTS_FAILED("only %lld blocks of 512 for a 64 kB range",
			   (long long)st.st_blocks);
	if (pread(fd, buf, 4, 0) != 4 || memcmp(buf, "data", 4))
		PTS_FAILED("data before the range changed");
	if (pread(fd, buf, sizeof(buf), 8192) != sizeof(buf))
		PTS_FAILED("allocated range not readable");
	for (i = 0; i < (int)sizeof(buf); i++)
		if (buf[i])
			PTS_FAILED("allocated byte %d not zero", i);
	if ((err = posix_fallocate(fd, 0, 4096)))
		PTS_FAILED("posix_fallocate() inside the file: %s", strerror(err));
	fstat(fd, &st);
	if (st.st_size != 8192 + 65536)
		PTS_FAILED("an inner range changed the size to %lld",
			   (long long)st.st_size);
	CHECK(posix_fallocate(rfd, 0, 200000), EBADF, "read-only descriptor");
	CHECK(posix_fallocate(-1, 0, 4096), EBADF, "fd -1");
	CHECK(posix_fallocate(fd, 0, 0), EINVAL, "len 0");
	CHECK(posix_fallocate(fd, 0, -1), EINVAL, "len -1");
	CHECK(posix_fallocate(fd, -1, 4096), EINVAL, "offset -1");
	CHECK(posix_fallocate(p[1], 0, 4096), ESPIPE, "a pipe");
	signal(SIGXFSZ, SIG_IGN);
	if (setrlimit(RLIMIT_FSIZE, &rl))
		PTS_UNRES("setrlimit(): %s", strerror(errno));
	CHECK(posix_fallocate(fd, 0, 2 << 20), EFBIG, "past RLIMIT_FSIZE");
	fstat(fd, &st);
	if (st.st_size != 8192 + 65536)
		PTS_FAILED("a refused call changed the size to %lld",
			   (long long)st.st_size);
	PTS_PASSED("range allocated, size grown only past the end, zeros; EBADF, EINVAL, ESPIPE, EFBIG");
}

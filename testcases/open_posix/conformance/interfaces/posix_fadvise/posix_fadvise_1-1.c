// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_fadvise(): each advice (NORMAL, SEQUENTIAL, RANDOM, WILLNEED,
 * DONTNEED, NOREUSE) is accepted for a regular file, also over a range
 * past the end and with len 0 (to the end), and the data reads back
 * unchanged after it. It returns (not in errno) [EINVAL] for an unknown
 * advice or a negative len, [ESPIPE] for a pipe, [EBADF] for a closed
 * descriptor.
 */
#include "pts_helpers.h"

int main(void)
{
	static const int adv[] = {
		POSIX_FADV_NORMAL, POSIX_FADV_SEQUENTIAL, POSIX_FADV_RANDOM,
		POSIX_FADV_WILLNEED, POSIX_FADV_DONTNEED, POSIX_FADV_NOREUSE,
	};
	char path[] = "/var/tmp/posix_fadvise_1-1.XXXXXX", buf[8192], back[8192];
	int fd, p[2], closed, err;
	unsigned int i;

	fd = mkstemp(path);
	if (fd < 0 || pipe(p))
		PTS_UNRES("set-up: %s", strerror(errno));
	unlink(path);
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i * 7);
	if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf) || fsync(fd))
		PTS_UNRES("write(): %s", strerror(errno));
	for (i = 0; i < sizeof(adv) / sizeof(adv[0]); i++) {
		if ((err = posix_fadvise(fd, 0, 4096, adv[i])))
			PTS_FAILED("advice %d: %s", adv[i], strerror(err));
		if ((err = posix_fadvise(fd, 0, 0, adv[i])))
			PTS_FAILED("advice %d, len 0: %s", adv[i], strerror(err));
		if ((err = posix_fadvise(fd, 1 << 20, 4096, adv[i])))
			PTS_FAILED("advice %d past the end: %s", adv[i], strerror(err));
		if (pread(fd, back, sizeof(back), 0) != (ssize_t)sizeof(back) ||
		    memcmp(buf, back, sizeof(buf)))
			PTS_FAILED("data changed after advice %d", adv[i]);
	}
	PTS_EXPECT_ERR(posix_fadvise(fd, 0, 4096, 12345), EINVAL, "unknown advice");
	PTS_EXPECT_ERR(posix_fadvise(fd, 0, -1, POSIX_FADV_NORMAL), EINVAL, "len -1");
	PTS_EXPECT_ERR(posix_fadvise(p[0], 0, 0, POSIX_FADV_NORMAL), ESPIPE, "a pipe");
	closed = dup(fd);
	close(closed);
	PTS_EXPECT_ERR(posix_fadvise(closed, 0, 0, POSIX_FADV_NORMAL), EBADF,
		       "closed descriptor");
	PTS_PASSED("six advices accepted (range, to the end, past it), data kept; EINVAL, ESPIPE, EBADF");
}

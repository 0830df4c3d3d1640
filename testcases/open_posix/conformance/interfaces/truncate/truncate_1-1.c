// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * truncate() sets the size of the file named by path: a shorter length
 * discards the data beyond it, a longer one extends the file with bytes
 * reading as zero; st_mtime and st_ctime are marked for update when the
 * size changes. Errors, with the file unchanged: [EINVAL] for a negative
 * length, [EISDIR] for a directory, [ENOENT], [ENOTDIR], [EACCES] for
 * nobody without write permission, [EFBIG] past RLIMIT_FSIZE.
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], file[128], through[160], missing[128];

static int nobody(void)
{
	PTS_EXPECT_ERRNO(truncate(file, 0), EACCES, "truncate() of a 0644 root file by nobody");
	return PTS_PASS;
}

static long long size_of(const char *p, struct stat *st)
{
	if (stat(p, st))
		PTS_UNRES("stat(): %s", strerror(errno));
	return st->st_size;
}

int main(void)
{
	struct rlimit rl = { 1 << 20, RLIM_INFINITY };
	struct timespec old = { 1000000000, 0 }, ts[2] = { old, old };
	struct stat st;
	char buf[16];
	int fd, i;

	strcpy(dir, "/tmp/truncate_1-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(file, sizeof(file), "%s/f", dir);
	snprintf(through, sizeof(through), "%s/f/x", dir);
	snprintf(missing, sizeof(missing), "%s/missing", dir);
	fd = open(file, O_CREAT | O_RDWR, 0644);
	if (fd < 0 || write(fd, "0123456789", 10) != 10)
		PTS_UNRES("create: %s", strerror(errno));
	utimensat(AT_FDCWD, file, ts, 0);

	if (truncate(file, 4))
		PTS_FAILED("truncate(4): %s", strerror(errno));
	if (size_of(file, &st) != 4)
		PTS_FAILED("size %lld after truncate(4)", (long long)st.st_size);
	if (st.st_mtime == old.tv_sec || st.st_ctime == old.tv_sec)
		PTS_FAILED("mtime/ctime not updated by the shrink");
	utimensat(AT_FDCWD, file, ts, 0);
	if (truncate(file, 12))
		PTS_FAILED("truncate(12): %s", strerror(errno));
	if (size_of(file, &st) != 12)
		PTS_FAILED("size %lld after truncate(12)", (long long)st.st_size);
	if (st.st_mtime == old.tv_sec)
		PTS_FAILED("mtime not updated by the extension");
	if (pread(fd, buf, 16, 0) != 12 || memcmp(buf, "0123", 4))
		PTS_FAILED("data kept before the cut wrong");
	for (i = 4; i < 12; i++)
		if (buf[i])
			PTS_FAILED("byte %d of the extension is %#x, not 0", i, buf[i]);

	PTS_EXPECT_ERRNO(truncate(file, -1), EINVAL, "truncate(-1)");
	PTS_EXPECT_ERRNO(truncate(dir, 0), EISDIR, "truncate(directory)");
	PTS_EXPECT_ERRNO(truncate(missing, 0), ENOENT, "truncate(missing)");
	PTS_EXPECT_ERRNO(truncate(through, 0), ENOTDIR, "truncate(file/x)");
	if (geteuid() == 0)
		pts_run_as_nobody(nobody, "nobody child");
	signal(SIGXFSZ, SIG_IGN);
	if (setrlimit(RLIMIT_FSIZE, &rl))
		PTS_UNRES("setrlimit(): %s", strerror(errno));
	PTS_EXPECT_ERRNO(truncate(file, 2 << 20), EFBIG, "truncate() past RLIMIT_FSIZE");
	if (size_of(file, &st) != 12)
		PTS_FAILED("a failed call changed the size to %lld",
			   (long long)st.st_size);
	close(fd);
	unlink(file);
	rmdir(dir);
	PTS_PASSED("shrink, zero-filled extension, times; EINVAL, EISDIR, ENOENT, ENOTDIR, EACCES, EFBIG");
}

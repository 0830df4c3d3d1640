// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Several writers fill a filesystem at once, on every filesystem of the
 * matrix.
 *
 * Three processes write files of their own (a pattern naming writer, file
 * and offset) in 256 KiB writes until a write fails. On each filesystem:
 * - every writer's fill ends with ENOSPC, never another errno (a short
 *   write first is allowed; the bytes it reports count as written);
 * - then statvfs() f_bavail is small: below 1/16 of the filesystem's
 *   blocks (f_bfree is not: btrfs counts raw unallocated space there, 75
 *   of its 128 MB with data full);
 * - the filesystem is unmounted and mounted again (not tmpfs) and every
 *   file has exactly the size the writes acknowledged and reads back the
 *   pattern: a write() that returned success is on disk;
 * - removing the files gives the space back: f_bavail returns to within
 *   1/32 of the filesystem's blocks of what it was before the fill (waited
 *   for, bounded, after syncfs(): xfs and btrfs free blocks in background
 *   work);
 * - the filesystem fills again, each writer ending with ENOSPC, and the
 *   second fill accepts at least 3/4 of what the first did.
 *
 * Where fallocate() works, all but 12 MB of the space is taken by a
 * fallocate()d file first, to keep the run short (xfs is 300 MB); ext2,
 * ext3 and exfat (no fallocate) are filled whole (64 MB).
 * fs_enospc01 checks one writer's fill and read-back without a remount.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include "tst_test.h"
#include "fs_fill.h"
#include "fs_matrix.h"
#include "fs_stress.h"

#define MNT		"mntpoint"
#define NWRITERS	3
#define CHUNK		(256 * 1024)
#define FILE_MAX	(4L * 1024 * 1024)
#define MAX_FILES	128
#define WRITE_MB	12

struct writer {
	int nfiles;
	int err;
	long long total;
	off_t size[MAX_FILES];
};

static struct writer *wr;
static int have_ballast;

static void fname(char *buf, size_t len, int w, int f)
{
	snprintf(buf, len, "w%d.%d", w, f);
}

static void writer(int w)
{
	struct writer *me = &wr[w];
	char *buf = SAFE_MALLOC(CHUNK);
	char name[32];
	ssize_t ret;
	int f, fd;

	for (f = 0; f < MAX_FILES && !me->err; f++) {
		fname(name, sizeof(name), w, f);
		fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0) {
			me->err = errno;
			break;
		}
		me->nfiles = f + 1;
		while (me->size[f] < FILE_MAX) {
			fs_fill_pattern(buf, CHUNK, w * MAX_FILES + f,
					me->size[f]);
			ret = write(fd, buf, CHUNK);
			if (ret < 0) {
				me->err = errno;
				break;
			}
			if (!ret)
				tst_brk(TFAIL, "write(%s) returned 0", name);
			me->size[f] += ret;
			me->total += ret;
		}
		SAFE_CLOSE(fd);
	}
	if (!me->err)
		tst_brk(TBROK, "writer %d wrote %d files of %ld bytes without "
			"an error", w, MAX_FILES, FILE_MAX);
	exit(0);
}

static long long fill(int round)
{
	long long total = 0;
	int w, bad = 0;

	memset(wr, 0, sizeof(*wr) * NWRITERS);
	for (w = 0; w < NWRITERS; w++)
		if (!SAFE_FORK())
			writer(w);
	tst_reap_children();
	for (w = 0; w < NWRITERS; w++) {
		total += wr[w].total;
		if (wr[w].err != ENOSPC) {
			tst_res(TFAIL, "fill %d: writer %d stopped with %s, "
				"expected ENOSPC", round, w,
				tst_strerrno(wr[w].err));
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "fill %d: each of the %d writers ended with "
			"ENOSPC (%lld bytes accepted: %lld, %lld, %lld)",
			round, NWRITERS, total, wr[0].total, wr[1].total,
			wr[2].total);
	return total;
}

static int verify_files(const char *when)
{
	char *buf = SAFE_MALLOC(CHUNK), *exp = SAFE_MALLOC(CHUNK);
	int w, f, fd, bad = 0;
	char name[32];
	struct stat st;
	ssize_t ret;
	off_t off;

	for (w = 0; w < NWRITERS; w++) {
		for (f = 0; f < wr[w].nfiles; f++) {
			fname(name, sizeof(name), w, f);
			fd = open(name, O_RDONLY);
			if (fd < 0) {
				tst_res(TFAIL | TERRNO, "%s: open(%s)", when,
					name);
				bad++;
				continue;
			}
			SAFE_FSTAT(fd, &st);
			if (st.st_size != wr[w].size[f]) {
				tst_res(TFAIL, "%s: %s has %lld bytes, the "
					"writes acknowledged %lld", when, name,
					(long long)st.st_size,
					(long long)wr[w].size[f]);
				bad++;
			}
			for (off = 0; off < wr[w].size[f]; off += ret) {
				ret = pread(fd, buf, CHUNK, off);
				if (ret <= 0) {
					tst_res(TFAIL | TERRNO, "%s: pread(%s"
						", %lld) returned %zd", when,
						name, (long long)off, ret);
					bad++;
					break;
				}
				if (ret > wr[w].size[f] - off)
					ret = wr[w].size[f] - off;
				fs_fill_pattern(exp, CHUNK, w * MAX_FILES + f,
						off);
				if (memcmp(buf, exp, ret & ~7L)) {
					tst_res(TFAIL, "%s: %s differs in the "
						"%zd bytes at %lld", when,
						name, ret, (long long)off);
					bad++;
					break;
				}
			}
			SAFE_CLOSE(fd);
		}
	}
	free(buf);
	free(exp);
	return bad;
}

static void remove_files(void)
{
	char name[32];
	int w, f;

	for (w = 0; w < NWRITERS; w++) {
		for (f = 0; f < wr[w].nfiles; f++) {
			fname(name, sizeof(name), w, f);
			SAFE_UNLINK(name);
		}
	}
}

static void sync_here(void)
{
	int fd = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);

	if (syncfs(fd))
		tst_brk(TBROK | TERRNO, "syncfs(.)");
	SAFE_CLOSE(fd);
}

static void do_statvfs(struct statvfs *sv)
{
	if (statvfs(".", sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
}

static void take_space(void)
{
	struct statvfs sv;
	long long len;
	int fd;

	do_statvfs(&sv);
	len = (long long)sv.f_bavail * sv.f_frsize - WRITE_MB * 1048576LL;
	have_ballast = 0;
	if (len <= 0)
		return;
	fd = SAFE_OPEN("ballast", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (!fallocate(fd, 0, 0, len))
		have_ballast = 1;
	else if (errno != EOPNOTSUPP)
		tst_brk(TBROK | TERRNO, "fallocate(ballast, %lld)", len);
	SAFE_CLOSE(fd);
	if (have_ballast)
		tst_res(TINFO, "fallocate() took %lld MB first", len >> 20);
	else
		SAFE_UNLINK("ballast");
}

static void run(void)
{
	struct statvfs before, full, now;
	unsigned long long margin, freed_slack;
	long long total1, total2, deadline;

	take_space();
	sync_here();
	do_statvfs(&before);

	total1 = fill(1);
	sync_here();
	do_statvfs(&full);
	margin = full.f_blocks / 16;
	tst_res(full.f_bavail <= margin ? TPASS : TFAIL,
		"filesystem full: f_bavail %llu of %llu blocks of %lu bytes "
		"(at most %llu allowed; %llu before the fill; f_bfree %llu)",
		(unsigned long long)full.f_bavail,
		(unsigned long long)full.f_blocks, full.f_frsize, margin,
		(unsigned long long)before.f_bavail,
		(unsigned long long)full.f_bfree);

	if (fs_can_remount()) {
		fs_remount(MNT);
		if (!verify_files("after umount and mount"))
			tst_res(TPASS, "after umount and mount: all %lld "
				"acknowledged bytes are there, sizes exact",
				total1);
	} else {
		if (!verify_files("tmpfs, no remount"))
			tst_res(TPASS, "all %lld acknowledged bytes read back,"
				" sizes exact (tmpfs: no remount, its files "
				"live only while mounted)", total1);
	}

	remove_files();
	freed_slack = before.f_blocks / 32;
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	for (;;) {
		sync_here();
		do_statvfs(&now);
		if (now.f_bavail + freed_slack >= before.f_bavail ||
		    tst_mono_ms() > deadline)
			break;
		usleep(50000);
	}
	tst_res(now.f_bavail + freed_slack >= before.f_bavail ? TPASS : TFAIL,
		"removing the files freed the space: f_bavail %llu, %llu "
		"before the fill (%llu blocks of slack allowed)",
		(unsigned long long)now.f_bavail,
		(unsigned long long)before.f_bavail, freed_slack);

	total2 = fill(2);
	tst_res(total2 * 4 >= total1 * 3 ? TPASS : TFAIL,
		"the second fill accepted %lld bytes, the first %lld",
		total2, total1);
	if (!verify_files("second fill"))
		tst_res(TPASS, "second fill: sizes exact and contents read "
			"back");
	remove_files();
	if (have_ballast)
		SAFE_UNLINK("ballast");
	sync_here();
}

static void setup(void)
{
	wr = SAFE_MMAP(NULL, sizeof(*wr) * NWRITERS, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.all_filesystems = 1,
	.mntpoint = MNT,
	.timeout = 90,
};

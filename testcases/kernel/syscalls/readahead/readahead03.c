// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * readahead(2) on ext4 on the test device:
 * 0: on a regular file it fills the page cache (the check of
 *    readahead_cache.h; readahead02 does it in the tmpdir, which is tmpfs
 *    in a QEMU guest and so cannot show it);
 * 1: on the block device itself it returns 0: block devices have a page
 *    cache and are the one other file type readahead() accepts;
 * 2: on the same file seen through an overlayfs mount (the file in the
 *    upper layer): readahead() of the overlay file returns 0 and fills
 *    the page cache of the real file (overlayfs passes the advice on,
 *    b833a3660394 "ovl: add ovl_fadvise()"; before it readahead() on an
 *    overlay file read nothing in, or failed with EINVAL).
 * 3: ranges, on the dropped file: readahead() of pages 2 and 3 only
 *    (offset 2 pages, count 2 pages) returns 0 and makes exactly those two
 *    resident (bounded wait), the others stay out; readahead() at an
 *    offset 4 pages past the end of the file, 64 KiB long, returns 0,
 *    leaves the size as it was and brings no page of the file in; a
 *    kernel that takes the offset for a page index or ignores it, or
 *    that reads from 0 when the range lies past the end, fails.
 * The file is MNT/upper/readahead03_file, dropped from the cache through
 * its own descriptor each time. TCONF for case 2 without overlayfs.
 * Syscalls: readahead
 */
#include <sys/mount.h>
#include "tst_test.h"
#include "readahead_cache.h"

#define MNT "mnt"
#define MERGED MNT "/merged"

static int ovl_fd = -1, ovl_mounted;

static void setup(void)
{
	SAFE_MKDIR(MNT "/lower", 0755);
	SAFE_MKDIR(MNT "/upper", 0755);
	SAFE_MKDIR(MNT "/work", 0755);
	SAFE_MKDIR(MERGED, 0755);
	ra_cache_setup(MNT "/upper/readahead03_file");
	if (mount("overlay", MERGED, "overlay", 0, "lowerdir=" MNT "/lower,"
		  "upperdir=" MNT "/upper,workdir=" MNT "/work")) {
		if (errno != ENODEV)
			tst_brk(TBROK | TERRNO, "mount(overlay)");
		tst_res(TINFO, "no overlayfs in this kernel (ENODEV)");
		return;
	}
	ovl_mounted = 1;
	ovl_fd = SAFE_OPEN(MERGED "/readahead03_file", O_RDONLY);
}

static void cleanup(void)
{
	if (ovl_fd >= 0)
		SAFE_CLOSE(ovl_fd);
	if (ovl_mounted)
		SAFE_UMOUNT(MERGED);
	ra_cache_cleanup();
}

/* Pages of the file resident, as a bit mask (the file has <= 64 pages). */
static unsigned long long resident_mask(void)
{
	unsigned long long mask = 0;
	size_t i;

	ra_resident_pages();
	for (i = 0; i < ra_npages && i < 64; i++) {
		if (ra_vec[i] & 1)
			mask |= 1ULL << i;
	}
	return mask;
}

static void ranges(void)
{
	double limit = RA_IO_SECS * tst_timeout_mul();
	unsigned long long want = (1ULL << 2) | (1ULL << 3), got;
	struct timespec start;
	struct stat st;

	if (ra_drop_pages()) {
		tst_res(TCONF, "pages stay resident after POSIX_FADV_DONTNEED");
		return;
	}
	TST_EXP_PASS(readahead(ra_fd, 2 * ra_page_size, 2 * ra_page_size),
		     "readahead() of pages 2-3");
	clock_gettime(CLOCK_MONOTONIC, &start);
	while ((got = resident_mask()) != want &&
	       !(got & ~want) && ra_secs_since(&start) < limit)
		usleep(10000);
	if (got == want) {
		tst_res(TPASS, "exactly pages 2 and 3 are resident");
	} else {
		tst_res(TFAIL, "resident pages 0x%llx, expected 0x%llx",
			got, want);
	}

	if (ra_drop_pages()) {
		tst_res(TCONF, "pages stay resident after POSIX_FADV_DONTNEED");
		return;
	}
	TST_EXP_PASS(readahead(ra_fd, ra_file_len + 4 * ra_page_size, 65536),
		     "readahead() 4 pages past the end of the file");
	SAFE_FSTAT(ra_fd, &st);
	TST_EXP_EQ_LI(st.st_size, ra_file_len);
	/* Any read it started would be of pages 0.. : give it the time. */
	clock_gettime(CLOCK_MONOTONIC, &start);
	while (!(got = resident_mask()) &&
	       ra_secs_since(&start) < 0.2 * tst_timeout_mul())
		usleep(10000);
	if (got)
		tst_res(TFAIL, "pages 0x%llx came in from past the end", got);
	else
		tst_res(TPASS, "no page of the file came in");
}

static void run(unsigned int n)
{
	int fd;

	if (n == 3) {
		ranges();
		return;
	}
	if (n == 0) {
		ra_cache_check();
		return;
	}
	if (n == 2) {
		if (!ovl_mounted)
			tst_res(TCONF, "no overlayfs in this kernel (mount: "
				"ENODEV)");
		else
			ra_cache_check_via(ovl_fd, "the overlayfs file");
		return;
	}
	fd = SAFE_OPEN(tst_device->dev, O_RDONLY);
	TST_EXP_PASS(readahead(fd, 0, 65536), "readahead() on %s",
		     tst_device->dev);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.tags = (const struct tst_tag[]) {
		/* ovl: add ovl_fadvise() */
		{"linux-git", "b833a3660394"},
		/* ovl: fix GPF in swapfile_activate of file from overlayfs
		 * over xfs (the regression b833a3660394 repairs; upstream
		 * LTP's readahead02 tags it too) */
		{"linux-git", "5b910bd615ba"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FAN_FS_ERROR (Linux 5.16) from an ext4 that meets errors. A filesystem
 * mark of a FAN_REPORT_FID group gets, with FAN_NOFD, an error record and
 * a file id record with the filesystem's fsid: remount with "abort" gives
 * error ESHUTDOWN, count 1, and the null file id (FILEID_INVALID, no
 * bytes); a lookup of a directory whose on-disk mode the test overwrote
 * (no type bits; the filesystem is made without metadata checksums)
 * fails with EUCLEAN and gives EUCLEAN with that directory's handle; two
 * such errors before the event is read add up to one event with an error
 * count of 2, reported for the first one's inode. Errors are only
 * reported to a filesystem mark: an inode mark with FAN_FS_ERROR is
 * EINVAL.
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <sys/statfs.h>
#include "fan_common.h"
#include "fhandle.h"

#define BASE FAN_MNT "/base"
#define BAD_DIR BASE "/bad_dir"
#define BAD_DIR2 BASE "/bad_dir2"
#define FILEID_INVALID 0xff

static struct fh_buf bad_dir_fh, bad_dir2_fh;
static struct statfs sfs;

struct err_ev {
	int n;			/* events read */
	int ok;			/* each: FAN_FS_ERROR, FAN_NOFD, 2 records */
	int first_error;
	unsigned int count;	/* error counts summed */
	struct fh_buf fh;	/* file id of the first event */
	int fsid_ok;
};

static void parse_event(struct fan_event *ev, struct err_ev *e)
{
	unsigned int off = 0;
	int have_err = 0, have_fid = 0;

	while (off + sizeof(struct fanotify_event_info_header) <=
	       ev->info_len) {
		struct fanotify_event_info_header *h = (void *)(ev->info + off);

		if (!h->len)
			break;
		if (h->info_type == FAN_EVENT_INFO_TYPE_ERROR) {
			struct fanotify_event_info_error *er = (void *)h;

			if (!e->n)
				e->first_error = er->error;
			e->count += er->error_count;
			have_err = 1;
		} else if (h->info_type == FAN_EVENT_INFO_TYPE_FID) {
			struct fanotify_event_info_fid *f = (void *)h;
			struct file_handle *fh = (void *)f->handle;

			if (!e->n && fh->handle_bytes <= MAX_HANDLE_SZ)
				memcpy(&e->fh, fh, sizeof(*fh) +
				       fh->handle_bytes);
			if (!e->n)
				e->fsid_ok = !memcmp(&f->fsid, &sfs.f_fsid,
						     sizeof(f->fsid));
			have_fid = 1;
		}
		off += h->len;
	}
	if (ev->mask != FAN_FS_ERROR || ev->fd != FAN_NOFD || !have_err ||
	    !have_fid)
		e->ok = 0;
	e->n++;
}

/* Read error events until their counts reach want (bounded). */
static void collect(int fan, unsigned int want, struct err_ev *e)
{
	struct fan_event ev;

	memset(e, 0, sizeof(*e));
	e->ok = 1;
	/* ext4 may report an error from its work queue: wait for it */
	while (e->count < want && fan_next(fan, &ev)) {
		parse_event(&ev, e);
		fan_close_ev(&ev);
	}
}

static void remount(void)
{
	SAFE_UMOUNT(FAN_MNT);
	SAFE_MOUNT(tst_device->dev, FAN_MNT, tst_device->fs_type, 0, NULL);
}

static void open_bad(const char *path)
{
	TST_EXP_FAIL(open(path, O_RDONLY), EUCLEAN, "open(%s) of a corrupted "
		     "inode", path);
}

static void run(unsigned int n)
{
	struct err_ev e;
	int fan;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_NONBLOCK,
		       O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_FS_ERROR,
		 FAN_MNT);
	switch (n) {
	case 0:
		TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_ADD, FAN_FS_ERROR,
					   AT_FDCWD, FAN_MNT), EINVAL,
			     "FAN_FS_ERROR on an inode mark");
		SAFE_MOUNT(tst_device->dev, FAN_MNT, tst_device->fs_type,
			   MS_REMOUNT | MS_RDONLY, "abort");
		collect(fan, 1, &e);
		TST_EXP_EXPR(e.n == 1 && e.ok && e.fsid_ok &&
			     e.first_error == ESHUTDOWN && e.count == 1 &&
			     e.fh.fh.handle_type == FILEID_INVALID &&
			     !e.fh.fh.handle_bytes, "abort: %d event(s), error "
			     "%d (want ESHUTDOWN), count %u, null file id "
			     "(type %#x, %u bytes), fsid %s", e.n,
			     e.first_error, e.count, e.fh.fh.handle_type,
			     e.fh.fh.handle_bytes, e.fsid_ok ? "ok" : "wrong");
		break;
	case 1:
		open_bad(BAD_DIR);
		collect(fan, 1, &e);
		TST_EXP_EXPR(e.n == 1 && e.ok && e.fsid_ok &&
			     e.first_error == EUCLEAN && e.count == 1 &&
			     fh_equal(&e.fh, &bad_dir_fh), "bad directory: %d "
			     "event(s), error %d (want EUCLEAN), count %u, the "
			     "directory's handle", e.n, e.first_error, e.count);
		break;
	case 2:
		open_bad(BAD_DIR2);
		open_bad(BAD_DIR);
		collect(fan, 2, &e);
		TST_EXP_EXPR(e.n == 1 && e.ok && e.fsid_ok &&
			     e.first_error == EUCLEAN && e.count == 2 &&
			     fh_equal(&e.fh, &bad_dir2_fh), "two errors: %d "
			     "event(s) (want 1), error %d, count %u (want 2), "
			     "the first one's inode", e.n, e.first_error,
			     e.count);
		break;
	}
	fan_close(fan);
	/* a fresh mount leaves the error state */
	remount();
}

static unsigned int le16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/*
 * Overwrite the on-disk i_mode of inode ino of the (unmounted) ext4 with
 * 0777 and no file type: superblock, group descriptor, inode table.
 */
static void corrupt_mode(ino_t ino)
{
	unsigned char sb[1024], gd[64], mode[2] = {0xff, 0x01};
	unsigned int bs, ipg, isz, dsz, g, idx;
	uint64_t table;
	int fd;

	fd = SAFE_OPEN(tst_device->dev, O_RDWR);
	SAFE_PREAD(1, fd, sb, sizeof(sb), 1024);
	if (le16(sb + 0x38) != 0xef53)
		tst_brk(TBROK, "%s: no ext4 superblock", tst_device->dev);
	bs = 1024U << le32(sb + 0x18);
	ipg = le32(sb + 0x28);
	isz = le16(sb + 0x58);
	/* 64bit feature: descriptors of s_desc_size bytes */
	dsz = (le32(sb + 0x60) & 0x80) ? le16(sb + 0xfe) : 32;
	if (dsz < 32 || dsz > sizeof(gd))
		tst_brk(TBROK, "group descriptor size %u", dsz);
	g = (ino - 1) / ipg;
	idx = (ino - 1) % ipg;
	SAFE_PREAD(1, fd, gd, dsz, (off_t)(le32(sb + 0x14) + 1) * bs +
		   (off_t)g * dsz);
	table = le32(gd + 0x8);
	if (dsz >= 64)
		table |= (uint64_t)le32(gd + 0x28) << 32;
	SAFE_PWRITE(1, fd, mode, sizeof(mode), table * bs +
		    (uint64_t)idx * isz);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	struct stat st1, st2;

	SAFE_MKDIR(BASE, 0777);
	SAFE_MKDIR(BAD_DIR, 0777);
	SAFE_MKDIR(BAD_DIR2, 0777);
	fh_get(BAD_DIR, 0, &bad_dir_fh, NULL);
	fh_get(BAD_DIR2, 0, &bad_dir2_fh, NULL);
	SAFE_STAT(BAD_DIR, &st1);
	SAFE_STAT(BAD_DIR2, &st2);
	if (statfs(FAN_MNT, &sfs))
		tst_brk(TBROK | TERRNO, "statfs(%s)", FAN_MNT);
	SAFE_UMOUNT(FAN_MNT);
	corrupt_mode(st1.st_ino);
	corrupt_mode(st2.st_ino);
	SAFE_MOUNT(tst_device->dev, FAN_MNT, tst_device->fs_type, 0, NULL);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = FAN_MNT,
	.dev_fs_type = "ext4",
	.min_kver = "5.16",
	/* no checksums: the overwritten mode must be read, not refused */
	.dev_fs_opts = (const char *const[]) {"-O", "^metadata_csum", NULL},
	.tags = (const struct tst_tag[]) {
		/* fixes named by upstream's fanotify22 */
		{"linux-git", "124e7c61deb2"},
		{"linux-git", "76486b104168"},
		{}
	},
};

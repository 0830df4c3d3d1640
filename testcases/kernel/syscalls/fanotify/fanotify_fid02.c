// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FAN_REPORT_FID where the fsid is not simply the device's: on a btrfs of
 * its own, and on an overlayfs over it.
 *  - The top subvolume: an inode, a mount and a filesystem mark each give,
 *    for an open of the file, one event whose fsid is statfs()'s f_fsid
 *    and whose handle is name_to_handle_at()'s, also when a group without
 *    FAN_REPORT_FID had marked the objects first (c285a2f01d69).
 *  - A subvolume has an fsid of its own (statfs() differs from the top's):
 *    before Linux 6.8 a FAN_REPORT_FID mark on it, also through a bind
 *    mount of the subvolume, is EXDEV, since an event could not carry the
 *    right fsid; from 6.8 an inode mark is allowed (a "weak" fsid,
 *    fanotify_test_fsid()) and its event carries the subvolume's fsid,
 *    while a mount or filesystem mark stays EXDEV. A group without
 *    FAN_REPORT_FID marks it as usual.
 *  - An overlayfs with index=on,nfs_export=on over the btrfs: inode, mount
 *    and filesystem marks on the overlay report an open of a lower and of
 *    an upper file with statfs(overlay)'s fsid and the overlay's handle of
 *    the file.
 *  - From Linux 6.6 overlayfs opens the real files with events enabled
 *    (bc2473c90fca): a filesystem mark on the btrfs then reports the open
 *    through the overlay with the btrfs fsid and the real file's handle;
 *    before 6.6 that part is TCONF (the real files are opened with
 *    FMODE_NONOTIFY).
 *  - From Linux 6.6, unlink() of a lower and of an upper file through the
 *    overlay gives an inode mark's group one FAN_DELETE_SELF with the
 *    overlay's fsid and the handle name_to_handle_at() gave the file
 *    (c45beebfde34: the event comes when the inode has no dentry left,
 *    and overlayfs could not encode its handle without one).
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <limits.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/statfs.h>
#include <linux/btrfs.h>
#include "fan_common.h"
#include "fhandle.h"

#define SV FAN_MNT "/sv"
#define SVBIND "svbind"
#define OVL "ovl"
/* lower files for FAN_DELETE_SELF: one per run (-i), up to this many */
#define LOWER_DEL 20

static int sv_bound, ovl_mounted;

struct want {
	const char *open_p;	/* opened */
	const char *id_p;	/* whose statfs() and handle the event has */
};

/*
 * One event of mask with FAN_NOFD and a FID record of fsid sfs->f_fsid and
 * handle want, then nothing.
 */
static void expect_fid_of(int fan, unsigned long long mask,
			  const struct statfs *sfs, const struct fh_buf *want,
			  const char *what, const char *id_p)
{
	const struct fanotify_event_info_fid *f;
	struct fh_buf got;
	struct fan_event ev;
	int n, ok = 0;

	n = fan_read_one(fan, &ev);
	if (n) {
		f = (const void *)ev.info;
		if (ev.ok && ev.mask == mask && ev.fd == FAN_NOFD &&
		    ev.info_len >= sizeof(*f) + sizeof(struct file_handle) &&
		    f->hdr.info_type == FAN_EVENT_INFO_TYPE_FID &&
		    f->hdr.len == ev.info_len) {
			const struct file_handle *fh = (const void *)f->handle;

			if (fh->handle_bytes <= MAX_HANDLE_SZ &&
			    sizeof(*f) + sizeof(*fh) + fh->handle_bytes <=
			    ev.info_len) {
				memcpy(&got, fh, sizeof(*fh) +
				       fh->handle_bytes);
				ok = !memcmp(&f->fsid, &sfs->f_fsid,
					     sizeof(f->fsid)) &&
				     fh_equal(&got, want);
			}
		}
		fan_close_ev(&ev);
	}
	TST_EXP_EXPR(ok, "%s: %s with FAN_NOFD, the fsid of statfs(%s) "
		     "and its handle (%s, mask %#llx)", what,
		     mask == FAN_OPEN ? "FAN_OPEN" : "FAN_DELETE_SELF", id_p,
		     n ? "an event" : "no event",
		     n ? (unsigned long long)ev.mask : 0ULL);
	fan_expect_none(fan, what);
}

/* One FAN_OPEN event with the fsid and handle of w->id_p, then nothing. */
static void expect_fid(int fan, const struct want *w, const char *what)
{
	struct fh_buf want;
	struct statfs sfs;

	if (statfs(w->id_p, &sfs))
		tst_brk(TBROK | TERRNO, "statfs(%s)", w->id_p);
	fh_get(w->id_p, 0, &want, NULL);
	expect_fid_of(fan, FAN_OPEN, &sfs, &want, what, w->id_p);
}

static const struct {
	unsigned int flags;
	const char *name;
} types[] = {
	{0, "inode mark"},
	{FAN_MARK_MOUNT, "mount mark"},
	{FAN_MARK_FILESYSTEM, "filesystem mark"},
};

/* Mark (type i) the object: the file itself, or the mount/fs at dir. */
static int fid_mark(int fan, int i, const char *file, const char *dir)
{
	return fanotify_mark(fan, FAN_MARK_ADD | types[i].flags, FAN_OPEN,
			     AT_FDCWD, types[i].flags ? dir : file);
}

static void mkfile(const char *path)
{
	int fd = SAFE_OPEN(path, O_CREAT | O_WRONLY, 0644);

	SAFE_CLOSE(fd);
}

static int fid_group(void)
{
	return fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_NONBLOCK,
			O_RDONLY);
}

static void test_top(void)
{
	const struct want w = {FAN_MNT "/file", FAN_MNT "/file"};
	char what[64];
	unsigned int i;
	int fan, first;

	/*
	 * A group without FAN_REPORT_FID marks the objects first, so the
	 * FID groups add their marks to connectors made without an fsid.
	 */
	first = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		if (fid_mark(first, i, w.open_p, FAN_MNT))
			tst_brk(TBROK | TERRNO, "fanotify_mark(%s)",
				types[i].name);
	}
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		fan = fid_group();
		if (fid_mark(fan, i, w.open_p, FAN_MNT))
			tst_brk(TBROK | TERRNO, "fanotify_mark(%s)",
				types[i].name);
		fan_touch_open(w.open_p);
		snprintf(what, sizeof(what), "btrfs top subvolume, %s",
			 types[i].name);
		expect_fid(fan, &w, what);
		fan_close(fan);
	}
	fan_close(first);
}

static void test_subvol(void)
{
	static const char *const dirs[] = {SV, SVBIND};
	static const char *const files[] = {SV "/file", SVBIND "/file"};
	struct statfs top, sub;
	struct fan_event ev;
	char what[96];
	unsigned int i, d;
	int fan, n, new_api = tst_kvercmp(6, 8, 0) >= 0;

	if (statfs(FAN_MNT, &top) || statfs(SV, &sub))
		tst_brk(TBROK | TERRNO, "statfs()");
	TST_EXP_EXPR(memcmp(&top.f_fsid, &sub.f_fsid, sizeof(top.f_fsid)),
		     "statfs() of the subvolume has an fsid of its own");
	for (d = 0; d < ARRAY_SIZE(dirs); d++) {
		for (i = 0; i < ARRAY_SIZE(types); i++) {
			const struct want w = {files[d], files[d]};

			snprintf(what, sizeof(what), "btrfs subvolume%s, %s",
				 d ? " through a bind mount" : "",
				 types[i].name);
			fan = fid_group();
			if (!new_api || types[i].flags) {
				TST_EXP_FAIL(fid_mark(fan, i, files[d],
						      dirs[d]), EXDEV,
					     "%s with FAN_REPORT_FID", what);
			} else if (fid_mark(fan, i, files[d], dirs[d])) {
				tst_res(TFAIL | TERRNO, "%s with "
					"FAN_REPORT_FID (6.8 allows an inode "
					"mark)", what);
			} else {
				fan_touch_open(files[d]);
				expect_fid(fan, &w, what);
			}
			fan_close(fan);

			fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK,
				       O_RDONLY);
			if (fid_mark(fan, i, files[d], dirs[d]))
				tst_brk(TBROK | TERRNO, "fanotify_mark(%s)",
					what);
			fan_touch_open(files[d]);
			n = fan_read_one(fan, &ev);
			TST_EXP_EXPR(n && ev.mask == FAN_OPEN &&
				     fan_fd_is(ev.fd, files[d]), "%s without "
				     "FAN_REPORT_FID: FAN_OPEN with a "
				     "descriptor", what);
			if (n)
				fan_close_ev(&ev);
			fan_close(fan);
		}
	}
}

static void test_overlay(void)
{
	static const struct want ws[] = {
		{OVL "/lf", OVL "/lf"},
		{OVL "/uf", OVL "/uf"},
	};
	char what[96];
	unsigned int i, j;
	int fan;

	if (!ovl_mounted) {
		tst_res(TCONF, "overlayfs with nfs_export=on could not be "
			"mounted (no overlay filesystem, or no nfs_export)");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		for (j = 0; j < ARRAY_SIZE(ws); j++) {
			fan = fid_group();
			if (fid_mark(fan, i, ws[j].open_p, OVL))
				tst_brk(TBROK | TERRNO, "fanotify_mark(%s on "
					"overlayfs)", types[i].name);
			fan_touch_open(ws[j].open_p);
			snprintf(what, sizeof(what), "overlayfs, %s, %s file",
				 types[i].name, j ? "upper" : "lower");
			expect_fid(fan, &ws[j], what);
			fan_close(fan);
		}
	}
}

static void test_overlay_base(void)
{
	static const struct want ws[] = {
		{OVL "/lf", FAN_MNT "/lower/lf"},
		{OVL "/uf", FAN_MNT "/upper/uf"},
	};
	char what[96];
	unsigned int j;
	int fan;

	if (!ovl_mounted) {
		tst_res(TCONF, "overlayfs could not be mounted");
		return;
	}
	if (tst_kvercmp(6, 6, 0) < 0) {
		tst_res(TCONF, "before Linux 6.6 overlayfs opens the real "
			"files with FMODE_NONOTIFY (bc2473c90fca)");
		return;
	}
	for (j = 0; j < ARRAY_SIZE(ws); j++) {
		fan = fid_group();
		fan_mark(fan, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_OPEN,
			 FAN_MNT);
		fan_touch_open(ws[j].open_p);
		snprintf(what, sizeof(what), "btrfs filesystem mark, open of "
			 "the %s file through overlayfs", j ? "upper" : "lower");
		expect_fid(fan, &ws[j], what);
		fan_close(fan);
	}
}

/*
 * FAN_DELETE_SELF of an overlayfs file: the event is made when the inode
 * has no dentry left, and overlayfs could not encode a handle without one
 * until c45beebfde34 (Linux 6.6).
 */
static void test_overlay_delete(void)
{
	static unsigned int iter;
	struct fh_buf want;
	struct statfs sfs;
	char what[96], path[64];
	unsigned int j;
	int fan;

	if (!ovl_mounted) {
		tst_res(TCONF, "overlayfs could not be mounted");
		return;
	}
	if (tst_kvercmp(6, 6, 0) < 0) {
		tst_res(TCONF, "before Linux 6.6 overlayfs encodes no handle "
			"of an inode without a dentry (c45beebfde34)");
		return;
	}
	if (statfs(OVL, &sfs))
		tst_brk(TBROK | TERRNO, "statfs(%s)", OVL);
	/* a lower file made in set-up (one per run), an upper one made now */
	for (j = 0; j < 2; j++) {
		snprintf(path, sizeof(path), OVL "/%s%u", j ? "ud" : "ld",
			 iter);
		if (j)
			mkfile(path);
		else if (iter >= LOWER_DEL)
			continue;
		fh_get(path, 0, &want, NULL);
		fan = fid_group();
		fan_mark(fan, FAN_MARK_ADD, FAN_DELETE_SELF, path);
		SAFE_UNLINK(path);
		snprintf(what, sizeof(what), "overlayfs, inode mark, unlink() "
			 "of the %s file", j ? "upper" : "lower");
		expect_fid_of(fan, FAN_DELETE_SELF, &sfs, &want, what, path);
		fan_close(fan);
	}
	iter++;
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_top();
		break;
	case 1:
		test_subvol();
		break;
	case 2:
		test_overlay();
		break;
	case 3:
		test_overlay_base();
		break;
	default:
		test_overlay_delete();
	}
}

static void setup(void)
{
	struct btrfs_ioctl_vol_args args = { 0 };
	char cwd[PATH_MAX], opts[4 * PATH_MAX];
	int fd, i;

	mkfile(FAN_MNT "/file");
	fd = SAFE_OPEN(FAN_MNT, O_RDONLY | O_DIRECTORY);
	strcpy(args.name, "sv");
	if (ioctl(fd, BTRFS_IOC_SUBVOL_CREATE, &args))
		tst_brk(TBROK | TERRNO, "BTRFS_IOC_SUBVOL_CREATE");
	SAFE_CLOSE(fd);
	mkfile(SV "/file");
	SAFE_MKDIR(SVBIND, 0755);
	SAFE_MOUNT(SV, SVBIND, NULL, MS_BIND, NULL);
	sv_bound = 1;

	SAFE_MKDIR(FAN_MNT "/lower", 0755);
	SAFE_MKDIR(FAN_MNT "/upper", 0755);
	SAFE_MKDIR(FAN_MNT "/work", 0755);
	mkfile(FAN_MNT "/lower/lf");
	mkfile(FAN_MNT "/upper/uf");
	for (i = 0; i < LOWER_DEL; i++) {
		snprintf(opts, sizeof(opts), FAN_MNT "/lower/ld%d", i);
		mkfile(opts);
	}
	SAFE_MKDIR(OVL, 0755);
	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	snprintf(opts, sizeof(opts), "lowerdir=%s/%s/lower,upperdir=%s/%s/"
		 "upper,workdir=%s/%s/work,index=on,nfs_export=on", cwd,
		 FAN_MNT, cwd, FAN_MNT, cwd, FAN_MNT);
	if (mount("overlay", OVL, "overlay", 0, opts)) {
		if (errno != ENODEV && errno != EINVAL)
			tst_brk(TBROK | TERRNO, "mount(overlay, %s)", opts);
		tst_res(TINFO | TERRNO, "mount(overlay, %s)", opts);
		return;
	}
	ovl_mounted = 1;
}

static void cleanup(void)
{
	if (ovl_mounted && umount2(OVL, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", OVL);
	if (sv_bound && umount2(SVBIND, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", SVBIND);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = FAN_MNT,
	.dev_fs_type = "btrfs",
	.needs_fs_type = "btrfs",
	.tags = (const struct tst_tag[]) {
		/* fanotify: update connector fsid cache on add mark */
		{"linux-git", "c285a2f01d69"},
		/* ovl: enable fsnotify events on underlying real files */
		{"linux-git", "bc2473c90fca"},
		/* ovl: support encoding fid from inode with no alias */
		{"linux-git", "c45beebfde34"},
		{}
	},
};

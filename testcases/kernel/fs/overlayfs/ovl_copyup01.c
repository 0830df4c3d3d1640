// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copy-up of lower files on an overlay whose lower, upper and work
 * directories are all on the filesystem of the matrix (ext2, ext3, ext4,
 * xfs, btrfs and tmpfs as upper; vfat and exfat refuse: their dentries
 * have d_hash/d_compare, which ovl_dentry_weird() rejects, so mount(2)
 * is EINVAL there). The lower files hold "lower-data\n", mode 0640,
 * owner 11:12, trusted.ltp="v0", mtime 1200000000. Through the overlay
 * (mounted with metacopy=off, so that every copy-up copies the data):
 * - an O_APPEND write, truncate(), chmod(), chown(), setxattr() and
 *   utimensat() each copy the file up: the upper file then exists and
 *   has the data, size, mode, owner, trusted.ltp and mtime of the lower
 *   one except what the call changed, which the overlay and the upper
 *   file both show; the lower file keeps its data, mode, owner, mtime
 *   and xattrs;
 * - st_ino and st_dev of each file are the same before the copy-up,
 *   after it and after the overlay is unmounted and mounted again: all
 *   layers on one filesystem ("samefs", ovl_map_dev_ino()) give st_dev
 *   of the overlay and st_ino of the lower inode, the copy-up origin
 *   (ovl_getattr());
 * - an O_RDONLY open and read do not copy up; a descriptor opened
 *   O_RDONLY before a copy-up reads the upper data after it (since
 *   4.19 the real file is reopened when it changed:
 *   ovl_real_fdget_meta()), while its MAP_SHARED mapping made before
 *   keeps the lower pages (overlayfs.rst, non-standard behaviour b).
 * Syscalls: mount, write, truncate, chmod, chown, setxattr, utimensat, stat
 */
#include <sys/mman.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "ovl_helpers.h"

#define LDATA "lower-data\n"
#define MTIME 1200000000
#define ATIME 1000000000

static const char *const names[] = { "fw", "ft", "fm", "fo", "fx", "fu",
				     "fr", "fp" };
#define NFILES ARRAY_SIZE(names)

static ino_t lower_ino[NFILES];

static void path(char *buf, const char *dir, const char *name)
{
	sprintf(buf, "%s/%s", dir, name);
}

static dev_t ovl_dev(void)
{
	struct stat st;

	SAFE_STAT(OVL_MNT, &st);
	return st.st_dev;
}

static void check_id(unsigned int i, dev_t dev, const char *when)
{
	char p[64];
	struct stat st;

	path(p, OVL_MNT, names[i]);
	SAFE_STAT(p, &st);
	if (st.st_ino == lower_ino[i] && st.st_dev == dev)
		tst_res(TPASS, "%s %s: st_ino %lu of the lower inode, st_dev "
			"of the overlay", p, when, (unsigned long)st.st_ino);
	else
		tst_res(TFAIL, "%s %s: st_ino %lu st_dev 0x%lx, expected %lu "
			"0x%lx", p, when, (unsigned long)st.st_ino,
			(unsigned long)st.st_dev, (unsigned long)lower_ino[i],
			(unsigned long)dev);
}

/*
 * The copy in dir of name: mode, owner, mtime (when mtime >= 0), the
 * trusted.ltp xattr and the data.
 */
static void check_file(const char *dir, const char *name, mode_t mode,
		       uid_t uid, gid_t gid, long mtime, const char *data)
{
	char p[64], x[16];
	struct stat st;
	int ok = 1;

	path(p, dir, name);
	if (lstat(p, &st)) {
		tst_res(TFAIL | TERRNO, "lstat(%s)", p);
		return;
	}
	if (!S_ISREG(st.st_mode) || (st.st_mode & 07777) != mode) {
		tst_res(TINFO, "%s: mode %o, expected regular %04o", p,
			st.st_mode, mode);
		ok = 0;
	}
	if (st.st_uid != uid || st.st_gid != gid) {
		tst_res(TINFO, "%s: owner %u:%u, expected %u:%u", p,
			st.st_uid, st.st_gid, uid, gid);
		ok = 0;
	}
	if (mtime >= 0 && st.st_mtim.tv_sec != mtime) {
		tst_res(TINFO, "%s: mtime %ld, expected %ld", p,
			(long)st.st_mtim.tv_sec, mtime);
		ok = 0;
	}
	if (st.st_size != (off_t)strlen(data)) {
		tst_res(TINFO, "%s: size %ld, expected %zu", p,
			(long)st.st_size, strlen(data));
		ok = 0;
	}
	if (strcmp(ovl_xattr(p, "trusted.ltp", x, sizeof(x)), "v0")) {
		tst_res(TINFO, "%s: trusted.ltp is '%s', expected v0", p, x);
		ok = 0;
	}
	if (!ovl_holds(p, data))
		ok = 0;
	if (ok)
		tst_res(TPASS, "%s: mode %04o, owner %u:%u, size %zu, "
			"trusted.ltp and data as expected", p, mode, uid, gid,
			strlen(data));
	else
		tst_res(TFAIL, "%s differs from what was expected", p);
}

/* The copy-up happened (the upper file exists) and the lower is intact. */
static void copied(const char *name)
{
	char p[64];

	path(p, "upper", name);
	if (ovl_gone(p))
		tst_res(TFAIL, "%s was not copied up", name);
	check_file("lower", name, 0640, 11, 12, MTIME, LDATA);
}

static void make_lower(void)
{
	const struct timespec ts[2] = { { ATIME, 0 }, { MTIME, 0 } };
	struct stat st;
	unsigned int i;
	char p[64];

	for (i = 0; i < NFILES; i++) {
		path(p, "lower", names[i]);
		ovl_put(p, LDATA);
		SAFE_CHMOD(p, 0640);
		SAFE_CHOWN(p, 11, 12);
		if (lsetxattr(p, "trusted.ltp", "v0", 2, 0))
			tst_brk(TBROK | TERRNO, "lsetxattr(%s)", p);
		if (utimensat(AT_FDCWD, p, ts, 0))
			tst_brk(TBROK | TERRNO, "utimensat(%s)", p);
		SAFE_STAT(p, &st);
		lower_ino[i] = st.st_ino;
	}
}

static void open_before_copy_up(void)
{
	char buf[16] = "";
	char *map;
	int fd, wfd;

	fd = SAFE_OPEN(OVL_MNT "/fp", O_RDONLY);
	SAFE_READ(1, fd, buf, 5);
	map = SAFE_MMAP(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	TST_EXP_EXPR(ovl_gone("upper/fp") && ovl_gone("upper/fr") &&
		     ovl_holds(OVL_MNT "/fr", LDATA) && !memcmp(buf, "lower", 5),
		     "O_RDONLY opens and reads do not copy up");

	wfd = SAFE_OPEN(OVL_MNT "/fp", O_WRONLY | O_TRUNC);
	SAFE_WRITE(1, wfd, "UPPER", 5);
	SAFE_CLOSE(wfd);
	TST_EXP_EXPR(!ovl_gone("upper/fp") && ovl_holds("upper/fp", "UPPER"),
		     "open(O_WRONLY | O_TRUNC) copied fp up");

	memset(buf, 0, sizeof(buf));
	TST_EXP_VAL(pread(fd, buf, sizeof(buf), 0), 5,
		    "pread() of the descriptor opened before the copy-up");
	TST_EXP_EXPR(!memcmp(buf, "UPPER", 5),
		     "it reads the upper data '%.5s'", buf);
	TST_EXP_EXPR(!memcmp(map, LDATA, strlen(LDATA)),
		     "its MAP_SHARED mapping made before keeps the lower data");
	SAFE_MUNMAP(map, 4096);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(ovl_holds("lower/fp", LDATA), "lower/fp is unchanged");
}

static void run(void)
{
	const struct timespec ut[2] = { { 1300000000, 0 }, { 1400000000, 0 } };
	unsigned int i;
	dev_t dev;
	struct stat st;
	int fd;
	char x[16];

	ovl_make_dirs(".");
	SAFE_MKDIR(OVL_MNT, 0755);

	if (ovl_mount_base(".", "metacopy=off")) {
		if (fs_is("vfat exfat") && errno == EINVAL) {
			tst_res(TPASS | TERRNO, "%s as layers of an overlay: "
				"refused", tst_fs_type);
			tst_brk(TCONF, "%s cannot hold overlay layers",
				tst_fs_type);
		}
		tst_brk(TFAIL | TERRNO, "mount(overlay) with layers on %s",
			tst_fs_type ? tst_fs_type : "the tmpdir");
	}
	if (fs_is("vfat exfat"))
		tst_brk(TFAIL, "overlay with layers on %s mounted, expected "
			"EINVAL", tst_fs_type);
	/* the probe mount saw empty layers; fill the lower one unmounted */
	SAFE_UMOUNT(OVL_MNT);
	make_lower();
	ovl_mount_base_safe(".", "metacopy=off");

	dev = ovl_dev();
	for (i = 0; i < NFILES; i++)
		check_id(i, dev, "before the copy-up");

	fd = SAFE_OPEN(OVL_MNT "/fw", O_WRONLY | O_APPEND);
	SAFE_WRITE(1, fd, "more\n", 5);
	SAFE_CLOSE(fd);
	SAFE_TRUNCATE(OVL_MNT "/ft", 5);
	SAFE_CHMOD(OVL_MNT "/fm", 0604);
	SAFE_CHOWN(OVL_MNT "/fo", 21, 22);
	if (setxattr(OVL_MNT "/fx", "trusted.new", "v1", 2, 0))
		tst_brk(TBROK | TERRNO, "setxattr(fx)");
	if (utimensat(AT_FDCWD, OVL_MNT "/fu", ut, 0))
		tst_brk(TBROK | TERRNO, "utimensat(fu)");

	for (i = 0; i < 6; i++)
		copied(names[i]);

	check_file("upper", "fw", 0640, 11, 12, -1, LDATA "more\n");
	check_file(OVL_MNT, "fw", 0640, 11, 12, -1, LDATA "more\n");
	check_file("upper", "ft", 0640, 11, 12, -1, "lower");
	check_file(OVL_MNT, "ft", 0640, 11, 12, -1, "lower");
	check_file("upper", "fm", 0604, 11, 12, MTIME, LDATA);
	check_file(OVL_MNT, "fm", 0604, 11, 12, MTIME, LDATA);
	check_file("upper", "fo", 0640, 21, 22, MTIME, LDATA);
	check_file(OVL_MNT, "fo", 0640, 21, 22, MTIME, LDATA);
	check_file("upper", "fx", 0640, 11, 12, MTIME, LDATA);
	TST_EXP_EXPR(!strcmp(ovl_xattr("upper/fx", "trusted.new", x,
				       sizeof(x)), "v1") &&
		     !strcmp(ovl_xattr(OVL_MNT "/fx", "trusted.new", x,
				       sizeof(x)), "v1"),
		     "trusted.new=v1 set on the upper fx, read through the "
		     "overlay");
	TST_EXP_EXPR(lgetxattr("lower/fx", "trusted.new", x, sizeof(x)) < 0 &&
		     errno == ENODATA, "lower/fx has no trusted.new (ENODATA)");
	SAFE_STAT("upper/fu", &st);
	TST_EXP_EXPR(st.st_atim.tv_sec == 1300000000 &&
		     st.st_mtim.tv_sec == 1400000000,
		     "upper/fu has the new atime and mtime (%ld %ld)",
		     (long)st.st_atim.tv_sec, (long)st.st_mtim.tv_sec);
	check_file("upper", "fu", 0640, 11, 12, 1400000000, LDATA);

	for (i = 0; i < 6; i++)
		check_id(i, dev, "after the copy-up");

	open_before_copy_up();

	SAFE_UMOUNT(OVL_MNT);
	ovl_mount_base_safe(".", "metacopy=off");
	dev = ovl_dev();
	for (i = 0; i < NFILES; i++)
		check_id(i, dev, "after a mount cycle");
	check_file(OVL_MNT, "ft", 0640, 11, 12, -1, "lower");
	SAFE_UMOUNT(OVL_MNT);
	ovl_rm_tree("lower");
	ovl_rm_tree("upper");
	ovl_rm_tree("work");
	SAFE_RMDIR(OVL_MNT);
}

static void setup(void)
{
	mnt_private_ns();
}

static void cleanup(void)
{
	mnt_umount_all(OVL_MNT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.all_filesystems = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statmount() fields, each against what the test set up in a private
 * mount namespace and against statx(), stat(), statfs(), mountinfo and
 * NS_GET_MNTNS_ID. Three mounts in the tmpdir:
 * - "mnt": tmpfs, nosuid,nodev,noexec,noatime,sync,dirsync,
 *   size=1m,mode=751;
 * - "ro": tmpfs, ro,nodiratime,lazytime;
 * - "bind point": the directory "sub dir" of "mnt" bound there, then
 *   bind,remount,ro,nosymfollow: the superblock of "mnt" (not read-only),
 *   a read-only mount.
 * For each, one group at a time (the mask gives exactly that group):
 * - STATMOUNT_SB_BASIC: sb_dev_major:minor = stat()'s st_dev, sb_magic =
 *   statfs()'s f_type (TMPFS_MAGIC), sb_flags exactly the SB_ flags set;
 * - STATMOUNT_MNT_BASIC: mnt_id = STATX_MNT_ID_UNIQUE, mnt_id_old =
 *   STATX_MNT_ID, the parent ids those of the tmpdir's mount, mnt_attr
 *   exactly the MOUNT_ATTR_ flags set (relatime when no atime flag was
 *   given, kept by the remount), propagation MS_PRIVATE, no peer group
 *   and no master;
 * - STATMOUNT_FS_TYPE "tmpfs"; STATMOUNT_MNT_ROOT "/" or "/sub dir";
 *   STATMOUNT_MNT_POINT the absolute path (spaces as they are, where
 *   mountinfo escapes them);
 * - STATMOUNT_MNT_NS_ID: NS_GET_MNTNS_ID of /proc/self/ns/mnt, not that
 *   of the namespace the test left with unshare();
 * - STATMOUNT_MNT_OPTS: the filesystem's own options, mountinfo's super
 *   options without rw/ro/sync/dirsync/lazytime ("size=1024k,mode=751");
 * - all groups at once: the same values;
 * and for the tmpdir's own mount (a disk filesystem in the guest: a
 * device major that is not 0) device, magic, sb flags, fs type, root
 * and mount point as stat(), statfs() and mountinfo have them. Mask 0: returns 0, size = the struct's size, every
 * other byte 0 (the buffer was filled with 0xa5). A 24-byte buffer: 24
 * bytes written, size 24. An unknown mask bit is ignored (or EINVAL).
 * Linux 6.8; MNT_NS_ID and MNT_OPTS 6.11 (TCONF for those without).
 */
#include <stdint.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <linux/magic.h>
#include "tst_test.h"
#include "mnt_query.h"
#include "mount_ns.h"
#include "lapi/nsfs.h"

#define SUBDIR "mnt/sub dir"
#define SM_SIZE sizeof(struct lapi_statmount)
#define BUF_SIZE 8192
#define ALL_BASIC (STATMOUNT_SB_BASIC | STATMOUNT_MNT_BASIC | \
		   STATMOUNT_PROPAGATE_FROM | STATMOUNT_FS_TYPE | \
		   STATMOUNT_MNT_ROOT | STATMOUNT_MNT_POINT)

struct tmount {
	const char *path;
	uint32_t sb_flags;	/* SB_ values are those of MS_ */
	uint64_t attr;
	const char *root;
	uint64_t id;
	uint32_t id_old;
	dev_t dev;
	char point[PATH_MAX];
	char fs_opts[1024];
};

static struct tmount mnts[] = {
	{.path = "mnt", .sb_flags = MS_SYNCHRONOUS | MS_DIRSYNC,
	 .attr = MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC |
		 MOUNT_ATTR_NOATIME, .root = "/"},
	{.path = "ro", .sb_flags = MS_RDONLY | MS_LAZYTIME,
	 .attr = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NODIRATIME |
		 MOUNT_ATTR_RELATIME, .root = "/"},
	{.path = "bind point", .sb_flags = MS_SYNCHRONOUS | MS_DIRSYNC,
	 .attr = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOATIME |
		 MOUNT_ATTR_NOSYMFOLLOW, .root = "/sub dir"},
};

static uint64_t parent_id, parent_id_old;
static uint64_t ns_id, old_ns_id;
static int have_ns_ioctl;
static char cwd[PATH_MAX / 2];
static char *buf;
static struct lapi_statmount *sm;

static void chk_u(const char *mnt, const char *what, uint64_t got,
		  uint64_t exp)
{
	tst_res(got == exp ? TPASS : TFAIL, "%s: %s %#llx%s%#llx", mnt, what,
		(unsigned long long)got, got == exp ? " == " : ", expected ",
		(unsigned long long)exp);
}

/* The string at offset off of str[], checked to lie within size. */
static const char *sm_str(uint32_t off)
{
	if (sm->size < SM_SIZE || off >= sm->size - SM_SIZE) {
		tst_res(TFAIL, "string offset %u outside size %u", off,
			sm->size);
		return "";
	}
	return sm->str + off;
}

static void chk_s(const char *mnt, const char *what, uint32_t off,
		  const char *exp)
{
	const char *got = sm_str(off);

	tst_res(strcmp(got, exp) ? TFAIL : TPASS, "%s: %s \"%s\"%s\"%s\"",
		mnt, what, got, strcmp(got, exp) ? ", expected " : " == ", exp);
}

static int sm_get(uint64_t id, uint64_t mask, size_t size)
{
	memset(buf, 0xa5, BUF_SIZE);
	TEST(statmount_raw(id, mask, buf, size, 0));
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "statmount(%llu, mask %#llx) "
			"returned %ld", (unsigned long long)id,
			(unsigned long long)mask, TST_RET);
		return 0;
	}
	return 1;
}

static void chk_sb(struct tmount *m)
{
	struct statfs sf;

	if (statfs(m->path, &sf))
		tst_brk(TBROK | TERRNO, "statfs(%s)", m->path);
	chk_u(m->path, "sb_dev_major", sm->sb_dev_major, major(m->dev));
	chk_u(m->path, "sb_dev_minor", sm->sb_dev_minor, minor(m->dev));
	chk_u(m->path, "sb_magic (statfs f_type)", sm->sb_magic,
	      (uint64_t)sf.f_type);
	chk_u(m->path, "sb_magic", sm->sb_magic, TMPFS_MAGIC);
	chk_u(m->path, "sb_flags", sm->sb_flags, m->sb_flags);
}

static void chk_mnt(struct tmount *m)
{
	chk_u(m->path, "mnt_id (STATX_MNT_ID_UNIQUE)", sm->mnt_id, m->id);
	chk_u(m->path, "mnt_id_old (STATX_MNT_ID)", sm->mnt_id_old, m->id_old);
	chk_u(m->path, "mnt_parent_id", sm->mnt_parent_id, parent_id);
	chk_u(m->path, "mnt_parent_id_old", sm->mnt_parent_id_old,
	      parent_id_old);
	chk_u(m->path, "mnt_attr", sm->mnt_attr, m->attr);
	chk_u(m->path, "mnt_propagation", sm->mnt_propagation, MS_PRIVATE);
	chk_u(m->path, "mnt_peer_group", sm->mnt_peer_group, 0);
	chk_u(m->path, "mnt_master", sm->mnt_master, 0);
}

static void check_one(struct tmount *m)
{
	if (sm_get(m->id, STATMOUNT_SB_BASIC, BUF_SIZE)) {
		chk_u(m->path, "mask", sm->mask, STATMOUNT_SB_BASIC);
		chk_u(m->path, "size", sm->size, SM_SIZE);
		chk_sb(m);
		chk_u(m->path, "mnt_id (not asked for)", sm->mnt_id, 0);
	}
	if (sm_get(m->id, STATMOUNT_MNT_BASIC, BUF_SIZE)) {
		chk_u(m->path, "mask", sm->mask, STATMOUNT_MNT_BASIC);
		chk_mnt(m);
		chk_u(m->path, "sb_magic (not asked for)", sm->sb_magic, 0);
	}
	if (sm_get(m->id, STATMOUNT_FS_TYPE, BUF_SIZE)) {
		chk_u(m->path, "mask", sm->mask, STATMOUNT_FS_TYPE);
		chk_s(m->path, "fs_type", sm->fs_type, "tmpfs");
		TST_EXP_EXPR(sm->size > SM_SIZE + strlen("tmpfs") &&
			     sm->size <= BUF_SIZE,
			     "%s: size %u counts the string", m->path,
			     sm->size);
	}
	if (sm_get(m->id, STATMOUNT_MNT_ROOT, BUF_SIZE)) {
		chk_u(m->path, "mask", sm->mask, STATMOUNT_MNT_ROOT);
		chk_s(m->path, "mnt_root", sm->mnt_root, m->root);
	}
	if (sm_get(m->id, STATMOUNT_MNT_POINT, BUF_SIZE)) {
		chk_u(m->path, "mask", sm->mask, STATMOUNT_MNT_POINT);
		chk_s(m->path, "mnt_point", sm->mnt_point, m->point);
	}
	if (sm_get(m->id, ALL_BASIC, BUF_SIZE)) {
		chk_u(m->path, "mask (all groups)", sm->mask, ALL_BASIC);
		chk_sb(m);
		chk_mnt(m);
		chk_u(m->path, "propagate_from", sm->propagate_from, 0);
		chk_s(m->path, "fs_type", sm->fs_type, "tmpfs");
		chk_s(m->path, "mnt_root", sm->mnt_root, m->root);
		chk_s(m->path, "mnt_point", sm->mnt_point, m->point);
	}
}

static void check_newer(struct tmount *m)
{
	if (sm_get(m->id, STATMOUNT_MNT_NS_ID, BUF_SIZE)) {
		if (!(sm->mask & STATMOUNT_MNT_NS_ID)) {
			tst_res(TCONF, "STATMOUNT_MNT_NS_ID unknown to the "
				"kernel (Linux 6.11)");
		} else if (!have_ns_ioctl) {
			tst_res(TCONF, "no NS_GET_MNTNS_ID to compare "
				"STATMOUNT_MNT_NS_ID with");
		} else {
			chk_u(m->path, "mnt_ns_id (NS_GET_MNTNS_ID)",
			      sm->mnt_ns_id, ns_id);
			TST_EXP_EXPR(sm->mnt_ns_id != old_ns_id,
				     "%s: mnt_ns_id is not that of the "
				     "namespace before unshare()", m->path);
		}
	}
	if (sm_get(m->id, STATMOUNT_MNT_OPTS, BUF_SIZE)) {
		if (!(sm->mask & STATMOUNT_MNT_OPTS))
			tst_res(TCONF, "STATMOUNT_MNT_OPTS unknown to the "
				"kernel (Linux 6.11)");
		else
			chk_s(m->path, "mnt_opts", sm->mnt_opts, m->fs_opts);
		if (m == &mnts[0] && (sm->mask & STATMOUNT_MNT_OPTS))
			TST_EXP_EXPR(mnt_has_opt(sm_str(sm->mnt_opts),
						 "size=1024k") &&
				     mnt_has_opt(sm_str(sm->mnt_opts),
						 "mode=751"),
				     "%s: mnt_opts has size=1024k and mode=751",
				     m->path);
	}
}

static void check_layout(void)
{
	struct tmount *m = &mnts[0];
	size_t i;
	int zero = 1;

	if (sm_get(m->id, 0, SM_SIZE)) {
		chk_u(m->path, "size (mask 0)", sm->size, SM_SIZE);
		for (i = sizeof(sm->size); i < SM_SIZE; i++)
			zero &= !buf[i];
		TST_EXP_EXPR(zero, "mask 0: every field but size is 0");
	}
	if (sm_get(m->id, STATMOUNT_SB_BASIC, 24)) {
		chk_u(m->path, "size (24-byte buffer)", sm->size, 24);
		chk_u(m->path, "mask (24-byte buffer)", sm->mask,
		      STATMOUNT_SB_BASIC);
		chk_u(m->path, "sb_dev_minor (24-byte buffer)",
		      sm->sb_dev_minor, minor(m->dev));
		for (i = 24; i < BUF_SIZE && buf[i] == (char)0xa5; i++)
			;
		TST_EXP_EXPR(i == BUF_SIZE,
			     "nothing written past the 24-byte buffer");
	}
	TEST(statmount_raw(m->id, 1ULL << 62, buf, BUF_SIZE, 0));
	if (TST_RET == -1 && TST_ERR == EINVAL)
		tst_res(TPASS, "unknown mask bit 62: EINVAL");
	else if (TST_RET == 0)
		chk_u(m->path, "mask (unknown bit 62 asked)", sm->mask, 0);
	else
		tst_res(TFAIL | TTERRNO, "statmount(mask 1 << 62) returned %ld",
			TST_RET);
}

/*
 * The tmpdir's mount, which the test did not make (a disk filesystem in
 * the guest, so a device major that is not 0): as stat(), statfs() and
 * mountinfo say.
 */
static void check_parent(void)
{
	const char *what = "tmpdir's mount";
	struct mq_info mi;
	struct statfs sf;
	struct stat st;
	uint32_t flags = 0;
	char type[64];

	if (!mq_info(AT_FDCWD, parent_id_old, &mi))
		tst_brk(TBROK, "mount %llu not in mountinfo",
			(unsigned long long)parent_id_old);
	snprintf(type, sizeof(type), "%s", mi.fstype);
	type[strcspn(type, ".")] = '\0';	/* fuse.sshfs: fuse */
	if (mnt_has_opt(mi.super_opts, "ro"))
		flags |= MS_RDONLY;
	if (mnt_has_opt(mi.super_opts, "sync"))
		flags |= MS_SYNCHRONOUS;
	if (mnt_has_opt(mi.super_opts, "dirsync"))
		flags |= MS_DIRSYNC;
	if (mnt_has_opt(mi.super_opts, "lazytime"))
		flags |= MS_LAZYTIME;
	SAFE_STAT(".", &st);
	if (statfs(".", &sf))
		tst_brk(TBROK | TERRNO, "statfs(.)");
	if (!sm_get(parent_id, ALL_BASIC, BUF_SIZE))
		return;
	chk_u(what, "mask", sm->mask, ALL_BASIC);
	chk_u(what, "sb_dev_major", sm->sb_dev_major, major(st.st_dev));
	chk_u(what, "sb_dev_minor", sm->sb_dev_minor, minor(st.st_dev));
	chk_u(what, "sb_dev (mountinfo)", makedev(sm->sb_dev_major,
	      sm->sb_dev_minor), makedev(mi.major, mi.minor));
	chk_u(what, "sb_magic (statfs f_type)", sm->sb_magic,
	      (uint64_t)sf.f_type);
	chk_u(what, "sb_flags (mountinfo)", sm->sb_flags, flags);
	chk_u(what, "mnt_id", sm->mnt_id, parent_id);
	chk_u(what, "mnt_parent_id_old (mountinfo)", sm->mnt_parent_id_old,
	      mi.parent);
	chk_s(what, "fs_type (mountinfo)", sm->fs_type, type);
	chk_s(what, "mnt_root (mountinfo)", sm->mnt_root, mi.root);
	chk_s(what, "mnt_point (mountinfo)", sm->mnt_point, mi.point);
}

static void run(void)
{
	size_t i;

	check_layout();
	for (i = 0; i < ARRAY_SIZE(mnts); i++) {
		check_one(&mnts[i]);
		check_newer(&mnts[i]);
	}
	check_parent();
}

/* mountinfo's super options without the generic superblock flags. */
static void fs_opts_of(struct tmount *m)
{
	static const char *const generic[] = {
		"rw", "ro", "sync", "dirsync", "mand", "lazytime", NULL
	};
	struct mq_info mi;
	char *tok, *save;
	int i, skip;

	mq_info_of(m->path, &mi);
	m->fs_opts[0] = '\0';
	for (tok = strtok_r(mi.super_opts, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		for (skip = 0, i = 0; generic[i]; i++)
			skip |= !strcmp(tok, generic[i]);
		if (skip)
			continue;
		if (m->fs_opts[0])
			strcat(m->fs_opts, ",");
		strncat(m->fs_opts, tok,
			sizeof(m->fs_opts) - strlen(m->fs_opts) - 1);
	}
}

static uint64_t get_ns_id(void)
{
	uint64_t id = 0;
	int fd = SAFE_OPEN("/proc/self/ns/mnt", O_RDONLY);

	have_ns_ioctl = !ioctl(fd, NS_GET_MNTNS_ID, &id);
	SAFE_CLOSE(fd);
	return id;
}

static void setup(void)
{
	struct stat st;
	size_t i;

	mq_require_statmount();
	buf = SAFE_MALLOC(BUF_SIZE);
	sm = (struct lapi_statmount *)buf;
	old_ns_id = get_ns_id();
	mnt_private_ns();
	ns_id = get_ns_id();
	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");

	SAFE_MKDIR("mnt", 0755);
	SAFE_MKDIR("ro", 0755);
	SAFE_MKDIR("bind point", 0755);
	SAFE_MOUNT("ltp_statmount01", "mnt", "tmpfs", MS_NOSUID | MS_NODEV |
		   MS_NOEXEC | MS_NOATIME | MS_SYNCHRONOUS | MS_DIRSYNC,
		   "size=1m,mode=751");
	SAFE_MKDIR(SUBDIR, 0755);
	SAFE_MOUNT("ltp_statmount01", "ro", "tmpfs",
		   MS_RDONLY | MS_NODIRATIME | MS_LAZYTIME, NULL);
	SAFE_MOUNT(SUBDIR, "bind point", NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, "bind point", NULL, MS_BIND | MS_REMOUNT |
		   MS_RDONLY | MS_NOSYMFOLLOW, NULL);

	parent_id = mq_unique_id(".");
	parent_id_old = mq_old_id(".");
	for (i = 0; i < ARRAY_SIZE(mnts); i++) {
		mnts[i].id = mq_unique_id(mnts[i].path);
		mnts[i].id_old = mq_old_id(mnts[i].path);
		SAFE_STAT(mnts[i].path, &st);
		mnts[i].dev = st.st_dev;
		snprintf(mnts[i].point, sizeof(mnts[i].point), "%s/%s", cwd,
			 mnts[i].path);
		fs_opts_of(&mnts[i]);
	}
	tst_res(TINFO, "mnt: mount id %llu (mountinfo %u), options of "
		"the filesystem \"%s\"", (unsigned long long)mnts[0].id,
		mnts[0].id_old, mnts[0].fs_opts);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};

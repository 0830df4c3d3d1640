/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The interpreter of the fs_bind tests: each case is a list of steps
 * (make a directory, bind, rbind, move, change propagation, mount,
 * umount) and checks of what the kernel must then show, run in a child
 * of its own in a new mount namespace whose mounts are all private, on a
 * tmpfs ("sb") mounted in the test's tmpdir. Nothing a case mounts can
 * reach another namespace, and it all goes away with the child.
 *
 * Four further tmpfs instances, the "disks" d1 to d4, sit in sb before
 * the first step; each holds the directories a, b, c and x and a file
 * "tag" whose content is its name. A check that a path shows disk N
 * reads that file on the path AND finds, in /proc/self/mountinfo, the
 * mount on the path (the id statx() gives) with the path as its mount
 * point and the device of disk N: what paths show and the kernel's
 * bookkeeping of the mount must agree.
 */
#ifndef FS_BIND_H
#define FS_BIND_H

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "mnt_query.h"

enum fsb_op {
	FSB_END,
	FSB_DIR,	/* mkdir a (parents too) */
	FSB_MKBIND,	/* mkdir a, bind a on itself, propagation arg */
	FSB_MOUNT,	/* a new tmpfs on a, with dirs a b c x and tag "b" */
	FSB_BIND,	/* mount --bind a b (arg MS_REC: --rbind), errno err */
	FSB_MOVE,	/* mount --move a b, errno err */
	FSB_PROP,	/* mount(NULL, a, NULL, arg), errno err */
	FSB_UMOUNT,	/* umount2(a, arg), errno err */
	FSB_SEES,	/* a is a mount of disk arg: tag and mountinfo */
	FSB_NOTSEES,	/* a is no mount of disk arg, tag says not */
	FSB_SAME,	/* a and b show one directory, both mounts or neither */
	FSB_DIFF,	/* a and b show different directories (or b is gone) */
	FSB_TYPE,	/* propagation of the mount on a: arg a FSB_T_ value */
	FSB_PEEROF,	/* the mounts on a and b are in one peer group */
	FSB_SLAVEOF,	/* the mount on a is a slave of the peer group of b */
	FSB_NMNT,	/* arg mounts sit exactly on a (mountinfo field 5) */
	FSB_FILE,	/* create the file a (a bind mount target) */
	FSB_CALL,	/* run the function of the case's table (arg: index) */
};

/* Propagation types, as mountinfo's optional fields show them. */
enum fsb_type {
	FSB_T_PRIVATE = 1,	/* no shared:, master:, unbindable */
	FSB_T_SHARED,		/* shared:N only */
	FSB_T_SLAVE,		/* master:N only */
	FSB_T_SHSLAVE,		/* shared:N and master:M */
	FSB_T_UNBINDABLE,	/* unbindable only */
};

struct fsb_step {
	int op;
	const char *a, *b;
	unsigned long arg;
	int err;
};

struct fsb_case {
	const char *name;
	const struct fsb_step *steps;
};

#define S_DIR(p)		{FSB_DIR, (p), NULL, 0, 0}
#define S_MKB(p, fl)		{FSB_MKBIND, (p), NULL, (fl), 0}
#define S_MOUNT(p, tag)		{FSB_MOUNT, (p), (tag), 0, 0}
#define S_BIND(s, d)		{FSB_BIND, (s), (d), 0, 0}
#define S_RBIND(s, d)		{FSB_BIND, (s), (d), MS_REC, 0}
#define S_BIND_E(s, d, e)	{FSB_BIND, (s), (d), 0, (e)}
#define S_RBIND_E(s, d, e)	{FSB_BIND, (s), (d), MS_REC, (e)}
#define S_MOVE(s, d)		{FSB_MOVE, (s), (d), 0, 0}
#define S_MOVE_E(s, d, e)	{FSB_MOVE, (s), (d), 0, (e)}
#define S_PROP(p, fl)		{FSB_PROP, (p), NULL, (fl), 0}
#define S_UMOUNT(p)		{FSB_UMOUNT, (p), NULL, 0, 0}
#define S_UMOUNT_E(p, fl, e)	{FSB_UMOUNT, (p), NULL, (fl), (e)}
#define C_SEES(p, n)		{FSB_SEES, (p), NULL, (n), 0}
#define C_NOT(p, n)		{FSB_NOTSEES, (p), NULL, (n), 0}
#define C_SAME(p, q)		{FSB_SAME, (p), (q), 0, 0}
#define C_DIFF(p, q)		{FSB_DIFF, (p), (q), 0, 0}
#define C_TYPE(p, t)		{FSB_TYPE, (p), NULL, (t), 0}
#define C_PEER(p, q)		{FSB_PEEROF, (p), (q), 0, 0}
#define C_SLAVE(p, q)		{FSB_SLAVEOF, (p), (q), 0, 0}
#define C_NMNT(p, n)		{FSB_NMNT, (p), NULL, (n), 0}
#define S_FILE(p)		{FSB_FILE, (p), NULL, 0, 0}
#define S_CALL(i)		{FSB_CALL, NULL, NULL, (i), 0}
#define S_END			{FSB_END, NULL, NULL, 0, 0}

#define FSB_DISKS 4

static dev_t fsb_disk_dev[FSB_DISKS + 1];

static inline const char *fsb_type_name(int t)
{
	switch (t) {
	case FSB_T_PRIVATE: return "private";
	case FSB_T_SHARED: return "shared";
	case FSB_T_SLAVE: return "slave";
	case FSB_T_SHSLAVE: return "shared and slave";
	case FSB_T_UNBINDABLE: return "unbindable";
	}
	return "?";
}

static inline const char *fsb_flag_name(unsigned long fl)
{
	switch (fl) {
	case MS_SHARED: return "shared";
	case MS_PRIVATE: return "private";
	case MS_SLAVE: return "slave";
	case MS_UNBINDABLE: return "unbindable";
	case MS_SHARED | MS_REC: return "rshared";
	case MS_PRIVATE | MS_REC: return "rprivate";
	case MS_SLAVE | MS_REC: return "rslave";
	case MS_UNBINDABLE | MS_REC: return "runbindable";
	}
	return "?";
}

/* A fresh tmpfs on path with the directories a b c x and tag. */
static inline dev_t fsb_new_tmpfs(const char *path, const char *tag)
{
	static const char *const dirs[] = {"a", "b", "c", "x"};
	char p[PATH_MAX];
	struct stat st;
	unsigned int i;

	SAFE_MOUNT("ltp_fs_bind", path, "tmpfs", 0, "size=1m");
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(p, sizeof(p), "%s/%s", path, dirs[i]);
		SAFE_MKDIR(p, 0755);
	}
	snprintf(p, sizeof(p), "%s/tag", path);
	SAFE_FILE_PRINTF(p, "%s", tag);
	SAFE_STAT(path, &st);
	return st.st_dev;
}

static inline void fsb_mkdir_p(const char *path)
{
	char p[PATH_MAX], *s;

	snprintf(p, sizeof(p), "%s", path);
	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			tst_brk(TBROK | TERRNO, "mkdir(%s)", p);
		*s = '/';
	}
	if (mkdir(p, 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", p);
}

/*
 * The mountinfo line of the mount path is on; 1 when path is that
 * mount's mount point (a mount sits exactly on it), 0 when path is only
 * inside the mount, -1 when path is missing.
 */
static inline int fsb_mount_on(const char *path, struct mq_info *mi)
{
	char abs[PATH_MAX];
	struct statx stx;

	memset(mi, 0, sizeof(*mi));
	if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_MNT_ID, &stx))
		return -1;
	if (!(stx.stx_mask & STATX_MNT_ID))
		tst_brk(TCONF, "statx() gives no STATX_MNT_ID (Linux 5.8)");
	if (!mq_info(AT_FDCWD, stx.stx_mnt_id, mi))
		tst_brk(TBROK, "mount %llu of %s not in mountinfo",
			(unsigned long long)stx.stx_mnt_id, path);
	mnt_realpath(path, abs);
	return !strcmp(abs, mi->point);
}

static inline int fsb_mi_type(const struct mq_info *mi)
{
	if (mi->unbindable && !mi->shared && !mi->master)
		return FSB_T_UNBINDABLE;
	if (mi->shared && mi->master)
		return FSB_T_SHSLAVE;
	if (mi->shared)
		return FSB_T_SHARED;
	if (mi->master)
		return FSB_T_SLAVE;
	return FSB_T_PRIVATE;
}

/* The content of path/tag, "" when it cannot be read. */
static inline void fsb_tag(const char *path, char *buf, size_t size)
{
	char p[PATH_MAX];
	ssize_t n;
	int fd;

	buf[0] = '\0';
	snprintf(p, sizeof(p), "%s/tag", path);
	fd = open(p, O_RDONLY);
	if (fd < 0)
		return;
	n = read(fd, buf, size - 1);
	buf[n > 0 ? n : 0] = '\0';
	close(fd);
}

static inline void fsb_sees(const struct fsb_step *s, int want)
{
	char tag[32], name[8];
	struct mq_info mi;
	int on, ok_tag, ok_mnt;

	snprintf(name, sizeof(name), "d%lu", s->arg);
	fsb_tag(s->a, tag, sizeof(tag));
	on = fsb_mount_on(s->a, &mi);
	ok_tag = !strcmp(tag, name);
	ok_mnt = on == 1 && makedev(mi.major, mi.minor) ==
		 fsb_disk_dev[s->arg];
	if (want && ok_tag && ok_mnt) {
		tst_res(TPASS, "%s shows %s (mount %u)", s->a, name, mi.id);
	} else if (!want && !ok_tag && !ok_mnt) {
		tst_res(TPASS, "%s does not show %s", s->a, name);
	} else {
		tst_res(TFAIL, "%s: tag '%s', %s mount point (%u:%u, %s), "
			"expected %s %s", s->a, tag, on == 1 ? "a" :
			on ? "missing" : "no", mi.major, mi.minor, mi.fstype,
			want ? "to show" : "not to show", name);
	}
}

static inline void fsb_same(const struct fsb_step *s, int want)
{
	struct stat sa, sb;
	struct mq_info ma, mb;
	int oa, ob, same;

	oa = fsb_mount_on(s->a, &ma);
	ob = fsb_mount_on(s->b, &mb);
	if (oa < 0)
		tst_brk(TBROK, "%s is missing", s->a);
	same = ob >= 0 && !stat(s->a, &sa) && !stat(s->b, &sb) &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	if (!want) {
		if (same)
			tst_res(TFAIL, "%s and %s show one directory "
				"(%u:%u ino %lu)", s->a, s->b, major(sa.st_dev),
				minor(sa.st_dev), (unsigned long)sa.st_ino);
		else
			tst_res(TPASS, "%s and %s show different directories",
				s->a, s->b);
		return;
	}
	if (!same) {
		tst_res(TFAIL, "%s and %s do not show one directory%s",
			s->a, s->b, ob < 0 ? " (the second is missing)" : "");
		return;
	}
	if (ma.major != mb.major || ma.minor != mb.minor) {
		tst_res(TFAIL, "%s and %s show one directory, but mountinfo "
			"has mount %u (%u:%u) and mount %u (%u:%u)", s->a, s->b,
			ma.id, ma.major, ma.minor, mb.id, mb.major, mb.minor);
		return;
	}
	tst_res(TPASS, "%s and %s show one directory (mounts %u and %u)",
		s->a, s->b, ma.id, mb.id);
}

static inline int fsb_must_mount(const char *path, struct mq_info *mi)
{
	if (fsb_mount_on(path, mi) == 1)
		return 1;
	tst_res(TFAIL, "no mount sits on %s", path);
	return 0;
}

static inline void fsb_check_type(const struct fsb_step *s)
{
	struct mq_info mi;
	int t;

	if (!fsb_must_mount(s->a, &mi))
		return;
	t = fsb_mi_type(&mi);
	if (t == (int)s->arg && mi.unbindable == (t == FSB_T_UNBINDABLE))
		tst_res(TPASS, "mount %u on %s is %s", mi.id, s->a,
			fsb_type_name(t));
	else
		tst_res(TFAIL, "mount %u on %s is %s%s (shared:%u master:%u),"
			" expected %s", mi.id, s->a, fsb_type_name(t),
			mi.unbindable ? " unbindable" : "", mi.shared,
			mi.master, fsb_type_name(s->arg));
}

static inline void fsb_check_peer(const struct fsb_step *s, int slave)
{
	struct mq_info ma, mb;
	unsigned int got;

	if (!fsb_must_mount(s->a, &ma) || !fsb_must_mount(s->b, &mb))
		return;
	got = slave ? ma.master : ma.shared;
	if (mb.shared && got == mb.shared && ma.id != mb.id)
		tst_res(TPASS, "mount %u on %s is %s peer group %u of mount "
			"%u on %s", ma.id, s->a, slave ? "a slave of the" :
			"in the", mb.shared, mb.id, s->b);
	else
		tst_res(TFAIL, "mount %u on %s (shared:%u master:%u) is not "
			"%s peer group of mount %u on %s (shared:%u)", ma.id,
			s->a, ma.shared, ma.master, slave ? "a slave of the" :
			"in the", mb.id, s->b, mb.shared);
}

static inline void fsb_check_nmnt(const struct fsb_step *s)
{
	int n = mnt_count(s->a);

	if (n == (int)s->arg)
		tst_res(TPASS, "%d mount(s) on %s", n, s->a);
	else
		tst_res(TFAIL, "%d mount(s) on %s, expected %lu", n, s->a,
			s->arg);
}

/* Run an action; TFAIL unless it fails with err (0: succeeds). */
static inline void fsb_expect(int ret, int err, const char *what)
{
	if (!err && ret)
		tst_res(TFAIL | TERRNO, "%s failed", what);
	else if (err && !ret)
		tst_res(TFAIL, "%s succeeded, expected %s", what,
			tst_strerrno(err));
	else if (err && errno != err)
		tst_res(TFAIL | TERRNO, "%s, expected %s", what,
			tst_strerrno(err));
	else if (err)
		tst_res(TPASS | TERRNO, "%s", what);
}

typedef void (*fsb_fn)(void);

static inline void fsb_step(const struct fsb_step *s, const fsb_fn *fns)
{
	char what[2 * PATH_MAX];
	int ret;

	switch (s->op) {
	case FSB_DIR:
		fsb_mkdir_p(s->a);
		break;
	case FSB_MKBIND:
		fsb_mkdir_p(s->a);
		SAFE_MOUNT(s->a, s->a, NULL, MS_BIND, NULL);
		SAFE_MOUNT(NULL, s->a, NULL, s->arg, NULL);
		break;
	case FSB_MOUNT:
		fsb_new_tmpfs(s->a, s->b);
		break;
	case FSB_FILE:
		SAFE_FILE_PRINTF(s->a, "file");
		break;
	case FSB_BIND:
		snprintf(what, sizeof(what), "mount(%s, %s, MS_BIND%s)",
			 s->a, s->b, s->arg ? " | MS_REC" : "");
		ret = mount(s->a, s->b, NULL, MS_BIND | s->arg, NULL);
		fsb_expect(ret, s->err, what);
		break;
	case FSB_MOVE:
		snprintf(what, sizeof(what), "mount(%s, %s, MS_MOVE)", s->a,
			 s->b);
		ret = mount(s->a, s->b, NULL, MS_MOVE, NULL);
		fsb_expect(ret, s->err, what);
		break;
	case FSB_PROP:
		snprintf(what, sizeof(what), "make %s %s",
			 fsb_flag_name(s->arg), s->a);
		ret = mount(NULL, s->a, NULL, s->arg, NULL);
		fsb_expect(ret, s->err, what);
		break;
	case FSB_UMOUNT:
		snprintf(what, sizeof(what), "umount2(%s, %#lx)", s->a,
			 s->arg);
		ret = umount2(s->a, s->arg);
		fsb_expect(ret, s->err, what);
		break;
	case FSB_SEES:
		fsb_sees(s, 1);
		break;
	case FSB_NOTSEES:
		fsb_sees(s, 0);
		break;
	case FSB_SAME:
		fsb_same(s, 1);
		break;
	case FSB_DIFF:
		fsb_same(s, 0);
		break;
	case FSB_TYPE:
		fsb_check_type(s);
		break;
	case FSB_PEEROF:
		fsb_check_peer(s, 0);
		break;
	case FSB_SLAVEOF:
		fsb_check_peer(s, 1);
		break;
	case FSB_NMNT:
		fsb_check_nmnt(s);
		break;
	case FSB_CALL:
		fns[s->arg]();
		break;
	default:
		tst_brk(TBROK, "unknown step %d", s->op);
	}
}

/*
 * Set up the private namespace, the sandbox and the disks in the calling
 * process, then run the steps from the sandbox.
 */
static inline void fsb_enter(void)
{
	char name[8];
	int i;

	mnt_private_ns();
	if (mkdir("sb", 0755) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(sb)");
	SAFE_MOUNT("ltp_fs_bind", "sb", "tmpfs", 0, "size=1m");
	if (chdir("sb"))
		tst_brk(TBROK | TERRNO, "chdir(sb)");
	for (i = 1; i <= FSB_DISKS; i++) {
		snprintf(name, sizeof(name), "d%d", i);
		SAFE_MKDIR(name, 0755);
		fsb_disk_dev[i] = fsb_new_tmpfs(name, name);
	}
}

static inline void fsb_run_steps(const struct fsb_step *steps, const fsb_fn *fns)
{
	const struct fsb_step *s;

	for (s = steps; s->op != FSB_END; s++)
		fsb_step(s, fns);
}

/* Run one case in a child of its own (its namespace dies with it). */
static inline void fsb_run_case(const struct fsb_case *c, const fsb_fn *fns)
{
	pid_t pid;

	tst_res(TINFO, "%s", c->name);
	pid = SAFE_FORK();
	if (!pid) {
		fsb_enter();
		fsb_run_steps(c->steps, fns);
		exit(0);
	}
	reap_child(pid);
}

/*
 * The cells of the propagation matrices: steps written out at run time
 * into fsb_steps[] from a row of a table.
 */
enum { FSB_SHARED, FSB_PRIVATE, FSB_SLAVE, FSB_UNBINDABLE };

static const char *const fsb_tname[] = {"shared", "private", "slave",
					"unbindable"};
static const int fsb_mtype[] = {FSB_T_SHARED, FSB_T_PRIVATE, FSB_T_SLAVE,
				FSB_T_UNBINDABLE};

static struct fsb_step fsb_steps[80];
static int fsb_nsteps;

static inline void fsb_add(struct fsb_step s)
{
	if (fsb_nsteps >= (int)ARRAY_SIZE(fsb_steps) - 1)
		tst_brk(TBROK, "too many steps");
	fsb_steps[fsb_nsteps++] = s;
}

#define ADD(...) fsb_add((struct fsb_step)__VA_ARGS__)

/*
 * The source "p1/c1", disk 1, of type t (p1 must exist): s1 is its peer
 * (shared) or its master (slave).
 */
static inline void fsb_add_child(int t)
{
	ADD(S_DIR("p1/c1"));
	ADD(S_DIR("s1"));
	switch (t) {
	case FSB_SHARED:
		ADD(S_BIND("d1", "p1/c1"));
		ADD(S_PROP("p1/c1", MS_SHARED));
		ADD(S_BIND("p1/c1", "s1"));
		break;
	case FSB_PRIVATE:
		ADD(S_BIND("d1", "p1/c1"));
		ADD(S_PROP("p1/c1", MS_PRIVATE));
		break;
	case FSB_SLAVE:
		ADD(S_BIND("d1", "s1"));
		ADD(S_PROP("s1", MS_SHARED));
		ADD(S_BIND("s1", "p1/c1"));
		ADD(S_PROP("p1/c1", MS_SLAVE));
		break;
	case FSB_UNBINDABLE:
		ADD(S_BIND("d1", "p1/c1"));
		ADD(S_PROP("p1/c1", MS_UNBINDABLE));
		break;
	}
	ADD(C_TYPE("p1/c1", fsb_mtype[t]));
}

/*
 * The destination parent "p2", a mount of type t: s2 is its peer
 * (shared) or its master (slave); both show one directory of sb.
 */
static inline void fsb_add_parent(int t)
{
	switch (t) {
	case FSB_SHARED:
		ADD(S_MKB("p2", MS_SHARED));
		ADD(S_DIR("s2"));
		ADD(S_BIND("p2", "s2"));
		break;
	case FSB_PRIVATE:
		ADD(S_MKB("p2", MS_PRIVATE));
		break;
	case FSB_SLAVE:
		ADD(S_MKB("s2", MS_SHARED));
		ADD(S_DIR("p2"));
		ADD(S_BIND("s2", "p2"));
		ADD(S_PROP("p2", MS_SLAVE));
		break;
	case FSB_UNBINDABLE:
		ADD(S_MKB("p2", MS_UNBINDABLE));
		break;
	}
	ADD(C_TYPE("p2", fsb_mtype[t]));
}

/* Run the steps built in fsb_steps[] as the case name. */
static inline void fsb_run_built(const char *name, const fsb_fn *fns)
{
	struct fsb_case c = {name, fsb_steps};

	ADD(S_END);
	fsb_run_case(&c, fns);
}

#endif /* FS_BIND_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Owner, group and set-group-ID bit of what mknod(), open(O_CREAT),
 * open(O_TMPFILE) and mkdir() create, in a set-group-ID directory of
 * group G and in a plain one, under umask 0, each for three callers:
 * root; nobody with real uid and gid other than the effective ones and
 * not in G; nobody with G as a supplementary group.
 * - In the plain directory: owner the effective uid, group the effective
 *   gid (never the real ones); a mode asking for S_ISGID keeps it (the
 *   caller is in its own group), one without it gets none.
 * - In the set-group-ID directory: the group is G; a FIFO, a file and an
 *   O_TMPFILE file asked for with S_ISGID | 0777 keep S_ISGID only for
 *   root (CAP_FSETID) and for a member of G, and lose it for anyone else
 *   (the O_TMPFILE case kept it before ac6800e279a2 and 1639a49ccdce);
 *   a directory always gets S_ISGID and group G.
 * - Under umask S_IXGRP, a file and an O_TMPFILE file asked for with
 *   S_ISGID | 0777 in the set-group-ID directory lose S_IXGRP (the umask
 *   was not applied to O_TMPFILE files before ac6800e279a2), and keep
 *   S_ISGID only for root and a member of G.
 * All of it in the tmpdir and again on a btrfs mounted "noacl", where
 * the VFS, not the ACL code, applies the umask.
 * Syscalls: mknod, open, mkdir
 *
 * Fixed by 1639a49ccdce ("fs: move S_ISGID stripping into the vfs_*()
 * helpers") and ac6800e279a2 ("fs: Add missing umask strip in
 * vfs_tmpfile").
 */
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tst_test.h"

#define G 24680
#define RUID 24681
#define RGID 24682

static uid_t nobody_uid;
static gid_t nobody_gid;

static void check(const char *what, struct stat *st, uid_t uid, gid_t gid,
		  int sgid)
{
	if (st->st_uid == uid && st->st_gid == gid &&
	    !!(st->st_mode & S_ISGID) == sgid) {
		tst_res(TPASS, "%s: uid %d gid %d, S_ISGID %s", what,
			(int)uid, (int)gid, sgid ? "set" : "clear");
		return;
	}
	tst_res(TFAIL, "%s: uid %d gid %d mode %04o, expected uid %d gid %d "
		"S_ISGID %s", what, (int)st->st_uid, (int)st->st_gid,
		st->st_mode & 07777, (int)uid, (int)gid,
		sgid ? "set" : "clear");
}

enum how { BY_FIFO, BY_MKNOD_REG, BY_MKDIR, BY_OPEN, BY_TMPFILE };

/*
 * Create NAME in dir by how with mode, and stat it into st. O_TMPFILE
 * makes an unnamed file in dir. -1 with errno when the call failed.
 */
static int create(const char *dir, const char *name, enum how how,
		  mode_t mode, struct stat *st)
{
	char path[128];
	int fd, ret = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	switch (how) {
	case BY_FIFO:
		ret = mknod(path, S_IFIFO | mode, 0);
		break;
	case BY_MKNOD_REG:
		ret = mknod(path, S_IFREG | mode, 0);
		break;
	case BY_MKDIR:
		ret = mkdir(path, mode);
		break;
	case BY_OPEN:
	case BY_TMPFILE:
		fd = how == BY_OPEN ? open(path, O_CREAT | O_WRONLY, mode) :
				      open(dir, O_TMPFILE | O_WRONLY, mode);
		if (fd < 0)
			return -1;
		SAFE_FSTAT(fd, st);
		SAFE_CLOSE(fd);
		return 0;
	}
	if (ret)
		return -1;
	SAFE_STAT(path, st);
	return 0;
}

static void check_ixgrp(const char *what, struct stat *st, int sgid)
{
	TST_EXP_EXPR(!(st->st_mode & S_IXGRP) &&
		     !!(st->st_mode & S_ISGID) == sgid,
		     "%s: mode %04o (no S_IXGRP, S_ISGID %s)", what,
		     st->st_mode & 07777, sgid ? "set" : "clear");
}

/*
 * What each caller creates under umask 0: in sg/ the group is G and
 * S_ISGID survives as sgid says (SGID_CALLER: root or a member of G).
 */
#define SGID_CALLER (-1)
static const struct creation {
	const char *dir, *name, *desc;
	enum how how;
	mode_t mode;
	int in_g, sgid;
} creations_tab[] = {
	{ "plain", "fifo", "FIFO 02777 in a plain dir", BY_FIFO, 02777, 0, 1 },
	{ "plain", "file", "mknod S_IFREG 0777 in a plain dir", BY_MKNOD_REG,
	  0777, 0, 0 },
	{ "plain", "dir", "directory in a plain dir", BY_MKDIR, 0777, 0, 0 },
	{ "sg", "fifo", "FIFO 02777 in a setgid dir", BY_FIFO, 02777, 1,
	  SGID_CALLER },
	{ "sg", "file", "file 02777 in a setgid dir", BY_OPEN, 02777, 1,
	  SGID_CALLER },
	{ "sg", NULL, "O_TMPFILE 02777 in a setgid dir", BY_TMPFILE, 02777, 1,
	  SGID_CALLER },
	{ "sg", "dir", "directory in a setgid dir", BY_MKDIR, 0777, 1, 1 },
};

static void creations(const char *base, const char *who,
		      int privileged_in_g)
{
	const struct creation *c;
	char dir[64], name[64], what[128];
	struct stat st;
	size_t i;

	umask(0);
	for (i = 0; i < ARRAY_SIZE(creations_tab); i++) {
		c = &creations_tab[i];
		snprintf(dir, sizeof(dir), "%s/%s", base, c->dir);
		snprintf(name, sizeof(name), "%s-%s", c->name ? c->name : "",
			 who);
		snprintf(what, sizeof(what), "%s %s: %s", base, who, c->desc);
		if (create(dir, name, c->how, c->mode, &st)) {
			tst_res(TFAIL | TERRNO, "%s", what);
			continue;
		}
		check(what, &st, geteuid(), c->in_g ? G : getegid(),
		      c->sgid == SGID_CALLER ? privileged_in_g : c->sgid);
	}

	/* umask S_IXGRP: a file and an O_TMPFILE file of mode 02777 */
	umask(S_IXGRP);
	snprintf(dir, sizeof(dir), "%s/sg", base);
	snprintf(name, sizeof(name), "umask-%s", who);
	snprintf(what, sizeof(what), "%s %s: file 02777, umask 010", base, who);
	if (create(dir, name, BY_OPEN, 02777, &st))
		tst_res(TFAIL | TERRNO, "%s", what);
	else
		check_ixgrp(what, &st, privileged_in_g);
	snprintf(what, sizeof(what), "%s %s: O_TMPFILE 02777, umask 010", base,
		 who);
	if (create(dir, name, BY_TMPFILE, 02777, &st))
		tst_res(TFAIL | TERRNO, "%s", what);
	else
		check_ixgrp(what, &st, privileged_in_g);
	umask(0);
}

static void as_nobody(const char *who, int member)
{
	gid_t g = G;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (setgroups(member, &g) ||
		    setresgid(RGID, nobody_gid, RGID) ||
		    setresuid(RUID, nobody_uid, RUID))
			tst_brk(TBROK | TERRNO, "dropping to nobody");
		creations(".", who, member);
		creations("mnt", who, member);
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		creations(".", "root", 1);
		creations("mnt", "root", 1);
		exit(0);
	}
	reap_child(pid);
	as_nobody("nobody", 0);
	as_nobody("nobody-in-G", 1);
}

static void make_dirs(const char *base)
{
	char path[64];

	snprintf(path, sizeof(path), "%s/sg", base);
	SAFE_MKDIR(path, 0777);
	SAFE_CHOWN(path, 0, G);
	SAFE_CHMOD(path, 02777);
	snprintf(path, sizeof(path), "%s/plain", base);
	SAFE_MKDIR(path, 0777);
	SAFE_CHOWN(path, 0, G);
	SAFE_CHMOD(path, 0777);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (!pw)
		tst_brk(TCONF, "no user nobody");
	nobody_uid = pw->pw_uid;
	nobody_gid = pw->pw_gid;
	if (nobody_gid == G)
		tst_brk(TBROK, "nobody's group is the test's group");
	make_dirs(".");
	make_dirs("mnt");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.mount_device = 1,
	.dev_fs_type = "btrfs",
	.mntpoint = "mnt",
	.mnt_data = "noacl",
	.tags = (const struct tst_tag[]) {
		/* fs: Add missing umask strip in vfs_tmpfile */
		{"linux-git", "ac6800e279a2"},
		/* fs: move S_ISGID stripping into the vfs_*() helpers */
		{"linux-git", "1639a49ccdce"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * POSIX ACL evaluation (posix_acl_permission()), on each filesystem of
 * the matrix that stores ACLs. One file, owner 1001, group 2002, with
 * the access ACL
 *   user::rw-  user:1002:r--  user:1003:rwx  group::r--
 *   group:3000:-w-  group:3001:--x  mask::rw-  other::---
 * and each caller's read, write and execute (open(O_RDONLY),
 * open(O_WRONLY), faccessat(X_OK, AT_EACCESS)) must follow the
 * algorithm:
 *  - the owner gets user:: and the mask does not apply to it;
 *  - a named user gets its entry ANDed with the mask (1003: rw-, its
 *    execute masked away), even if it is also in a group with more;
 *  - otherwise each group entry matching the caller's gid or a
 *    supplementary group (group:: included) is ANDed with the mask, and
 *    access is granted if one of them grants it: 3000 and 3001 together
 *    may write but not execute (--x masked away);
 *    a caller in a matching group that grants nothing is refused, other::
 *    is never consulted for it;
 *  - a caller matching no entry gets other:: (---), also when the mode
 *    before the ACL gave "other" everything.
 * The mode's group bits are the mask: stat() shows 0660 after the ACL
 * is set; chmod(0640) rewrites the mask to r-- (the ACL read back holds
 * mask::r--, user:1003 loses write), chmod(0670) to rwx (1003 may
 * execute, 3001 too). A directory gets a default ACL: a file created in
 * it inherits it as its access ACL (the named entries, and the mask from
 * the creating mode's group bits). Refusals must be EACCES.
 */
#include <endian.h>
#include <fcntl.h>
#include <grp.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <linux/posix_acl.h>
#include <linux/posix_acl_xattr.h>
#include "tst_test.h"
#include "open_close.h"

#define FNAME		"aclfile"
#define DNAME		"acldir"
#define ACCESS		"system.posix_acl_access"
#define DEFAULT		"system.posix_acl_default"
#define OWNER_UID	1001
#define FILE_GID	2002
#define MAX_ENTRIES	8

struct acl_buf {
	struct posix_acl_xattr_header h;
	struct posix_acl_xattr_entry e[MAX_ENTRIES];
} __attribute__((packed));

/* The entries, sorted by tag and id as the kernel wants them. */
static const struct {
	int tag, perm;
	uint32_t id;
} entries[] = {
	{ ACL_USER_OBJ, 6, ACL_UNDEFINED_ID },
	{ ACL_USER, 4, 1002 },
	{ ACL_USER, 7, 1003 },
	{ ACL_GROUP_OBJ, 4, ACL_UNDEFINED_ID },
	{ ACL_GROUP, 2, 3000 },
	{ ACL_GROUP, 1, 3001 },
	{ ACL_MASK, 6, ACL_UNDEFINED_ID },
	{ ACL_OTHER, 0, ACL_UNDEFINED_ID },
};

static const struct caller {
	const char *name;
	uid_t uid;
	gid_t gid;
	int ngroups;
	gid_t groups[2];
	int want[3];		/* r, w, x with mask::rw- */
	int want_r[3];		/* after chmod 0640: mask::r-- */
	int want_rwx[3];	/* after chmod 0670: mask::rwx */
} callers[] = {
	{ "the owner", OWNER_UID, 9000, 0, { 0 },
	  { 1, 1, 0 }, { 1, 1, 0 }, { 1, 1, 0 } },
	{ "user:1002", 1002, 9000, 0, { 0 },
	  { 1, 0, 0 }, { 1, 0, 0 }, { 1, 0, 0 } },
	{ "user:1003 (also in group 3000)", 1003, 3000, 0, { 0 },
	  { 1, 1, 0 }, { 1, 0, 0 }, { 1, 1, 1 } },
	{ "the owning group", 1500, FILE_GID, 0, { 0 },
	  { 1, 0, 0 }, { 1, 0, 0 }, { 1, 0, 0 } },
	{ "group:3000 (supplementary)", 1501, 9000, 1, { 3000 },
	  { 0, 1, 0 }, { 0, 0, 0 }, { 0, 1, 0 } },
	{ "group:3001", 1502, 3001, 0, { 0 },
	  { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 1 } },
	{ "groups 3000 and 3001", 1503, 3000, 1, { 3001 },
	  { 0, 1, 0 }, { 0, 0, 0 }, { 0, 1, 1 } },
	{ "the owning group and 3000", 1504, FILE_GID, 1, { 3000 },
	  { 1, 1, 0 }, { 1, 0, 0 }, { 1, 1, 0 } },
	{ "no entry (other::)", 1505, 9000, 1, { 9001 },
	  { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } },
};

static int acl_len;

static int make_acl(struct acl_buf *a, int mask)
{
	unsigned int i;

	a->h.a_version = htole32(POSIX_ACL_XATTR_VERSION);
	for (i = 0; i < ARRAY_SIZE(entries); i++) {
		a->e[i].e_tag = htole16(entries[i].tag);
		a->e[i].e_perm = htole16(entries[i].tag == ACL_MASK ?
					 mask : entries[i].perm);
		a->e[i].e_id = htole32(entries[i].id);
	}
	return sizeof(a->h) + ARRAY_SIZE(entries) * sizeof(a->e[0]);
}

static void judge(const char *who, const char *what, const char *when,
		  int ret, int want)
{
	int err = errno;

	if ((ret == 0 && want) || (ret < 0 && !want && err == EACCES)) {
		tst_res(TPASS, "%s: %s %s: %s", when, who, what,
			want ? "allowed" : "EACCES");
		return;
	}
	tst_res(TFAIL, "%s: %s %s: %s, expected %s", when, who, what,
		ret ? tst_strerrno(err) : "allowed",
		want ? "allowed" : "EACCES");
}

/* Check every caller against one column of expectations, each in a child. */
static void check_callers(const char *path, int col, const char *when)
{
	unsigned int i;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(callers); i++) {
		const struct caller *c = &callers[i];
		const int *w = col == 0 ? c->want :
			       col == 1 ? c->want_r : c->want_rwx;

		pid = SAFE_FORK();
		if (pid) {
			reap_child(pid);
			continue;
		}
		if (setgroups(c->ngroups, c->groups) ||
		    setresgid(c->gid, c->gid, c->gid) ||
		    setresuid(c->uid, c->uid, c->uid))
			tst_brk(TBROK | TERRNO, "becoming %s", c->name);
		judge(c->name, "read", when, open_close(path, O_RDONLY), w[0]);
		judge(c->name, "write", when, open_close(path, O_WRONLY), w[1]);
		judge(c->name, "execute", when,
		      faccessat(AT_FDCWD, path, X_OK, AT_EACCESS), w[2]);
		_exit(0);
	}
}

/* The mask entry of the file's access ACL, read back. */
static int read_mask(const char *path)
{
	struct acl_buf a;
	ssize_t len = getxattr(path, ACCESS, &a, sizeof(a));
	int i, n;

	if (len < (ssize_t)sizeof(a.h))
		tst_brk(TBROK | TERRNO, "getxattr(%s, %s)", path, ACCESS);
	n = (len - sizeof(a.h)) / sizeof(a.e[0]);
	for (i = 0; i < n; i++) {
		if (le16toh(a.e[i].e_tag) == ACL_MASK)
			return le16toh(a.e[i].e_perm);
	}
	return -1;
}

static void check_mode(const char *path, mode_t want, const char *when)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == want,
		     "%s: mode %04o (expected %04o: group bits = mask)", when,
		     st.st_mode & 07777, want);
}

static void run(void)
{
	struct acl_buf a;
	char inherited[64];
	int fd;

	SAFE_CHMOD(FNAME, 0777);
	acl_len = make_acl(&a, 6);
	TST_EXP_PASS(setxattr(FNAME, ACCESS, &a, acl_len, 0),
		     "setxattr(%s) of an 8-entry ACL", ACCESS);
	check_mode(FNAME, 0660, "after the ACL");
	TST_EXP_EQ_LI(read_mask(FNAME), 6);
	check_callers(FNAME, 0, "mask::rw-");

	SAFE_CHMOD(FNAME, 0640);
	TST_EXP_EQ_LI(read_mask(FNAME), 4);
	check_callers(FNAME, 1, "chmod 0640 (mask::r--)");

	SAFE_CHMOD(FNAME, 0670);
	TST_EXP_EQ_LI(read_mask(FNAME), 7);
	check_callers(FNAME, 2, "chmod 0670 (mask::rwx)");

	/* the default ACL of a directory becomes a new file's access ACL */
	acl_len = make_acl(&a, 7);
	TST_EXP_PASS(setxattr(DNAME, DEFAULT, &a, acl_len, 0),
		     "setxattr(%s) on a directory", DEFAULT);
	snprintf(inherited, sizeof(inherited), "%s/new", DNAME);
	fd = SAFE_OPEN(inherited, O_WRONLY | O_CREAT | O_EXCL, 0640);
	SAFE_CLOSE(fd);
	SAFE_CHOWN(inherited, OWNER_UID, FILE_GID);
	/* mode 0640 ANDed with the inherited ACL: mask r--, other --- */
	check_mode(inherited, 0640, "a file created in the directory");
	TST_EXP_EQ_LI(read_mask(inherited), 4);
	check_callers(inherited, 1, "inherited, created 0640");
	SAFE_UNLINK(inherited);
	if (removexattr(DNAME, DEFAULT))
		tst_brk(TBROK | TERRNO, "removexattr(%s, %s)", DNAME, DEFAULT);
}

static void setup(void)
{
	int fd = SAFE_OPEN(FNAME, O_WRONLY | O_CREAT | O_EXCL, 0777);

	SAFE_WRITE(1, fd, "#!/bin/sh\n", 10);
	SAFE_CLOSE(fd);
	SAFE_CHOWN(FNAME, OWNER_UID, FILE_GID);
	SAFE_MKDIR(DNAME, 0777);
	SAFE_CHMOD(DNAME, 0777);
	SAFE_CHMOD(".", 0755);
	umask(0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{ "vfat", "no POSIX ACLs on FAT" },
		{ "exfat", "no POSIX ACLs on exFAT" },
		{ "ntfs3", "POSIX ACLs only with the acl mount option" },
		{}
	},
};

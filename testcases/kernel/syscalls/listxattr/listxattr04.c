// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * listxattr() on tmpfs lists security.* names and POSIX ACL names with a
 * length that matches the names. Since 8b0ba61df5a1 tmpfs also lists the
 * security.* name of the active LSM (security_inode_listsecurity()); until
 * 800d0b9b6a8b the length the LSM returned stayed in the error variable,
 * and a file whose only xattrs were ACLs got that length back instead of
 * the whole list's, and getfattr crashed. On a tmpfs of its own:
 * - a file with only an access ACL, and a directory with an access and a
 *   default ACL: listxattr(NULL, 0) and listxattr(buf, size) both return
 *   the summed length of NUL-terminated names, the ACL names each once,
 *   every other name a security.* name getxattr() reads; one byte less is
 *   ERANGE;
 * - the same with security.ltp and trusted.ltp set as well: both listed;
 *   for nobody trusted.ltp is not, and the length still matches.
 * Whether the LSM lists a name of its own (the case the bug needs) is
 * printed.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/xattr.h>
#include <linux/posix_acl.h>
#include <linux/posix_acl_xattr.h>
#include <endian.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "lapi/xattr.h"

#define MNT "listxattr04_mnt"
#define FILE_ACL MNT "/acl_only"
#define DIR_ACL MNT "/acl_dir"
#define FILE_ALL MNT "/all"
#define ACL_ACCESS "system.posix_acl_access"
#define ACL_DEFAULT "system.posix_acl_default"

static struct {
	struct posix_acl_xattr_header h;
	struct posix_acl_xattr_entry e[4];
} __attribute__((packed)) acl;

static const char *const want_file_acl[] = { ACL_ACCESS, NULL };
static const char *const want_dir_acl[] = { ACL_ACCESS, ACL_DEFAULT, NULL };
static const char *const want_all[] = { ACL_ACCESS, "security.ltp",
					 "trusted.ltp", NULL };
static const char *const want_all_user[] = { ACL_ACCESS, "security.ltp",
					      NULL };

static const struct tcase {
	const char *path;
	const char *const *want;
	int as_nobody;
} tcases[] = {
	{ FILE_ACL, want_file_acl, 0 },
	{ DIR_ACL, want_dir_acl, 0 },
	{ FILE_ALL, want_all, 0 },
	{ FILE_ALL, want_all_user, 1 },
	{ FILE_ACL, want_file_acl, 1 },
};

static char list[XATTR_LIST_MAX];

static int in(const char *const *want, const char *name)
{
	for (; *want; want++)
		if (!strcmp(*want, name))
			return 1;
	return 0;
}

static void check(const struct tcase *tc)
{
	const char *who = tc->as_nobody ? "nobody" : "root";
	ssize_t len, len2, off, sum = 0;
	unsigned int found = 0, nwant = 0, lsm = 0;
	char val[256];

	while (tc->want[nwant])
		nwant++;
	len = listxattr(tc->path, NULL, 0);
	len2 = listxattr(tc->path, list, sizeof(list));
	if (len < 0 || len2 != len) {
		tst_res(TFAIL | TERRNO, "%s: %s: listxattr(NULL, 0) = %zd, "
			"listxattr(buf) = %zd", who, tc->path, len, len2);
		return;
	}
	if (len && list[len - 1]) {
		tst_res(TFAIL, "%s: %s: the list of %zd bytes does not end "
			"in a NUL", who, tc->path, len);
		return;
	}
	for (off = 0; off < len; off += strlen(list + off) + 1) {
		const char *name = list + off;

		sum += strlen(name) + 1;
		if (in(tc->want, name)) {
			found++;
		} else if (!strncmp(name, "security.", 9) &&
			   getxattr(tc->path, name, val, sizeof(val)) >= 0) {
			lsm++;
			tst_res(TINFO, "%s: the LSM lists %s", tc->path, name);
		} else {
			tst_res(TFAIL, "%s: %s: unexpected name '%s' in the "
				"list", who, tc->path, name);
			return;
		}
	}
	TST_EXP_EXPR(sum == len && found == nwant,
		     "%s: %s: %zd bytes, the length of the %u names, the %u "
		     "expected (each once) and %u of the LSM", who, tc->path,
		     len, found + lsm, nwant, lsm);
	if (len > 0)
		TST_EXP_FAIL(listxattr(tc->path, list, len - 1), ERANGE,
			     "%s: listxattr() with a %zd-byte buffer", who,
			     len - 1);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];

	if (!tc->as_nobody) {
		check(tc);
		return;
	}
	if (!SAFE_FORK()) {
		tst_drop_privs();
		check(tc);
		exit(0);
	}
	tst_reap_children();
}

static void set_acl(const char *path, const char *name)
{
	if (setxattr(path, name, &acl, sizeof(acl), 0)) {
		if (errno == EOPNOTSUPP)
			tst_brk(TCONF, "tmpfs has no POSIX ACLs "
				"(CONFIG_TMPFS_POSIX_ACL)");
		tst_brk(TBROK | TERRNO, "setxattr(%s, %s)", path, name);
	}
}

static void setup(void)
{
	/* entries sorted by tag, as the kernel requires */
	static const int tags[] = { ACL_USER_OBJ, ACL_GROUP_OBJ, ACL_MASK,
				    ACL_OTHER };
	static const int perms[] = { ACL_READ | ACL_WRITE, ACL_READ,
				     ACL_READ, ACL_READ };
	unsigned int i;
	int fd;

	acl.h.a_version = htole32(POSIX_ACL_XATTR_VERSION);
	for (i = 0; i < ARRAY_SIZE(tags); i++) {
		acl.e[i].e_tag = htole16(tags[i]);
		acl.e[i].e_perm = htole16(perms[i]);
		acl.e[i].e_id = htole32((uint32_t)ACL_UNDEFINED_ID);
	}

	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	SAFE_MOUNT("tmpfs", MNT, "tmpfs", 0, "size=1m");

	fd = SAFE_OPEN(FILE_ACL, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	set_acl(FILE_ACL, ACL_ACCESS);
	SAFE_MKDIR(DIR_ACL, 0755);
	set_acl(DIR_ACL, ACL_ACCESS);
	set_acl(DIR_ACL, ACL_DEFAULT);
	fd = SAFE_OPEN(FILE_ALL, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	set_acl(FILE_ALL, ACL_ACCESS);
	if (setxattr(FILE_ALL, "security.ltp", "x", 1, 0))
		tst_brk(TBROK | TERRNO, "setxattr(security.ltp)");
	if (setxattr(FILE_ALL, "trusted.ltp", "y", 1, 0))
		tst_brk(TBROK | TERRNO, "setxattr(trusted.ltp)");
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "800d0b9b6a8b"},
		{}
	},
};

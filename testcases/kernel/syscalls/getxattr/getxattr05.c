// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getxattr() of system.posix_acl_access translates the ids of the
 * ACL_USER and ACL_GROUP entries into the caller's user namespace, over
 * the length of the value, whatever the size of the caller's buffer.
 * Before 82c9a927bc5d the translation was given the buffer's size: with a
 * buffer larger than the value by other than a multiple of an entry's
 * 8 bytes the value was not translated at all, so two reads of one ACL
 * inside a user namespace disagreed.
 * A file in the tmpdir gets an ACL naming uid and gid 1000 (set as root
 * in the initial namespace). It is read with buffers of the value's exact
 * size, one, three and eight bytes more, 4096 and XATTR_SIZE_MAX bytes:
 * - in the initial namespace: every read returns the length size 0
 *   reported, the same bytes, ids 1000;
 * - in a user namespace mapping 0 to 0 and 1000 to 500: ids 500, in every
 *   read;
 * - in one mapping only 1000 to 500 (root not mapped): ids 500;
 * - in one mapping only 0 to 0: ids 1000 are unmapped there, shown as
 *   ACL_UNDEFINED_ID (-1), in every read.
 * Syscalls: getxattr
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <linux/posix_acl.h>
#include <linux/posix_acl_xattr.h>
#include <endian.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "lapi/sched.h"
#include "lapi/xattr.h"

#define FNAME "getxattr05_file"
#define ACL_NAME "system.posix_acl_access"
#define OUTER_ID 1000
#define INNER_ID 500
#define NENTRIES 6

static const struct tcase {
	const char *map;	/* NULL: the initial namespace */
	uint32_t expect_id;
	const char *desc;
} tcases[] = {
	{ NULL, OUTER_ID, "initial user namespace" },
	{ "0 0 1\n500 1000 1", INNER_ID, "userns, 0 and 1000 mapped" },
	{ "500 1000 1", INNER_ID, "userns, root unmapped, 1000 mapped" },
	{ "0 0 1", (uint32_t)ACL_UNDEFINED_ID, "userns, 1000 unmapped" },
};

static struct {
	struct posix_acl_xattr_header h;
	struct posix_acl_xattr_entry e[NENTRIES];
} __attribute__((packed)) acl;

static const size_t extra[] = { 0, 1, 3, 8 };
static char *buf;

static void set_entry(int i, int tag, int perm, uint32_t id)
{
	acl.e[i].e_tag = htole16(tag);
	acl.e[i].e_perm = htole16(perm);
	acl.e[i].e_id = htole32(id);
}

/* Read the ACL with one buffer size; 0 when it is what is expected. */
static int read_once(size_t size, ssize_t len, uint32_t id, const char *desc)
{
	struct posix_acl_xattr_entry *e;
	ssize_t ret;

	memset(buf, 0xa5, XATTR_SIZE_MAX);
	ret = getxattr(FNAME, ACL_NAME, buf, size);
	if (ret != len) {
		tst_res(TFAIL | TERRNO, "%s: getxattr() with a %zu-byte "
			"buffer returned %zd, not %zd", desc, size, ret, len);
		return 1;
	}
	e = (struct posix_acl_xattr_entry *)(buf + sizeof(acl.h));
	if (le32toh(e[1].e_id) != id || le32toh(e[3].e_id) != id ||
	    le16toh(e[1].e_tag) != ACL_USER ||
	    le16toh(e[3].e_tag) != ACL_GROUP) {
		tst_res(TFAIL, "%s: %zu-byte buffer: ACL_USER id %u, ACL_GROUP "
			"id %u, expected %u", desc, size, le32toh(e[1].e_id),
			le32toh(e[3].e_id), id);
		return 1;
	}
	if (memcmp(buf, &acl, sizeof(acl.h) + sizeof(e[0])) ||
	    memcmp(&e[2], &acl.e[2], sizeof(e[0])) ||
	    memcmp(&e[4], &acl.e[4], 2 * sizeof(e[0]))) {
		tst_res(TFAIL, "%s: %zu-byte buffer: header or entries without "
			"an id differ from what was set", desc, size);
		return 1;
	}
	return 0;
}

static void read_all(const struct tcase *tc)
{
	ssize_t len = getxattr(FNAME, ACL_NAME, NULL, 0);
	unsigned int i, bad = 0;

	if (len != (ssize_t)sizeof(acl)) {
		tst_res(TFAIL | TERRNO, "%s: getxattr(size 0) returned %zd, "
			"not %zu", tc->desc, len, sizeof(acl));
		return;
	}
	for (i = 0; i < ARRAY_SIZE(extra); i++)
		bad |= read_once(len + extra[i], len, tc->expect_id, tc->desc);
	bad |= read_once(4096, len, tc->expect_id, tc->desc);
	bad |= read_once(XATTR_SIZE_MAX, len, tc->expect_id, tc->desc);
	if (!bad)
		tst_res(TPASS, "%s: every buffer size reads %zd bytes, ids %d",
			tc->desc, len, (int)tc->expect_id);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	int to_parent[2], to_child[2];
	char map[64];
	pid_t pid;

	if (!tc->map) {
		read_all(tc);
		return;
	}
	SAFE_PIPE(to_parent);
	SAFE_PIPE(to_child);
	pid = SAFE_FORK();
	if (!pid) {
		if (unshare(CLONE_NEWUSER))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
		ns_signal_fd(to_parent[1]);
		ns_wait_fd(to_child[0]);
		read_all(tc);
		exit(0);
	}
	ns_wait_fd(to_parent[0]);
	snprintf(map, sizeof(map), "%s", tc->map);
	SAFE_NS_WRITE_PROC(pid, "setgroups", "deny");
	SAFE_NS_WRITE_PROC(pid, "uid_map", map);
	SAFE_NS_WRITE_PROC(pid, "gid_map", map);
	ns_signal_fd(to_child[1]);
	tst_reap_children();
	SAFE_CLOSE(to_parent[0]);
	SAFE_CLOSE(to_parent[1]);
	SAFE_CLOSE(to_child[0]);
	SAFE_CLOSE(to_child[1]);
}

static void setup(void)
{
	int fd;

	buf = SAFE_MALLOC(XATTR_SIZE_MAX);
	acl.h.a_version = htole32(POSIX_ACL_XATTR_VERSION);
	set_entry(0, ACL_USER_OBJ, ACL_READ | ACL_WRITE, ACL_UNDEFINED_ID);
	set_entry(1, ACL_USER, ACL_READ, OUTER_ID);
	set_entry(2, ACL_GROUP_OBJ, ACL_READ, ACL_UNDEFINED_ID);
	set_entry(3, ACL_GROUP, ACL_READ, OUTER_ID);
	set_entry(4, ACL_MASK, ACL_READ, ACL_UNDEFINED_ID);
	set_entry(5, ACL_OTHER, ACL_READ, ACL_UNDEFINED_ID);

	fd = SAFE_OPEN(FNAME, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	if (setxattr(FNAME, ACL_NAME, &acl, sizeof(acl), 0)) {
		if (errno == EOPNOTSUPP)
			tst_brk(TCONF, "the tmpdir's filesystem has no POSIX "
				"ACLs (setxattr %s: EOPNOTSUPP)", ACL_NAME);
		tst_brk(TBROK | TERRNO, "setxattr(%s)", ACL_NAME);
	}
	if (access("/proc/self/ns/user", F_OK))
		tst_brk(TCONF, "no user namespaces (/proc/self/ns/user)");
}

static void cleanup(void)
{
	free(buf);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "82c9a927bc5d"},
		{}
	},
};

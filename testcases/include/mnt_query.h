/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Queries of the mount tree for the statmount and listmount tests: the
 * raw calls (no C library wrapper), mount ids from statx(), and the
 * lines of /proc/self/mountinfo parsed, which is what the tests compare
 * statmount() and listmount() with (both come from fs/namespace.c, but
 * by separate code: a bug in one shows as a difference).
 */
#ifndef MNT_QUERY_H
#define MNT_QUERY_H

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "lapi/mount.h"
#include "lapi/stat.h"

static inline long statmount_req(const void *req, void *buf, size_t size,
				 unsigned int flags)
{
	return syscall(__NR_statmount, req, buf, size, flags);
}

static inline long statmount_raw(uint64_t mnt_id, uint64_t mask, void *buf,
				 size_t size, unsigned int flags)
{
	struct lapi_mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER0,
		.mnt_id = mnt_id,
		.param = mask,
	};

	return statmount_req(&req, buf, size, flags);
}

static inline long listmount_req(const void *req, uint64_t *ids, size_t nr,
				 unsigned int flags)
{
	return syscall(__NR_listmount, req, ids, nr, flags);
}

static inline long listmount_raw(uint64_t mnt_id, uint64_t last_id,
				 uint64_t *ids, size_t nr, unsigned int flags)
{
	struct lapi_mnt_id_req req = {
		.size = MNT_ID_REQ_SIZE_VER0,
		.mnt_id = mnt_id,
		.param = last_id,
	};

	return listmount_req(&req, ids, nr, flags);
}

/* TCONF when the kernel has no such call (before Linux 6.8). */
static inline void mq_require(long nr, const char *name)
{
	if (syscall(nr, NULL, NULL, 0, 0) == -1 && errno == ENOSYS)
		tst_brk(TCONF, "%s() is not in this kernel (ENOSYS): "
			"Linux 6.8 added it", name);
}
#define mq_require_statmount() mq_require(__NR_statmount, "statmount")
#define mq_require_listmount() mq_require(__NR_listmount, "listmount")

/*
 * The mount id of path (relative to dfd; "" with AT_EMPTY_PATH for dfd
 * itself): which is STATX_MNT_ID_UNIQUE (64 bits, never reused) or
 * STATX_MNT_ID (the id of mountinfo). TCONF when statx() does not give it.
 */
static inline uint64_t mq_statx_id(int dfd, const char *path,
				   unsigned int which)
{
	struct statx stx;
	int flags = path[0] ? 0 : AT_EMPTY_PATH;

	if (statx(dfd, path, flags | AT_SYMLINK_NOFOLLOW, which, &stx))
		tst_brk(TBROK | TERRNO, "statx(%s)", path);
	if (!(stx.stx_mask & which))
		tst_brk(TCONF, "statx() gives no %s",
			which == STATX_MNT_ID_UNIQUE ?
			"STATX_MNT_ID_UNIQUE (Linux 6.8)" : "STATX_MNT_ID");
	return stx.stx_mnt_id;
}
#define mq_unique_id(path) mq_statx_id(AT_FDCWD, (path), STATX_MNT_ID_UNIQUE)
#define mq_old_id(path) mq_statx_id(AT_FDCWD, (path), STATX_MNT_ID)

/* One line of /proc/self/mountinfo (proc(5)); escapes undone. */
struct mq_info {
	unsigned int id, parent;
	unsigned int major, minor;
	char root[PATH_MAX];
	char point[PATH_MAX];
	char opts[256];			/* per mount: ro,nosuid,... */
	unsigned int shared;		/* peer group, 0 when not shared */
	unsigned int master;		/* 0 when not a slave */
	unsigned int propagate_from;	/* 0 when not shown */
	int unbindable;
	char fstype[64];
	char super_opts[1024];		/* of the superblock */
};

/* Undo the octal escapes (\040 for a space) in place. */
static inline void mq_unescape(char *s)
{
	char *d = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d++ = (s[1] - '0') * 64 + (s[2] - '0') * 8 +
			       (s[3] - '0');
			s += 4;
		} else {
			*d++ = *s++;
		}
	}
	*d = '\0';
}

static inline int mq_parse(char *line, struct mq_info *mi)
{
	char *save, *tok;
	int n = 0, after_dash = 0;

	memset(mi, 0, sizeof(*mi));
	line[strcspn(line, "\n")] = '\0';
	for (tok = strtok_r(line, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save), n++) {
		if (after_dash) {
			if (after_dash == 1)
				snprintf(mi->fstype, sizeof(mi->fstype), "%s",
					 tok);
			else if (after_dash == 3)
				snprintf(mi->super_opts,
					 sizeof(mi->super_opts), "%s", tok);
			after_dash++;
			continue;
		}
		switch (n) {
		case 0:
			mi->id = strtoul(tok, NULL, 10);
			break;
		case 1:
			mi->parent = strtoul(tok, NULL, 10);
			break;
		case 2:
			if (sscanf(tok, "%u:%u", &mi->major, &mi->minor) != 2)
				return 0;
			break;
		case 3:
			snprintf(mi->root, sizeof(mi->root), "%s", tok);
			mq_unescape(mi->root);
			break;
		case 4:
			snprintf(mi->point, sizeof(mi->point), "%s", tok);
			mq_unescape(mi->point);
			break;
		case 5:
			snprintf(mi->opts, sizeof(mi->opts), "%s", tok);
			break;
		default:
			if (!strcmp(tok, "-"))
				after_dash = 1;
			else if (!strncmp(tok, "shared:", 7))
				mi->shared = strtoul(tok + 7, NULL, 10);
			else if (!strncmp(tok, "master:", 7))
				mi->master = strtoul(tok + 7, NULL, 10);
			else if (!strncmp(tok, "propagate_from:", 15))
				mi->propagate_from = strtoul(tok + 15, NULL,
							     10);
			else if (!strcmp(tok, "unbindable"))
				mi->unbindable = 1;
		}
	}
	return after_dash == 4;
}

/*
 * The mountinfo of the caller: procfd is AT_FDCWD, or a directory fd of
 * /proc opened before a chroot (mountinfo shows the mounts as seen from
 * the root of the process that opens it).
 */
static inline FILE *mq_open_info(int procfd)
{
	int fd = openat(procfd, procfd == AT_FDCWD ?
			"/proc/self/mountinfo" : "self/mountinfo", O_RDONLY);
	FILE *f;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "open(mountinfo)");
	f = fdopen(fd, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fdopen(mountinfo)");
	return f;
}

/* The line of mount id (the old, mountinfo id): 1, or 0 when none. */
static inline int mq_info(int procfd, unsigned int id, struct mq_info *mi)
{
	char line[3 * PATH_MAX];
	FILE *f = mq_open_info(procfd);
	int found = 0;

	while (!found && fgets(line, sizeof(line), f))
		found = mq_parse(line, mi) && mi->id == id;
	fclose(f);
	return found;
}

/* The ids of all lines, up to max of them; returns how many lines. */
static inline int mq_info_ids(int procfd, unsigned int *ids, int max)
{
	char line[3 * PATH_MAX];
	struct mq_info mi;
	FILE *f = mq_open_info(procfd);
	int n = 0;

	while (fgets(line, sizeof(line), f)) {
		if (!mq_parse(line, &mi))
			tst_brk(TBROK, "unparsable mountinfo line");
		if (n < max)
			ids[n] = mi.id;
		n++;
	}
	fclose(f);
	return n;
}

/* The mountinfo line of the mount path is on (its id from statx). */
static inline void mq_info_of(const char *path, struct mq_info *mi)
{
	unsigned int id = mq_old_id(path);

	if (!mq_info(AT_FDCWD, id, mi))
		tst_brk(TBROK, "mount %u of %s not in mountinfo", id, path);
}

/*
 * The mounts of the error tests, in a private mount namespace, under the
 * test's directory: tmpfs on "mnt" and on "root/x" (all that is in sight
 * after a chroot into "root"), and the id of a tmpfs that was on "gone"
 * and is unmounted again (ENOENT); root_id is the mount of "/".
 */
struct mq_tree {
	uint64_t mnt_id, x_id, gone_id, root_id;
};

static inline void mq_make_tree(const char *src, struct mq_tree *t)
{
	mnt_private_ns();
	SAFE_MKDIR("mnt", 0755);
	SAFE_MKDIR("gone", 0755);
	SAFE_MKDIR("root", 0755);
	SAFE_MKDIR("root/x", 0755);
	SAFE_MOUNT(src, "mnt", "tmpfs", 0, NULL);
	SAFE_MOUNT(src, "root/x", "tmpfs", 0, NULL);
	SAFE_MOUNT(src, "gone", "tmpfs", 0, NULL);
	t->gone_id = mq_unique_id("gone");
	SAFE_UMOUNT("gone");
	t->mnt_id = mq_unique_id("mnt");
	t->x_id = mq_unique_id("root/x");
	t->root_id = mq_unique_id("/");
}

/*
 * Run fn in a child chrooted into the tree's "root" (still root: fn drops
 * to nobody itself when it needs to), and reap it.
 */
static inline void mq_in_chroot(void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (chroot("root") || chdir("/"))
			tst_brk(TBROK | TERRNO, "chroot(root)");
		fn();
		exit(0);
	}
	reap_child(pid);
}

#endif /* MNT_QUERY_H */

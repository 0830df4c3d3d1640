// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify watches on overlayfs objects keep reporting after their
 * dentries were dropped and the objects copied up. An inotify mark pins
 * the overlay inode, not its dentry: after the dentry is gone, the next
 * lookup must find that same inode again, or the events go to a new
 * inode no watch sees. Overlayfs hashes directory inodes (31747eda41ef,
 * "ovl: hash directory inodes for fsnotify") and non-directory inodes by
 * their lower inode (764baba80168, "ovl: hash non-dir by lower inode for
 * fsnotify") for this.
 *
 * An overlay (lower, upper and work directories on a tmpfs of the test's
 * own, in a private mount namespace) has a lower directory "d" holding a
 * file "f" and a lower file "g". One inotify instance watches d for all
 * events, another watches g for attribute, open, modify and close
 * events. Then the overlay's dcache is emptied: a remount of the overlay
 * runs shrink_dcache_sb() on it (reconfigure_super() in fs/super.c), as
 * upstream LTP's drop_caches does for every filesystem, but for this
 * superblock alone. Then, through the overlay:
 * - chmod(d) copies d up: d's watch gets IN_ATTRIB | IN_ISDIR, no name;
 *   writing to d/f (copied up by the open) gets IN_OPEN, IN_MODIFY,
 *   IN_CLOSE_WRITE named "f"; creating and writing d/n gets IN_CREATE,
 *   IN_OPEN, IN_MODIFY, IN_CLOSE_WRITE named "n"; unlinking d/f (a whiteout) IN_DELETE "f";
 * - chmod(g) copies g up: g's watch gets IN_ATTRIB; writing to g gets
 *   IN_OPEN, IN_MODIFY, IN_CLOSE_WRITE, all without a name;
 * exactly these, in this order; and changes made directly in the lower
 * and upper directories (chmod of their d and g) reach neither watch.
 * Syscalls: inotify_add_watch, inotify_init1, mount
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "inotify_read.h"
#include "mount_ns.h"

#define BASE "base"
#define LOWER BASE "/lower"
#define UPPER BASE "/upper"
#define WORK BASE "/work"
#define OVL "ovl"

struct exp_ev {
	uint32_t mask;
	const char *name;
};

static int dir_fd = -1, file_fd = -1;

static void write_file(const char *path, int flags)
{
	int fd = SAFE_OPEN(path, flags | O_WRONLY, 0644);

	SAFE_WRITE(1, fd, "x", 1);
	SAFE_CLOSE(fd);
}

static void check_events(int fd, const char *what, const struct exp_ev *exp,
			 int nexp)
{
	struct ino_event ev[INO_MAX_EVENTS];
	int n, i, bad = 0;

	n = ino_read_events(fd, ev, INO_MAX_EVENTS);
	for (i = 0; i < n || i < nexp; i++) {
		if (i >= n) {
			tst_res(TFAIL, "%s: event %d (mask 0x%x \"%s\") missing",
				what, i, exp[i].mask, exp[i].name);
			bad = 1;
			continue;
		}
		if (i >= nexp) {
			tst_res(TFAIL, "%s: unexpected event %d: mask 0x%x \"%s\"",
				what, i, ev[i].mask, ev[i].name);
			bad = 1;
			continue;
		}
		if (ev[i].mask != exp[i].mask || strcmp(ev[i].name, exp[i].name)) {
			tst_res(TFAIL, "%s: event %d is mask 0x%x \"%s\", expected 0x%x \"%s\"",
				what, i, ev[i].mask, ev[i].name, exp[i].mask,
				exp[i].name);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "%s: the %d expected events, in order", what,
			nexp);
}

static void mount_overlay(void)
{
	if (mount("overlay", OVL, "overlay", 0, "lowerdir=" LOWER
		  ",upperdir=" UPPER ",workdir=" WORK)) {
		if (errno == ENODEV)
			tst_brk(TCONF, "kernel lacks overlayfs");
		tst_brk(TBROK | TERRNO, "mount(overlay)");
	}
}

static void run(void)
{
	static const struct exp_ev dir_exp[] = {
		{IN_ATTRIB | IN_ISDIR, ""},
		{IN_OPEN, "f"}, {IN_MODIFY, "f"}, {IN_CLOSE_WRITE, "f"},
		{IN_CREATE, "n"}, {IN_OPEN, "n"}, {IN_MODIFY, "n"},
		{IN_CLOSE_WRITE, "n"},
		{IN_DELETE, "f"},
	};
	static const struct exp_ev file_exp[] = {
		{IN_ATTRIB, ""}, {IN_OPEN, ""}, {IN_MODIFY, ""},
		{IN_CLOSE_WRITE, ""},
	};
	struct stat st;

	SAFE_MKDIR(BASE, 0755);
	SAFE_MOUNT("tmpfs", BASE, "tmpfs", 0, "size=8m");
	SAFE_MKDIR(LOWER, 0755);
	SAFE_MKDIR(UPPER, 0755);
	SAFE_MKDIR(WORK, 0755);
	SAFE_MKDIR(LOWER "/d", 0755);
	write_file(LOWER "/d/f", O_CREAT);
	write_file(LOWER "/g", O_CREAT);
	SAFE_MKDIR(OVL, 0755);
	mount_overlay();

	dir_fd = inotify_init1(IN_NONBLOCK);
	file_fd = inotify_init1(IN_NONBLOCK);
	if (dir_fd < 0 || file_fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1");
	if (inotify_add_watch(dir_fd, OVL "/d", IN_ALL_EVENTS) < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch(" OVL "/d)");
	if (inotify_add_watch(file_fd, OVL "/g", IN_ATTRIB | IN_OPEN |
			      IN_MODIFY | IN_CLOSE_WRITE) < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch(" OVL "/g)");

	/* empty the overlay's dcache: the watched inodes lose their dentries */
	SAFE_MOUNT(NULL, OVL, NULL, MS_REMOUNT, NULL);

	/* nothing may be queued by the set-up */
	check_events(dir_fd, "directory, after the remount", NULL, 0);
	check_events(file_fd, "file, after the remount", NULL, 0);

	SAFE_CHMOD(OVL "/d", 0700);
	SAFE_STAT(UPPER "/d", &st);
	tst_res(TINFO, "d copied up, upper mode %04o", st.st_mode & 07777);
	write_file(OVL "/d/f", O_APPEND);
	write_file(OVL "/d/n", O_CREAT | O_EXCL);
	SAFE_UNLINK(OVL "/d/f");

	SAFE_CHMOD(OVL "/g", 0600);
	SAFE_STAT(UPPER "/g", &st);
	tst_res(TINFO, "g copied up, upper mode %04o", st.st_mode & 07777);
	write_file(OVL "/g", O_APPEND);

	/* the real directories' objects are not the watched overlay inodes */
	SAFE_CHMOD(LOWER "/d", 0750);
	SAFE_CHMOD(UPPER "/d", 0750);
	SAFE_CHMOD(LOWER "/g", 0640);
	SAFE_CHMOD(UPPER "/g", 0640);

	check_events(dir_fd, "overlay directory d", dir_exp,
		     ARRAY_SIZE(dir_exp));
	check_events(file_fd, "overlay file g", file_exp,
		     ARRAY_SIZE(file_exp));

	SAFE_CLOSE(dir_fd);
	SAFE_CLOSE(file_fd);
	SAFE_UMOUNT(OVL);
	SAFE_UMOUNT(BASE);
	SAFE_RMDIR(OVL);
	SAFE_RMDIR(BASE);
}

static void setup(void)
{
	mnt_private_ns();
}

static void cleanup(void)
{
	if (dir_fd >= 0)
		SAFE_CLOSE(dir_fd);
	if (file_fd >= 0)
		SAFE_CLOSE(file_fd);
	mnt_umount_all(OVL);
	mnt_umount_all(BASE);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "31747eda41ef"},
		{"linux-git", "764baba80168"},
		{}
	},
};

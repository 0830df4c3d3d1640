// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Watches on a file system that is unmounted: umount() is not held up
 * by them (no EBUSY), and every watch on an inode of that file system
 * reports IN_UNMOUNT (with IN_ISDIR for a directory), then IN_IGNORED
 * (no name, cookie 0), after which
 * its wd is gone (inotify_rm_watch(): EINVAL). A watch on a directory
 * outside the file system reports nothing. The watches are on the
 * mounted root, a subdirectory and a file, so both a directory's and a
 * file's mark are torn down.
 */
#include <sys/mount.h>
#include <sys/stat.h>
#include "inotify_read.h"

#define MNT "mnt"

static int fd = -1, mounted;

static void check_unmount_events(const int *wds, const uint32_t *unmount,
				 int nwd, int outside)
{
	struct ino_event evs[INO_MAX_EVENTS];
	int n, i, w, seen_unmount, seen_ignored, ok = 1;

	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	for (i = 0; i < n; i++) {
		if (evs[i].wd == outside || evs[i].len || evs[i].cookie)
			ok = 0;
	}
	for (w = 0; w < nwd; w++) {
		seen_unmount = seen_ignored = 0;
		for (i = 0; i < n; i++) {
			if (evs[i].wd != wds[w])
				continue;
			if (evs[i].mask == unmount[w] && !seen_ignored)
				seen_unmount++;
			else if (evs[i].mask == IN_IGNORED && seen_unmount)
				seen_ignored++;
			else
				ok = 0;
		}
		if (seen_unmount != 1 || seen_ignored != 1)
			ok = 0;
	}
	if (ok && n == 2 * nwd) {
		tst_res(TPASS, "each of the %d watches: IN_UNMOUNT (with "
			"IN_ISDIR on directories), then IN_IGNORED; nothing "
			"else", nwd);
		return;
	}
	tst_res(TFAIL, "%d events, expected IN_UNMOUNT and IN_IGNORED for "
		"each of the %d watches only", n, nwd);
	for (i = 0; i < n; i++)
		tst_res(TINFO, "  wd %d mask %#x cookie %u name \"%s\"",
			evs[i].wd, evs[i].mask, evs[i].cookie, evs[i].name);
}

static void run(void)
{
	/* events on a directory carry IN_ISDIR, IN_IGNORED does not */
	const uint32_t unmount[3] = { IN_UNMOUNT | IN_ISDIR,
				      IN_UNMOUNT | IN_ISDIR, IN_UNMOUNT };
	struct stat before, after;
	int wds[3], outside, i, ffd;

	SAFE_MOUNT(tst_device->dev, MNT, tst_device->fs_type, 0, NULL);
	mounted = 1;
	SAFE_MKDIR(MNT "/dir", 0755);
	ffd = SAFE_OPEN(MNT "/file", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(ffd);
	SAFE_STAT(MNT, &before);

	fd = inotify_init1(IN_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	wds[0] = inotify_add_watch(fd, MNT, IN_ALL_EVENTS);
	wds[1] = inotify_add_watch(fd, MNT "/dir", IN_ALL_EVENTS);
	wds[2] = inotify_add_watch(fd, MNT "/file", IN_ALL_EVENTS);
	outside = inotify_add_watch(fd, "outside", IN_ALL_EVENTS);
	if (wds[0] < 0 || wds[1] < 0 || wds[2] < 0 || outside < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");
	TST_EXP_PASS(umount(MNT), "umount() with 3 inotify watches inside");
	if (!TST_PASS)
		return;
	mounted = 0;
	SAFE_STAT(MNT, &after);
	TST_EXP_EXPR(after.st_dev != before.st_dev,
		     "the file system is gone from " MNT);
	check_unmount_events(wds, unmount, 3, outside);
	for (i = 0; i < 3; i++)
		TST_EXP_FAIL(inotify_rm_watch(fd, wds[i]), EINVAL,
			     "inotify_rm_watch(wd %d) after the unmount",
			     wds[i]);
	TST_EXP_PASS(inotify_rm_watch(fd, outside),
		     "inotify_rm_watch() of the watch outside");
	SAFE_CLOSE(fd);
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (mounted)
		SAFE_UMOUNT(MNT);
}

static void setup(void)
{
	SAFE_MKDIR(MNT, 0755);
	/* not the tmpdir itself: the device's image file lives there */
	SAFE_MKDIR("outside", 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.format_device = 1,
};

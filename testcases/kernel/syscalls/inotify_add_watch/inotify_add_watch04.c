// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify mask flags and who gets an event:
 *  - IN_EXCL_UNLINK: a directory watch reports no more events for a
 *    child once it is unlinked, though it is still written through an
 *    open descriptor; without the flag those writes report IN_MODIFY;
 *  - IN_ONESHOT on a directory: the first event, then IN_IGNORED and
 *    nothing more (inotify_rm_watch(): EINVAL);
 *  - /proc/self/fdinfo shows each watch's mask with these flags
 *    (IN_EXCL_UNLINK, IN_ONESHOT; IN_MASK_ADD ORs into the mask and is
 *    not kept) (flags were dropped before a32e697cda27);
 *  - a parent watch and child watches for different events, in two
 *    instances: a chmod of the child reaches the instance whose parent
 *    watch asked for IN_ATTRIB (with the name) and the instance whose
 *    child watch asked for it (without a name), and an open reaches the
 *    other two watches; nothing else is reported (events went to the
 *    wrong watch before fecc4559780d).
 *
 * Fixed by a32e697cda27 ("inotify: show inotify mask flags in proc
 * fdinfo") and fecc4559780d ("fsnotify: fix events reported to watching
 * parent and child").
 */
#include <stdio.h>
#include <sys/stat.h>
#include "inotify_read.h"

static int fd = -1, fd2 = -1;

static int new_instance(void)
{
	int ifd = inotify_init1(IN_NONBLOCK);

	if (ifd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	return ifd;
}

static int watch(int ifd, const char *path, uint32_t mask)
{
	int wd = inotify_add_watch(ifd, path, mask);

	if (wd < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch(%s, %#x)", path,
			mask);
	return wd;
}

/* The mask fdinfo shows for wd of instance ifd, or 0 when not listed. */
static unsigned int fdinfo_mask(int ifd, int wd)
{
	unsigned int mask = 0, m;
	char path[64], line[256];
	unsigned int w;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", ifd);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "inotify wd:%x ino:%*x sdev:%*x mask:%x",
			   &w, &m) == 2 && (int)w == wd)
			mask = m;
	}
	fclose(f);
	return mask;
}

/* Write to "dir/f" through wfd, unlink it, write again: count IN_MODIFY. */
static void test_excl_unlink(uint32_t extra, int exp_after)
{
	struct ino_event evs[INO_MAX_EVENTS];
	int wd, wfd, n, i, before = 0, after = 0;

	fd = new_instance();
	wd = watch(fd, "dir", IN_MODIFY | extra);
	TST_EXP_EQ_LU(fdinfo_mask(fd, wd), IN_MODIFY | extra);
	wfd = SAFE_OPEN("dir/f", O_CREAT | O_WRONLY, 0644);
	SAFE_WRITE(1, wfd, "a", 1);
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	for (i = 0; i < n; i++)
		before += evs[i].mask == IN_MODIFY && !strcmp(evs[i].name, "f");
	SAFE_UNLINK("dir/f");
	SAFE_WRITE(1, wfd, "b", 1);
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	for (i = 0; i < n; i++)
		after += evs[i].mask == IN_MODIFY;
	TST_EXP_EXPR(before == 1 && after == exp_after && n == exp_after,
		     "mask %#x: %d IN_MODIFY before the unlink (expected 1), "
		     "%d of %d events after it (expected %d)",
		     IN_MODIFY | extra, before, after, n, exp_after);
	SAFE_CLOSE(wfd);
	SAFE_CLOSE(fd);
}

static void test_oneshot(void)
{
	struct ino_event evs[INO_MAX_EVENTS];
	int wd, wd2, n;

	fd = new_instance();
	wd = watch(fd, "dir", IN_CREATE | IN_ONESHOT);
	TST_EXP_EQ_LU(fdinfo_mask(fd, wd), IN_CREATE | IN_ONESHOT);
	SAFE_MKDIR("dir/a", 0755);
	SAFE_MKDIR("dir/b", 0755);
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	TST_EXP_EXPR(n == 2 && evs[0].wd == wd &&
		     evs[0].mask == (IN_CREATE | IN_ISDIR) &&
		     !strcmp(evs[0].name, "a") && evs[1].wd == wd &&
		     evs[1].mask == IN_IGNORED,
		     "IN_ONESHOT: IN_CREATE for 'a', IN_IGNORED, nothing for "
		     "'b' (%d events)", n);
	TST_EXP_FAIL(inotify_rm_watch(fd, wd), EINVAL,
		     "inotify_rm_watch() of the spent IN_ONESHOT watch");
	TST_EXP_EQ_LU(fdinfo_mask(fd, wd), 0);

	wd2 = watch(fd, "dir", IN_CREATE);
	TST_EXP_EXPR(wd2 != wd, "a new watch gets a new wd (%d, was %d)",
		     wd2, wd);
	watch(fd, "dir", IN_DELETE | IN_MASK_ADD);
	TST_EXP_EQ_LU(fdinfo_mask(fd, wd2), IN_CREATE | IN_DELETE);
	SAFE_CLOSE(fd);
	SAFE_RMDIR("dir/a");
	SAFE_RMDIR("dir/b");
}

static void test_parent_and_child(void)
{
	struct ino_event e1[INO_MAX_EVENTS], e2[INO_MAX_EVENTS];
	int p1, c1, p2, c2, n1, n2, ffd;

	ffd = SAFE_OPEN("dir/child", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(ffd);
	fd = new_instance();
	fd2 = new_instance();
	p1 = watch(fd, "dir", IN_ATTRIB);
	c1 = watch(fd, "dir/child", IN_OPEN);
	p2 = watch(fd2, "dir", IN_OPEN);
	c2 = watch(fd2, "dir/child", IN_ATTRIB);

	SAFE_CHMOD("dir/child", 0600);
	n1 = ino_read_events(fd, e1, INO_MAX_EVENTS);
	n2 = ino_read_events(fd2, e2, INO_MAX_EVENTS);
	TST_EXP_EXPR(n1 == 1 && e1[0].wd == p1 && e1[0].mask == IN_ATTRIB &&
		     !strcmp(e1[0].name, "child"),
		     "chmod: parent watch (IN_ATTRIB) gets IN_ATTRIB 'child' "
		     "(%d events)", n1);
	TST_EXP_EXPR(n2 == 1 && e2[0].wd == c2 && e2[0].mask == IN_ATTRIB &&
		     !e2[0].len,
		     "chmod: child watch (IN_ATTRIB) of the other instance "
		     "gets IN_ATTRIB without a name (%d events)", n2);

	ffd = SAFE_OPEN("dir/child", O_RDONLY);
	SAFE_CLOSE(ffd);
	n1 = ino_read_events(fd, e1, INO_MAX_EVENTS);
	n2 = ino_read_events(fd2, e2, INO_MAX_EVENTS);
	TST_EXP_EXPR(n1 == 1 && e1[0].wd == c1 && e1[0].mask == IN_OPEN &&
		     !e1[0].len,
		     "open: child watch (IN_OPEN) gets IN_OPEN without a name "
		     "(%d events)", n1);
	TST_EXP_EXPR(n2 == 1 && e2[0].wd == p2 && e2[0].mask == IN_OPEN &&
		     !strcmp(e2[0].name, "child"),
		     "open: parent watch (IN_OPEN) of the other instance gets "
		     "IN_OPEN 'child' (%d events)", n2);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(fd2);
	SAFE_UNLINK("dir/child");
}

static void run(void)
{
	SAFE_MKDIR("dir", 0755);
	test_excl_unlink(0, 1);
	test_excl_unlink(IN_EXCL_UNLINK, 0);
	test_oneshot();
	test_parent_and_child();
	SAFE_RMDIR("dir");
}

static void cleanup(void)
{
	if (fd >= 0)
		close(fd);
	if (fd2 >= 0)
		close(fd2);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "a32e697cda27"},
		{"linux-git", "fecc4559780d"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify_add_watch() watches take effect. A directory watch reports, in
 * order and with the child's name: IN_CREATE and IN_OPEN for a create,
 * IN_MODIFY for a write, IN_CLOSE_WRITE, IN_ATTRIB for a chmod, IN_OPEN,
 * IN_ACCESS and IN_CLOSE_NOWRITE for a read, IN_MOVED_FROM and IN_MOVED_TO
 * sharing one non-zero cookie for a rename, IN_DELETE for an unlink, and
 * IN_CREATE/IN_DELETE with IN_ISDIR for a subdirectory. Every other event
 * has cookie 0 (an uninitialised cookie leaked kernel memory before
 * 45a22f4c11fe). Identical events not yet read are merged into one. A
 * watch on the file itself reports without a name; unlinking the file
 * gives IN_ATTRIB, IN_DELETE_SELF and IN_IGNORED. IN_ONESHOT reports once
 * then drops the watch (IN_IGNORED). Adding a watch for the same inode
 * returns the same wd and replaces the mask, or ORs it in with
 * IN_MASK_ADD; IN_DONT_FOLLOW watches a symlink itself.
 */
#include <sys/stat.h>
#include "time_event.h"
#include "inotify_read.h"

static int fd = -1;

struct expect {
	uint32_t mask;
	const char *name;
};

/* Compare the queued events with the list; cookies are checked apart. */
static void check_events(int wd, const struct expect *exp, int n_exp,
			 struct ino_event *evs, const char *what)
{
	int n, i, ok;

	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	ok = n == n_exp;
	for (i = 0; ok && i < n; i++) {
		ok = evs[i].wd == wd && evs[i].mask == exp[i].mask &&
		     !strcmp(evs[i].name, exp[i].name ? exp[i].name : "") &&
		     (exp[i].name ? evs[i].len > 0 : evs[i].len == 0);
	}
	if (ok) {
		tst_res(TPASS, "%s: the %d expected events", what, n);
		return;
	}
	tst_res(TFAIL, "%s: %d events, expected %d", what, n, n_exp);
	for (i = 0; i < n; i++)
		tst_res(TINFO, "  wd %d mask %#x cookie %u name \"%s\"",
			evs[i].wd, evs[i].mask, evs[i].cookie, evs[i].name);
}

static void test_dir_events(void)
{
	static const struct expect exp[] = {
		{IN_CREATE, "f"}, {IN_OPEN, "f"}, {IN_MODIFY, "f"},
		{IN_CLOSE_WRITE, "f"}, {IN_ATTRIB, "f"}, {IN_OPEN, "f"},
		{IN_ACCESS, "f"}, {IN_CLOSE_NOWRITE, "f"},
		{IN_MOVED_FROM, "f"}, {IN_MOVED_TO, "g"}, {IN_DELETE, "g"},
		{IN_CREATE | IN_ISDIR, "sub"}, {IN_DELETE | IN_ISDIR, "sub"},
	};
	struct ino_event evs[INO_MAX_EVENTS];
	int wd, ffd, i, cookies_ok = 1;
	char c;

	SAFE_MKDIR("dir", 0755);
	TST_EXP_POSITIVE(inotify_add_watch(fd, "dir", IN_ALL_EVENTS),
			 "inotify_add_watch(dir, IN_ALL_EVENTS)");
	wd = TST_RET;
	ffd = SAFE_OPEN("dir/f", O_CREAT | O_WRONLY, 0600);
	SAFE_WRITE(1, ffd, "x", 1);
	SAFE_CLOSE(ffd);
	SAFE_CHMOD("dir/f", 0644);
	ffd = SAFE_OPEN("dir/f", O_RDONLY);
	SAFE_READ(1, ffd, &c, 1);
	SAFE_CLOSE(ffd);
	if (rename("dir/f", "dir/g"))
		tst_brk(TBROK | TERRNO, "rename()");
	SAFE_UNLINK("dir/g");
	SAFE_MKDIR("dir/sub", 0755);
	SAFE_RMDIR("dir/sub");
	check_events(wd, exp, ARRAY_SIZE(exp), evs, "directory watch");

	for (i = 0; i < (int)ARRAY_SIZE(exp); i++) {
		if (exp[i].mask & (IN_MOVED_FROM | IN_MOVED_TO))
			continue;
		cookies_ok &= evs[i].cookie == 0;
	}
	TST_EXP_EXPR(cookies_ok, "events other than moves have cookie 0");
	TST_EXP_EXPR(evs[8].cookie != 0 && evs[8].cookie == evs[9].cookie,
		     "IN_MOVED_FROM and IN_MOVED_TO share cookie %u (%u)",
		     evs[8].cookie, evs[9].cookie);
	inotify_rm_watch(fd, wd);
	ino_read_events(fd, evs, INO_MAX_EVENTS);
	SAFE_RMDIR("dir");
}

static void test_merge(void)
{
	static const struct expect merged[] = {{IN_MODIFY, NULL}};
	static const struct expect two[] = {
		{IN_MODIFY, NULL}, {IN_ATTRIB, NULL}, {IN_MODIFY, NULL},
	};
	struct ino_event evs[INO_MAX_EVENTS];
	int wd, ffd;

	ffd = SAFE_OPEN("m", O_CREAT | O_WRONLY, 0600);
	wd = inotify_add_watch(fd, "m", IN_MODIFY | IN_ATTRIB);
	if (wd < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");
	SAFE_WRITE(1, ffd, "a", 1);
	SAFE_WRITE(1, ffd, "b", 1);
	SAFE_WRITE(1, ffd, "c", 1);
	check_events(wd, merged, 1, evs, "3 writes in a row, not read");
	SAFE_WRITE(1, ffd, "d", 1);
	SAFE_CHMOD("m", 0644);
	SAFE_WRITE(1, ffd, "e", 1);
	check_events(wd, two, 3, evs, "write, chmod, write");
	SAFE_CLOSE(ffd);
	inotify_rm_watch(fd, wd);
	ino_read_events(fd, evs, INO_MAX_EVENTS);
	SAFE_UNLINK("m");
}

static void test_file_watch(void)
{
	static const struct expect exp[] = {
		{IN_MODIFY, NULL}, {IN_ATTRIB, NULL}, {IN_DELETE_SELF, NULL},
		{IN_IGNORED, NULL},
	};
	struct ino_event evs[INO_MAX_EVENTS];
	int wd, ffd;

	ffd = SAFE_OPEN("self", O_CREAT | O_WRONLY, 0600);
	wd = inotify_add_watch(fd, "self", IN_MODIFY | IN_ATTRIB |
			       IN_DELETE_SELF);
	if (wd < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");
	SAFE_WRITE(1, ffd, "x", 1);
	SAFE_CLOSE(ffd);
	SAFE_UNLINK("self");
	check_events(wd, exp, ARRAY_SIZE(exp), evs,
		     "file watch: write, unlink");
}

static void test_oneshot(void)
{
	static const struct expect exp[] = {
		{IN_MODIFY, NULL}, {IN_IGNORED, NULL},
	};
	struct ino_event evs[INO_MAX_EVENTS];
	int wd, ffd;

	ffd = SAFE_OPEN("once", O_CREAT | O_WRONLY, 0600);
	wd = inotify_add_watch(fd, "once", IN_MODIFY | IN_ATTRIB | IN_ONESHOT);
	if (wd < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");
	SAFE_WRITE(1, ffd, "x", 1);
	SAFE_CHMOD("once", 0644);
	SAFE_WRITE(1, ffd, "y", 1);
	check_events(wd, exp, ARRAY_SIZE(exp), evs,
		     "IN_ONESHOT: write, chmod, write");
	TST_EXP_FAIL(inotify_rm_watch(fd, wd), EINVAL,
		     "inotify_rm_watch() of the spent IN_ONESHOT watch");
	SAFE_CLOSE(ffd);
	SAFE_UNLINK("once");
}

static void test_same_inode(void)
{
	static const struct expect attrib[] = {{IN_ATTRIB, NULL}};
	static const struct expect both[] = {
		{IN_MODIFY, NULL}, {IN_ATTRIB, NULL},
	};
	struct ino_event evs[INO_MAX_EVENTS];
	int wd, wd2, wd_link, ffd;

	ffd = SAFE_OPEN("same", O_CREAT | O_WRONLY, 0600);
	if (symlink("same", "link"))
		tst_brk(TBROK | TERRNO, "symlink()");
	wd = inotify_add_watch(fd, "same", IN_MODIFY);
	TST_EXP_VAL(inotify_add_watch(fd, "link", IN_ATTRIB), wd,
		    "inotify_add_watch(symlink to the watched file, "
		    "IN_ATTRIB): the same wd");
	SAFE_WRITE(1, ffd, "x", 1);
	SAFE_CHMOD("same", 0644);
	check_events(wd, attrib, 1, evs, "the mask was replaced");

	TST_EXP_VAL(inotify_add_watch(fd, "same", IN_MODIFY | IN_MASK_ADD),
		    wd, "inotify_add_watch(IN_MODIFY | IN_MASK_ADD)");
	SAFE_WRITE(1, ffd, "x", 1);
	SAFE_CHMOD("same", 0600);
	check_events(wd, both, 2, evs, "IN_MASK_ADD added IN_MODIFY");

	wd_link = inotify_add_watch(fd, "link", IN_ATTRIB | IN_DONT_FOLLOW);
	TST_EXP_EXPR(wd_link > 0 && wd_link != wd, "IN_DONT_FOLLOW watches "
		     "the symlink itself (wd %d, file %d)", wd_link, wd);
	wd2 = inotify_add_watch(fd, ".", IN_ATTRIB | IN_ONLYDIR);
	TST_EXP_EXPR(wd2 > 0 && wd2 != wd && wd2 != wd_link,
		     "IN_ONLYDIR on a directory: a new wd (%d)", wd2);
	inotify_rm_watch(fd, wd);
	inotify_rm_watch(fd, wd_link);
	inotify_rm_watch(fd, wd2);
	ino_read_events(fd, evs, INO_MAX_EVENTS);
	SAFE_CLOSE(ffd);
	SAFE_UNLINK("link");
	SAFE_UNLINK("same");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_dir_events();
		break;
	case 1:
		test_merge();
		break;
	case 2:
		test_file_watch();
		break;
	case 3:
		test_oneshot();
		break;
	case 4:
		test_same_inode();
		break;
	}
}

static void setup(void)
{
	fd = inotify_init1(IN_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "45a22f4c11fe"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Evictable inode marks (FAN_MARK_EVICTABLE, Linux 5.19) do not pin the
 * inode: on an ext4 of its own, after the caches are dropped the inode of
 * a file with only an evictable mark leaves memory and the mark with it
 * (gone from the group's fdinfo; opening the file gives no event), while
 * the file with an ordinary mark keeps its mark and its events. Adding
 * FAN_MARK_EVICTABLE to an ordinary mark is EEXIST and changes nothing;
 * adding an ordinary mark over an evictable one makes it pin the inode,
 * so it survives dropping the caches.
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <stdio.h>
#include "fan_common.h"
#include "task_wait.h"

#define A_P FAN_MNT "/dir/a"
#define B_P FAN_MNT "/dir/b"

/* Inode marks the group lists in /proc/self/fdinfo. */
static int count_marks(int fan)
{
	char path[64], line[512];
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fan);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "fanotify ino:", 13))
			n++;
	}
	fclose(f);
	return n;
}

static void drop_caches(void)
{
	SAFE_FILE_PRINTF("/proc/sys/vm/drop_caches", "3");
}

/* Drop caches until the group has want marks (bounded): 1 when it did. */
static int drop_until(int fan, int want)
{
	long long end = task_wait_now_ms() + 10000 * tst_timeout_mul();

	do {
		sync();
		drop_caches();
		if (count_marks(fan) == want)
			return 1;
		usleep(100000);
	} while (task_wait_now_ms() < end);
	return 0;
}

static void touch_open(const char *path)
{
	int fd = SAFE_OPEN(path, O_RDONLY);

	SAFE_CLOSE(fd);
}

static int got_open(int fan)
{
	struct fan_event ev;
	int n = 0;

	while (fan_read_one(fan, &ev)) {
		if (ev.mask & FAN_OPEN)
			n++;
		fan_close_ev(&ev);
	}
	return n;
}

static void run(void)
{
	int fan, i;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD | FAN_MARK_EVICTABLE, FAN_OPEN, A_P);
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN, B_P);
	TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_EVICTABLE,
				   FAN_CLOSE, AT_FDCWD, B_P), EEXIST,
		     "FAN_MARK_EVICTABLE over an ordinary mark");
	touch_open(A_P);
	touch_open(B_P);
	TST_EXP_EXPR(got_open(fan) == 2 && count_marks(fan) == 2, "both "
		     "marks report and are listed");

	TST_EXP_EXPR(drop_until(fan, 1), "dropping the caches evicted the "
		     "inode with the evictable mark (%d marks left)",
		     count_marks(fan));
	touch_open(A_P);
	TST_EXP_EXPR(got_open(fan) == 0, "the evicted file's open: no event");
	touch_open(B_P);
	TST_EXP_EXPR(got_open(fan) == 1, "the pinned file still reports");

	/* an evictable mark made ordinary pins the inode */
	fan_mark(fan, FAN_MARK_ADD | FAN_MARK_EVICTABLE, FAN_OPEN, A_P);
	TST_EXP_PASS(fanotify_mark(fan, FAN_MARK_ADD, FAN_OPEN, AT_FDCWD,
				   A_P), "an ordinary mark over the evictable "
		     "one");
	for (i = 0; i < 3; i++) {
		sync();
		drop_caches();
	}
	TST_EXP_EXPR(count_marks(fan) == 2, "both marks survive dropping "
		     "the caches (%d)", count_marks(fan));
	touch_open(A_P);
	TST_EXP_EXPR(got_open(fan) == 1, "and the file reports");
	fan_close(fan);
}

static void setup(void)
{
	int fd;

	SAFE_MKDIR(FAN_MNT "/dir", 0755);
	fd = SAFE_OPEN(A_P, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(B_P, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.mount_device = 1,
	.mntpoint = FAN_MNT,
	.dev_fs_type = "ext4",
	.min_kver = "5.19",
};

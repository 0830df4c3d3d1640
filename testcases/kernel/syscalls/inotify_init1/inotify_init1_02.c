// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * An inotify instance queues at most fs.inotify.max_queued_events events
 * (the value when it was created): with the limit at 8, creating 20
 * files in a watched directory queues the first 8 IN_CREATE events, in
 * order, then exactly one IN_Q_OVERFLOW with wd -1, no name and cookie
 * 0; the other events are dropped. Once the queue is read, events are
 * queued again. An instance created with a higher limit, before the
 * change, keeps its own limit and gets every event.
 */
#include <stdio.h>
#include "inotify_read.h"

#define LIMIT 8
#define FILES 20

static int fd = -1, fd_big = -1;

static void create_file(int i)
{
	char name[32];
	int ffd;

	snprintf(name, sizeof(name), "dir/f%02d", i);
	ffd = SAFE_OPEN(name, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(ffd);
}

static void run(void)
{
	struct ino_event evs[INO_MAX_EVENTS];
	char name[32];
	int wd, i, n, ok;

	SAFE_FILE_PRINTF("/proc/sys/fs/inotify/max_queued_events", "%d",
			 2 * FILES);
	fd_big = inotify_init1(IN_NONBLOCK);
	SAFE_FILE_PRINTF("/proc/sys/fs/inotify/max_queued_events", "%d",
			 LIMIT);
	fd = inotify_init1(IN_NONBLOCK);
	if (fd < 0 || fd_big < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	SAFE_MKDIR("dir", 0755);
	wd = inotify_add_watch(fd, "dir", IN_CREATE);
	if (wd < 0 || inotify_add_watch(fd_big, "dir", IN_CREATE) < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");

	for (i = 0; i < FILES; i++)
		create_file(i);

	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	ok = n == LIMIT + 1;
	for (i = 0; ok && i < LIMIT; i++) {
		snprintf(name, sizeof(name), "f%02d", i);
		ok = evs[i].wd == wd && evs[i].mask == IN_CREATE &&
		     !strcmp(evs[i].name, name);
	}
	TST_EXP_EXPR(ok, "limit %d: the first %d IN_CREATE events in order, "
		     "then the overflow (%d events read)", LIMIT, LIMIT, n);
	if (n > LIMIT)
		TST_EXP_EXPR(evs[LIMIT].wd == -1 &&
			     evs[LIMIT].mask == IN_Q_OVERFLOW &&
			     !evs[LIMIT].len && !evs[LIMIT].cookie,
			     "the last event: wd %d mask %#x len %u cookie %u,"
			     " expected wd -1, IN_Q_OVERFLOW, no name, 0",
			     evs[LIMIT].wd, evs[LIMIT].mask, evs[LIMIT].len,
			     evs[LIMIT].cookie);
	TST_EXP_EQ_LI(ino_read_events(fd, evs, INO_MAX_EVENTS), 0);

	create_file(FILES);
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	TST_EXP_EXPR(n == 1 && evs[0].mask == IN_CREATE &&
		     !strcmp(evs[0].name, "f20"),
		     "after reading, a new IN_CREATE is queued (%d events)", n);

	n = ino_read_events(fd_big, evs, INO_MAX_EVENTS);
	ok = n == FILES + 1;
	for (i = 0; ok && i < n; i++)
		ok = evs[i].mask == IN_CREATE;
	TST_EXP_EXPR(ok, "the instance created with limit %d got all %d "
		     "IN_CREATE events, no overflow (%d events)", 2 * FILES,
		     FILES + 1, n);
	SAFE_CLOSE(fd);
	SAFE_CLOSE(fd_big);
	for (i = 0; i <= FILES; i++) {
		snprintf(name, sizeof(name), "dir/f%02d", i);
		SAFE_UNLINK(name);
	}
	SAFE_RMDIR("dir");
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (fd_big >= 0)
		SAFE_CLOSE(fd_big);
}

static struct tst_test test = {
	.test_all = run,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.save_restore = (const struct tst_path_val[]) {
		{"/proc/sys/fs/inotify/max_queued_events", NULL, 0},
		{}
	},
};

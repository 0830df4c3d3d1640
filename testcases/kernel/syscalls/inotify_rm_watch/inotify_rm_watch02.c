// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mark destruction races, run for a few seconds each; the kernel must
 * neither crash nor hang (the executor records any oops or warning), and
 * every call must give its documented result:
 *  - removing the last watch of an inode while another thread keeps
 *    writing to it (so events are being reported through that inode's
 *    mark connector): inotify_rm_watch() returns 0 each time, and
 *    inotify_add_watch() gives a wd each time (crashed or looped before
 *    d90a10e2444b);
 *  - closing an inotify instance whose watched inodes another thread is
 *    unlinking at the same moment: inotify_add_watch() either gives a wd
 *    or fails with ENOENT (the file is gone), close() returns 0 (crashed
 *    before 8f2f3eb59dff).
 * Afterwards a new watch still reports an event.
 *
 * Fixed by d90a10e2444b ("fsnotify: Fix fsnotify_mark_connector race")
 * and 8f2f3eb59dff ("fsnotify: fix oops in
 * fsnotify_clear_marks_by_group_flags()").
 */
#include <pthread.h>
#include <stdio.h>
#include "inotify_read.h"
#include "task_wait.h"

#define FILES 5
#define RACE_MS 2000

static volatile int stop;
static int file_fd = -1;

static void *writer(void *arg)
{
	char buf[64] = { 0 };

	while (!stop) {
		if (pwrite(file_fd, buf, sizeof(buf), 0) != sizeof(buf))
			tst_brk(TBROK | TERRNO, "pwrite()");
	}
	return arg;
}

static void *unlinker(void *arg)
{
	char name[16];
	int i, fd;

	while (!stop) {
		for (i = 0; i < FILES; i++) {
			snprintf(name, sizeof(name), "f%d", i);
			fd = SAFE_OPEN(name, O_CREAT | O_RDWR, 0600);
			SAFE_CLOSE(fd);
		}
		for (i = 0; i < FILES; i++) {
			snprintf(name, sizeof(name), "f%d", i);
			SAFE_UNLINK(name);
		}
	}
	return arg;
}

static void race_rm_watch(void)
{
	long long end = task_wait_now_ms() + RACE_MS;
	long rounds = 0, bad = 0;
	pthread_t thr;
	int fd, wd;

	fd = inotify_init1(IN_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	file_fd = SAFE_OPEN("racefile", O_CREAT | O_RDWR, 0600);
	stop = 0;
	pthread_create(&thr, NULL, writer, NULL);
	while (task_wait_now_ms() < end) {
		wd = inotify_add_watch(fd, "racefile", IN_MODIFY);
		if (wd < 0 || inotify_rm_watch(fd, wd)) {
			if (!bad++)
				tst_res(TFAIL | TERRNO, "round %ld: wd %d: "
					"add or remove failed", rounds, wd);
		}
		rounds++;
		/* the queue fills with IN_MODIFY/IN_IGNORED: drop them */
		if (!(rounds % 64))
			while (read(fd, (char[4096]){0}, 4096) > 0)
				;
	}
	stop = 1;
	pthread_join(thr, NULL);
	SAFE_CLOSE(file_fd);
	SAFE_CLOSE(fd);
	if (!bad)
		tst_res(TPASS, "%ld rounds of add/remove during writes, every "
			"call succeeded", rounds);
}

static void race_close_unlink(void)
{
	long long end = task_wait_now_ms() + RACE_MS;
	long rounds = 0, bad = 0;
	char name[16];
	pthread_t thr;
	int fd, i, wd;

	stop = 0;
	pthread_create(&thr, NULL, unlinker, NULL);
	while (task_wait_now_ms() < end) {
		fd = inotify_init1(IN_NONBLOCK);
		if (fd < 0)
			tst_brk(TBROK | TERRNO, "inotify_init1()");
		for (i = 0; i < FILES; i++) {
			snprintf(name, sizeof(name), "f%d", i);
			wd = inotify_add_watch(fd, name, IN_MODIFY);
			if (wd < 0 && errno != ENOENT && !bad++)
				tst_res(TFAIL | TERRNO, "inotify_add_watch(%s) "
					"in round %ld", name, rounds);
		}
		if (close(fd) && !bad++)
			tst_res(TFAIL | TERRNO, "close(inotify fd)");
		rounds++;
	}
	stop = 1;
	pthread_join(thr, NULL);
	if (!bad)
		tst_res(TPASS, "%ld inotify instances torn down while their "
			"files were unlinked", rounds);
}

static void check_still_works(void)
{
	struct ino_event evs[INO_MAX_EVENTS];
	int fd, wd, n, ffd;

	fd = inotify_init1(IN_NONBLOCK);
	wd = inotify_add_watch(fd, ".", IN_CREATE);
	if (fd < 0 || wd < 0)
		tst_brk(TBROK | TERRNO, "inotify set-up after the races");
	ffd = SAFE_OPEN("after", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(ffd);
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	TST_EXP_EXPR(n == 1 && evs[0].wd == wd && evs[0].mask == IN_CREATE &&
		     !strcmp(evs[0].name, "after"),
		     "a new watch reports IN_CREATE afterwards (%d events)", n);
	SAFE_CLOSE(fd);
	SAFE_UNLINK("after");
}

static void run(void)
{
	race_rm_watch();
	race_close_unlink();
	check_still_works();
	SAFE_UNLINK("racefile");
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.timeout = 60,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "d90a10e2444b"},
		{"linux-git", "8f2f3eb59dff"},
		{}
	},
};

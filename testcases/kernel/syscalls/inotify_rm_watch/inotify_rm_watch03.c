// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify mark destruction racing with another process, for a bounded
 * time each, with the kernel's taint checked (an oops or a warning in the
 * races fails the test):
 *  - a child process writes to a file without a pause while this process
 *    adds an IN_MODIFY watch on it and removes it again, so that the
 *    mark's connector is torn down while events go through it: every
 *    inotify_add_watch() gives a new wd, every inotify_rm_watch() returns
 *    0, and when it has returned the queue holds exactly one IN_IGNORED,
 *    of that wd (it is queued before the call returns), besides
 *    IN_MODIFY events of that or earlier watches (d90a10e2444b);
 *  - a child process creates and unlinks files without a pause while this
 *    process watches them from a new instance and closes it: each
 *    inotify_add_watch() gives a wd or ENOENT, each close() returns 0
 *    (the inode's marks were destroyed by both at once, 8f2f3eb59dff,
 *    upstream's inotify06).
 * Afterwards, with the children gone, a watch on the written file reports
 * exactly one IN_MODIFY for a write, a watch on the directory exactly
 * IN_CREATE and IN_DELETE of a file with its name, and removing the file's
 * watch gives IN_IGNORED.
 * Syscalls: inotify_add_watch, inotify_rm_watch, inotify_init1
 */
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include "inotify_read.h"

#define RACE_MS 1500
#define FILES 8

static pid_t child;

static void stop_child(void)
{
	int status;

	if (child <= 0)
		return;
	SAFE_KILL(child, SIGKILL);
	SAFE_WAITPID(child, &status, 0);
	child = 0;
}

static void start_writer(void)
{
	char buf[32] = { 0 };
	int fd;

	child = SAFE_FORK();
	if (child)
		return;
	fd = SAFE_OPEN("racefile", O_WRONLY);
	for (;;) {
		if (pwrite(fd, buf, sizeof(buf), 0) != sizeof(buf))
			tst_brk(TBROK | TERRNO, "pwrite()");
	}
}

static void start_unlinker(void)
{
	char name[16];
	int i, fd;

	child = SAFE_FORK();
	if (child)
		return;
	for (;;) {
		for (i = 0; i < FILES; i++) {
			snprintf(name, sizeof(name), "u%d", i);
			fd = SAFE_OPEN(name, O_CREAT | O_RDWR, 0600);
			SAFE_CLOSE(fd);
		}
		for (i = 0; i < FILES; i++) {
			snprintf(name, sizeof(name), "u%d", i);
			SAFE_UNLINK(name);
		}
	}
}

/*
 * The queue after inotify_rm_watch(wd): exactly one IN_IGNORED, of wd,
 * and IN_MODIFY events of wd or an earlier watch (a writer that read the
 * wd before the watch went may queue its event after IN_IGNORED, see
 * inotify_handle_inode_event()), nothing else.
 */
static int queue_has_ignored(int fd, int wd, char *why, size_t sz)
{
	struct ino_event evs[INO_MAX_EVENTS];
	int n, i, ignored = 0, total = 0;

	while ((n = ino_read_events(fd, evs, INO_MAX_EVENTS)) > 0) {
		for (i = 0; i < n; i++, total++) {
			if ((evs[i].mask == IN_IGNORED && evs[i].wd == wd &&
			     !ignored++) || (evs[i].mask == IN_MODIFY &&
			     evs[i].wd > 0 && evs[i].wd <= wd))
				continue;
			snprintf(why, sz, "event %d: wd %d mask %#x (watch "
				 "%d, IN_IGNORED seen %d)", total, evs[i].wd,
				 evs[i].mask, wd, ignored);
			return 0;
		}
	}
	if (!ignored)
		snprintf(why, sz, "no IN_IGNORED among %d events", total);
	return ignored;
}

static void race_rm_watch(void)
{
	long long end = tst_mono_ms() + RACE_MS;
	long rounds = 0, bad = 0;
	int fd, wd, last = 0;
	char why[128];

	fd = inotify_init1(IN_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	start_writer();
	while (tst_mono_ms() < end) {
		wd = inotify_add_watch(fd, "racefile", IN_MODIFY);
		if (wd < 0 || wd == last) {
			if (!bad++)
				tst_res(TFAIL | TERRNO, "round %ld: "
					"inotify_add_watch() gave %d (the last "
					"was %d)", rounds, wd, last);
			break;
		}
		last = wd;
		if (inotify_rm_watch(fd, wd)) {
			if (!bad++)
				tst_res(TFAIL | TERRNO, "round %ld: "
					"inotify_rm_watch(%d)", rounds, wd);
			break;
		}
		if (!queue_has_ignored(fd, wd, why, sizeof(why)) && !bad++)
			tst_res(TFAIL, "round %ld: after inotify_rm_watch(%d): "
				"%s", rounds, wd, why);
		rounds++;
	}
	stop_child();
	SAFE_CLOSE(fd);
	if (!bad)
		tst_res(TPASS, "%ld rounds of add and remove during another "
			"process's writes: each removal queued one IN_IGNORED",
			rounds);
}

static void race_close_unlink(void)
{
	long long end = tst_mono_ms() + RACE_MS;
	long rounds = 0, bad = 0, watched = 0;
	char name[16];
	int fd, i, wd;

	start_unlinker();
	while (tst_mono_ms() < end) {
		fd = inotify_init1(IN_NONBLOCK);
		if (fd < 0)
			tst_brk(TBROK | TERRNO, "inotify_init1()");
		for (i = 0; i < FILES; i++) {
			snprintf(name, sizeof(name), "u%d", i);
			wd = inotify_add_watch(fd, name, IN_ALL_EVENTS);
			if (wd >= 0)
				watched++;
			else if (errno != ENOENT && !bad++)
				tst_res(TFAIL | TERRNO, "inotify_add_watch(%s) "
					"in round %ld", name, rounds);
		}
		if (close(fd) && !bad++)
			tst_res(TFAIL | TERRNO, "close(inotify fd)");
		rounds++;
	}
	stop_child();
	if (!bad)
		tst_res(TPASS, "%ld instances with %ld watches closed while "
			"another process unlinked their files", rounds,
			watched);
}

static void check_after(void)
{
	struct ino_event evs[INO_MAX_EVENTS];
	int fd, wd, dwd, n, ffd;

	fd = inotify_init1(IN_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	wd = inotify_add_watch(fd, "racefile", IN_MODIFY);
	dwd = inotify_add_watch(fd, ".", IN_CREATE | IN_DELETE);
	if (wd < 0 || dwd < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch() after the races");
	ffd = SAFE_OPEN("racefile", O_WRONLY);
	SAFE_WRITE(1, ffd, "x", 1);
	SAFE_CLOSE(ffd);
	ffd = SAFE_OPEN("after", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(ffd);
	SAFE_UNLINK("after");
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	TST_EXP_EXPR(n == 3 && evs[0].wd == wd && evs[0].mask == IN_MODIFY &&
		     !evs[0].len && evs[1].wd == dwd &&
		     evs[1].mask == IN_CREATE && !strcmp(evs[1].name, "after") &&
		     evs[2].wd == dwd && evs[2].mask == IN_DELETE &&
		     !strcmp(evs[2].name, "after"), "after the races: "
		     "IN_MODIFY of the file, IN_CREATE and IN_DELETE of a "
		     "name (%d events, first mask %#x)", n,
		     n ? evs[0].mask : 0);
	TST_EXP_PASS(inotify_rm_watch(fd, wd), "inotify_rm_watch(file)");
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	TST_EXP_EXPR(n == 1 && evs[0].wd == wd && evs[0].mask == IN_IGNORED,
		     "IN_IGNORED for the removed watch (%d events)", n);
	TST_EXP_FAIL(inotify_rm_watch(fd, wd), EINVAL,
		     "inotify_rm_watch() of the removed wd");
	SAFE_CLOSE(fd);
}

static void run(void)
{
	race_rm_watch();
	race_close_unlink();
	check_after();
}

static void setup(void)
{
	int fd = SAFE_OPEN("racefile", O_CREAT | O_WRONLY, 0600);

	SAFE_CLOSE(fd);
}

static void cleanup(void)
{
	stop_child();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		/* fsnotify: Fix fsnotify_mark_connector race */
		{"linux-git", "d90a10e2444b"},
		/* fsnotify: fix oops in fsnotify_clear_marks_by_group_flags() */
		{"linux-git", "8f2f3eb59dff"},
		{}
	},
};

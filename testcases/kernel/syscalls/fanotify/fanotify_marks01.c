// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify mark types and mark flags, on a private tmpfs and a bind mount
 * of it: an inode, a mount and a filesystem mark each report FAN_OPEN,
 * FAN_ACCESS, FAN_MODIFY and FAN_CLOSE_WRITE of the marked file with the
 * caller's pid and a descriptor of it; a file outside the marked object
 * gives nothing; through the bind mount the inode and filesystem marks
 * report, the mount mark does not. FAN_MARK_ONLYDIR on a file is ENOTDIR;
 * FAN_MARK_DONT_FOLLOW marks the symlink, not its target. Ignore masks:
 * an inode ignore mask (FAN_MARK_IGNORED_SURV_MODIFY) hides FAN_MODIFY of
 * a mount mark for that group only, for every group class, also after the
 * file was modified (8edc6e1688fc); a mount or filesystem ignore mask
 * hides the events of an inode mark of the same group (9bdda4e9cf2d).
 * A group whose queue passes its limit gets one FAN_Q_OVERFLOW event with
 * FAN_NOFD; with FAN_UNLIMITED_QUEUE every event is kept. An execve() of
 * a marked program is one event FAN_OPEN | FAN_OPEN_EXEC from the
 * executing process; a plain open() of it is FAN_OPEN alone.
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <sys/wait.h>
#include "fan_common.h"

#define FILE_P FAN_MNT "/file"
#define OTHER_P FAN_MNT "/other"
#define BIND "bind"
#define BIND_FILE BIND "/file"
#define LINK_P FAN_MNT "/link"
#define PROG_P FAN_MNT "/prog"
static int bound, queue_max;

static int next_one(int fan, uint64_t *mask, const char *path)
{
	struct fan_event ev;
	int same;

	if (!fan_read_one(fan, &ev))
		return 0;
	*mask = ev.mask;
	same = ev.ok && ev.pid == getpid() && (!path || fan_fd_is(ev.fd, path));
	fan_close_ev(&ev);
	return same ? 1 : -1;
}

/* The next queued event is mask, from us, with a descriptor of path. */
static void expect(int fan, uint64_t mask, const char *path, const char *what)
{
	uint64_t got = 0;
	int r = next_one(fan, &got, path);

	TST_EXP_EXPR(r == 1 && got == mask, "%s: event %#llx (want %#llx) "
		     "from us with a descriptor of %s", what,
		     (unsigned long long)got, (unsigned long long)mask, path);
}

static void expect_none(int fan, const char *what)
{
	uint64_t got = 0;
	int r = next_one(fan, &got, NULL);

	TST_EXP_EXPR(!r, "%s: no event (got %#llx)", what,
		     (unsigned long long)got);
}

static const struct {
	unsigned int flags;
	const char *path;
	const char *name;
	int via_bind;	/* sees the file opened through the bind mount */
	int sees_other;	/* sees another file of the tmpfs */
} marks[] = {
	{FAN_MARK_ADD, FILE_P, "inode mark", 1, 0},
	{FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_MNT, "mount mark", 0, 1},
	{FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_MNT, "filesystem mark", 1, 1},
};

static void test_mark_type(unsigned int i)
{
	char c, what[80];
	int fan, fd;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, marks[i].flags, FAN_OPEN | FAN_ACCESS | FAN_MODIFY |
		 FAN_CLOSE, marks[i].path);
	fd = SAFE_OPEN(FILE_P, O_RDWR);
	snprintf(what, sizeof(what), "%s, open()", marks[i].name);
	expect(fan, FAN_OPEN, FILE_P, what);
	SAFE_READ(1, fd, &c, 1);
	snprintf(what, sizeof(what), "%s, read()", marks[i].name);
	expect(fan, FAN_ACCESS, FILE_P, what);
	SAFE_WRITE(1, fd, "x", 1);
	snprintf(what, sizeof(what), "%s, write()", marks[i].name);
	expect(fan, FAN_MODIFY, FILE_P, what);
	SAFE_CLOSE(fd);
	snprintf(what, sizeof(what), "%s, close()", marks[i].name);
	expect(fan, FAN_CLOSE_WRITE, FILE_P, what);
	expect_none(fan, what);

	fan_touch_open(OTHER_P);
	snprintf(what, sizeof(what), "%s, another file of the tmpfs",
		 marks[i].name);
	/* open and close of one file by one process merge into one event */
	if (marks[i].sees_other)
		expect(fan, FAN_OPEN | FAN_CLOSE_NOWRITE, OTHER_P, what);
	expect_none(fan, what);

	fan_touch_open(BIND_FILE);
	snprintf(what, sizeof(what), "%s, the file through a bind mount",
		 marks[i].name);
	if (marks[i].via_bind)
		expect(fan, FAN_OPEN | FAN_CLOSE_NOWRITE, FILE_P, what);
	expect_none(fan, what);

	fan_touch_open("outside");
	snprintf(what, sizeof(what), "%s, a file outside the tmpfs",
		 marks[i].name);
	expect_none(fan, what);
	fan_close(fan);
}

static void test_flags(void)
{
	int fan;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
	TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_ONLYDIR,
				   FAN_OPEN, AT_FDCWD, FILE_P), ENOTDIR,
		     "FAN_MARK_ONLYDIR on a regular file");
	TST_EXP_PASS(fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_ONLYDIR,
				   FAN_OPEN, AT_FDCWD, FAN_MNT),
		     "FAN_MARK_ONLYDIR on a directory");
	fan_mark(fan, FAN_MARK_FLUSH, 0, NULL);

	TST_EXP_PASS(fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_DONT_FOLLOW,
				   FAN_OPEN, AT_FDCWD, LINK_P),
		     "FAN_MARK_DONT_FOLLOW on a symlink");
	fan_touch_open(LINK_P);
	expect_none(fan, "open() through a symlink marked itself");
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN, LINK_P);
	fan_touch_open(LINK_P);
	expect(fan, FAN_OPEN, FILE_P, "open() through a symlink that was "
	       "followed to its target");
	expect_none(fan, "symlink");
	fan_close(fan);
}

/* Three groups per class, all with a mount mark for FAN_MODIFY. */
static void test_ignore_groups(void)
{
	static const unsigned int classes[] = {
		FAN_CLASS_PRE_CONTENT, FAN_CLASS_CONTENT, FAN_CLASS_NOTIF
	};
	int fans[3][3], c, g, fd, round;
	char what[80];

	for (c = 0; c < 3; c++) {
		for (g = 0; g < 3; g++) {
			fans[c][g] = fan_init(classes[c] | FAN_NONBLOCK,
					      O_RDONLY);
			fan_mark(fans[c][g], FAN_MARK_ADD | FAN_MARK_MOUNT,
				 FAN_MODIFY, FILE_P);
			/* pre-content groups keep seeing the file */
			if (!c)
				continue;
			fan_mark(fans[c][g], FAN_MARK_ADD |
				 FAN_MARK_IGNORED_MASK |
				 FAN_MARK_IGNORED_SURV_MODIFY, FAN_MODIFY,
				 FILE_P);
		}
	}
	for (round = 0; round < 2; round++) {
		fd = SAFE_OPEN(FILE_P, O_WRONLY);
		SAFE_WRITE(1, fd, "y", 1);
		SAFE_CLOSE(fd);
		for (c = 0; c < 3; c++) {
			for (g = 0; g < 3; g++) {
				snprintf(what, sizeof(what), "write %d, class "
					 "%d group %d", round + 1, c, g);
				if (!c)
					expect(fans[c][g], FAN_MODIFY, FILE_P,
					       what);
				expect_none(fans[c][g], what);
			}
		}
	}
	for (c = 0; c < 3; c++) {
		for (g = 0; g < 3; g++)
			fan_close(fans[c][g]);
	}
}

/* An ignore mask of one mark type hides events of another type's mark. */
static void test_ignore_types(void)
{
	static const struct {
		unsigned int ign_flags;
		const char *name;
	} ign[] = {
		{FAN_MARK_MOUNT, "mount"},
		{FAN_MARK_FILESYSTEM, "filesystem"},
	};
	unsigned int i;
	char what[80];
	int fan;

	for (i = 0; i < ARRAY_SIZE(ign); i++) {
		fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
		fan_mark(fan, FAN_MARK_ADD, FAN_OPEN, FILE_P);
		fan_mark(fan, FAN_MARK_ADD, FAN_OPEN, OTHER_P);
		fan_mark(fan, FAN_MARK_ADD | ign[i].ign_flags |
			 FAN_MARK_IGNORED_MASK | FAN_MARK_IGNORED_SURV_MODIFY,
			 FAN_OPEN, FAN_MNT);
		fan_touch_open(FILE_P);
		snprintf(what, sizeof(what), "inode mark under a %s ignore "
			 "mask", ign[i].name);
		expect_none(fan, what);
		/* the ignore mask goes, the inode mark reports again */
		fan_mark(fan, FAN_MARK_REMOVE | ign[i].ign_flags |
			 FAN_MARK_IGNORED_MASK, FAN_OPEN, FAN_MNT);
		fan_touch_open(OTHER_P);
		snprintf(what, sizeof(what), "inode mark after the %s ignore "
			 "mask was removed", ign[i].name);
		expect(fan, FAN_OPEN, OTHER_P, what);
		fan_close(fan);
	}

	/* and the other way: an inode ignore mask under a mount mark */
	fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_OPEN, FAN_MNT);
	fan_mark(fan, FAN_MARK_ADD | FAN_MARK_IGNORED_MASK, FAN_OPEN, FILE_P);
	fan_touch_open(FILE_P);
	expect_none(fan, "mount mark, the file with an inode ignore mask");
	fan_touch_open(OTHER_P);
	expect(fan, FAN_OPEN, OTHER_P, "mount mark, a file without one");
	fan_close(fan);
}

static void test_overflow(void)
{
	struct fan_event ev;
	int fan, i, n, fd, ovf;
	char name[32];

	for (i = 0; i < 2; i++) {
		fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK |
			       (i ? FAN_UNLIMITED_QUEUE : 0), O_RDONLY);
		fan_mark(fan, FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_CLOSE_WRITE,
			 FAN_MNT);
		/* distinct files: events of different files never merge */
		for (n = 0; n < queue_max + 10; n++) {
			snprintf(name, sizeof(name), FAN_MNT "/q%d", n);
			fd = SAFE_OPEN(name, O_CREAT | O_WRONLY, 0600);
			SAFE_CLOSE(fd);
		}
		n = ovf = 0;
		while (fan_read_one(fan, &ev)) {
			if (ev.mask == FAN_Q_OVERFLOW && ev.fd == FAN_NOFD)
				ovf++;
			else if (ev.mask == FAN_CLOSE_WRITE)
				n++;
			fan_close_ev(&ev);
		}
		if (!i)
			TST_EXP_EXPR(n == queue_max && ovf == 1,
				     "default queue: %d events (want %d) and "
				     "%d FAN_Q_OVERFLOW (want 1)", n,
				     queue_max, ovf);
		else
			TST_EXP_EXPR(n == queue_max + 10 && !ovf,
				     "FAN_UNLIMITED_QUEUE: %d events (want %d),"
				     " %d overflows", n, queue_max + 10, ovf);
		fan_close(fan);
		for (n = 0; n < queue_max + 10; n++) {
			snprintf(name, sizeof(name), FAN_MNT "/q%d", n);
			SAFE_UNLINK(name);
		}
	}
}

static void test_exec(void)
{
	char *const argv[] = {"true", NULL};
	char *const envp[] = {NULL};
	struct fan_event ev;
	int fan, n, status;
	pid_t pid;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN | FAN_OPEN_EXEC, PROG_P);
	pid = SAFE_FORK();
	if (!pid) {
		execve(PROG_P, argv, envp);
		_exit(127);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "the program did not run (status %#x)", status);
	n = fan_read_one(fan, &ev);
	TST_EXP_EXPR(n && ev.ok && ev.mask == (FAN_OPEN | FAN_OPEN_EXEC) &&
		     ev.pid == pid && fan_fd_is(ev.fd, PROG_P), "execve(): "
		     "FAN_OPEN | FAN_OPEN_EXEC (%#llx) from the child",
		     n ? (unsigned long long)ev.mask : 0ULL);
	if (n)
		fan_close_ev(&ev);
	expect_none(fan, "after the execve()");
	fan_touch_open(PROG_P);
	expect(fan, FAN_OPEN, PROG_P, "a plain open() of the program");
	fan_close(fan);
}

static void run(unsigned int n)
{
	if (n == 7) {
		test_exec();
		return;
	}
	if (n < ARRAY_SIZE(marks))
		test_mark_type(n);
	else if (n == 3)
		test_flags();
	else if (n == 4)
		test_ignore_groups();
	else if (n == 5)
		test_ignore_types();
	else
		test_overflow();
}

static void setup(void)
{
	int fd;

	fan_mount_tmpfs();
	fd = SAFE_OPEN(FILE_P, O_CREAT | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, "0123456789", 10);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(OTHER_P, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("outside", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	if (symlink("file", LINK_P))
		tst_brk(TBROK | TERRNO, "symlink(file, %s)", LINK_P);
	SAFE_FILE_SCANF("/proc/sys/fs/fanotify/max_queued_events", "%d",
			&queue_max);
	if (queue_max > 100000)
		tst_brk(TCONF, "fs.fanotify.max_queued_events is %d: too many "
			"files to fill the queue", queue_max);
	fan_copy_file("/bin/true", PROG_P, 0755);
	SAFE_MKDIR(BIND, 0755);
	SAFE_MOUNT(FAN_MNT, BIND, NULL, MS_BIND, NULL);
	bound = 1;
}

static void cleanup(void)
{
	if (bound && umount2(BIND, MNT_DETACH))
		tst_res(TWARN | TERRNO, "umount2(%s)", BIND);
	fan_umount_tmpfs();
}

static struct tst_test test = {
	.tcnt = 8,
	.forks_child = 1,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* fanotify: fix notification of groups with inode & mount marks */
		{"linux-git", "8edc6e1688fc"},
		/* fsnotify: fix ignore mask logic in fsnotify() */
		{"linux-git", "9bdda4e9cf2d"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify events on children of a marked directory when other marks see
 * them too, on an ext4 of its own. Every group also marks a sentinel file
 * for FAN_MODIFY; a write to it, by this task after everything else, is
 * the last event of each queue, so the events before it are the whole set
 * and none may follow it.
 * Three groups, each with a mark on the mount (or on a subdirectory) for
 * FAN_CLOSE_NOWRITE and an inode mark on the parent directory: group 0
 * asks for FAN_MODIFY of the children there; groups 1 and 2 for
 * FAN_MODIFY of the directory alone, or have an ignore mask on it. A
 * write to a child and a read-only open of a child, a subdirectory or the
 * directory give group 0 exactly FAN_MODIFY of the child and, when its
 * masks say so (FAN_ONDIR), FAN_CLOSE_NOWRITE of the opened object, once
 * each; groups 1 and 2 never get the child's FAN_MODIFY and get
 * FAN_CLOSE_NOWRITE only when their mark asks for it and no ignore mask
 * on the parent applies: a legacy ignore mask of a parent that does not
 * watch its children, and a FAN_MARK_IGNORE mask without
 * FAN_EVENT_ON_CHILD or FAN_ONDIR, leave the event to the mount mark; the
 * ignore mask survives the child's FAN_MODIFY (54a307ba8d3c,
 * b469e7e47c8a, 55bf882c7f13, e730558adffb). With FAN_REPORT_DFID_NAME
 * group 0's events name the child in its directory (7372e79c9eb9).
 * A mount ignore mask for FAN_OPEN hides the FAN_OPEN of an executed
 * child from a parent mark for FAN_OPEN | FAN_OPEN_EXEC, leaving
 * FAN_OPEN_EXEC alone (2f02fd3fa13e).
 * FAN_REPORT_FID: a file marked itself and through its parent (with
 * FAN_EVENT_ON_CHILD) gets one FAN_MODIFY event with its own id, not two
 * (f367a62a7cad); entry events carry the directory's id, those of
 * subdirectories with FAN_ONDIR, and FAN_DELETE_SELF the file's id.
 * On overlayfs, a mount mark for FAN_MODIFY and an inode ignore mask on
 * the overlay file: a write gives the groups without the ignore mask
 * exactly one event, the others none (d989903058a8).
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <limits.h>
#include <stdio.h>
#include <sys/wait.h>
#include "fan_common.h"
#include "fhandle.h"

#define DIR_P FAN_MNT "/d"
#define F_P DIR_P "/file"
#define F2_P DIR_P "/file2"
#define SUB_P DIR_P "/sub"
#define PROG_P DIR_P "/prog"
#define SENT_P FAN_MNT "/sentinel"
#define T_P FAN_MNT "/t"
#define OVL "ovl"
#define OVL_FILE OVL "/file"
#define MAX_EV 8

static int sent_fd = -1, ovl_mounted;
static struct fh_buf sent_fh;

struct rec {
	int type;
	struct fh_buf fh;
	char name[64];
};

/* The first info record of ev; 0 when it has none or it is malformed. */
static int first_rec(const struct fan_event *ev, struct rec *r)
{
	const struct fanotify_event_info_fid *f = (const void *)ev->info;
	const struct file_handle *fh = (const void *)f->handle;
	unsigned int hlen;

	memset(r, 0, sizeof(*r));
	if (ev->info_len < sizeof(*f) + sizeof(*fh) || f->hdr.len > ev->info_len)
		return 0;
	hlen = sizeof(*fh) + fh->handle_bytes;
	if (fh->handle_bytes > MAX_HANDLE_SZ || sizeof(*f) + hlen > f->hdr.len)
		return 0;
	r->type = f->hdr.info_type;
	memcpy(&r->fh, fh, hlen);
	if (sizeof(*f) + hlen < f->hdr.len)
		strncpy(r->name, (const char *)fh + hlen, sizeof(r->name) - 1);
	return 1;
}

static int is_sentinel(const struct fan_event *ev)
{
	struct rec r;

	if (ev->mask != FAN_MODIFY || ev->pid != getpid())
		return 0;
	if (ev->fd >= 0)
		return fan_fd_is(ev->fd, SENT_P);
	if (!first_rec(ev, &r))
		return 0;
	return !strcmp(r.name, "sentinel") || fh_equal(&r.fh, &sent_fh);
}

static void sentinel_mark(int fan)
{
	fan_mark(fan, FAN_MARK_ADD, FAN_MODIFY, SENT_P);
}

static void sentinel_write(void)
{
	SAFE_WRITE(1, sent_fd, "s", 1);
}

static void release(struct fan_event *ev, int n)
{
	int i;

	for (i = 0; i < n && i < MAX_EV; i++)
		fan_close_ev(&ev[i]);
}

/*
 * The events queued before the sentinel, at most MAX_EV kept in ev;
 * -1 when the sentinel did not come. Nothing may follow it.
 */
static int collect(int fan, struct fan_event *ev, const char *what)
{
	struct fan_event e;
	int n = 0;

	while (fan_next(fan, &e)) {
		if (is_sentinel(&e)) {
			fan_close_ev(&e);
			fan_expect_none(fan, what);
			return n;
		}
		if (n < MAX_EV)
			ev[n] = e;
		else
			fan_close_ev(&e);
		n++;
	}
	tst_res(TFAIL, "%s: the sentinel event did not come (%d events "
		"before)", what, n);
	release(ev, n);
	return -1;
}

/* ev is mask from pid, with a descriptor of path (or the name in dir). */
static int ev_is(const struct fan_event *ev, uint64_t mask, pid_t pid,
		 const char *path, const char *dir, const char *name)
{
	struct fh_buf want;
	struct rec r;

	if (!ev->ok || ev->mask != mask || ev->pid != pid)
		return 0;
	if (!name)
		return fan_fd_is(ev->fd, path);
	fh_get(dir, 0, &want, NULL);
	return ev->fd == FAN_NOFD && first_rec(ev, &r) &&
	       r.type == FAN_EVENT_INFO_TYPE_DFID_NAME &&
	       fh_equal(&r.fh, &want) && !strcmp(r.name, name);
}

/* The ignore mask of the group's mark on DIR_P, from fdinfo. */
static unsigned int dir_ignore_mask(int fan)
{
	unsigned int sdev, mflags, mask, ign = 0;
	unsigned long ino;
	char path[64], line[512];
	struct stat st;
	FILE *f;

	SAFE_STAT(DIR_P, &st);
	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fan);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "fanotify ino:%lx sdev:%x mflags:%x mask:%x "
			   "ignored_mask:%x", &ino, &sdev, &mflags, &mask,
			   &ign) == 5 && ino == st.st_ino)
			break;
		ign = 0;
	}
	fclose(f);
	return ign;
}

static const struct tcase {
	const char *name;
	int mount;		/* mount mark, else an inode mark on path */
	unsigned int ondir;
	unsigned int ign;	/* ignore style of groups 1 and 2 */
	unsigned int ign_flags;
	unsigned int report;	/* group 0's reporting mode */
	const char *path;	/* opened read-only */
	int g0_close, others_close;
} tcases[] = {
	{"child file, subdir opened, no FAN_ONDIR", 1, 0, 0, 0, 0,
	 SUB_P, 0, 0},
	{"subdir with FAN_ONDIR", 1, FAN_ONDIR, 0, 0, 0, SUB_P, 1, 0},
	{"the parent itself with FAN_ONDIR", 1, FAN_ONDIR, 0, 0, 0,
	 DIR_P, 1, 0},
	{"subdir marked itself with FAN_ONDIR", 0, FAN_ONDIR, 0, 0, 0,
	 SUB_P, 1, 0},
	{"another child file", 1, 0, 0, 0, 0, F2_P, 1, 1},
	{"another child file, FAN_REPORT_DFID_NAME", 1, 0, 0, 0,
	 FAN_REPORT_DFID_NAME, F2_P, 1, 1},
	{"legacy ignore mask on the parent, subdir", 1, 0,
	 FAN_MARK_IGNORED_MASK, 0, 0, SUB_P, 0, 0},
	{"surviving legacy ignore mask on the parent, child", 1, 0,
	 FAN_MARK_IGNORED_MASK | FAN_MARK_IGNORED_SURV_MODIFY, 0, 0,
	 F2_P, 1, 1},
	{"FAN_MARK_IGNORE without FAN_ONDIR, the parent", 1, FAN_ONDIR,
	 FAN_MARK_IGNORE_SURV, 0, 0, DIR_P, 1, 1},
	{"FAN_MARK_IGNORE with FAN_ONDIR, the parent", 1, FAN_ONDIR,
	 FAN_MARK_IGNORE_SURV, FAN_ONDIR, 0, DIR_P, 1, 0},
	{"FAN_MARK_IGNORE without FAN_EVENT_ON_CHILD, child", 1, 0,
	 FAN_MARK_IGNORE_SURV, 0, 0, F2_P, 1, 1},
	{"FAN_MARK_IGNORE with FAN_EVENT_ON_CHILD, child", 1, 0,
	 FAN_MARK_IGNORE_SURV, FAN_EVENT_ON_CHILD, 0, F2_P, 1, 0},
	{"FAN_MARK_IGNORE with FAN_ONDIR only, subdir", 1, FAN_ONDIR,
	 FAN_MARK_IGNORE_SURV, FAN_ONDIR, 0, SUB_P, 1, 1},
	{"FAN_MARK_IGNORE with FAN_EVENT_ON_CHILD only, subdir", 1,
	 FAN_ONDIR, FAN_MARK_IGNORE_SURV, FAN_EVENT_ON_CHILD, 0, SUB_P, 1, 1},
	{"FAN_MARK_IGNORE with both flags, subdir", 1, FAN_ONDIR,
	 FAN_MARK_IGNORE_SURV, FAN_EVENT_ON_CHILD | FAN_ONDIR, 0, SUB_P,
	 1, 0},
};

static const char *base(const char *path)
{
	return strrchr(path, '/') + 1;
}

static void test_parent_mount(const struct tcase *tc)
{
	struct fan_event ev[MAX_EV];
	unsigned int mflags;
	char what[128];
	int fans[3], g, n, fd, ok;

	for (g = 0; g < 3; g++) {
		fans[g] = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK |
				   (g ? 0 : tc->report), O_RDONLY);
		mflags = (!g || tc->ign) ? tc->ondir | FAN_EVENT_ON_CHILD : 0;
		fan_mark(fans[g], FAN_MARK_ADD | (tc->mount ? FAN_MARK_MOUNT :
			 0), FAN_CLOSE_NOWRITE | mflags, tc->path);
		if (!g || !tc->ign) {
			fan_mark(fans[g], FAN_MARK_ADD, FAN_MODIFY | tc->ondir |
				 mflags, DIR_P);
		} else if (fanotify_mark(fans[g], FAN_MARK_ADD | tc->ign,
					 FAN_CLOSE_NOWRITE | tc->ign_flags,
					 AT_FDCWD, DIR_P)) {
			if (errno == EINVAL && (tc->ign & FAN_MARK_IGNORE)) {
				tst_res(TCONF, "%s: FAN_MARK_IGNORE (6.0) is "
					"not supported", tc->name);
				g++;
				goto out;
			}
			tst_brk(TBROK | TERRNO, "fanotify_mark(ignore %s)",
				DIR_P);
		}
		sentinel_mark(fans[g]);
	}

	fd = SAFE_OPEN(F_P, O_WRONLY);
	SAFE_WRITE(1, fd, "m", 1);
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(tc->path, O_RDONLY);
	SAFE_CLOSE(fd);
	sentinel_write();

	snprintf(what, sizeof(what), "%s: group 0", tc->name);
	n = collect(fans[0], ev, what);
	if (n >= 0) {
		ok = n == 1 + tc->g0_close && ev_is(&ev[0], FAN_MODIFY,
			getpid(), F_P, DIR_P, tc->report ? "file" : NULL);
		if (ok && tc->g0_close)
			ok = ev_is(&ev[1], FAN_CLOSE_NOWRITE, getpid(),
				   tc->path, DIR_P,
				   tc->report ? base(tc->path) : NULL);
		TST_EXP_EXPR(ok, "%s: %d event(s) (want %s%s), first %#llx",
			     what, n, "FAN_MODIFY of the child",
			     tc->g0_close ? ", FAN_CLOSE_NOWRITE of the "
			     "opened one" : "",
			     n ? (unsigned long long)ev[0].mask : 0ULL);
		release(ev, n);
	}
	for (g = 1; g < 3; g++) {
		snprintf(what, sizeof(what), "%s: group %d", tc->name, g);
		n = collect(fans[g], ev, what);
		if (n >= 0) {
			ok = n == tc->others_close;
			if (ok && n)
				ok = ev_is(&ev[0], FAN_CLOSE_NOWRITE, getpid(),
					   tc->path, NULL, NULL);
			TST_EXP_EXPR(ok, "%s: %d event(s) (want %s), first "
				     "%#llx", what, n, tc->others_close ?
				     "FAN_CLOSE_NOWRITE of the opened one" :
				     "none",
				     n ? (unsigned long long)ev[0].mask : 0ULL);
			release(ev, n);
		}
		if (tc->ign)
			TST_EXP_EXPR(dir_ignore_mask(fans[g]) &
				     FAN_CLOSE_NOWRITE, "%s: the parent's "
				     "ignore mask is still set", what);
	}
	g = 3;
out:
	while (g-- > 0)
		fan_close(fans[g]);
}

static void test_exec_ignore(int ignore)
{
	char *const argv[] = {"true", NULL};
	char *const envp[] = {NULL};
	struct fan_event ev[MAX_EV];
	const char *what = ignore ? "parent mark, mount ignore mask FAN_OPEN"
				  : "parent mark";
	int fan, n, status, ok;
	pid_t pid;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN | FAN_OPEN_EXEC |
		 FAN_EVENT_ON_CHILD, DIR_P);
	if (ignore)
		fan_mark(fan, FAN_MARK_ADD | FAN_MARK_MOUNT |
			 FAN_MARK_IGNORED_MASK | FAN_MARK_IGNORED_SURV_MODIFY,
			 FAN_OPEN, FAN_MNT);
	sentinel_mark(fan);
	pid = SAFE_FORK();
	if (!pid) {
		execve(PROG_P, argv, envp);
		tst_brk(TBROK | TERRNO, "execve(%s)", PROG_P);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "%s (a copy of /bin/true) exited with status "
			"%#x", PROG_P, status);
	fan_touch_open(F_P);
	sentinel_write();

	n = collect(fan, ev, what);
	if (n >= 0) {
		if (ignore) {
			ok = n == 1 && ev_is(&ev[0], FAN_OPEN_EXEC, pid,
					     PROG_P, NULL, NULL);
		} else {
			ok = n == 2 && ev_is(&ev[0], FAN_OPEN | FAN_OPEN_EXEC,
					     pid, PROG_P, NULL, NULL) &&
			     ev_is(&ev[1], FAN_OPEN, getpid(), F_P, NULL, NULL);
		}
		TST_EXP_EXPR(ok, "%s: %d event(s) (want %s), first %#llx",
			     what, n, ignore ? "FAN_OPEN_EXEC of the child" :
			     "FAN_OPEN | FAN_OPEN_EXEC of the child, FAN_OPEN "
			     "of the file", n ? (unsigned long long)ev[0].mask
			     : 0ULL);
		release(ev, n);
	}
	fan_close(fan);
}

static void do_rename(const char *from, const char *to)
{
	if (rename(from, to))
		tst_brk(TBROK | TERRNO, "rename(%s, %s)", from, to);
}

static void test_fid_merge(void)
{
	struct fh_buf dir_fh, file_fh;
	struct fan_event ev[MAX_EV];
	uint64_t dir_m = 0, sub_m = 0, file_m = 0;
	int fan, fd, n, i, bad = 0, modify = 0;
	struct rec r;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_NONBLOCK,
		       O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_CREATE | FAN_DELETE | FAN_MOVE |
		 FAN_MODIFY | FAN_ONDIR | FAN_EVENT_ON_CHILD, T_P);
	sentinel_mark(fan);
	fh_get(T_P, 0, &dir_fh, NULL);

	fd = SAFE_OPEN(T_P "/f", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	fh_get(T_P "/f", 0, &file_fh, NULL);
	fan_mark(fan, FAN_MARK_ADD, FAN_MODIFY | FAN_DELETE_SELF, T_P "/f");
	SAFE_TRUNCATE(T_P "/f", 1);
	do_rename(T_P "/f", T_P "/g");
	SAFE_UNLINK(T_P "/g");
	SAFE_MKDIR(T_P "/s", 0755);
	do_rename(T_P "/s", T_P "/s2");
	SAFE_RMDIR(T_P "/s2");
	sentinel_write();

	n = collect(fan, ev, "FAN_REPORT_FID");
	if (n < 0)
		goto out;
	for (i = 0; i < n && i < MAX_EV; i++) {
		if (!ev[i].ok || ev[i].fd != FAN_NOFD ||
		    ev[i].pid != getpid() || !first_rec(&ev[i], &r) ||
		    r.type != FAN_EVENT_INFO_TYPE_FID ||
		    ev[i].info_len != ((const struct fanotify_event_info_header
					*)ev[i].info)->len) {
			bad++;
			continue;
		}
		if (ev[i].mask & FAN_MODIFY)
			modify++;
		if (fh_equal(&r.fh, &file_fh))
			file_m |= ev[i].mask;
		else if (!fh_equal(&r.fh, &dir_fh))
			bad++;
		else if (ev[i].mask & FAN_ONDIR)
			sub_m |= ev[i].mask;
		else
			dir_m |= ev[i].mask;
	}
	TST_EXP_EXPR(n <= MAX_EV && !bad, "FAN_REPORT_FID: %d events, each "
		     "from us with FAN_NOFD and one id of the directory or the "
		     "file (%d not)", n, bad);
	TST_EXP_EXPR(modify == 1 && file_m == (FAN_MODIFY | FAN_DELETE_SELF),
		     "truncate() of a file marked itself and through its "
		     "parent: %d event(s) with FAN_MODIFY (want 1), the file's "
		     "events %#llx (want FAN_MODIFY | FAN_DELETE_SELF)", modify,
		     (unsigned long long)file_m);
	TST_EXP_EXPR(dir_m == (FAN_CREATE | FAN_MOVE | FAN_DELETE) &&
		     sub_m == (FAN_CREATE | FAN_MOVE | FAN_DELETE | FAN_ONDIR),
		     "entry events with the directory's id: %#llx for the "
		     "file, %#llx for the subdirectory",
		     (unsigned long long)dir_m, (unsigned long long)sub_m);
	release(ev, n);
out:
	fan_close(fan);
}

static void test_overlay(void)
{
	static const unsigned int classes[] = {
		FAN_CLASS_PRE_CONTENT, FAN_CLASS_CONTENT, FAN_CLASS_NOTIF
	};
	struct fan_event ev[MAX_EV];
	int fans[3][3], c, g, n, fd, ok;
	char what[80];

	if (!ovl_mounted) {
		tst_res(TCONF, "overlayfs: the kernel has no overlay "
			"filesystem");
		return;
	}
	for (c = 0; c < 3; c++) {
		for (g = 0; g < 3; g++) {
			fans[c][g] = fan_init(classes[c] | FAN_NONBLOCK,
					      O_RDONLY);
			fan_mark(fans[c][g], FAN_MARK_ADD | FAN_MARK_MOUNT,
				 FAN_MODIFY, OVL);
			if (c)
				fan_mark(fans[c][g], FAN_MARK_ADD |
					 FAN_MARK_IGNORED_MASK |
					 FAN_MARK_IGNORED_SURV_MODIFY,
					 FAN_MODIFY, OVL_FILE);
			sentinel_mark(fans[c][g]);
		}
	}
	fd = SAFE_OPEN(OVL_FILE, O_WRONLY);
	SAFE_WRITE(1, fd, "o", 1);
	SAFE_CLOSE(fd);
	sentinel_write();
	for (c = 0; c < 3; c++) {
		for (g = 0; g < 3; g++) {
			snprintf(what, sizeof(what), "overlayfs, class %d "
				 "group %d", c, g);
			n = collect(fans[c][g], ev, what);
			if (n < 0)
				continue;
			ok = c ? !n : n == 1 && ev_is(&ev[0], FAN_MODIFY,
						      getpid(), OVL_FILE,
						      NULL, NULL);
			TST_EXP_EXPR(ok, "%s: %d event(s) (want %s), first "
				     "%#llx", what, n, c ? "none" :
				     "one FAN_MODIFY of the overlay file",
				     n ? (unsigned long long)ev[0].mask : 0ULL);
			release(ev, n);
		}
	}
	for (c = 0; c < 3; c++) {
		for (g = 0; g < 3; g++)
			fan_close(fans[c][g]);
	}
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(tcases))
		test_parent_mount(&tcases[n]);
	else if (n - ARRAY_SIZE(tcases) < 2)
		test_exec_ignore(n - ARRAY_SIZE(tcases));
	else if (n - ARRAY_SIZE(tcases) == 2)
		test_fid_merge();
	else
		test_overlay();
}

static void mkfile(const char *path)
{
	int fd = SAFE_OPEN(path, O_CREAT | O_WRONLY, 0644);

	SAFE_WRITE(1, fd, "0", 1);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	char cwd[PATH_MAX], opts[3 * PATH_MAX + 64];

	SAFE_MKDIR(DIR_P, 0755);
	SAFE_MKDIR(SUB_P, 0755);
	SAFE_MKDIR(T_P, 0755);
	mkfile(F_P);
	mkfile(F2_P);
	fan_copy_file("/bin/true", PROG_P, 0755);
	mkfile(SENT_P);
	sent_fd = SAFE_OPEN(SENT_P, O_WRONLY);
	fh_get(SENT_P, 0, &sent_fh, NULL);

	SAFE_MKDIR(FAN_MNT "/lower", 0755);
	SAFE_MKDIR(FAN_MNT "/upper", 0755);
	SAFE_MKDIR(FAN_MNT "/work", 0755);
	SAFE_MKDIR(OVL, 0755);
	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	snprintf(opts, sizeof(opts), "lowerdir=%s/%s/lower,upperdir=%s/%s/"
		 "upper,workdir=%s/%s/work", cwd, FAN_MNT, cwd, FAN_MNT, cwd,
		 FAN_MNT);
	if (mount("overlay", OVL, "overlay", 0, opts)) {
		if (errno != ENODEV)
			tst_brk(TBROK | TERRNO, "mount(overlay, %s)", opts);
		return;
	}
	ovl_mounted = 1;
	mkfile(OVL_FILE);
}

static void cleanup(void)
{
	if (sent_fd >= 0)
		SAFE_CLOSE(sent_fd);
	if (ovl_mounted && umount(OVL))
		tst_res(TWARN | TERRNO, "umount(%s)", OVL);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases) + 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.mount_device = 1,
	.mntpoint = FAN_MNT,
	.dev_fs_type = "ext4",
	.min_kver = "5.10",
	.tags = (const struct tst_tag[]) {
		/* fanotify: fix logic of events on child */
		{"linux-git", "54a307ba8d3c"},
		/* fanotify: fix handling of events on child sub-directory */
		{"linux-git", "b469e7e47c8a"},
		/* fanotify: fix merging marks masks with FAN_ONDIR */
		{"linux-git", "55bf882c7f13"},
		/* fanotify: fix logic of reporting name info with watched parent */
		{"linux-git", "7372e79c9eb9"},
		/* fanotify: consistent behavior for parent not watching children */
		{"linux-git", "e730558adffb"},
		/* fanotify: fix ignore mask logic for events on child and on dir */
		{"linux-git", "2f02fd3fa13e"},
		/* fanotify: merge duplicate events on parent and child */
		{"linux-git", "f367a62a7cad"},
		/* ovl: do not generate duplicate fsnotify events for "fake" path */
		{"linux-git", "d989903058a8"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify reporting with file ids, on an ext4 of its own. FAN_REPORT_FID:
 * events carry FAN_NOFD and one FID record whose fsid is statfs()'s f_fsid
 * and whose handle is name_to_handle_at()'s for the file, for an inode,
 * a mount and a filesystem mark, and open_by_handle_at() opens that file
 * (c285a2f01d69). Directory entry events (FAN_CREATE, FAN_DELETE,
 * FAN_MOVED_FROM, FAN_MOVED_TO, with FAN_ONDIR for directories) report
 * the directory's id; FAN_ATTRIB and FAN_DELETE_SELF the object's own.
 * FAN_REPORT_DFID_NAME: the record is the directory's id and the entry
 * name, for each name of a rename; with FAN_REPORT_FID too an event on a
 * child also carries the child's id; FAN_RENAME gives one event with the
 * old and the new directory and name. FAN_REPORT_TID reports a thread's
 * id where the default is the process id; FAN_REPORT_PIDFD with
 * FAN_REPORT_TID is EINVAL, and its record is a pidfd of the acting
 * process, or FAN_NOPIDFD once that process was reaped.
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <pthread.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include "fan_common.h"
#include "fhandle.h"

#define DIR_P FAN_MNT "/dir"
#define FILE_P DIR_P "/file"

static struct statfs mnt_sfs;
static int mnt_fd = -1;

struct fid_rec {
	int type;
	struct fh_buf fh;
	__kernel_fsid_t fsid;
	char name[64];
};

/* The records of an event, at most max; -1 when one is malformed. */
static int parse(const struct fan_event *ev, struct fid_rec *r, int max)
{
	unsigned int off = 0;
	int n = 0;

	while (off < ev->info_len && n < max) {
		const struct fanotify_event_info_header *h =
			(const void *)(ev->info + off);
		const struct fanotify_event_info_fid *f = (const void *)h;
		const struct file_handle *fh;
		unsigned int hlen;

		if (h->len < sizeof(*h) || off + h->len > ev->info_len)
			return -1;
		memset(&r[n], 0, sizeof(r[n]));
		r[n].type = h->info_type;
		if (h->info_type != FAN_EVENT_INFO_TYPE_PIDFD) {
			fh = (const void *)f->handle;
			hlen = sizeof(*fh) + fh->handle_bytes;
			if (sizeof(*f) + hlen > h->len ||
			    fh->handle_bytes > MAX_HANDLE_SZ)
				return -1;
			r[n].fsid = f->fsid;
			memcpy(&r[n].fh, fh, hlen);
			if (sizeof(*f) + hlen < h->len)
				strncpy(r[n].name, (const char *)fh + hlen,
					sizeof(r[n].name) - 1);
		} else {
			r[n].fh.fh.handle_type =
				((const struct fanotify_event_info_pidfd *)h)
				->pidfd;
		}
		off += h->len;
		n++;
	}
	return off == ev->info_len ? n : -1;
}

static int same_fsid(const __kernel_fsid_t *a)
{
	return !memcmp(a, &mnt_sfs.f_fsid, sizeof(*a));
}

/* The next event is mask with one record: type, id of path, name. */
static void expect_rec(int fan, uint64_t mask, int type, const char *path,
		       const char *name, const char *what)
{
	struct fid_rec r[2];
	struct fh_buf want;
	struct fan_event ev;
	int n, ok;

	fh_get(path, 0, &want, NULL);
	if (!fan_read_one(fan, &ev)) {
		tst_res(TFAIL, "%s: no event", what);
		return;
	}
	n = parse(&ev, r, 2);
	ok = ev.ok && ev.mask == mask && ev.fd == FAN_NOFD && n == 1 &&
	     r[0].type == type && same_fsid(&r[0].fsid) &&
	     fh_equal(&r[0].fh, &want) && !strcmp(r[0].name, name ? name : "");
	TST_EXP_EXPR(ok, "%s: mask %#llx (want %#llx), fd %d, %d record(s) of "
		     "type %d (want 1 of %d), fsid and handle of %s, name '%s' "
		     "(want '%s')", what, (unsigned long long)ev.mask,
		     (unsigned long long)mask, ev.fd, n, n > 0 ? r[0].type : -1,
		     type, path, n > 0 ? r[0].name : "", name ? name : "");
	fan_close_ev(&ev);
}

static void do_rename(const char *from, const char *to)
{
	if (rename(from, to))
		tst_brk(TBROK | TERRNO, "rename(%s, %s)", from, to);
}

/* The "Pid:" line of a pidfd's fdinfo, -1 when there is none. */
static int fdinfo_pid(const char *path)
{
	char line[128];
	int pid = -1;
	FILE *f = fopen(path, "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Pid: %d", &pid) == 1)
			break;
	}
	fclose(f);
	return pid;
}

static const struct {
	unsigned int flags;
	const char *path;
	const char *name;
} marks[] = {
	{FAN_MARK_ADD, FILE_P, "inode mark"},
	{FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_MNT, "mount mark"},
	{FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_MNT, "filesystem mark"},
};

static void test_fid(unsigned int i)
{
	struct fid_rec r[2];
	struct fh_buf want;
	struct fan_event ev;
	struct stat a, b;
	int fan, fd, n;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_NONBLOCK,
		       O_RDONLY);
	fan_mark(fan, marks[i].flags, FAN_OPEN | FAN_CLOSE_NOWRITE,
		 marks[i].path);
	fh_get(FILE_P, 0, &want, NULL);
	fan_touch_open(FILE_P);
	/* open and close of one file by one process: one merged event */
	if (!fan_read_one(fan, &ev)) {
		tst_res(TFAIL, "%s: no event", marks[i].name);
		fan_close(fan);
		return;
	}
	n = parse(&ev, r, 2);
	TST_EXP_EXPR(ev.ok && ev.mask == (FAN_OPEN | FAN_CLOSE_NOWRITE) &&
		     ev.fd == FAN_NOFD && ev.pid == getpid() && n == 1 &&
		     r[0].type == FAN_EVENT_INFO_TYPE_FID &&
		     same_fsid(&r[0].fsid) && fh_equal(&r[0].fh, &want),
		     "%s: mask %#llx, fd %d, %d record(s), type %d: the "
		     "file's fsid and handle", marks[i].name,
		     (unsigned long long)ev.mask, ev.fd, n,
		     n > 0 ? r[0].type : -1);
	if (n == 1) {
		/* the handle opens the file */
		TST_EXP_FD(fd = sys_open_by_handle_at(mnt_fd, &r[0].fh,
						      O_RDONLY),
			   "%s: open_by_handle_at() of the event's handle",
			   marks[i].name);
		if (fd >= 0) {
			SAFE_FSTAT(fd, &a);
			SAFE_STAT(FILE_P, &b);
			TST_EXP_EXPR(a.st_ino == b.st_ino, "it opened the file");
			SAFE_CLOSE(fd);
		}
	}
	fan_close_ev(&ev);
	/* and the open by handle is an open of the file like any other */
	if (n == 1)
		expect_rec(fan, FAN_OPEN | FAN_CLOSE_NOWRITE,
			   FAN_EVENT_INFO_TYPE_FID, FILE_P, NULL,
			   "open_by_handle_at() reported too");
	fan_expect_none(fan, marks[i].name);
	fan_close(fan);
}

/* Union of the masks of all queued events; each must carry dir's id. */
static uint64_t drain_dir(int fan, const char *dir, int *bad)
{
	struct fid_rec r[2];
	struct fh_buf want;
	struct fan_event ev;
	uint64_t all = 0;

	fh_get(dir, 0, &want, NULL);
	while (fan_read_one(fan, &ev)) {
		all |= ev.mask;
		if (parse(&ev, r, 2) != 1 || ev.fd != FAN_NOFD ||
		    r[0].type != FAN_EVENT_INFO_TYPE_FID ||
		    !fh_equal(&r[0].fh, &want))
			(*bad)++;
		fan_close_ev(&ev);
	}
	return all;
}

static void test_dirent_fid(void)
{
	static const struct {
		const char *op;
		uint64_t mask;
	} ops[] = {
		{"create", FAN_CREATE},
		{"mkdir", FAN_CREATE | FAN_ONDIR},
		{"rename", FAN_MOVED_FROM | FAN_MOVED_TO},
		{"rename dir", FAN_MOVED_FROM | FAN_MOVED_TO | FAN_ONDIR},
		{"unlink", FAN_DELETE},
		{"rmdir", FAN_DELETE | FAN_ONDIR},
	};
	unsigned int i;
	uint64_t got;
	int fan, fd, bad;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_NONBLOCK,
		       O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_CREATE | FAN_DELETE | FAN_MOVE |
		 FAN_ONDIR, DIR_P);
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		switch (i) {
		case 0:
			fd = SAFE_OPEN(DIR_P "/new", O_CREAT | O_WRONLY, 0600);
			SAFE_CLOSE(fd);
			break;
		case 1:
			SAFE_MKDIR(DIR_P "/sub", 0700);
			break;
		case 2:
			do_rename(DIR_P "/new", DIR_P "/new2");
			break;
		case 3:
			do_rename(DIR_P "/sub", DIR_P "/sub2");
			break;
		case 4:
			SAFE_UNLINK(DIR_P "/new2");
			break;
		case 5:
			SAFE_RMDIR(DIR_P "/sub2");
			break;
		}
		bad = 0;
		got = drain_dir(fan, DIR_P, &bad);
		TST_EXP_EXPR(got == ops[i].mask && !bad, "%s: events %#llx "
			     "(want %#llx), each with the directory's id "
			     "(%d without)", ops[i].op,
			     (unsigned long long)got,
			     (unsigned long long)ops[i].mask, bad);
	}
	fan_close(fan);

	/* events about the object itself carry its own id */
	fd = SAFE_OPEN(DIR_P "/victim", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(fd);
	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_NONBLOCK,
		       O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_ATTRIB | FAN_DELETE_SELF,
		 DIR_P "/victim");
	SAFE_CHMOD(DIR_P "/victim", 0640);
	expect_rec(fan, FAN_ATTRIB, FAN_EVENT_INFO_TYPE_FID, DIR_P "/victim",
		   NULL, "chmod(): FAN_ATTRIB with the file's own id");
	{
		struct fh_buf want;
		struct fid_rec r[2];
		struct fan_event ev;
		int n;

		fh_get(DIR_P "/victim", 0, &want, NULL);
		SAFE_UNLINK(DIR_P "/victim");
		/* the link count drop (FAN_ATTRIB) merges with it */
		n = fan_read_one(fan, &ev) ? parse(&ev, r, 2) : 0;
		TST_EXP_EXPR(n == 1 && ev.mask == (FAN_ATTRIB |
			     FAN_DELETE_SELF) && fh_equal(&r[0].fh, &want),
			     "unlink(): FAN_ATTRIB | FAN_DELETE_SELF (%#llx) "
			     "with the file's id (%d records)",
			     n ? (unsigned long long)ev.mask : 0ULL, n);
	}
	fan_close(fan);
}

static void test_dfid_name(void)
{
	struct fid_rec r[3];
	struct fh_buf dir_fh, file_fh, root_fh;
	struct fan_event ev;
	int fan, fd, n;

	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_DFID_NAME | FAN_NONBLOCK,
		       O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_CREATE | FAN_DELETE | FAN_MOVE, DIR_P);
	fd = SAFE_OPEN(DIR_P "/a", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(fd);
	expect_rec(fan, FAN_CREATE, FAN_EVENT_INFO_TYPE_DFID_NAME, DIR_P, "a",
		   "DFID_NAME create");
	do_rename(DIR_P "/a", DIR_P "/b");
	expect_rec(fan, FAN_MOVED_FROM, FAN_EVENT_INFO_TYPE_DFID_NAME, DIR_P,
		   "a", "DFID_NAME rename, old name");
	expect_rec(fan, FAN_MOVED_TO, FAN_EVENT_INFO_TYPE_DFID_NAME, DIR_P,
		   "b", "DFID_NAME rename, new name");
	SAFE_UNLINK(DIR_P "/b");
	expect_rec(fan, FAN_DELETE, FAN_EVENT_INFO_TYPE_DFID_NAME, DIR_P, "b",
		   "DFID_NAME unlink");
	fan_expect_none(fan, "DFID_NAME");
	fan_close(fan);

	/* DFID_NAME and FID: an event on a child carries both ids */
	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_DFID_NAME |
		       FAN_REPORT_FID | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN | FAN_EVENT_ON_CHILD, DIR_P);
	fh_get(DIR_P, 0, &dir_fh, NULL);
	fh_get(FILE_P, 0, &file_fh, NULL);
	fan_touch_open(FILE_P);
	n = fan_read_one(fan, &ev) ? parse(&ev, r, 3) : 0;
	TST_EXP_EXPR(n == 2 && ev.mask == FAN_OPEN &&
		     r[0].type == FAN_EVENT_INFO_TYPE_DFID_NAME &&
		     fh_equal(&r[0].fh, &dir_fh) && !strcmp(r[0].name, "file") &&
		     r[1].type == FAN_EVENT_INFO_TYPE_FID &&
		     fh_equal(&r[1].fh, &file_fh), "open of a child: directory "
		     "id and name, then the child's id (%d records)", n);
	fan_close(fan);

	/* FAN_RENAME: one event, old and new directory with names */
	if (tst_kvercmp(5, 17, 0) < 0) {
		tst_res(TCONF, "FAN_RENAME needs Linux 5.17");
		return;
	}
	fd = SAFE_OPEN(DIR_P "/c", O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(fd);
	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_DFID_NAME | FAN_NONBLOCK,
		       O_RDONLY);
	TST_EXP_FAIL(fanotify_mark(fan, FAN_MARK_ADD, FAN_RENAME, AT_FDCWD,
				   DIR_P "/c"), ENOTDIR,
		     "FAN_RENAME on a non-directory");
	fan_mark(fan, FAN_MARK_ADD, FAN_RENAME, DIR_P);
	do_rename(DIR_P "/c", FAN_MNT "/d");
	fh_get(FAN_MNT, 0, &root_fh, NULL);
	/* only the old directory is watched: only it is reported */
	n = fan_read_one(fan, &ev) ? parse(&ev, r, 3) : 0;
	TST_EXP_EXPR(n == 1 && ev.mask == FAN_RENAME &&
		     r[0].type == FAN_EVENT_INFO_TYPE_OLD_DFID_NAME &&
		     fh_equal(&r[0].fh, &dir_fh) && !strcmp(r[0].name, "c"),
		     "FAN_RENAME, old directory watched: old dir and 'c' "
		     "(%d records)", n);
	/* both watched: old and new directory, each with its name */
	fan_mark(fan, FAN_MARK_ADD, FAN_RENAME, FAN_MNT);
	do_rename(FAN_MNT "/d", DIR_P "/e");
	n = fan_read_one(fan, &ev) ? parse(&ev, r, 3) : 0;
	TST_EXP_EXPR(n == 2 && ev.mask == FAN_RENAME &&
		     r[0].type == FAN_EVENT_INFO_TYPE_OLD_DFID_NAME &&
		     fh_equal(&r[0].fh, &root_fh) && !strcmp(r[0].name, "d") &&
		     r[1].type == FAN_EVENT_INFO_TYPE_NEW_DFID_NAME &&
		     fh_equal(&r[1].fh, &dir_fh) && !strcmp(r[1].name, "e"),
		     "FAN_RENAME, both watched: old root and 'd', new dir and "
		     "'e' (%d records)", n);
	fan_expect_none(fan, "FAN_RENAME");
	SAFE_UNLINK(DIR_P "/e");
	fan_close(fan);
}

static pid_t thread_tid;

static void *thread_open(void *arg)
{
	(void)arg;
	thread_tid = syscall(__NR_gettid);
	fan_touch_open(FILE_P);
	return NULL;
}

static void test_tid_pidfd(void)
{
	struct fid_rec r[2];
	struct fan_event ev;
	pthread_t th;
	char path[64];
	int fan, i, n, pid_seen;
	pid_t pid;

	for (i = 0; i < 2; i++) {
		fan = fan_init(FAN_CLASS_NOTIF | FAN_NONBLOCK |
			       (i ? FAN_REPORT_TID : 0), O_RDONLY);
		fan_mark(fan, FAN_MARK_ADD, FAN_OPEN, FILE_P);
		errno = pthread_create(&th, NULL, thread_open, NULL);
		if (errno)
			tst_brk(TBROK | TERRNO, "pthread_create()");
		pthread_join(th, NULL);
		n = fan_read_one(fan, &ev);
		if (n)
			fan_close_ev(&ev);
		if (!i)
			TST_EXP_EXPR(n && ev.pid == getpid() &&
				     thread_tid != getpid(), "a thread's "
				     "open(): pid %d is the process's %d",
				     n ? ev.pid : -1, getpid());
		else
			TST_EXP_EXPR(n && ev.pid == thread_tid, "FAN_REPORT_TID:"
				     " pid %d is the thread's id %d",
				     n ? ev.pid : -1, thread_tid);
		fan_close(fan);
	}

	if (tst_kvercmp(5, 15, 0) < 0) {
		tst_res(TCONF, "FAN_REPORT_PIDFD needs Linux 5.15");
		return;
	}
	TST_EXP_FAIL(fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_PIDFD |
				   FAN_REPORT_TID, O_RDONLY), EINVAL,
		     "FAN_REPORT_PIDFD | FAN_REPORT_TID");
	fan = fan_init(FAN_CLASS_NOTIF | FAN_REPORT_PIDFD | FAN_NONBLOCK,
		       O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN, FILE_P);
	fan_touch_open(FILE_P);
	n = fan_read_one(fan, &ev) ? parse(&ev, r, 2) : 0;
	pid_seen = -1;
	if (n == 1 && r[0].type == FAN_EVENT_INFO_TYPE_PIDFD &&
	    r[0].fh.fh.handle_type >= 0) {
		snprintf(path, sizeof(path), "/proc/self/fdinfo/%d",
			 r[0].fh.fh.handle_type);
		pid_seen = fdinfo_pid(path);
		SAFE_CLOSE(r[0].fh.fh.handle_type);
	}
	TST_EXP_EXPR(pid_seen == getpid() && ev.fd >= 0, "FAN_REPORT_PIDFD: "
		     "a pidfd of the acting process (Pid %d, want %d) and an fd",
		     pid_seen, getpid());
	if (n)
		fan_close_ev(&ev);

	pid = SAFE_FORK();
	if (!pid) {
		fan_touch_open(FILE_P);
		exit(0);
	}
	reap_child(pid);
	n = fan_read_one(fan, &ev) ? parse(&ev, r, 2) : 0;
	TST_EXP_EXPR(n == 1 && ev.pid == pid &&
		     r[0].type == FAN_EVENT_INFO_TYPE_PIDFD &&
		     r[0].fh.fh.handle_type == FAN_NOPIDFD,
		     "a reaped process: FAN_NOPIDFD (%d)",
		     n == 1 ? r[0].fh.fh.handle_type : 0);
	if (n)
		fan_close_ev(&ev);
	fan_close(fan);
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(marks))
		test_fid(n);
	else if (n == 3)
		test_dirent_fid();
	else if (n == 4)
		test_dfid_name();
	else
		test_tid_pidfd();
}

static void setup(void)
{
	int fd;

	SAFE_MKDIR(DIR_P, 0755);
	fd = SAFE_OPEN(FILE_P, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	if (statfs(FAN_MNT, &mnt_sfs))
		tst_brk(TBROK | TERRNO, "statfs(%s)", FAN_MNT);
	mnt_fd = SAFE_OPEN(FAN_MNT, O_RDONLY | O_DIRECTORY);
}

static void cleanup(void)
{
	if (mnt_fd >= 0)
		SAFE_CLOSE(mnt_fd);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.mount_device = 1,
	.mntpoint = FAN_MNT,
	.dev_fs_type = "ext4",
	.min_kver = "5.9",
	.tags = (const struct tst_tag[]) {
		/* fanotify: update connector fsid cache on add mark */
		{"linux-git", "c285a2f01d69"},
		{}
	},
};

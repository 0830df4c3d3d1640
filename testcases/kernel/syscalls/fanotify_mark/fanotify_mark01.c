// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify_mark() marks take effect, step by step as another process acts
 * on a file in the tmpdir: FAN_OPEN, FAN_MODIFY, FAN_CLOSE_WRITE, FAN_OPEN,
 * FAN_ACCESS, FAN_CLOSE_NOWRITE, each one event of version
 * FANOTIFY_METADATA_VERSION carrying the actor's pid and an open
 * descriptor of the file (same inode); reading through that descriptor
 * causes no event. FAN_MARK_REMOVE takes events out of the mask; an
 * ignore mask hides an event until the file is modified (without
 * FAN_MARK_IGNORED_SURV_MODIFY); a directory mark sees its children only
 * with FAN_EVENT_ON_CHILD; FAN_MARK_FLUSH drops all inode marks. A group
 * made by nobody (FAN_REPORT_FID, Linux 5.13) gets no descriptor
 * (FAN_NOFD) but a file id record, and sees its own pid, but 0 for other
 * processes.
 */
#include <sys/fanotify.h>
#include <sys/stat.h>
#include "time_event.h"

#define MAX_EVS 16

static int fan = -1;
static struct stat file_st;

struct fan_ev {
	uint64_t mask;
	int fd;
	pid_t pid;
	int ok;		/* version and lengths as documented */
	int has_fid;	/* a FAN_EVENT_INFO_TYPE_FID record follows */
};

static int read_events(int fd, struct fan_ev *evs)
{
	uint64_t aligned[512];
	char *buf = (char *)aligned;
	struct fanotify_event_metadata *m;
	struct fanotify_event_info_header *info;
	ssize_t len;
	int n = 0;

	len = read(fd, buf, sizeof(aligned));
	if (len < 0) {
		if (errno == EAGAIN)
			return 0;
		tst_brk(TBROK | TERRNO, "read(fanotify)");
	}
	for (m = (void *)buf; FAN_EVENT_OK(m, len) && n < MAX_EVS;
	     m = FAN_EVENT_NEXT(m, len)) {
		evs[n].mask = m->mask;
		evs[n].fd = m->fd;
		evs[n].pid = m->pid;
		evs[n].ok = m->vers == FANOTIFY_METADATA_VERSION &&
			    m->metadata_len == FAN_EVENT_METADATA_LEN;
		info = (void *)(m + 1);
		evs[n].has_fid = m->event_len > m->metadata_len &&
				 info->info_type == FAN_EVENT_INFO_TYPE_FID;
		if (!evs[n].has_fid)
			evs[n].ok &= m->event_len == m->metadata_len;
		n++;
	}
	return n;
}

/* One event with mask, from pid, with a descriptor of "file". */
static void expect_one(uint64_t mask, pid_t pid, const char *what)
{
	struct fan_ev evs[MAX_EVS];
	struct stat st;
	int n, i, same = 0;

	n = read_events(fan, evs);
	if (n == 1 && evs[0].fd >= 0) {
		SAFE_FSTAT(evs[0].fd, &st);
		same = st.st_ino == file_st.st_ino &&
		       st.st_dev == file_st.st_dev;
	}
	TST_EXP_EXPR(n == 1 && evs[0].ok && evs[0].mask == mask &&
		     evs[0].pid == pid && same, "%s: one event, mask %#llx "
		     "(want %#llx), pid %d (want %d), descriptor of the file",
		     what, n ? (unsigned long long)evs[0].mask : 0ULL,
		     (unsigned long long)mask, n ? evs[0].pid : 0, pid);
	for (i = 0; i < n; i++) {
		if (evs[i].fd >= 0)
			SAFE_CLOSE(evs[i].fd);
	}
}

static void expect_none(const char *what)
{
	struct fan_ev evs[MAX_EVS];
	int n, i;

	n = read_events(fan, evs);
	TST_EXP_EXPR(n == 0, "%s: no event (%d, first mask %#llx)", what, n,
		     n ? (unsigned long long)evs[0].mask : 0ULL);
	for (i = 0; i < n; i++) {
		if (evs[i].fd >= 0)
			SAFE_CLOSE(evs[i].fd);
	}
}

static void mark(unsigned int flags, uint64_t mask, const char *path)
{
	if (fanotify_mark(fan, flags, mask, AT_FDCWD, path))
		tst_brk(TBROK | TERRNO, "fanotify_mark(%#x, %#llx, %s)", flags,
			(unsigned long long)mask, path ? path : "NULL");
}

/* The steps the child takes, one per checkpoint. */
static void child_steps(void)
{
	char c;
	int fd;

	TST_CHECKPOINT_WAIT(0);
	fd = SAFE_OPEN("file", O_WRONLY);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	SAFE_WRITE(1, fd, "x", 1);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	SAFE_CLOSE(fd);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	fd = SAFE_OPEN("file", O_RDONLY);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	SAFE_READ(1, fd, &c, 1);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	SAFE_CLOSE(fd);
	TST_CHECKPOINT_WAKE(0);
	exit(0);
}

static void test_events(void)
{
	static const struct {
		uint64_t mask;
		const char *what;
	} steps[] = {
		{FAN_OPEN, "open(O_WRONLY)"},
		{FAN_MODIFY, "write()"},
		{FAN_CLOSE_WRITE, "close() after writing"},
		{FAN_OPEN, "open(O_RDONLY)"},
		{FAN_ACCESS, "read()"},
		{FAN_CLOSE_NOWRITE, "close() after reading"},
	};
	struct fan_ev evs[MAX_EVS];
	unsigned int i;
	int n, fd;
	pid_t pid;
	char c;

	mark(FAN_MARK_ADD, FAN_OPEN | FAN_MODIFY | FAN_CLOSE | FAN_ACCESS,
	     "file");
	pid = SAFE_FORK();
	if (!pid)
		child_steps();
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		expect_one(steps[i].mask, pid, steps[i].what);
	}
	reap_child(pid);

	/* the descriptors events carry do not cause events */
	fd = SAFE_OPEN("file", O_RDONLY);
	SAFE_CLOSE(fd);
	n = read_events(fan, evs);
	if (n >= 1 && evs[0].fd >= 0) {
		TST_EXP_VAL(read(evs[0].fd, &c, 1), 1, "read() through the "
			    "event's descriptor");
		for (i = 0; i < (unsigned int)n; i++) {
			if (evs[i].fd >= 0)
				SAFE_CLOSE(evs[i].fd);
		}
		expect_none("after reading through the event's descriptor");
	} else {
		tst_res(TFAIL, "no event with a descriptor for open()");
	}
	mark(FAN_MARK_FLUSH, 0, NULL);
}

static void test_remove_ignore(void)
{
	int fd;

	mark(FAN_MARK_ADD, FAN_OPEN | FAN_CLOSE_WRITE | FAN_MODIFY, "file");
	TST_EXP_PASS(fanotify_mark(fan, FAN_MARK_REMOVE, FAN_MODIFY,
				   AT_FDCWD, "file"),
		     "fanotify_mark(FAN_MARK_REMOVE, FAN_MODIFY)");
	fd = SAFE_OPEN("file", O_WRONLY);
	expect_one(FAN_OPEN, getpid(), "open() still reported");
	SAFE_WRITE(1, fd, "y", 1);
	expect_none("write() after FAN_MODIFY was removed");
	SAFE_CLOSE(fd);
	expect_one(FAN_CLOSE_WRITE, getpid(), "close() still reported");

	TST_EXP_PASS(fanotify_mark(fan, FAN_MARK_ADD | FAN_MARK_IGNORED_MASK,
				   FAN_OPEN, AT_FDCWD, "file"),
		     "fanotify_mark(FAN_MARK_IGNORED_MASK, FAN_OPEN)");
	fd = SAFE_OPEN("file", O_RDONLY);
	SAFE_CLOSE(fd);
	expect_none("open() and close() without writing, FAN_OPEN ignored");
	fd = SAFE_OPEN("file", O_WRONLY);
	SAFE_WRITE(1, fd, "z", 1);
	SAFE_CLOSE(fd);
	expect_one(FAN_CLOSE_WRITE, getpid(), "open(), write(), close()");
	fd = SAFE_OPEN("file", O_RDONLY);
	expect_one(FAN_OPEN, getpid(), "open() after the file was modified: "
		   "the ignore mask was cleared");
	SAFE_CLOSE(fd);
	mark(FAN_MARK_FLUSH, 0, NULL);
}

static void test_dir_and_flush(void)
{
	int fd;

	mark(FAN_MARK_ADD, FAN_OPEN, ".");
	fd = SAFE_OPEN("file", O_RDONLY);
	SAFE_CLOSE(fd);
	expect_none("directory mark without FAN_EVENT_ON_CHILD, child opened");
	mark(FAN_MARK_ADD, FAN_OPEN | FAN_EVENT_ON_CHILD, ".");
	fd = SAFE_OPEN("file", O_RDONLY);
	expect_one(FAN_OPEN, getpid(), "with FAN_EVENT_ON_CHILD");
	SAFE_CLOSE(fd);
	TST_EXP_PASS(fanotify_mark(fan, FAN_MARK_FLUSH, 0, AT_FDCWD, NULL),
		     "fanotify_mark(FAN_MARK_FLUSH)");
	fd = SAFE_OPEN("file", O_RDONLY);
	SAFE_CLOSE(fd);
	expect_none("after FAN_MARK_FLUSH");
}

static void as_nobody(void)
{
	struct fan_ev evs[MAX_EVS];
	pid_t pid;
	int nfan, fd, n;

	nfan = fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_NONBLOCK,
			     O_RDONLY);
	if (nfan < 0)
		tst_brk(TBROK | TERRNO, "fanotify_init(FAN_REPORT_FID)");
	if (fanotify_mark(nfan, FAN_MARK_ADD, FAN_MODIFY, AT_FDCWD,
			  "shared")) {
		if (errno == ENODEV || errno == EOPNOTSUPP || errno == EXDEV) {
			tst_res(TCONF | TERRNO, "the tmpdir's file system "
				"gives no file ids");
			return;
		}
		tst_brk(TBROK | TERRNO, "fanotify_mark() as nobody");
	}
	fd = SAFE_OPEN("shared", O_WRONLY);
	SAFE_WRITE(1, fd, "x", 1);
	n = read_events(nfan, evs);
	TST_EXP_EXPR(n == 1 && evs[0].ok && evs[0].mask == FAN_MODIFY &&
		     evs[0].fd == FAN_NOFD && evs[0].has_fid &&
		     evs[0].pid == getpid(), "own write: FAN_MODIFY, FAN_NOFD, "
		     "a file id, own pid (%d events)", n);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_WRITE(1, fd, "y", 1);
		exit(0);
	}
	reap_child(pid);
	n = read_events(nfan, evs);
	TST_EXP_EXPR(n == 1 && evs[0].mask == FAN_MODIFY && evs[0].pid == 0,
		     "another process's write: pid hidden as 0 (%d events, "
		     "pid %d)", n, n ? evs[0].pid : -1);
	SAFE_CLOSE(fd);
}

static void test_unprivileged(void)
{
	tev_fanotify_as_nobody(as_nobody);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_events();
		break;
	case 1:
		test_remove_ignore();
		break;
	case 2:
		test_dir_and_flush();
		break;
	case 3:
		test_unprivileged();
		break;
	}
}

static void setup(void)
{
	int fd;

	fan = tst_syscall(__NR_fanotify_init, FAN_CLASS_NOTIF | FAN_NONBLOCK,
			  O_RDONLY);
	if (fan < 0)
		tst_brk(TBROK | TERRNO, "fanotify_init()");
	fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0600);
	SAFE_WRITE(1, fd, "0123456789", 10);
	SAFE_CLOSE(fd);
	SAFE_STAT("file", &file_st);
	fd = SAFE_OPEN("shared", O_CREAT | O_WRONLY, 0666);
	SAFE_CLOSE(fd);
	SAFE_CHMOD("shared", 0666);
}

static void cleanup(void)
{
	if (fan >= 0)
		SAFE_CLOSE(fan);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

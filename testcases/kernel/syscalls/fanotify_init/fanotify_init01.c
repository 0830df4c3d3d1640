// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify_init() as root makes notification, content and pre-content
 * groups, and groups reporting file ids: a descriptor of an
 * "anon_inode:[fanotify]"; FAN_CLOEXEC and FAN_NONBLOCK set FD_CLOEXEC and
 * O_NONBLOCK (an empty group then reads EAGAIN); event_f_flags are the
 * flags of the descriptors events carry. EINVAL for unknown flags, an
 * access mode of 3 or other open flags in event_f_flags, two classes at
 * once, FAN_REPORT_FID with a class other than FAN_CLASS_NOTIF, and
 * FAN_REPORT_NAME without FAN_REPORT_DIR_FID; EMFILE at RLIMIT_NOFILE.
 * As nobody: EPERM for a group without FAN_REPORT_FID and for the
 * privileged FAN_UNLIMITED_QUEUE, but a FAN_REPORT_FID group is allowed
 * (Linux 5.13). No fanotify in the kernel: TCONF.
 */
#include <stdio.h>
#include <sys/fanotify.h>
#include "time_event.h"
#include "task_wait.h"
#include "fd_checks.h"

static int init_fd(unsigned int flags, unsigned int event_f_flags)
{
	int fd = fanotify_init(flags, event_f_flags);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "fanotify_init(%#x, %#x)", flags,
			event_f_flags);
	return fd;
}

static void test_groups(void)
{
	static const struct {
		unsigned int flags;
		const char *name;
	} groups[] = {
		{FAN_CLASS_NOTIF, "FAN_CLASS_NOTIF"},
		{FAN_CLASS_CONTENT, "FAN_CLASS_CONTENT"},
		{FAN_CLASS_PRE_CONTENT, "FAN_CLASS_PRE_CONTENT"},
		{FAN_CLASS_NOTIF | FAN_REPORT_FID, "FAN_REPORT_FID"},
		{FAN_CLASS_NOTIF | FAN_UNLIMITED_QUEUE | FAN_UNLIMITED_MARKS,
		 "FAN_UNLIMITED_QUEUE | FAN_UNLIMITED_MARKS"},
	};
	unsigned int i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(groups); i++) {
		TST_EXP_FD(fanotify_init(groups[i].flags, O_RDONLY),
			   "fanotify_init(%s)", groups[i].name);
		if (!TST_PASS)
			continue;
		fd = TST_RET;
		TST_EXP_EXPR(!strcmp(fd_link(fd), "anon_inode:[fanotify]"),
			     "the descriptor is %s", fd_link(fd));
		SAFE_CLOSE(fd);
	}
}

static void test_flags(void)
{
	char buf[256];
	int fd;

	fd = init_fd(FAN_CLASS_NOTIF, O_RDONLY);
	TST_EXP_EXPR(fd_flags_are(fd, 0, 0),
		     "flags 0: neither O_NONBLOCK nor FD_CLOEXEC");
	SAFE_CLOSE(fd);
	fd = init_fd(FAN_CLASS_NOTIF | FAN_CLOEXEC | FAN_NONBLOCK, O_RDONLY);
	TST_EXP_EXPR(fd_flags_are(fd, 1, 1),
		     "FAN_CLOEXEC | FAN_NONBLOCK: FD_CLOEXEC and O_NONBLOCK");
	TST_EXP_FAIL(read(fd, buf, sizeof(buf)), EAGAIN,
		     "read(empty FAN_NONBLOCK group)");
	SAFE_CLOSE(fd);
}

/* The flags of the descriptor an event carries. */
static void test_event_f_flags(void)
{
	struct fanotify_event_metadata ev;
	int fd, ffd, fl;
	ssize_t len;

	ffd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0600);
	SAFE_CLOSE(ffd);
	fd = init_fd(FAN_CLASS_NOTIF | FAN_NONBLOCK, O_WRONLY | O_APPEND);
	if (fanotify_mark(fd, FAN_MARK_ADD, FAN_CLOSE_NOWRITE, AT_FDCWD,
			  "file"))
		tst_brk(TBROK | TERRNO, "fanotify_mark()");
	ffd = SAFE_OPEN("file", O_RDONLY);
	SAFE_CLOSE(ffd);
	len = read(fd, &ev, sizeof(ev));
	if (len != sizeof(ev) || ev.fd < 0) {
		tst_res(TFAIL | TERRNO, "no FAN_CLOSE_NOWRITE event (%zd)",
			len);
	} else {
		fl = fcntl(ev.fd, F_GETFL);
		TST_EXP_EXPR((fl & O_ACCMODE) == O_WRONLY && (fl & O_APPEND),
			     "the event's descriptor is O_WRONLY | O_APPEND "
			     "(%#x)", fl);
		SAFE_CLOSE(ev.fd);
	}
	SAFE_CLOSE(fd);
	SAFE_UNLINK("file");
}

static void test_einval(void)
{
	static const struct {
		unsigned int flags, f_flags;
		const char *desc;
	} bad[] = {
		{0x80000000, O_RDONLY, "unknown flag 0x80000000"},
		{FAN_CLASS_CONTENT | FAN_CLASS_PRE_CONTENT, O_RDONLY,
		 "two classes"},
		{FAN_CLASS_NOTIF, O_ACCMODE, "access mode 3"},
		{FAN_CLASS_NOTIF, O_RDONLY | O_CREAT, "O_CREAT"},
		{FAN_CLASS_NOTIF, O_RDONLY | O_DIRECTORY, "O_DIRECTORY"},
		{FAN_CLASS_CONTENT | FAN_REPORT_FID, O_RDONLY,
		 "FAN_REPORT_FID with FAN_CLASS_CONTENT"},
		{FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_REPORT_NAME, O_RDONLY,
		 "FAN_REPORT_NAME without FAN_REPORT_DIR_FID"},
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(fanotify_init(bad[i].flags, bad[i].f_flags),
			     EINVAL, "fanotify_init(%s)", bad[i].desc);
}

static void test_emfile(void)
{
	FD_EXP_EMFILE(fanotify_init(FAN_CLASS_NOTIF, O_RDONLY),
		      "fanotify_init() with no free descriptor");
}

static void as_nobody(void)
{
	int fd;

	TST_EXP_FAIL(fanotify_init(FAN_CLASS_NOTIF, O_RDONLY), EPERM,
		     "fanotify_init(FAN_CLASS_NOTIF) as nobody");
	TST_EXP_FAIL(fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID |
				   FAN_UNLIMITED_QUEUE, O_RDONLY), EPERM,
		     "fanotify_init(FAN_REPORT_FID | FAN_UNLIMITED_QUEUE) as "
		     "nobody");
	if (tst_kvercmp(5, 13, 0) < 0) {
		tst_res(TCONF, "unprivileged fanotify needs Linux 5.13");
		return;
	}
	TST_EXP_FD(fanotify_init(FAN_CLASS_NOTIF | FAN_REPORT_FID, O_RDONLY),
		   "fanotify_init(FAN_REPORT_FID) as nobody");
	if (TST_PASS) {
		fd = TST_RET;
		SAFE_CLOSE(fd);
	}
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_groups();
		break;
	case 1:
		test_flags();
		break;
	case 2:
		test_event_f_flags();
		break;
	case 3:
		test_einval();
		break;
	case 4:
		test_emfile();
		break;
	case 5:
		tev_as_nobody(as_nobody);
		break;
	}
}

static void setup(void)
{
	int fd = tst_syscall(__NR_fanotify_init, FAN_CLASS_NOTIF, O_RDONLY);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "fanotify_init(FAN_CLASS_NOTIF)");
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

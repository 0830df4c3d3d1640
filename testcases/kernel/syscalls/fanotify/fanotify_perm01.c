// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fanotify permission events (FAN_CLASS_CONTENT) decide the access: with
 * an inode, a mount and a filesystem mark on a private tmpfs, another
 * process's open() waits for FAN_OPEN_PERM and read() for FAN_ACCESS_PERM;
 * FAN_ALLOW lets the call go on, FAN_DENY fails it with EPERM (a denied
 * read() moves no file offset). execve() of a marked program waits for
 * FAN_OPEN_EXEC_PERM and fails with EPERM when denied; a plain open() of
 * it gives no exec event. Each event carries the caller's pid and a
 * descriptor of the file. Responses: an fd with no pending event is
 * ENOENT; a bad response value, FAN_AUDIT without FAN_ENABLE_AUDIT, fd -1
 * and a short buffer are EINVAL, a bad pointer EFAULT, and none of them
 * consumes the pending event. A permission mark on a FAN_CLASS_NOTIF
 * group is EINVAL. While callers wait for the answer to events already
 * read, another group with a mark is made and closed within 10 s (times
 * LTP_TIMEOUT_MUL): the waiters held the SRCU read lock the destruction
 * of marks waits for, and it hung until the answer came (05f0e38724e8
 * "fanotify: Release SRCU lock when waiting for userspace response").
 * Closing the group releases (allows) the callers whose events were read
 * and those whose events were still queued; the list of events waiting
 * for an answer was corrupted when the group went away under them
 * (96d41019e3ac "fanotify: fix list corruption in
 * fanotify_get_response()"). Both are what upstream LTP's fanotify07
 * checks.
 * Syscalls: fanotify_init, fanotify_mark
 */
#include <sys/mman.h>
#include <sys/wait.h>
#include "fan_common.h"
#include "task_wait.h"

#define FILE_P FAN_MNT "/file"
#define PROG_P FAN_MNT "/prog"
#define NCHILD 3

static void *bad_addr;

static const struct {
	unsigned int flags;
	const char *path;
	const char *name;
} marks[] = {
	{FAN_MARK_ADD, FILE_P, "inode mark"},
	{FAN_MARK_ADD | FAN_MARK_MOUNT, FAN_MNT, "mount mark"},
	{FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_MNT, "filesystem mark"},
};

/* Wait for an event of mask from pid, answer it with response. */
static void answer(int fan, uint64_t mask, pid_t pid, unsigned int response,
		   const char *path, const char *what)
{
	struct fan_event ev;

	if (!fan_next(fan, &ev)) {
		tst_res(TFAIL, "%s: no event came", what);
		return;
	}
	TST_EXP_EXPR(ev.ok && ev.mask == mask && ev.pid == pid &&
		     fan_fd_is(ev.fd, path), "%s: mask %#llx (want %#llx), "
		     "pid %d (want %d), descriptor of %s", what,
		     (unsigned long long)ev.mask, (unsigned long long)mask,
		     ev.pid, pid, path);
	if (ev.fd >= 0)
		fan_respond(fan, ev.fd, response);
	fan_close_ev(&ev);
}

static void access_child(void)
{
	char c = 0;
	int fd;

	TST_EXP_FD(fd = open(FILE_P, O_RDONLY), "open() allowed");
	if (fd < 0)
		exit(0);
	TST_EXP_FAIL(read(fd, &c, 1), EPERM, "read() denied");
	TST_EXP_VAL(read(fd, &c, 1), 1, "read() allowed");
	TST_EXP_EXPR(c == '0', "the allowed read() after the denied one reads "
		     "from offset 0 ('%c')", c);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(open(FILE_P, O_RDONLY), EPERM, "open() denied");
	exit(0);
}

static void test_access(unsigned int i)
{
	char what[64];
	int fan;
	pid_t pid;

	tst_res(TINFO, "%s", marks[i].name);
	fan = fan_init(FAN_CLASS_CONTENT | FAN_NONBLOCK | FAN_CLOEXEC,
		       O_RDONLY);
	fan_mark(fan, marks[i].flags, FAN_OPEN_PERM | FAN_ACCESS_PERM,
		 marks[i].path);
	pid = SAFE_FORK();
	if (!pid)
		access_child();
	snprintf(what, sizeof(what), "%s, open()", marks[i].name);
	answer(fan, FAN_OPEN_PERM, pid, FAN_ALLOW, FILE_P, what);
	snprintf(what, sizeof(what), "%s, first read()", marks[i].name);
	answer(fan, FAN_ACCESS_PERM, pid, FAN_DENY, FILE_P, what);
	snprintf(what, sizeof(what), "%s, second read()", marks[i].name);
	answer(fan, FAN_ACCESS_PERM, pid, FAN_ALLOW, FILE_P, what);
	snprintf(what, sizeof(what), "%s, second open()", marks[i].name);
	answer(fan, FAN_OPEN_PERM, pid, FAN_DENY, FILE_P, what);
	reap_child(pid);
	fan_expect_none(fan, marks[i].name);
	fan_close(fan);
}

static void exec_child(void)
{
	/* argv[0] "true": a multi-call binary picks its applet by it */
	char *const argv[] = {"true", NULL};
	char *const envp[] = {NULL};
	int fd;

	TST_EXP_FAIL(execve(PROG_P, argv, envp), EPERM, "execve() denied");
	TST_EXP_FD(fd = open(PROG_P, O_RDONLY), "open() of the program");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	execve(PROG_P, argv, envp);
	tst_res(TFAIL | TERRNO, "execve() allowed by FAN_ALLOW");
	exit(0);
}

static void test_exec(void)
{
	int fan, status;
	pid_t pid;

	fan = fan_init(FAN_CLASS_CONTENT | FAN_NONBLOCK | FAN_CLOEXEC,
		       O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN_EXEC_PERM, PROG_P);
	pid = SAFE_FORK();
	if (!pid)
		exec_child();
	answer(fan, FAN_OPEN_EXEC_PERM, pid, FAN_DENY, PROG_P,
	       "first execve()");
	answer(fan, FAN_OPEN_EXEC_PERM, pid, FAN_ALLOW, PROG_P,
	       "second execve() (the open() between gave no event)");
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "the allowed program ran and exited 0 (status %#x)",
		     status);
	fan_expect_none(fan, "exec");
	fan_close(fan);
}

/* The group's fd a child closes: a group lives while any fd of it does */
static int child_closes = -1;

static void blocked_open_child(void)
{
	int fd;

	if (child_closes >= 0)
		SAFE_CLOSE(child_closes);
	TST_EXP_FD(fd = open(FILE_P, O_RDONLY), "open() released");
	exit(0);
}

static void test_responses(void)
{
	struct fanotify_response r;
	struct fan_event ev;
	int fan, nfan;
	pid_t pid;

	nfan = fan_init(FAN_CLASS_NOTIF, O_RDONLY);
	TST_EXP_FAIL(fanotify_mark(nfan, FAN_MARK_ADD, FAN_OPEN_PERM,
				   AT_FDCWD, FILE_P), EINVAL,
		     "FAN_OPEN_PERM mark on a FAN_CLASS_NOTIF group");
	fan_close(nfan);

	fan = fan_init(FAN_CLASS_CONTENT | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN_PERM, FILE_P);
	pid = SAFE_FORK();
	if (!pid)
		blocked_open_child();
	if (!fan_next(fan, &ev) || ev.fd < 0)
		tst_brk(TBROK, "no permission event with a descriptor");

	r.fd = ev.fd + 100;
	r.response = FAN_ALLOW;
	TST_EXP_FAIL(write(fan, &r, sizeof(r)), ENOENT,
		     "response for an fd with no pending event");
	r.fd = ev.fd;
	r.response = 0x7;
	TST_EXP_FAIL(write(fan, &r, sizeof(r)), EINVAL, "response 0x7");
	r.response = FAN_ALLOW | FAN_AUDIT;
	TST_EXP_FAIL(write(fan, &r, sizeof(r)), EINVAL,
		     "FAN_AUDIT without FAN_ENABLE_AUDIT");
	r.fd = -1;
	r.response = FAN_ALLOW;
	TST_EXP_FAIL(write(fan, &r, sizeof(r)), EINVAL, "response fd -1");
	r.fd = ev.fd;
	TST_EXP_FAIL(write(fan, &r, sizeof(r) - 1), EINVAL,
		     "response of %zu bytes", sizeof(r) - 1);
	TST_EXP_FAIL(write(fan, bad_addr, sizeof(r)), EFAULT,
		     "response from a bad pointer");
	TST_EXP_VAL(write(fan, &r, sizeof(r)), (long)sizeof(r),
		    "FAN_ALLOW still answers the pending event");
	TST_EXP_FAIL(write(fan, &r, sizeof(r)), ENOENT,
		     "a second response to the same event");
	fan_close_ev(&ev);
	reap_child(pid);
	fan_close(fan);
}

/* Make a group with a mark and close it; the group being tested is closed. */
static void other_group_child(void)
{
	int g;

	SAFE_CLOSE(child_closes);
	g = fan_init(FAN_CLASS_NOTIF, O_RDONLY);
	fan_mark(g, FAN_MARK_ADD, FAN_MODIFY, PROG_P);
	SAFE_CLOSE(g);
	exit(0);
}

/* 1 when pid ended within 10 s (scaled); it is not reaped */
static int ended_within(pid_t pid)
{
	long long end = task_wait_now_ms() + 10000 * tst_timeout_mul();
	siginfo_t si;

	do {
		si.si_pid = 0;
		if (waitid(P_PID, pid, &si, WEXITED | WNOHANG | WNOWAIT))
			tst_brk(TBROK | TERRNO, "waitid(%d)", pid);
		if (si.si_pid == pid)
			return 1;
		usleep(10000);
	} while (task_wait_now_ms() < end);
	return 0;
}

/* Closing the group answers FAN_ALLOW for read and unread events. */
static void test_release(void)
{
	struct fan_event ev[NCHILD];
	pid_t pids[NCHILD + 1], other;
	int fan, i, n = 0;

	fan = fan_init(FAN_CLASS_CONTENT | FAN_NONBLOCK, O_RDONLY);
	fan_mark(fan, FAN_MARK_ADD, FAN_OPEN_PERM, FILE_P);
	child_closes = fan;
	for (i = 0; i < NCHILD; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i])
			blocked_open_child();
	}
	while (n < NCHILD && fan_next(fan, &ev[n]))
		n++;
	if (n < NCHILD)
		tst_brk(TBROK, "%d of %d permission events came", n, NCHILD);
	other = SAFE_FORK();
	if (!other)
		other_group_child();
	if (ended_within(other))
		tst_res(TPASS, "another group with a mark made and closed while "
			"%d callers wait for an answer", NCHILD);
	else
		tst_res(TFAIL, "closing another group blocked while %d callers "
			"wait for an answer", NCHILD);
	/* one more caller, its event left unread in the queue */
	pids[NCHILD] = SAFE_FORK();
	if (!pids[NCHILD])
		blocked_open_child();
	if (!fan_wait(fan, FAN_WAIT_MS))
		tst_brk(TBROK, "no event of the last caller");
	child_closes = -1;
	fan_close(fan);
	for (i = 0; i < NCHILD; i++)
		fan_close_ev(&ev[i]);
	/* a kernel that forgets them leaves them blocked: the timeout */
	for (i = 0; i <= NCHILD; i++)
		reap_child(pids[i]);
	reap_child(other);
	tst_res(TPASS, "closing the group released %d callers, %d of them "
		"with an event never read", NCHILD + 1, 1);
}

static void run(unsigned int n)
{
	if (n < ARRAY_SIZE(marks))
		test_access(n);
	else if (n == 3)
		test_exec();
	else if (n == 4)
		test_responses();
	else
		test_release();
}

static void setup(void)
{
	int fd;

	bad_addr = SAFE_MMAP(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
			     -1, 0);
	fan_mount_tmpfs();
	fd = SAFE_OPEN(FILE_P, O_CREAT | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, "0123456789", 10);
	SAFE_CLOSE(fd);
	fan_copy_file("/bin/true", PROG_P, 0755);
	fd = fanotify_init(FAN_CLASS_CONTENT, O_RDONLY);
	if (fd < 0 && errno == EINVAL)
		tst_brk(TCONF, "no permission events "
			"(CONFIG_FANOTIFY_ACCESS_PERMISSIONS)");
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static void cleanup(void)
{
	fan_umount_tmpfs();
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	/* the taint it causes must not be charged to tests beside it */
	.exclusive = 1,
	.min_kver = "5.0",
	/* a permission mark taints the kernel with TAINT_AUX */
	.expected_taint = "X",
	.needs_kconfigs = (const char *const[]) {
		"CONFIG_FANOTIFY_ACCESS_PERMISSIONS=y", NULL
	},
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		/* fanotify: Release SRCU lock when waiting for userspace
		 * response */
		{"linux-git", "05f0e38724e8"},
		/* fanotify: fix list corruption in fanotify_get_response() */
		{"linux-git", "96d41019e3ac"},
		{}
	},
};

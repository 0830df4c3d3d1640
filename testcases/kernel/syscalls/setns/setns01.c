// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setns() moves the caller into the namespace an fd refers to, with the
 * effect only that namespace explains. A holder process sits in new
 * user, uts, ipc, net, mount and pid namespaces (the user namespace maps
 * root to root), has set a hostname, made a System V queue and mounted a
 * tmpfs. A fresh child of the test then joins, through /proc/HOLDER/ns/X:
 *  - uts: gethostname() gives the holder's name (also with nstype 0);
 *  - ipc: msgget() finds the holder's queue key, unknown before;
 *  - net: /proc/self/ns/net becomes the holder's;
 *  - mnt: the holder's tmpfs and the file in it are visible;
 *  - pid: the caller stays, its next child is in the holder's pid
 *    namespace, with a pid above 1 (the holder is 1) and ppid 0;
 *  - user: a file owned by uid 1000 (unmapped there) shows as the
 *    overflow uid, and uid_map is the holder's;
 *  - a pidfd of the holder with CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET
 *    joins all three at once (Linux 5.8).
 */
#include <limits.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define HOSTNAME "ltp-setns01"

static pid_t holder = -1;
static key_t key;
static char mnt_path[PATH_MAX], file_path[PATH_MAX];

static void holder_main(void)
{
	/* the parent maps root to root first */
	TST_CHECKPOINT_WAIT(0);
	if (sethostname(HOSTNAME, strlen(HOSTNAME)))
		tst_brk(TBROK | TERRNO, "sethostname() in the holder");
	if (msgget(key, IPC_CREAT | IPC_EXCL | 0600) == -1)
		tst_brk(TBROK | TERRNO, "msgget(0x%x) in the holder", key);
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("ltp-setns01", mnt_path, "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF(file_path, "x");
	TST_CHECKPOINT_WAKE(1);
	for (;;)
		pause();
}

static int open_ns(const char *name)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/ns/%s", (int)holder, name);
	return SAFE_OPEN(path, O_RDONLY);
}

static void join_uts(void)
{
	char host[256];
	int fd = open_ns("uts");

	TST_EXP_PASS(setns(fd, CLONE_NEWUTS), "setns(uts fd, CLONE_NEWUTS)");
	ns_gethostname(host, sizeof(host));
	TST_EXP_EXPR(!strcmp(host, HOSTNAME), "hostname is '%s' (want '%s')",
		     host, HOSTNAME);
}

static void join_uts_any(void)
{
	char host[256];
	int fd = open_ns("uts");

	TST_EXP_PASS(setns(fd, 0), "setns(uts fd, 0)");
	ns_gethostname(host, sizeof(host));
	TST_EXP_EXPR(!strcmp(host, HOSTNAME), "hostname is '%s' (want '%s')",
		     host, HOSTNAME);
}

static void join_ipc(void)
{
	int fd = open_ns("ipc");

	TST_EXP_FAIL(msgget(key, 0), ENOENT,
		     "msgget(holder's key) before setns()");
	TST_EXP_PASS(setns(fd, CLONE_NEWIPC), "setns(ipc fd, CLONE_NEWIPC)");
	TST_EXP_POSITIVE(msgget(key, 0), "msgget(holder's key) after setns()");
}

static void join_net(void)
{
	int fd = open_ns("net");

	TST_EXP_PASS(setns(fd, CLONE_NEWNET), "setns(net fd, CLONE_NEWNET)");
	TST_EXP_EXPR(NS_ID(0, "net") == NS_ID(holder, "net"),
		     "/proc/self/ns/net is the holder's");
}

static void join_mnt(void)
{
	int fd = open_ns("mnt");

	TST_EXP_FAIL(access(file_path, F_OK), ENOENT,
		     "access(file in the holder's tmpfs) before setns()");
	TST_EXP_PASS(setns(fd, CLONE_NEWNS), "setns(mnt fd, CLONE_NEWNS)");
	TST_EXP_PASS(access(file_path, F_OK),
		     "access(file in the holder's tmpfs) after setns()");
}

static void join_pid(void)
{
	int fd = open_ns("pid"), status;
	ino_t holder_ns = NS_ID(holder, "pid"), own_ns = NS_ID(0, "pid");
	pid_t pid;

	TST_EXP_PASS(setns(fd, CLONE_NEWPID), "setns(pid fd, CLONE_NEWPID)");
	TST_EXP_EXPR(NS_ID(0, "pid") == own_ns &&
		     NS_ID(0, "pid_for_children") == holder_ns,
		     "the caller stays in its pid namespace, its children "
		     "go to the holder's");
	pid = SAFE_FORK();
	if (!pid)
		_exit(getpid() > 1 && getppid() == 0 &&
		      NS_ID(0, "pid") == holder_ns ? 0 : 1);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "the next child is in the holder's pid namespace, with "
		     "a pid above 1 and ppid 0 there");
}

static void join_user(void)
{
	unsigned int overflow = ns_overflow_id("overflowuid");
	struct stat st;
	int fd = open_ns("user");

	TST_EXP_PASS(setns(fd, CLONE_NEWUSER), "setns(user fd, CLONE_NEWUSER)");
	SAFE_STAT("owned_by_1000", &st);
	TST_EXP_EQ_LU(st.st_uid, overflow);
	TST_EXP_EXPR(NS_ID(0, "user") == NS_ID(holder, "user"),
		     "/proc/self/ns/user is the holder's");
}

static void join_pidfd(void)
{
	char host[256];
	int fd = ns_setns_pidfd(holder);

	if (fd == -1)
		return;
	TEST(setns(fd, CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET));
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "setns(pidfd, UTS | IPC | NET)");
		return;
	}
	ns_gethostname(host, sizeof(host));
	TST_EXP_EXPR(!strcmp(host, HOSTNAME) &&
		     NS_ID(0, "net") == NS_ID(holder, "net") &&
		     NS_ID(0, "ipc") == NS_ID(holder, "ipc") &&
		     NS_ID(0, "mnt") != NS_ID(holder, "mnt"),
		     "setns(pidfd, UTS | IPC | NET) joined those three only");
}

static void (*const joins[])(void) = {
	join_uts, join_uts_any, join_ipc, join_net, join_mnt, join_pid,
	join_user, join_pidfd,
};

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		joins[n]();
		exit(0);
	}
	NS_REAP(pid);
}

static void setup(void)
{
	char map[] = "0 0 1";

	key = 0x4c540000 | (getpid() & 0xffff);
	snprintf(mnt_path, sizeof(mnt_path), "%s/mnt", tst_tmpdir_path);
	snprintf(file_path, sizeof(file_path), "%s/mnt/file", tst_tmpdir_path);
	SAFE_MKDIR(mnt_path, 0755);
	SAFE_FILE_PRINTF("owned_by_1000", "x");
	SAFE_CHOWN("owned_by_1000", 1000, 1000);

	holder = SAFE_NS_FORK(CLONE_NEWUSER | CLONE_NEWUTS | CLONE_NEWIPC |
			      CLONE_NEWNET | CLONE_NEWNS | CLONE_NEWPID);
	if (!holder)
		holder_main();
	SAFE_NS_WRITE_PROC(holder, "uid_map", map);
	SAFE_NS_WRITE_PROC(holder, "gid_map", map);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
}

static void cleanup(void)
{
	if (holder > 0) {
		kill(holder, SIGKILL);
		waitpid(holder, NULL, 0);
	}
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(joins),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_PID_NS", "CONFIG_UTS_NS",
		"CONFIG_IPC_NS", "CONFIG_NET_NS", NULL
	},
};

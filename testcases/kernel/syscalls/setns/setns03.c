// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setns() with a pidfd and several CLONE_NEW* flags (Linux 5.8,
 * kernel/nsproxy.c validate_nsset(), commit_nsset()) is all or nothing.
 * A holder sits in new uts, ipc, net, mount, pid, cgroup and time
 * namespaces (monotonic +1 day), with its own hostname, a System V queue
 * and a tmpfs. Each case runs in a fresh child of the test:
 *  - all seven flags at once: every /proc/self/ns entry named is the
 *    holder's (pid_for_children, the caller's own pid namespace kept),
 *    hostname, queue and tmpfs file are the holder's, the working
 *    directory is the root of the holder's mount namespace, and
 *    CLOCK_MONOTONIC jumps by the day;
 *  - from a second pid namespace (not an ancestor of the holder's):
 *    UTS | IPC | NET | PID is EINVAL, and uts, ipc and net (validated
 *    before pid) are still the caller's own, hostname too;
 *  - with a second thread: UTS | IPC | NET | CGROUP | TIME is EUSERS
 *    (time is validated last), nothing joined, the clock not shifted;
 *  - UTS | USER into the caller's own user namespace is EINVAL and the
 *    uts namespace stays;
 *  - a pidfd of a zombie (namespaces already dropped) is ESRCH.
 * Would catch namespaces installed one by one into the caller (a partial
 * join left behind on failure), a flag of the set ignored, or a zombie's
 * freed nsproxy used.
 */
#include <limits.h>
#include <pthread.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <time.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "pidfd_raw.h"

#define HOSTNAME "ltp-setns03"
#define DAY_NS (86400LL * 1000000000LL)

static const char *const joined[] = {
	"uts", "ipc", "net", "mnt", "cgroup", "time", NULL
};

static pid_t holder = -1;
static key_t key;
static char mnt_path[PATH_MAX], file_path[PATH_MAX];

static long long mono_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts))
		tst_brk(TBROK | TERRNO, "clock_gettime(CLOCK_MONOTONIC)");
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void holder_main(void)
{
	if (sethostname(HOSTNAME, strlen(HOSTNAME)))
		tst_brk(TBROK | TERRNO, "sethostname() in the holder");
	if (msgget(key, IPC_CREAT | IPC_EXCL | 0600) == -1)
		tst_brk(TBROK | TERRNO, "msgget(0x%x) in the holder", key);
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("ltp-setns03", mnt_path, "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF(file_path, "x");
	TST_CHECKPOINT_WAKE(0);
	for (;;)
		pause();
}

/* The caller's ids of uts, ipc and net are its own, not the holder's. */
static int own_uts_ipc_net(void)
{
	char host[256];

	ns_gethostname(host, sizeof(host));
	return strcmp(host, HOSTNAME) &&
	       NS_ID(0, "uts") != NS_ID(holder, "uts") &&
	       NS_ID(0, "ipc") != NS_ID(holder, "ipc") &&
	       NS_ID(0, "net") != NS_ID(holder, "net");
}

static void join_all(void)
{
	int fd = safe_pidfd_open(holder), i, same = 1;
	ino_t own_pid = NS_ID(0, "pid");
	long long before, after;
	char host[256], cwd[PATH_MAX];

	TST_EXP_FAIL(access(file_path, F_OK), ENOENT,
		     "holder's tmpfs file before setns()");
	before = mono_ns();
	TEST(setns(fd, CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET |
		   CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWCGROUP |
		   CLONE_NEWTIME));
	after = mono_ns();
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "setns(pidfd, seven namespace flags)");
		return;
	}
	tst_res(TPASS, "setns(pidfd, seven namespace flags)");
	for (i = 0; joined[i]; i++) {
		if (NS_ID(0, joined[i]) != NS_ID(holder, joined[i])) {
			tst_res(TFAIL, "/proc/self/ns/%s is not the holder's",
				joined[i]);
			same = 0;
		}
	}
	if (same)
		tst_res(TPASS, "uts, ipc, net, mnt, cgroup, time all joined");
	TST_EXP_EXPR(NS_ID(0, "pid_for_children") == NS_ID(holder, "pid") &&
		     NS_ID(0, "pid") == own_pid,
		     "children go to the holder's pid namespace, the caller "
		     "stays in its own");
	ns_gethostname(host, sizeof(host));
	TST_EXP_EXPR(!strcmp(host, HOSTNAME), "hostname '%s' (want '%s')",
		     host, HOSTNAME);
	TST_EXP_POSITIVE(msgget(key, 0), "msgget(holder's key)");
	TST_EXP_PASS(access(file_path, F_OK), "holder's tmpfs file");
	if (!getcwd(cwd, sizeof(cwd)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	TST_EXP_EXPR(!strcmp(cwd, "/"),
		     "working directory '%s' is the namespace's root", cwd);
	TST_EXP_EXPR(after - before >= DAY_NS &&
		     after - before < DAY_NS + 60LL * 1000000000LL *
		     tst_timeout_mul(),
		     "CLOCK_MONOTONIC moved %lld s across setns() (+1 day)",
		     (after - before) / 1000000000LL);
}

static void pid_not_descendant(void)
{
	int fd = safe_pidfd_open(holder);
	pid_t pid = SAFE_NS_FORK(CLONE_NEWPID);

	if (pid) {
		NS_REAP(pid);
		return;
	}
	TST_EXP_FAIL(setns(fd, CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET |
			   CLONE_NEWPID), EINVAL,
		     "setns(pidfd, UTS | IPC | NET | PID) from a sibling pid "
		     "namespace");
	TST_EXP_EXPR(own_uts_ipc_net() &&
		     NS_ID(0, "pid_for_children") == NS_ID(0, "pid"),
		     "uts, ipc, net and pid_for_children still the caller's");
	exit(0);
}

static void *idle_thread(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void time_two_threads(void)
{
	int fd = safe_pidfd_open(holder), ret;
	ino_t own_cgroup = NS_ID(0, "cgroup"), own_time = NS_ID(0, "time");
	long long before, after;
	pthread_t thread;

	ret = pthread_create(&thread, NULL, idle_thread, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	before = mono_ns();
	TST_EXP_FAIL(setns(fd, CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET |
			   CLONE_NEWCGROUP | CLONE_NEWTIME), EUSERS,
		     "setns(pidfd, UTS | IPC | NET | CGROUP | TIME) with two "
		     "threads");
	after = mono_ns();
	TST_EXP_EXPR(own_uts_ipc_net() && NS_ID(0, "cgroup") == own_cgroup &&
		     NS_ID(0, "time") == own_time &&
		     NS_ID(0, "time_for_children") == own_time,
		     "uts, ipc, net, cgroup and time still the caller's");
	TST_EXP_EXPR(after - before < DAY_NS / 2,
		     "CLOCK_MONOTONIC not shifted (%lld s across the call)",
		     (after - before) / 1000000000LL);
}

static void user_same(void)
{
	int fd = safe_pidfd_open(holder);

	TST_EXP_FAIL(setns(fd, CLONE_NEWUTS | CLONE_NEWUSER), EINVAL,
		     "setns(pidfd, UTS | USER) into the caller's own user "
		     "namespace");
	TST_EXP_EXPR(own_uts_ipc_net(), "uts namespace still the caller's");
}

static void zombie(void)
{
	siginfo_t si;
	pid_t pid;
	int fd;

	pid = SAFE_NS_FORK(CLONE_NEWUTS);
	if (!pid) {
		TST_CHECKPOINT_WAIT(1);
		_exit(0);
	}
	fd = safe_pidfd_open(pid);
	TST_CHECKPOINT_WAKE(1);
	/* WNOWAIT: wait until it is a zombie, leave it one */
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(WNOWAIT)");
	TST_EXP_FAIL(setns(fd, CLONE_NEWUTS), ESRCH,
		     "setns(pidfd of a zombie, UTS)");
	SAFE_WAITPID(pid, NULL, 0);
	TST_EXP_FAIL(setns(fd, CLONE_NEWUTS), ESRCH,
		     "setns(pidfd of a reaped process, UTS)");
	SAFE_CLOSE(fd);
}

static void (*const cases[])(void) = {
	join_all, pid_not_descendant, time_two_threads, user_same, zombie,
};

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		cases[n]();
		exit(0);
	}
	NS_REAP(pid);
}

static void setup(void)
{
	int time_fd, fd = ns_setns_pidfd(getpid());

	if (fd == -1)
		tst_brk(TCONF, "no setns() with a pidfd");
	SAFE_CLOSE(fd);
	key = 0x4c530000 | (getpid() & 0xffff);
	snprintf(mnt_path, sizeof(mnt_path), "%s/mnt", tst_tmpdir_path);
	snprintf(file_path, sizeof(file_path), "%s/mnt/file", tst_tmpdir_path);
	SAFE_MKDIR(mnt_path, 0755);

	/* the holder is born in a new time namespace; the test goes back */
	time_fd = SAFE_OPEN("/proc/self/ns/time", O_RDONLY);
	if (unshare(CLONE_NEWTIME))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWTIME)");
	SAFE_FILE_PRINTF("/proc/self/timens_offsets", "monotonic 86400 0");
	holder = SAFE_NS_FORK(CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET |
			      CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWCGROUP);
	if (!holder)
		holder_main();
	if (setns(time_fd, CLONE_NEWTIME))
		tst_brk(TBROK | TERRNO, "setns() back to the test's time ns");
	SAFE_CLOSE(time_fd);
	TST_CHECKPOINT_WAIT(0);
}

static void cleanup(void)
{
	if (holder > 0) {
		kill(holder, SIGKILL);
		waitpid(holder, NULL, 0);
	}
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(cases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
	.min_kver = "5.8",
	.needs_kconfigs = (const char *const []) {
		"CONFIG_PID_NS", "CONFIG_UTS_NS", "CONFIG_IPC_NS",
		"CONFIG_NET_NS", "CONFIG_CGROUPS", "CONFIG_TIME_NS", NULL
	},
};

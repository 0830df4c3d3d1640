// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Namespace ioctls seen from inside user and pid namespaces (fs/nsfs.c
 * ns_ioctl(), kernel/user_namespace.c ns_get_owner(), ioctl_ns(2)): a
 * related namespace is handed out only when it is within the caller's
 * user namespace, owner uids and pids are given in the caller's ids.
 * U1 is a user namespace whose ids 0..999 are the kernel's 100000..;
 * in U1, as its uid 0:
 *  - NS_GET_PARENT and NS_GET_USERNS of U1 itself are EPERM (the parent
 *    is the initial namespace, above the caller), NS_GET_USERNS of the
 *    inherited uts namespace (owned by the initial one) is EPERM, and
 *    after unshare(CLONE_NEWUTS) it is U1;
 *  - NS_GET_OWNER_UID of U1 is the overflow uid (its owner, kernel uid
 *    0, has no id in U1);
 *  - U2, made by U1's uid 0 without maps: from U2, NS_GET_PARENT of U2 is
 *    EPERM and its owner uid the overflow uid; from U1, NS_GET_PARENT of
 *    U2 is U1 and its owner uid 0;
 * from the initial namespace: U2's owner uid is 100000, U1's 0;
 * NS_GET_PARENT of U2 is U1 and of that the initial namespace;
 * NS_GET_USERNS of U1's uts namespace is U1.
 * Pid translation (Linux 6.11; TCONF before: ENOTTY): I is init of a new
 * pid namespace P with a second thread (tid 2 in P):
 *  - on P's fd, NS_GET_PID_FROM_PIDNS of 1 is I's pid, of 2 the thread's
 *    tid, NS_GET_TGID_FROM_PIDNS of 2 is I's pid; NS_GET_PID_IN_PIDNS of
 *    I's pid is 1, of the thread's tid 2, NS_GET_TGID_IN_PIDNS of it 1;
 *    NS_GET_PID_IN_PIDNS of the test's pid (not in P) and
 *    NS_GET_PID_FROM_PIDNS of 3 (no such pid in P) are ESRCH; any of them
 *    on a uts namespace fd is EINVAL;
 *  - from inside P, NS_GET_PID_FROM_PIDNS on the initial namespace's fd
 *    of the test's pid is ESRCH: the test has no pid in P.
 */
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "lapi/nsfs.h"

#define KBASE 100000

static volatile pid_t *shared;
static unsigned int overflow_uid;

static ino_t fd_ino(int fd)
{
	struct stat st;

	SAFE_FSTAT(fd, &st);
	return st.st_ino;
}

static int open_ns(pid_t pid, const char *name)
{
	char path[64];

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/ns/%s", (int)pid, name);
	else
		snprintf(path, sizeof(path), "/proc/self/ns/%s", name);
	return SAFE_OPEN(path, O_RDONLY);
}

/* ioctl req on fd must give a namespace fd of inode ino. */
static void check_related(int fd, unsigned long req, const char *what,
			  ino_t ino)
{
	int nfd = ioctl(fd, req);

	if (nfd < 0) {
		tst_res(TFAIL | TERRNO, "%s", what);
		return;
	}
	TST_EXP_EXPR(fd_ino(nfd) == ino, "%s: inode %lu (expected %lu)", what,
		     (unsigned long)fd_ino(nfd), (unsigned long)ino);
	SAFE_CLOSE(nfd);
}

static void check_owner(int fd, unsigned int uid, const char *what)
{
	uid_t got = 12345;

	TEST(ioctl(fd, NS_GET_OWNER_UID, &got));
	TST_EXP_EXPR(TST_RET == 0 && got == uid, "NS_GET_OWNER_UID of %s: "
		     "%ld, uid %u (expected %u)", what, TST_RET,
		     (unsigned int)got, uid);
}

static void in_u2(void)
{
	int fd;

	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER) in U1");
	fd = open_ns(0, "user");
	TST_EXP_FAIL(ioctl(fd, NS_GET_PARENT), EPERM,
		     "NS_GET_PARENT of U2 from U2");
	check_owner(fd, overflow_uid, "U2 from U2");
	SAFE_CLOSE(fd);
	TST_CHECKPOINT_WAKE_AND_WAIT(2);
	exit(0);
}

static void in_u1(void)
{
	pid_t u2;
	int fd, ufd;

	TST_CHECKPOINT_WAIT(1);
	if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
		tst_brk(TBROK | TERRNO, "setres[ug]id(0) in U1");
	/* the uid change cleared it; U1 must open /proc/U2/ns (ptrace) */
	if (prctl(PR_SET_DUMPABLE, 1))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE)");
	fd = open_ns(0, "user");
	TST_EXP_FAIL(ioctl(fd, NS_GET_PARENT), EPERM,
		     "NS_GET_PARENT of U1 from U1");
	TST_EXP_FAIL(ioctl(fd, NS_GET_USERNS), EPERM,
		     "NS_GET_USERNS of U1 from U1");
	check_owner(fd, overflow_uid, "U1 from U1");
	ufd = open_ns(0, "uts");
	TST_EXP_FAIL(ioctl(ufd, NS_GET_USERNS), EPERM,
		     "NS_GET_USERNS of the initial uts namespace from U1");
	SAFE_CLOSE(ufd);
	if (unshare(CLONE_NEWUTS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUTS) in U1");
	ufd = open_ns(0, "uts");
	check_related(ufd, NS_GET_USERNS, "NS_GET_USERNS of U1's new uts "
		      "namespace from U1", fd_ino(fd));
	SAFE_CLOSE(ufd);

	u2 = SAFE_FORK();
	if (!u2)
		in_u2();
	TST_CHECKPOINT_WAIT(2);
	ufd = open_ns(u2, "user");
	check_related(ufd, NS_GET_PARENT, "NS_GET_PARENT of U2 from U1",
		      fd_ino(fd));
	check_owner(ufd, 0, "U2 from U1");
	SAFE_CLOSE(ufd);
	SAFE_CLOSE(fd);
	*shared = u2;
	TST_CHECKPOINT_WAKE_AND_WAIT(3);
	TST_CHECKPOINT_WAKE(2);
	NS_REAP(u2);
	exit(0);
}

static void user_scope(void)
{
	char map[64];
	pid_t u1, u2;
	int fd, pfd;

	u1 = SAFE_FORK();
	if (!u1) {
		if (unshare(CLONE_NEWUSER))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
		TST_CHECKPOINT_WAKE(0);
		in_u1();
	}
	TST_CHECKPOINT_WAIT(0);
	snprintf(map, sizeof(map), "0 %d 1000", KBASE);
	SAFE_NS_WRITE_PROC(u1, "uid_map", map);
	SAFE_NS_WRITE_PROC(u1, "gid_map", map);
	TST_CHECKPOINT_WAKE(1);

	TST_CHECKPOINT_WAIT(3);
	u2 = *shared;
	fd = open_ns(u2, "user");
	check_owner(fd, KBASE, "U2 from the initial namespace");
	check_related(fd, NS_GET_PARENT, "NS_GET_PARENT of U2 from the "
		      "initial namespace", NS_ID(u1, "user"));
	pfd = ioctl(fd, NS_GET_PARENT);
	if (pfd >= 0) {
		check_related(pfd, NS_GET_PARENT, "NS_GET_PARENT of U1 (got "
			      "from U2's fd)", NS_ID(0, "user"));
		SAFE_CLOSE(pfd);
	}
	SAFE_CLOSE(fd);
	fd = open_ns(u1, "user");
	check_owner(fd, 0, "U1 from the initial namespace");
	SAFE_CLOSE(fd);
	fd = open_ns(u1, "uts");
	check_related(fd, NS_GET_USERNS, "NS_GET_USERNS of U1's uts "
		      "namespace from the initial namespace",
		      NS_ID(u1, "user"));
	SAFE_CLOSE(fd);
	TST_CHECKPOINT_WAKE(3);
	NS_REAP(u1);
}

static void *blocked_thread(void *arg)
{
	(void)arg;
	TST_CHECKPOINT_WAKE_AND_WAIT(4);
	return NULL;
}

static void in_p(int init_fd, pid_t test_pid)
{
	pthread_t t;

	TST_EXP_FAIL(ioctl(init_fd, NS_GET_PID_FROM_PIDNS, test_pid), ESRCH,
		     "NS_GET_PID_FROM_PIDNS of the test's pid from inside P");
	if (pthread_create(&t, NULL, blocked_thread, NULL))
		tst_brk(TBROK, "pthread_create()");
	pthread_join(t, NULL);
	exit(0);
}

/* The tid of pid's thread other than pid itself. */
static pid_t other_tid(pid_t pid)
{
	char path[64];
	struct dirent *de;
	pid_t tid = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(%s)", path);
	while ((de = readdir(d))) {
		if (de->d_name[0] != '.' && atoi(de->d_name) != pid)
			tid = atoi(de->d_name);
	}
	closedir(d);
	if (!tid)
		tst_brk(TBROK, "no second thread in %s", path);
	return tid;
}

static void pid_translation(void)
{
	int init_fd = open_ns(0, "pid"), fd, ufd;
	pid_t self = getpid(), i, tid;

	TEST(ioctl(init_fd, NS_GET_PID_FROM_PIDNS, getpid()));
	if (TST_RET == -1 && TST_ERR == ENOTTY) {
		tst_res(TCONF, "NS_GET_PID_FROM_PIDNS: ENOTTY (Linux 6.11+)");
		SAFE_CLOSE(init_fd);
		return;
	}
	TST_EXP_EXPR(TST_RET == getpid(), "NS_GET_PID_FROM_PIDNS of the "
		     "test's own pid in its namespace: %ld", TST_RET);

	i = SAFE_NS_FORK(CLONE_NEWPID);
	if (!i)
		in_p(init_fd, self);
	/* the thread has woken checkpoint 4: both tasks exist */
	TST_CHECKPOINT_WAIT(4);
	tid = other_tid(i);
	fd = open_ns(i, "pid");
	TST_EXP_VAL(ioctl(fd, NS_GET_PID_FROM_PIDNS, 1), i,
		    "NS_GET_PID_FROM_PIDNS of P's 1");
	TST_EXP_VAL(ioctl(fd, NS_GET_PID_FROM_PIDNS, 2), tid,
		    "NS_GET_PID_FROM_PIDNS of P's 2 (I's thread)");
	TST_EXP_VAL(ioctl(fd, NS_GET_TGID_FROM_PIDNS, 2), i,
		    "NS_GET_TGID_FROM_PIDNS of P's 2");
	TST_EXP_VAL(ioctl(fd, NS_GET_PID_IN_PIDNS, i), 1,
		    "NS_GET_PID_IN_PIDNS of I");
	TST_EXP_VAL(ioctl(fd, NS_GET_PID_IN_PIDNS, tid), 2,
		    "NS_GET_PID_IN_PIDNS of I's thread");
	TST_EXP_VAL(ioctl(fd, NS_GET_TGID_IN_PIDNS, tid), 1,
		    "NS_GET_TGID_IN_PIDNS of I's thread");
	TST_EXP_FAIL(ioctl(fd, NS_GET_PID_IN_PIDNS, getpid()), ESRCH,
		     "NS_GET_PID_IN_PIDNS of the test (not in P)");
	TST_EXP_FAIL(ioctl(fd, NS_GET_PID_FROM_PIDNS, 3), ESRCH,
		     "NS_GET_PID_FROM_PIDNS of 3 (no such pid in P)");
	ufd = open_ns(0, "uts");
	TST_EXP_FAIL(ioctl(ufd, NS_GET_PID_FROM_PIDNS, 1), EINVAL,
		     "NS_GET_PID_FROM_PIDNS on a uts namespace fd");
	TST_EXP_FAIL(ioctl(ufd, NS_GET_TGID_IN_PIDNS, getpid()), EINVAL,
		     "NS_GET_TGID_IN_PIDNS on a uts namespace fd");
	SAFE_CLOSE(ufd);
	SAFE_CLOSE(fd);
	TST_CHECKPOINT_WAKE(4);
	NS_REAP(i);
	SAFE_CLOSE(init_fd);
}

static void run(void)
{
	user_scope();
	pid_translation();
}

static void setup(void)
{
	shared = SAFE_MMAP(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	overflow_uid = ns_overflow_id("overflowuid");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_PID_NS", "CONFIG_UTS_NS", NULL
	},
};

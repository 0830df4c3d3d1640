// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Namespace ioctls on /proc/PID/ns files (fs/nsfs.c, ioctl_ns(2)):
 * - NS_GET_NSTYPE gives the CLONE_NEW* type of each namespace;
 * - NS_GET_PARENT of the initial pid namespace is EPERM (no parent), of a
 *   UTS namespace EINVAL (not hierarchical); of a new pid namespace
 *   (pid_for_children after unshare) and of a new user namespace it is
 *   the caller's namespace (same inode);
 * - from inside a new pid namespace, NS_GET_PARENT of it is EPERM: the
 *   parent is out of the caller's scope;
 * - NS_GET_USERNS of the UTS namespace is the initial user namespace, of
 *   a new user namespace the one that created it; of the initial user
 *   namespace EPERM;
 * - NS_GET_OWNER_UID of a user namespace is its creator's uid (0), of a
 *   UTS namespace EINVAL;
 * - NS_GET_* on a descriptor that is not a namespace is ENOTTY.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <linux/nsfs.h>
#include "tst_test.h"

static ino_t ino_of(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	return st.st_ino;
}

/* The ioctl must return a namespace fd whose inode is the expected one. */
static void check_ns_fd(int fd, unsigned long req, const char *req_name,
			ino_t expected, const char *what)
{
	struct stat st;
	int ns_fd;

	TEST(ioctl(fd, req));
	if (TST_RET < 0) {
		tst_res(TFAIL | TTERRNO, "%s of %s failed", req_name, what);
		return;
	}
	ns_fd = TST_RET;
	SAFE_FSTAT(ns_fd, &st);
	if (st.st_ino == expected)
		tst_res(TPASS, "%s of %s is inode %lu", req_name, what,
			(unsigned long)expected);
	else
		tst_res(TFAIL, "%s of %s is inode %lu, expected %lu", req_name,
			what, (unsigned long)st.st_ino,
			(unsigned long)expected);
	SAFE_CLOSE(ns_fd);
}

static void nstypes(void)
{
	static const struct {
		const char *name;
		int type;
	} ns[] = {
		{"pid", CLONE_NEWPID}, {"uts", CLONE_NEWUTS},
		{"user", CLONE_NEWUSER}, {"mnt", CLONE_NEWNS},
		{"ipc", CLONE_NEWIPC}, {"net", CLONE_NEWNET},
		{"cgroup", CLONE_NEWCGROUP},
	};
	char path[64];
	unsigned int i;
	int fd;

	for (i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
		snprintf(path, sizeof(path), "/proc/self/ns/%s", ns[i].name);
		fd = SAFE_OPEN(path, O_RDONLY);
		TST_EXP_VAL(ioctl(fd, NS_GET_NSTYPE), ns[i].type,
			    "NS_GET_NSTYPE of %s", path);
		SAFE_CLOSE(fd);
	}
}

static void initial_namespaces(void)
{
	int pid_fd = SAFE_OPEN("/proc/self/ns/pid", O_RDONLY);
	int uts_fd = SAFE_OPEN("/proc/self/ns/uts", O_RDONLY);
	int user_fd = SAFE_OPEN("/proc/self/ns/user", O_RDONLY);
	int file_fd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
	uid_t uid = 12345;

	TST_EXP_FAIL(ioctl(pid_fd, NS_GET_PARENT), EPERM,
		     "NS_GET_PARENT of the initial pid namespace");
	TST_EXP_FAIL(ioctl(uts_fd, NS_GET_PARENT), EINVAL,
		     "NS_GET_PARENT of a UTS namespace");
	TST_EXP_FAIL(ioctl(user_fd, NS_GET_USERNS), EPERM,
		     "NS_GET_USERNS of the initial user namespace");
	TST_EXP_FAIL(ioctl(user_fd, NS_GET_PARENT), EPERM,
		     "NS_GET_PARENT of the initial user namespace");
	check_ns_fd(uts_fd, NS_GET_USERNS, "NS_GET_USERNS",
		    ino_of("/proc/self/ns/user"), "the UTS namespace");
	TST_EXP_FAIL(ioctl(uts_fd, NS_GET_OWNER_UID, &uid), EINVAL,
		     "NS_GET_OWNER_UID of a UTS namespace");
	TST_EXP_PASS(ioctl(user_fd, NS_GET_OWNER_UID, &uid),
		     "NS_GET_OWNER_UID of the initial user namespace");
	TST_EXP_EQ_LI(uid, 0);
	TST_EXP_FAIL(ioctl(file_fd, NS_GET_PARENT), ENOTTY,
		     "NS_GET_PARENT of a regular file");
	TST_EXP_FAIL(ioctl(file_fd, NS_GET_NSTYPE), ENOTTY,
		     "NS_GET_NSTYPE of a regular file");
	SAFE_CLOSE(pid_fd);
	SAFE_CLOSE(uts_fd);
	SAFE_CLOSE(user_fd);
	SAFE_CLOSE(file_fd);
}

static void wait_child(pid_t pid, const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "%s: child ended with status 0x%x", what,
			status);
}

/* Runs as pid 1 of a new pid namespace. */
static void inside_new_pidns(void)
{
	int fd = SAFE_OPEN("/proc/self/ns/pid", O_RDONLY);

	TST_EXP_EQ_LI(getpid(), 1);
	TST_EXP_FAIL(ioctl(fd, NS_GET_PARENT), EPERM,
		     "NS_GET_PARENT of its own pid namespace, from inside it");
	SAFE_CLOSE(fd);
}

static void new_namespaces(void)
{
	char path[64];
	pid_t pid, inner;
	uid_t uid = 12345;
	int fd;

	pid = SAFE_FORK();
	if (!pid) {
		if (unshare(CLONE_NEWPID | CLONE_NEWUSER))
			tst_brk(TBROK | TERRNO, "unshare(NEWPID | NEWUSER)");
		/*
		 * pid_for_children opens only once the new namespace has
		 * its init: keep pid 1 alive while the parent looks.
		 */
		inner = SAFE_FORK();
		if (!inner) {
			inside_new_pidns();
			TST_CHECKPOINT_WAKE_AND_WAIT(0);
			exit(0);
		}
		wait_child(inner, "pid 1 of the new pid namespace");
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);

	snprintf(path, sizeof(path), "/proc/%d/ns/pid_for_children", pid);
	fd = SAFE_OPEN(path, O_RDONLY);
	check_ns_fd(fd, NS_GET_PARENT, "NS_GET_PARENT",
		    ino_of("/proc/self/ns/pid"), "a new pid namespace");
	TST_EXP_VAL(ioctl(fd, NS_GET_NSTYPE), CLONE_NEWPID,
		    "NS_GET_NSTYPE of pid_for_children");
	SAFE_CLOSE(fd);

	snprintf(path, sizeof(path), "/proc/%d/ns/user", pid);
	fd = SAFE_OPEN(path, O_RDONLY);
	check_ns_fd(fd, NS_GET_PARENT, "NS_GET_PARENT",
		    ino_of("/proc/self/ns/user"), "a new user namespace");
	check_ns_fd(fd, NS_GET_USERNS, "NS_GET_USERNS",
		    ino_of("/proc/self/ns/user"), "a new user namespace");
	TST_EXP_PASS(ioctl(fd, NS_GET_OWNER_UID, &uid),
		     "NS_GET_OWNER_UID of a new user namespace");
	TST_EXP_EQ_LI(uid, 0);
	SAFE_CLOSE(fd);

	TST_CHECKPOINT_WAKE(0);
	wait_child(pid, "the child in new namespaces");
}

static void run(void)
{
	nstypes();
	initial_namespaces();
	new_namespaces();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

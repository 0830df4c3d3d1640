// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every error of setns() that a test can provoke, each with its errno
 * (man 2 setns; kernel/nsproxy.c setns(), validate_nsset(), and the
 * install hooks of each namespace type):
 *  - EBADF for fd -1 and for an fd that is not open;
 *  - EINVAL for an fd that is neither a namespace file nor a pidfd;
 *  - EINVAL when nstype names another type than the fd's namespace;
 *  - EINVAL for a pidfd with nstype 0 or with a non-namespace flag;
 *  - EINVAL for joining the caller's own user namespace, for joining a
 *    user namespace with two threads, and for a mount namespace while
 *    the fs_struct is shared (clone(CLONE_FS));
 *  - EINVAL for joining an ancestor pid namespace;
 *  - EPERM for joining a uts or net namespace without CAP_SYS_ADMIN, and
 *    a user namespace in which the caller has no CAP_SYS_ADMIN (nobody
 *    joining one that root owns);
 *  - ESRCH for a pidfd of a process that has exited.
 * After each refused call the caller's namespaces are unchanged.
 */
#include <pthread.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define STACK_SIZE (256 * 1024)

static pid_t holder = -1;
static int uts_fd = -1, net_fd = -1, user_fd = -1;

static int open_ns(pid_t pid, const char *name)
{
	char path[64];

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/ns/%s", (int)pid, name);
	else
		snprintf(path, sizeof(path), "/proc/self/ns/%s", name);
	return SAFE_OPEN(path, O_RDONLY);
}

static void check_bad_fds(void)
{
	int file_fd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
	ino_t uts = NS_ID(0, "uts"), net = NS_ID(0, "net");

	TST_EXP_FAIL(setns(-1, 0), EBADF, "setns(-1, 0)");
	TST_EXP_FAIL(setns(1000, CLONE_NEWUTS), EBADF,
		     "setns(unopened fd 1000, CLONE_NEWUTS)");
	TST_EXP_FAIL(setns(file_fd, 0), EINVAL, "setns(regular file fd, 0)");
	TST_EXP_FAIL(setns(uts_fd, CLONE_NEWIPC), EINVAL,
		     "setns(uts fd, CLONE_NEWIPC)");
	TST_EXP_FAIL(setns(net_fd, CLONE_NEWUTS), EINVAL,
		     "setns(net fd, CLONE_NEWUTS)");
	TST_EXP_FAIL(setns(uts_fd, CLONE_NEWUTS | CLONE_NEWNET), EINVAL,
		     "setns(uts fd, CLONE_NEWUTS | CLONE_NEWNET)");
	TST_EXP_EXPR(NS_ID(0, "uts") == uts && NS_ID(0, "net") == net,
		     "the refused calls left the uts and net namespaces");
	SAFE_CLOSE(file_fd);
}

static void check_pidfd(void)
{
	int fd = ns_setns_pidfd(holder);

	if (fd == -1)
		return;
	TST_EXP_FAIL(setns(fd, 0), EINVAL, "setns(pidfd, 0)");
	TST_EXP_FAIL(setns(fd, CLONE_VM), EINVAL, "setns(pidfd, CLONE_VM)");
	TST_EXP_FAIL(setns(fd, CLONE_NEWUTS | CLONE_FILES), EINVAL,
		     "setns(pidfd, CLONE_NEWUTS | CLONE_FILES)");
	SAFE_CLOSE(fd);
}

static void check_exited_pidfd(void)
{
	pid_t pid = SAFE_FORK();
	int fd;

	if (!pid)
		_exit(0);
	/* the pidfd is taken while pid exists, used after it is reaped */
	fd = ns_setns_pidfd(pid);
	reap_child(pid);
	if (fd == -1)
		return;
	TST_EXP_FAIL(setns(fd, CLONE_NEWUTS), ESRCH,
		     "setns(pidfd of an exited process, CLONE_NEWUTS)");
	SAFE_CLOSE(fd);
}

static void check_own_userns(void)
{
	int fd = open_ns(0, "user");

	TST_EXP_FAIL(setns(fd, CLONE_NEWUSER), EINVAL,
		     "setns(own user namespace, CLONE_NEWUSER)");
	SAFE_CLOSE(fd);
}

static void *idle_thread(void *arg)
{
	(void)arg;
	pause();
	return NULL;
}

static void check_userns_threads(void)
{
	pthread_t thread;
	int ret = pthread_create(&thread, NULL, idle_thread, NULL);

	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	TST_EXP_FAIL(setns(user_fd, CLONE_NEWUSER), EINVAL,
		     "setns(user fd, CLONE_NEWUSER) with two threads");
	TST_EXP_EXPR(NS_ID(0, "user") != NS_ID(holder, "user"),
		     "the caller is still in its own user namespace");
}

static volatile int shared_fs_ret, shared_fs_err;

static int shared_fs_child(void *arg)
{
	int fd = *(int *)arg;

	shared_fs_ret = setns(fd, CLONE_NEWNS);
	shared_fs_err = errno;
	return 0;
}

static void check_mnt_shared_fs(void)
{
	char *stack = SAFE_MALLOC(STACK_SIZE);
	int fd = open_ns(holder, "mnt");
	pid_t pid;

	shared_fs_ret = 0;
	pid = clone(shared_fs_child, stack + STACK_SIZE,
		    CLONE_VM | CLONE_FS | SIGCHLD, &fd);
	if (pid == -1)
		tst_brk(TBROK | TERRNO, "clone(CLONE_VM | CLONE_FS)");
	reap_child(pid);
	free(stack);
	if (shared_fs_ret == -1 && shared_fs_err == EINVAL)
		tst_res(TPASS, "setns(mnt fd, CLONE_NEWNS) with a shared "
			"fs_struct failed with EINVAL");
	else if (shared_fs_ret == -1)
		tst_res(TFAIL, "setns(mnt fd, CLONE_NEWNS) with a shared "
			"fs_struct failed with %s, expected EINVAL",
			tst_strerrno(shared_fs_err));
	else
		tst_res(TFAIL, "setns(mnt fd, CLONE_NEWNS) with a shared "
			"fs_struct succeeded, expected EINVAL");
	SAFE_CLOSE(fd);
}

static void check_ancestor_pidns(void)
{
	int fd = open_ns(0, "pid");
	pid_t pid = SAFE_NS_FORK(CLONE_NEWPID);

	if (!pid) {
		TST_EXP_FAIL(setns(fd, CLONE_NEWPID), EINVAL,
			     "setns(parent pid namespace, CLONE_NEWPID) in a "
			     "child pid namespace");
		exit(0);
	}
	NS_REAP(pid);
	SAFE_CLOSE(fd);
}

static void check_unprivileged(void)
{
	tst_drop_privs();
	TST_EXP_FAIL(setns(uts_fd, CLONE_NEWUTS), EPERM,
		     "setns(uts fd, CLONE_NEWUTS) as nobody");
	TST_EXP_FAIL(setns(net_fd, CLONE_NEWNET), EPERM,
		     "setns(net fd, CLONE_NEWNET) as nobody");
	TST_EXP_FAIL(setns(user_fd, CLONE_NEWUSER), EPERM,
		     "setns(root's user namespace, CLONE_NEWUSER) as nobody");
}

static void (*const checks[])(void) = {
	check_bad_fds, check_pidfd, check_exited_pidfd, check_own_userns,
	check_userns_threads, check_mnt_shared_fs, check_ancestor_pidns,
	check_unprivileged,
};

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		checks[n]();
		exit(0);
	}
	NS_REAP(pid);
}

static void setup(void)
{
	holder = SAFE_NS_FORK(CLONE_NEWUSER | CLONE_NEWUTS | CLONE_NEWNET |
			      CLONE_NEWNS);
	if (!holder) {
		for (;;)
			pause();
	}
	uts_fd = open_ns(holder, "uts");
	net_fd = open_ns(holder, "net");
	user_fd = open_ns(holder, "user");
}

static void cleanup(void)
{
	if (holder > 0) {
		kill(holder, SIGKILL);
		waitpid(holder, NULL, 0);
	}
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_PID_NS", "CONFIG_UTS_NS",
		"CONFIG_NET_NS", NULL
	},
};

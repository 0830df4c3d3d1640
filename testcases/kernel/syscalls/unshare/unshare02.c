// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every error of unshare() that a test can provoke, each with its errno
 * (man 2 unshare; kernel/fork.c ksys_unshare(), check_unshare_flags(),
 * kernel/user_namespace.c create_user_ns(), kernel/ucount.c):
 *  - EINVAL for a flag outside the unshareable set (CLONE_PARENT,
 *    CLONE_VFORK, CLONE_SETTLS, CLONE_IO, the CSIGNAL byte), and nothing
 *    is unshared then, not even the valid flags given with it;
 *  - EINVAL for CLONE_THREAD, CLONE_SIGHAND, CLONE_VM and CLONE_NEWUSER
 *    in a process with two threads (they succeed with one);
 *  - EPERM for CLONE_NEWUTS, NEWIPC, NEWNET, NEWNS, NEWPID, NEWCGROUP
 *    without CAP_SYS_ADMIN (as nobody), while CLONE_NEWUSER together with
 *    them gives the caller that capability and succeeds;
 *  - EPERM for CLONE_NEWUSER in a chroot, even as root;
 *  - EPERM for CLONE_NEWUSER when the caller's uid has no mapping in its
 *    user namespace;
 *  - ENOSPC past 32 levels of nested user namespaces, and when
 *    user.max_user_namespaces or user.max_uts_namespaces of the caller's
 *    user namespace is 0.
 */
#include <pthread.h>
#include "tst_test.h"
#include "ns_helpers.h"

static void check_bad_flags(void)
{
	static const struct {
		unsigned long flags;
		const char *name;
	} bad[] = {
		{CLONE_PARENT, "CLONE_PARENT"},
		{CLONE_VFORK, "CLONE_VFORK"},
		{CLONE_SETTLS, "CLONE_SETTLS"},
		{CLONE_IO, "CLONE_IO"},
		{SIGCHLD, "SIGCHLD (the CSIGNAL byte)"},
		{CLONE_NEWUTS | CLONE_PTRACE, "CLONE_NEWUTS | CLONE_PTRACE"},
	};
	ino_t uts = NS_ID(0, "uts");
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(unshare(bad[i].flags), EINVAL, "unshare(%s)",
			     bad[i].name);
	TST_EXP_EXPR(NS_ID(0, "uts") == uts,
		     "the refused CLONE_NEWUTS | CLONE_PTRACE left the uts "
		     "namespace as it was");
}

static void *idle_thread(void *arg)
{
	(void)arg;
	pause();
	return NULL;
}

static void check_threads(void)
{
	pthread_t thread;
	int ret;

	TST_EXP_PASS(unshare(CLONE_THREAD | CLONE_SIGHAND | CLONE_VM),
		     "unshare(CLONE_THREAD | CLONE_SIGHAND | CLONE_VM) with "
		     "one thread");
	ret = pthread_create(&thread, NULL, idle_thread, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	TST_EXP_FAIL(unshare(CLONE_THREAD), EINVAL,
		     "unshare(CLONE_THREAD) with two threads");
	TST_EXP_FAIL(unshare(CLONE_SIGHAND), EINVAL,
		     "unshare(CLONE_SIGHAND) with two threads");
	TST_EXP_FAIL(unshare(CLONE_VM), EINVAL,
		     "unshare(CLONE_VM) with two threads");
	TST_EXP_FAIL(unshare(CLONE_NEWUSER), EINVAL,
		     "unshare(CLONE_NEWUSER) with two threads");
	/* the other thread dies with the process */
}

static const struct {
	unsigned long flag;
	const char *name;
} admin_flags[] = {
	{CLONE_NEWUTS, "CLONE_NEWUTS"},
	{CLONE_NEWIPC, "CLONE_NEWIPC"},
	{CLONE_NEWNET, "CLONE_NEWNET"},
	{CLONE_NEWNS, "CLONE_NEWNS"},
	{CLONE_NEWPID, "CLONE_NEWPID"},
	{CLONE_NEWCGROUP, "CLONE_NEWCGROUP"},
};

static int userns_allowed(void)
{
	long val;

	/* Debian's switch for unprivileged user namespaces */
	if (tst_file_read_long("/proc/sys/kernel/unprivileged_userns_clone",
			       &val) && !val)
		return 0;
	return 1;
}

static void check_unprivileged(void)
{
	unsigned long all = 0;
	unsigned int i;

	tst_drop_privs();
	for (i = 0; i < ARRAY_SIZE(admin_flags); i++) {
		TST_EXP_FAIL(unshare(admin_flags[i].flag), EPERM,
			     "unshare(%s) as nobody", admin_flags[i].name);
		all |= admin_flags[i].flag;
	}
	if (!userns_allowed()) {
		TST_EXP_FAIL(unshare(CLONE_NEWUSER | all), EPERM,
			     "unshare(CLONE_NEWUSER | the others) as nobody "
			     "with kernel.unprivileged_userns_clone = 0");
		return;
	}
	TST_EXP_PASS(unshare(CLONE_NEWUSER | all),
		     "unshare(CLONE_NEWUSER | the others) as nobody");
}

static void check_chroot(void)
{
	if (chroot("."))
		tst_brk(TBROK | TERRNO, "chroot(.)");
	TST_EXP_FAIL(unshare(CLONE_NEWUSER), EPERM,
		     "unshare(CLONE_NEWUSER) as root in a chroot");
}

static void check_unmapped(void)
{
	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	TST_EXP_FAIL(unshare(CLONE_NEWUSER), EPERM,
		     "unshare(CLONE_NEWUSER) with an unmapped uid");
}

static void check_nesting(void)
{
	uid_t uid = getuid();
	gid_t gid = getgid();
	int level;

	/* create_user_ns() refuses a parent at level 33 */
	for (level = 1; level <= 33; level++) {
		if (unshare(CLONE_NEWUSER)) {
			tst_res(TFAIL | TERRNO,
				"unshare(CLONE_NEWUSER) for level %d", level);
			return;
		}
		ns_map_self_root(uid, gid);
		uid = 0;
		gid = 0;
	}
	tst_res(TPASS, "33 nested user namespaces created");
	TST_EXP_FAIL(unshare(CLONE_NEWUSER), ENOSPC,
		     "unshare(CLONE_NEWUSER) for level 34");
}

static void check_ucount_limits(void)
{
	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	ns_map_self_root(0, 0);
	/* the limits of this user namespace, not the global ones */
	SAFE_FILE_PRINTF("/proc/sys/user/max_uts_namespaces", "0");
	SAFE_FILE_PRINTF("/proc/sys/user/max_user_namespaces", "0");
	TST_EXP_FAIL(unshare(CLONE_NEWUTS), ENOSPC,
		     "unshare(CLONE_NEWUTS) with max_uts_namespaces 0");
	TST_EXP_FAIL(unshare(CLONE_NEWUSER), ENOSPC,
		     "unshare(CLONE_NEWUSER) with max_user_namespaces 0");
}

static void (*const checks[])(void) = {
	check_bad_flags, check_threads, check_unprivileged, check_chroot,
	check_unmapped, check_nesting, check_ucount_limits,
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

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_PID_NS", "CONFIG_UTS_NS",
		"CONFIG_IPC_NS", "CONFIG_NET_NS", NULL
	},
};

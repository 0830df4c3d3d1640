// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-type namespace limits of a user namespace, user.max_*_namespaces
 * (man 7 namespaces, "The /proc/sys/user directory"; kernel/ucount.c
 * inc_ucount()), in a user namespace U of the test (ids 0..999 mapped to
 * 100000..):
 *  - a new user namespace starts with all eight limits at 2147483647
 *    (INT_MAX), whatever its parent has; -1 and 2147483648 are EINVAL,
 *    the value kept;
 *  - for uts, ipc, net, mnt, cgroup and time namespaces, limit 2: two
 *    unshare() calls by U's root succeed, the third is ENOSPC; raised to
 *    3 the third succeeds at once, the fourth is ENOSPC; when a holder
 *    dies its namespace's place is given back (a bounded poll: net and
 *    ipc namespaces are freed by a work queue);
 *  - with U's two uts namespaces of root held, a user namespace U2 made
 *    by root inside U (its own limit INT_MAX) cannot make one either:
 *    the count of U's root is checked against U's limit at every level;
 *  - uid 5 of U (with CAP_SYS_ADMIN kept) is counted apart: it makes two
 *    uts namespaces of its own, the third ENOSPC.
 * Would catch a limit not enforced or off by one for a type, a count not
 * given back when a namespace is freed (a ucount leak), limits checked
 * only in the creator's own namespace, counts kept per namespace instead
 * of per user.
 */
#include <stdio.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "caps_raw.h"

#define INT_MAX_STR "2147483647"

struct ns_type {
	const char *name;
	int flag;
};

static const struct ns_type types[] = {
	{"uts", CLONE_NEWUTS}, {"ipc", CLONE_NEWIPC}, {"net", CLONE_NEWNET},
	{"mnt", CLONE_NEWNS}, {"cgroup", CLONE_NEWCGROUP},
	{"time", CLONE_NEWTIME},
};

static const char *const all_limits[] = {
	"user", "pid", "uts", "ipc", "net", "mnt", "cgroup", "time", NULL
};

static void limit_path(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "/proc/sys/user/max_%s_namespaces", name);
}

/* One write() of val to path: 0, or -1 with errno (the sysctl's verdict). */
static int write_val(const char *path, const char *val)
{
	int fd = SAFE_OPEN(path, O_WRONLY), ret, err;

	ret = write(fd, val, strlen(val));
	err = errno;
	SAFE_CLOSE(fd);
	errno = err;
	return ret == (int)strlen(val) ? 0 : -1;
}

static void set_limit(const char *name, const char *val)
{
	char path[64];

	limit_path(path, sizeof(path), name);
	SAFE_FILE_PRINTF(path, "%s", val);
}

/*
 * Fork a child that unshares flags and then holds what it made until it
 * is killed. Returns 0 (the holder in *pid) or the errno of its
 * unshare() (no holder left: *pid is -1).
 */
static int hold_ns(int flags, pid_t *pid)
{
	int fds[2], err;

	SAFE_PIPE(fds);
	*pid = SAFE_FORK();
	if (!*pid) {
		SAFE_CLOSE(fds[0]);
		err = unshare(flags) ? errno : 0;
		SAFE_WRITE(1, fds[1], &err, sizeof(err));
		if (err)
			_exit(0);
		for (;;)
			pause();
	}
	SAFE_CLOSE(fds[1]);
	SAFE_READ(1, fds[0], &err, sizeof(err));
	SAFE_CLOSE(fds[0]);
	if (err) {
		SAFE_WAITPID(*pid, NULL, 0);
		*pid = -1;
	}
	return err;
}

static void release(pid_t *pid)
{
	if (*pid <= 0)
		return;
	SAFE_KILL(*pid, SIGKILL);
	SAFE_WAITPID(*pid, NULL, 0);
	*pid = -1;
}

/* hold_ns() expected to work; its failure is TFAIL */
static int expect_held(int flags, pid_t *pid, const char *what)
{
	int err = hold_ns(flags, pid);

	if (err)
		tst_res(TFAIL, "%s: %s", what, tst_strerrno(err));
	return !err;
}

static void check_defaults(void)
{
	char path[64], val[32];
	int i, ok = 1;

	for (i = 0; all_limits[i]; i++) {
		limit_path(path, sizeof(path), all_limits[i]);
		SAFE_FILE_SCANF(path, "%31s", val);
		if (strcmp(val, INT_MAX_STR)) {
			tst_res(TFAIL, "%s reads %s in a new user namespace",
				path, val);
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, "all eight limits read " INT_MAX_STR " in U");

	limit_path(path, sizeof(path), "uts");
	TST_EXP_FAIL(write_val(path, "-1"), EINVAL,
		     "max_uts_namespaces = -1");
	TST_EXP_FAIL(write_val(path, "2147483648"), EINVAL,
		     "max_uts_namespaces = 2147483648");
	SAFE_FILE_SCANF(path, "%31s", val);
	TST_EXP_EXPR(!strcmp(val, INT_MAX_STR), "max_uts_namespaces kept: %s",
		     val);
}

static void check_type(const struct ns_type *t)
{
	pid_t held[4] = { -1, -1, -1, -1 }, extra;
	long long start, deadline;
	int i, err, ok = 1;

	set_limit(t->name, "2");
	for (i = 0; i < 2; i++)
		ok &= expect_held(t->flag, &held[i], t->name);
	err = hold_ns(t->flag, &extra);
	release(&extra);
	if (ok && err == ENOSPC)
		tst_res(TPASS, "max_%s_namespaces 2: two made, the third ENOSPC",
			t->name);
	else if (ok)
		tst_res(TFAIL, "max_%s_namespaces 2: the third: %s (want "
			"ENOSPC)", t->name, tst_strerrno(err));

	set_limit(t->name, "3");
	ok = expect_held(t->flag, &held[2], t->name);
	err = hold_ns(t->flag, &extra);
	release(&extra);
	if (ok && err == ENOSPC)
		tst_res(TPASS, "max_%s_namespaces 3: the third made, the fourth "
			"ENOSPC", t->name);
	else if (ok)
		tst_res(TFAIL, "max_%s_namespaces 3: the fourth: %s (want "
			"ENOSPC)", t->name, tst_strerrno(err));

	release(&held[0]);
	start = tst_mono_ms();
	deadline = start + 20000LL * tst_timeout_mul();
	while ((err = hold_ns(t->flag, &held[3])) == ENOSPC &&
	       tst_mono_ms() < deadline)
		usleep(50000);
	if (err)
		tst_res(TFAIL, "%s namespace place not given back in %lld ms "
			"(%s)", t->name, tst_mono_ms() - start,
			tst_strerrno(err));
	else
		tst_res(TPASS, "a freed %s namespace made room (%lld ms)",
			t->name, tst_mono_ms() - start);
	for (i = 0; i < 4; i++)
		release(&held[i]);
	set_limit(t->name, INT_MAX_STR);
}

static void raise_effective_caps(void)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget()");
	s.eff = s.prm;
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset()");
}

static void check_hierarchy_and_users(void)
{
	pid_t held[2] = { -1, -1 }, other[2] = { -1, -1 }, extra, pid;
	int err, ok, i;

	set_limit("uts", "2");
	ok = expect_held(CLONE_NEWUTS, &held[0], "uts (root)") &
	     expect_held(CLONE_NEWUTS, &held[1], "uts (root)");

	err = hold_ns(CLONE_NEWUSER | CLONE_NEWUTS, &extra);
	release(&extra);
	if (ok)
		TST_EXP_EXPR(err == ENOSPC, "uts namespace in U2 (made by U's "
			     "root) under U's limit: %s (want ENOSPC)",
			     tst_strerrno(err));

	pid = SAFE_FORK();
	if (!pid) {
		if (prctl(PR_SET_KEEPCAPS, 1))
			tst_brk(TBROK | TERRNO, "prctl(PR_SET_KEEPCAPS)");
		if (setresuid(5, 5, 5))
			tst_brk(TBROK | TERRNO, "setresuid(5)");
		raise_effective_caps();
		ok = expect_held(CLONE_NEWUTS, &other[0], "uts (uid 5)") &
		     expect_held(CLONE_NEWUTS, &other[1], "uts (uid 5)");
		err = hold_ns(CLONE_NEWUTS, &extra);
		release(&extra);
		if (ok)
			TST_EXP_EXPR(err == ENOSPC, "uid 5 made two uts "
				     "namespaces of its own beside root's, the "
				     "third: %s (want ENOSPC)",
				     tst_strerrno(err));
		for (i = 0; i < 2; i++)
			release(&other[i]);
		exit(0);
	}
	NS_REAP(pid);
	for (i = 0; i < 2; i++)
		release(&held[i]);
}

static void in_userns(void)
{
	unsigned int i;

	TST_CHECKPOINT_WAIT(0);
	/* become U's root (kernel uid 100000), keeping U's capabilities */
	if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
		tst_brk(TBROK | TERRNO, "setresuid/setresgid(0) in U");
	check_defaults();
	for (i = 0; i < ARRAY_SIZE(types); i++)
		check_type(&types[i]);
	check_hierarchy_and_users();
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWUSER);

	if (!pid) {
		in_userns();
		exit(0);
	}
	SAFE_NS_WRITE_PROC(pid, "uid_map", "0 100000 1000");
	SAFE_NS_WRITE_PROC(pid, "gid_map", "0 100000 1000");
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_checkpoints = 1,
	.forks_child = 1,
	.timeout = 180,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_UTS_NS", "CONFIG_IPC_NS",
		"CONFIG_NET_NS", "CONFIG_CGROUPS", "CONFIG_TIME_NS", NULL
	},
};

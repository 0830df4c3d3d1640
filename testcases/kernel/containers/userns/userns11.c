// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /proc/PID/setgroups along a chain of user namespaces (man 7
 * user_namespaces, "Interaction with system calls that change process
 * UIDs or GIDs"; kernel/user_namespace.c proc_setgroups_write(),
 * userns_may_setgroups(), new_idmap_permitted()), the CVE-2014-8989 rules:
 *  - A, made by the test, reads "allow"; setgroups(2) there is EPERM
 *    until its gid_map is written, though A holds CAP_SETGID; "foo" is
 *    EINVAL, the value kept; after the test writes A's maps,
 *    setgroups({5}) works (getgroups() and the Groups line read 5);
 *  - B, made in A, inherits "allow", takes "deny", and then "allow" is
 *    EPERM (the value stays "deny"); with its maps written by A,
 *    setgroups() is EPERM in B while A's groups stay settable;
 *  - C, made in B, inherits "deny" (reads it, "allow" EPERM), so the
 *    creator may map its own gid into C without CAP_SETGID over B; its
 *    gid is then 0 in C and setgroups() is EPERM.
 * Would catch supplementary groups droppable in a new user namespace (a
 * process escaping a negative group permission), setgroups allowed
 * before a gid map, "deny" not inherited or revocable.
 */
#include <grp.h>
#include <stdio.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "ns_helpers.h"

static const gid_t group5 = 5;

static void expect_setgroups_file(const char *want, const char *who)
{
	char val[32];

	SAFE_FILE_SCANF("/proc/self/setgroups", "%31s", val);
	TST_EXP_EXPR(!strcmp(val, want), "%s: setgroups reads '%s' (want "
		     "'%s')", who, val, want);
}

/* The Groups line of /proc/self/status is exactly "5". */
static int status_groups_is_5(void)
{
	char line[256];
	int ok = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Groups:", 7))
			ok = !strcmp(line, "Groups:\t5 \n") ||
			     !strcmp(line, "Groups:\t5\n");
	}
	fclose(f);
	return ok;
}

static void c_main(void)
{
	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER) in B");
	expect_setgroups_file("deny", "C");
	TST_EXP_FAIL(ns_write_proc(0, "setgroups", "allow"), EPERM,
		     "C: setgroups 'allow' under B's 'deny'");
	SAFE_NS_WRITE_PROC(0, "uid_map", "0 0 1");
	TST_EXP_PASS(ns_write_proc(0, "gid_map", "0 0 1"),
		     "C: own gid mapped without CAP_SETGID over B");
	TST_EXP_EQ_LI(getgid(), 0);
	TST_EXP_FAIL(setgroups(1, &group5), EPERM, "C: setgroups({5})");
	exit(0);
}

static void b_main(void)
{
	pid_t pid;

	expect_setgroups_file("allow", "B");
	TST_EXP_PASS(ns_write_proc(0, "setgroups", "deny"),
		     "B: setgroups 'deny'");
	TST_EXP_FAIL(ns_write_proc(0, "setgroups", "allow"), EPERM,
		     "B: setgroups 'allow' after 'deny'");
	expect_setgroups_file("deny", "B");
	TST_CHECKPOINT_WAKE_AND_WAIT(2);
	TST_EXP_EQ_LI(getgid(), 0);
	TST_EXP_FAIL(setgroups(1, &group5), EPERM,
		     "B: setgroups({5}) with 'deny' and gid_map written");
	pid = SAFE_FORK();
	if (!pid)
		c_main();
	NS_REAP(pid);
	exit(0);
}

static void a_main(void)
{
	gid_t groups[4];
	pid_t pid;
	int n;

	expect_setgroups_file("allow", "A");
	TST_EXP_FAIL(setgroups(1, &group5), EPERM,
		     "A: setgroups({5}) before gid_map is written");
	TST_EXP_FAIL(ns_write_proc(0, "setgroups", "foo"), EINVAL,
		     "A: setgroups 'foo'");
	expect_setgroups_file("allow", "A");
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
		tst_brk(TBROK | TERRNO, "setresgid/setresuid(0) in A");
	/* the uid change made A (and B, its fork) undumpable: /proc/PID
	 * files would be root's, out of reach of B and of A's writes */
	if (prctl(PR_SET_DUMPABLE, 1))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE)");
	TST_EXP_PASS(setgroups(1, &group5), "A: setgroups({5}) after gid_map");
	n = getgroups(ARRAY_SIZE(groups), groups);
	TST_EXP_EXPR(n == 1 && groups[0] == 5 && status_groups_is_5(),
		     "A: getgroups() and status Groups read 5 (n %d)", n);

	pid = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!pid)
		b_main();
	TST_CHECKPOINT_WAIT(2);
	SAFE_NS_WRITE_PROC(pid, "uid_map", "0 0 100");
	SAFE_NS_WRITE_PROC(pid, "gid_map", "0 0 100");
	TST_CHECKPOINT_WAKE(2);
	NS_REAP(pid);
	TST_EXP_PASS(setgroups(1, &group5), "A: setgroups() still works "
		     "after B and C denied it");
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWUSER);

	if (!pid)
		a_main();
	TST_CHECKPOINT_WAIT(0);
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
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", NULL
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "9cc46516ddf4"},
		{"linux-git", "66d2f338ee4c"},
		{"linux-git", "273d2c67c3e1"},
		{"CVE", "2014-8989"},
		{}
	},
};

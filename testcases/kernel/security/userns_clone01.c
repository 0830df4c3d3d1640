// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Debian's kernel.unprivileged_userns_clone (a Debian patch: the checks
 * in copy_process() and ksys_unshare(), kernel/fork.c, are
 * "CLONE_NEWUSER && !unprivileged_userns_clone && !capable(CAP_SYS_ADMIN)
 * -> EPERM"; saved and restored; TCONF where the kernel lacks it):
 *  - at 0, nobody's unshare(CLONE_NEWUSER), clone(CLONE_NEWUSER) and
 *    clone3(CLONE_NEWUSER) are EPERM and the caller stays in its user
 *    namespace; root without CAP_SYS_ADMIN (all other caps kept) EPERM
 *    too; root creates one;
 *  - at 0, root inside a user namespace it just created (full caps there,
 *    none in the initial one) cannot nest another one: the check is
 *    capable(), not ns_capable();
 *  - at 1 all of those succeed and give a new namespace (its id differs);
 *  - any non-zero value (2, -1: the handler is plain proc_dointvec) reads
 *    back as written and allows;
 *  - nobody cannot write the sysctl (EACCES at open, value kept).
 * Catches: the switch ignored for one of the three entry points, checked
 * against the caller's own namespace, or inverted.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include "tst_test.h"
#include "lapi/sched.h"
#include "caps_raw.h"
#include "ns_helpers.h"

#define KNOB "/proc/sys/kernel/unprivileged_userns_clone"

/* A child in a new user namespace through clone() or clone3(); 0 there. */
static long fork_newuser(int use_clone3)
{
	struct clone3_args args;

	if (!use_clone3)
		return tst_syscall(__NR_clone, CLONE_NEWUSER | SIGCHLD, 0, NULL,
				   NULL, 0);
	memset(&args, 0, sizeof(args));
	args.flags = CLONE_NEWUSER;
	args.exit_signal = SIGCHLD;
	return tst_syscall(__NR_clone3, &args, CLONE_ARGS_VER0);
}

/*
 * Try the three ways in the calling process; allowed says what the knob
 * and the caller's caps must give. A successful clone's child exits 0
 * only if it is in another user namespace than its parent.
 */
static void try_all(int allowed, const char *who)
{
	ino_t before = NS_ID(0, "user");
	unsigned int i;
	int status;
	long pid;

	for (i = 0; i < 2; i++) {
		const char *call = i ? "clone3" : "clone";

		pid = fork_newuser(i);
		if (!pid)
			_exit(NS_ID(0, "user") != before ? 0 : 1);
		if (!allowed) {
			TST_EXP_EXPR(pid == -1 && errno == EPERM,
				     "%s: %s(CLONE_NEWUSER) EPERM (%ld, %s)",
				     who, call, pid, tst_strerrno(errno));
			continue;
		}
		if (pid < 0) {
			tst_res(TFAIL | TERRNO, "%s: %s(CLONE_NEWUSER)", who,
				call);
			continue;
		}
		SAFE_WAITPID(pid, &status, 0);
		TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
			     "%s: %s(CLONE_NEWUSER) child in a new namespace",
			     who, call);
	}

	if (!allowed) {
		TST_EXP_FAIL(unshare(CLONE_NEWUSER), EPERM,
			     "%s: unshare(CLONE_NEWUSER)", who);
		TST_EXP_EXPR(NS_ID(0, "user") == before,
			     "%s: still in the same user namespace", who);
		return;
	}
	TST_EXP_PASS(unshare(CLONE_NEWUSER), "%s: unshare(CLONE_NEWUSER)",
		     who);
	TST_EXP_EXPR(NS_ID(0, "user") != before,
		     "%s: in a new user namespace", who);
}

/* 0 nobody, 1 root without CAP_SYS_ADMIN, 2 root. */
static void as(int who, int allowed)
{
	static const char *const names[] = {
		"nobody", "root without CAP_SYS_ADMIN", "root",
	};
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (who == 0)
			tst_drop_privs();
		else if (who == 1)
			drop_eff_caps(CAP_BIT(CAP_SYS_ADMIN));
		try_all(allowed, names[who]);
		exit(0);
	}
	reap_child(pid);
}

/*
 * Root of a user namespace that init's root made and mapped "0 0 1" (so
 * its uid can own a child namespace): every capability there, none in
 * the initial namespace, which is where the switch's capable() looks.
 */
static void nested(int allowed)
{
	int up[2], down[2];
	pid_t pid;

	SAFE_PIPE(up);
	SAFE_PIPE(down);
	pid = SAFE_FORK();
	if (!pid) {
		if (unshare(CLONE_NEWUSER))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER) as root");
		ns_signal_fd(up[1]);
		ns_wait_fd(down[0]);
		try_all(allowed, "root of a new user namespace");
		exit(0);
	}
	ns_wait_fd(up[0]);
	SAFE_NS_WRITE_PROC(pid, "uid_map", "0 0 1");
	SAFE_NS_WRITE_PROC(pid, "gid_map", "0 0 1");
	ns_signal_fd(down[1]);
	reap_child(pid);
	SAFE_CLOSE(up[0]);
	SAFE_CLOSE(up[1]);
	SAFE_CLOSE(down[0]);
	SAFE_CLOSE(down[1]);
}

static void set_knob(const char *val)
{
	char buf[16] = "";

	SAFE_FILE_PRINTF(KNOB, "%s", val);
	SAFE_FILE_SCANF(KNOB, "%15s", buf);
	if (strcmp(buf, val))
		tst_res(TFAIL, "%s reads '%s' after writing '%s'", KNOB, buf,
			val);
}

static void nobody_writes(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		tst_drop_privs();
		TST_EXP_FAIL(open(KNOB, O_WRONLY), EACCES,
			     "nobody opens %s for writing", KNOB);
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	int v = -1;

	switch (n) {
	case 0:
		tst_res(TINFO, "unprivileged_userns_clone = 0");
		set_knob("0");
		as(0, 0);
		as(1, 0);
		as(2, 1);
		nested(0);
		nobody_writes();
		SAFE_FILE_SCANF(KNOB, "%d", &v);
		TST_EXP_EQ_LI(v, 0);
		break;
	case 1:
		tst_res(TINFO, "unprivileged_userns_clone = 1");
		set_knob("1");
		as(0, 1);
		as(1, 1);
		nested(1);
		break;
	case 2:
		tst_res(TINFO, "unprivileged_userns_clone = 2, then -1");
		set_knob("2");
		as(0, 1);
		set_knob("-1");
		as(0, 1);
		break;
	}
}

static void setup(void)
{
	if (access(KNOB, F_OK))
		tst_brk(TCONF, "%s missing: not a Debian kernel (the sysctl "
			"is Debian's patch)", KNOB);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ KNOB, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};

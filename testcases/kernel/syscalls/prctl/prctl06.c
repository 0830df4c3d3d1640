// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PR_CAP_AMBIENT (Linux 4.3), the ambient capability set:
 *  - RAISE adds a capability that is in both the permitted and the
 *    inheritable set (raising it twice is fine), IS_SET returns 1 for it
 *    and 0 for others, /proc/self/status CapAmb shows exactly the raised
 *    bits, LOWER removes it (also fine when not set), CLEAR_ALL empties
 *    the set; dropping a capability from the inheritable set drops it
 *    from the ambient set too;
 *  - EPERM for RAISE of a capability missing from the inheritable set,
 *    or (as nobody) from the permitted set, and with
 *    SECBIT_NO_CAP_AMBIENT_RAISE;
 *  - EINVAL for an unknown arg2, a capability above cap_last_cap,
 *    non-zero arg4 or arg5, and CLEAR_ALL with a non-zero arg3;
 *  - the set is inherited by fork() and, for a non-root user running a
 *    plain program, kept across execve(): the capability is in the new
 *    program's ambient set and others are not.
 * Each part runs in a child, so the test process keeps its credentials.
 */
#include <pwd.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <linux/securebits.h>
#include "caps_raw.h"
#include "exec_child_run.h"
#include "task_wait.h"

#define CAP_A CAP_NET_BIND_SERVICE
#define CAP_B CAP_NET_RAW
#define BIT(c) (1ULL << (c))

static long cap_last;
static uid_t nobody;

static long amb(int op, unsigned long cap)
{
	return prctl(PR_CAP_AMBIENT, op, cap, 0, 0);
}

static unsigned long long proc_cap_amb(void)
{
	unsigned long long v = ~0ULL;
	char line[128];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapAmb: %llx", &v) == 1)
			break;
	fclose(f);
	return v;
}

static void set_caps(uint64_t eff, uint64_t prm, uint64_t inh)
{
	struct cap_sets s = { .eff = eff, .prm = prm, .inh = inh };

	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset(eff %#llx prm %#llx inh "
			"%#llx)", (unsigned long long)eff,
			(unsigned long long)prm, (unsigned long long)inh);
}

static void check_errors(void)
{
	TST_EXP_FAIL(prctl(PR_CAP_AMBIENT, 99, CAP_A, 0, 0), EINVAL,
		     "PR_CAP_AMBIENT with arg2 99");
	TST_EXP_FAIL(amb(PR_CAP_AMBIENT_IS_SET, cap_last + 1), EINVAL,
		     "IS_SET of capability %ld (cap_last_cap + 1)",
		     cap_last + 1);
	TST_EXP_FAIL(amb(PR_CAP_AMBIENT_RAISE, cap_last + 1), EINVAL,
		     "RAISE of capability %ld", cap_last + 1);
	TST_EXP_FAIL(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_A, 1, 0),
		     EINVAL, "RAISE with arg4 1");
	TST_EXP_FAIL(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_LOWER, CAP_A, 0, 1),
		     EINVAL, "LOWER with arg5 1");
	TST_EXP_FAIL(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 1, 0, 0),
		     EINVAL, "CLEAR_ALL with arg3 1");
}

static void test_set_ops(void)
{
	struct cap_sets cur;
	uint64_t all;

	/* root's permitted set, whatever the bounding set left of it */
	if (capget_v3(0, &cur))
		tst_brk(TBROK | TERRNO, "capget()");
	all = cur.prm;
	if ((all & (BIT(CAP_A) | BIT(CAP_B))) != (BIT(CAP_A) | BIT(CAP_B)))
		tst_brk(TBROK, "root lacks CAP_NET_BIND_SERVICE or CAP_NET_RAW "
			"(permitted %#llx)", (unsigned long long)all);
	check_errors();
	set_caps(all, all, 0);
	TST_EXP_VAL(amb(PR_CAP_AMBIENT_IS_SET, CAP_A), 0);
	TST_EXP_FAIL(amb(PR_CAP_AMBIENT_RAISE, CAP_A), EPERM,
		     "RAISE of a capability not in the inheritable set");

	set_caps(all, all, BIT(CAP_A) | BIT(CAP_B));
	TST_EXP_PASS(amb(PR_CAP_AMBIENT_RAISE, CAP_A));
	TST_EXP_PASS(amb(PR_CAP_AMBIENT_RAISE, CAP_A), "RAISE again");
	TST_EXP_PASS(amb(PR_CAP_AMBIENT_RAISE, CAP_B));
	TST_EXP_VAL(amb(PR_CAP_AMBIENT_IS_SET, CAP_A), 1);
	TST_EXP_VAL(amb(PR_CAP_AMBIENT_IS_SET, CAP_B), 1);
	TST_EXP_VAL(amb(PR_CAP_AMBIENT_IS_SET, CAP_SYS_ADMIN), 0);
	TST_EXP_EQ_LU(proc_cap_amb(), BIT(CAP_A) | BIT(CAP_B));

	TST_EXP_PASS(amb(PR_CAP_AMBIENT_LOWER, CAP_B));
	TST_EXP_VAL(amb(PR_CAP_AMBIENT_IS_SET, CAP_B), 0);
	TST_EXP_PASS(amb(PR_CAP_AMBIENT_LOWER, CAP_B), "LOWER when not set");
	TST_EXP_EQ_LU(proc_cap_amb(), BIT(CAP_A));

	/* out of the inheritable set: out of the ambient set */
	set_caps(all, all, BIT(CAP_B));
	TST_EXP_VAL(amb(PR_CAP_AMBIENT_IS_SET, CAP_A), 0,
		    "IS_SET after CAP_A left the inheritable set");

	set_caps(all, all, BIT(CAP_A) | BIT(CAP_B));
	if (amb(PR_CAP_AMBIENT_RAISE, CAP_A) || amb(PR_CAP_AMBIENT_RAISE, CAP_B))
		tst_brk(TBROK | TERRNO, "RAISE");
	TST_EXP_PASS(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0));
	TST_EXP_EQ_LU(proc_cap_amb(), 0);

	TST_EXP_PASS(prctl(PR_SET_SECUREBITS, SECBIT_NO_CAP_AMBIENT_RAISE, 0,
			   0, 0));
	TST_EXP_FAIL(amb(PR_CAP_AMBIENT_RAISE, CAP_A), EPERM,
		     "RAISE with SECBIT_NO_CAP_AMBIENT_RAISE");
	TST_EXP_EQ_LU(proc_cap_amb(), 0);
	exit(0);
}

static void test_inherit(void)
{
	char cap_a[8], cap_b[8], op[8], opt[8];
	pid_t pid;

	/* nobody, keeping CAP_A in the permitted and inheritable sets */
	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) ||
	    setresuid(nobody, nobody, nobody))
		tst_brk(TBROK | TERRNO, "KEEPCAPS and setresuid(nobody)");
	set_caps(BIT(CAP_A), BIT(CAP_A), BIT(CAP_A) | BIT(CAP_B));
	TST_EXP_FAIL(amb(PR_CAP_AMBIENT_RAISE, CAP_B), EPERM,
		     "nobody: RAISE of a capability not permitted");
	TST_EXP_PASS(amb(PR_CAP_AMBIENT_RAISE, CAP_A), "nobody: RAISE");

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(amb(PR_CAP_AMBIENT_IS_SET, CAP_A), 1,
			    "IS_SET in a forked child");
		exit(0);
	}
	reap_child(pid);

	snprintf(opt, sizeof(opt), "%d", PR_CAP_AMBIENT);
	snprintf(op, sizeof(op), "%d", PR_CAP_AMBIENT_IS_SET);
	snprintf(cap_a, sizeof(cap_a), "%d", CAP_A);
	snprintf(cap_b, sizeof(cap_b), "%d", CAP_B);
	pid = SAFE_FORK();
	if (!pid)
		exec_child((char *[]){ EXEC_CHILD_NAME, "prctl", opt, op,
				       cap_a, "1", NULL }, (char *[]){ NULL });
	exec_child_report(pid, "nobody: CAP_NET_BIND_SERVICE still ambient "
			  "after execve");
	pid = SAFE_FORK();
	if (!pid)
		exec_child((char *[]){ EXEC_CHILD_NAME, "prctl", opt, op,
				       cap_b, "0", NULL }, (char *[]){ NULL });
	exec_child_report(pid, "nobody: CAP_NET_RAW (never raised) not "
			  "ambient after execve");
	exit(0);
}

static void run(void)
{
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		test_set_ops();
	reap_child(pid);
	pid = SAFE_FORK();
	if (!pid)
		test_inherit();
	reap_child(pid);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	nobody = pw ? pw->pw_uid : 65534;
	if (!tst_file_read_long("/proc/sys/kernel/cap_last_cap", &cap_last))
		tst_brk(TBROK, "/proc/sys/kernel/cap_last_cap missing");
	exec_child_path();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};

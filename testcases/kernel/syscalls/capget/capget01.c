// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * capget(2) and its version protocol:
 * - an unknown version is EINVAL, and the kernel writes the version it
 *   prefers (_LINUX_CAPABILITY_VERSION_3) into the header;
 * - with a NULL data pointer the same probe returns 0 (that is how libcap
 *   asks for the version) and also writes the preferred version;
 * - version 3 (and the deprecated version 2) return the effective,
 *   permitted and inheritable sets in two 32-bit words, equal to CapEff,
 *   CapPrm and CapInh of /proc/self/status; version 1 returns the low word
 *   only and leaves the second data struct alone;
 * - pid 0 and the caller's own pid are the caller; another pid reports that
 *   task's sets: a child that dropped capabilities is seen with its new
 *   sets by its parent;
 * - a negative pid is EINVAL, a pid without a task ESRCH, a header or data
 *   pointer into unmapped memory EFAULT.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "caps_raw.h"
#include "proc_ids.h"

#define POISON 0xa5a5a5a5u

static void check_sets(const char *what, const struct cap_sets *got,
		       pid_t pid)
{
	struct cap_sets want;

	proc_cap_sets(pid, &want);
	TST_EXP_EXPR(got->eff == want.eff && got->prm == want.prm &&
		     got->inh == want.inh, "%s: eff %llx prm %llx inh %llx "
		     "match /proc (eff %llx prm %llx inh %llx)", what,
		     (unsigned long long)got->eff, (unsigned long long)got->prm,
		     (unsigned long long)got->inh,
		     (unsigned long long)want.eff,
		     (unsigned long long)want.prm,
		     (unsigned long long)want.inh);
}

static void version_probe(void)
{
	struct __user_cap_header_struct hdr = { .version = 0x1234, .pid = 0 };
	struct __user_cap_data_struct d[2];

	TST_EXP_FAIL(sys_capget(&hdr, d), EINVAL, "capget(version 0x1234)");
	TST_EXP_EQ_LU(hdr.version, _LINUX_CAPABILITY_VERSION_3);

	hdr.version = 0;
	TST_EXP_PASS(sys_capget(&hdr, NULL), "capget(version 0, NULL data)");
	TST_EXP_EQ_LU(hdr.version, _LINUX_CAPABILITY_VERSION_3);
}

static void versions(void)
{
	struct __user_cap_header_struct hdr = { .pid = 0 };
	struct __user_cap_data_struct d[2];
	struct cap_sets got, want;

	TST_EXP_PASS(capget_v3(0, &got), "capget(v3, pid 0)");
	check_sets("v3 pid 0", &got, 0);
	TST_EXP_PASS(capget_v3(getpid(), &got), "capget(v3, own pid)");
	check_sets("v3 own pid", &got, 0);

	hdr.version = _LINUX_CAPABILITY_VERSION_2;
	TST_EXP_PASS(sys_capget(&hdr, d), "capget(v2)");
	got.eff = d[0].effective | (uint64_t)d[1].effective << 32;
	got.prm = d[0].permitted | (uint64_t)d[1].permitted << 32;
	got.inh = d[0].inheritable | (uint64_t)d[1].inheritable << 32;
	check_sets("v2", &got, 0);

	memset(d, 0xa5, sizeof(d));
	hdr.version = _LINUX_CAPABILITY_VERSION_1;
	TST_EXP_PASS(sys_capget(&hdr, d), "capget(v1)");
	proc_cap_sets(0, &want);
	TST_EXP_EXPR(d[0].effective == (uint32_t)want.eff &&
		     d[0].permitted == (uint32_t)want.prm &&
		     d[0].inheritable == (uint32_t)want.inh,
		     "v1 reports the low 32 bits of each set");
	TST_EXP_EXPR(d[1].effective == POISON && d[1].permitted == POISON &&
		     d[1].inheritable == POISON,
		     "v1 leaves the second data struct alone");
}

static void other_task(void)
{
	struct cap_sets got = { 0, 0, 0 }, drop = { 0, 0, 0 };
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		/* keep only CAP_CHOWN, then wait to be looked at */
		drop.eff = drop.prm = CAP_BIT(CAP_CHOWN);
		if (capset_v3(&drop))
			tst_brk(TBROK | TERRNO, "capset(CAP_CHOWN only)");
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_PASS(capget_v3(pid, &got), "capget(v3, child %d)", (int)pid);
	TST_EXP_EXPR(got.eff == CAP_BIT(CAP_CHOWN) &&
		     got.prm == CAP_BIT(CAP_CHOWN) && got.inh == 0,
		     "capget() reports the child's reduced sets (eff %llx)",
		     (unsigned long long)got.eff);
	check_sets("child", &got, pid);
	TST_CHECKPOINT_WAKE(0);
	tst_reap_children();

	/* the child is gone: its pid names no task */
	TEST(capget_v3(pid, &got));
	if (TST_RET == -1 && TST_ERR == ESRCH)
		tst_res(TPASS, "capget() of reaped pid %d: ESRCH", (int)pid);
	else
		tst_res(TFAIL | TTERRNO, "capget() of reaped pid %d returned "
			"%ld, expected ESRCH", (int)pid, TST_RET);
}

static void bad_arguments(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3, .pid = -1,
	};
	struct __user_cap_data_struct d[2];
	void *bad = unmapped_addr();

	TST_EXP_FAIL(sys_capget(&hdr, d), EINVAL, "capget(pid -1)");
	hdr.pid = 0;
	TST_EXP_FAIL(sys_capget(bad, d), EFAULT, "capget(unmapped header)");
	TST_EXP_FAIL(sys_capget(&hdr, bad), EFAULT, "capget(unmapped data)");
}

static void (*const cases[])(void) = {
	version_probe,
	versions,
	other_task,
	bad_arguments,
};

static void run(unsigned int n)
{
	cases[n]();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

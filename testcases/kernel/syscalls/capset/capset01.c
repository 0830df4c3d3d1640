// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * capset(2) changes the caller's capability sets, and the kernel's
 * permission checks follow them at once:
 * - dropping CAP_CHOWN from the effective set makes chown() to another
 *   owner EPERM; putting it back (it is still permitted) makes it work;
 * - dropping it from the permitted set is for good: raising it in the
 *   effective or permitted set again is EPERM, and chown() stays EPERM;
 * - an effective set that is not a subset of the permitted set is EPERM;
 * - without CAP_SETPCAP, adding to the inheritable set a capability that
 *   is neither permitted nor already inheritable is EPERM;
 * - a header naming another pid is EPERM (only the caller may be changed,
 *   since file capabilities exist); the caller's own pid works;
 * - an unknown version is EINVAL (and the preferred version is written
 *   back), a data pointer or a header pointer into unmapped memory (or
 *   NULL) EFAULT.
 * Each change is checked in /proc/self/status; all of it runs in children
 * so that the test process keeps its capabilities.
 */
#include <stdlib.h>
#include <sys/wait.h>
#include "caps_raw.h"
#include "proc_ids.h"

#define FNAME "capset01_file"

static struct cap_sets start;

static void check_proc(const struct cap_sets *want)
{
	struct cap_sets got;

	proc_cap_sets(0, &got);
	TST_EXP_EXPR(got.eff == want->eff && got.prm == want->prm &&
		     got.inh == want->inh, "/proc/self/status: eff %llx prm %llx "
		     "inh %llx", (unsigned long long)got.eff,
		     (unsigned long long)got.prm, (unsigned long long)got.inh);
}

static void effective_drop_is_undoable(void)
{
	struct cap_sets s = start;

	s.eff &= ~CAP_BIT(CAP_CHOWN);
	TST_EXP_PASS(capset_v3(&s), "capset(effective without CAP_CHOWN)");
	check_proc(&s);
	TST_EXP_FAIL(chown(FNAME, ID_A, -1), EPERM,
		     "chown() without effective CAP_CHOWN");

	s.eff |= CAP_BIT(CAP_CHOWN);
	TST_EXP_PASS(capset_v3(&s), "capset(CAP_CHOWN back to effective)");
	check_proc(&s);
	TST_EXP_PASS(chown(FNAME, ID_A, -1), "chown() with CAP_CHOWN back");
}

static void permitted_drop_is_final(void)
{
	struct cap_sets s = start, back;

	s.eff &= ~CAP_BIT(CAP_CHOWN);
	s.prm &= ~CAP_BIT(CAP_CHOWN);
	TST_EXP_PASS(capset_v3(&s), "capset(permitted without CAP_CHOWN)");
	check_proc(&s);

	back = s;
	back.eff |= CAP_BIT(CAP_CHOWN);
	TST_EXP_FAIL(capset_v3(&back), EPERM,
		     "capset(effective CAP_CHOWN, not permitted)");
	back.prm |= CAP_BIT(CAP_CHOWN);
	TST_EXP_FAIL(capset_v3(&back), EPERM,
		     "capset(permitted CAP_CHOWN again)");
	check_proc(&s);
	TST_EXP_FAIL(chown(FNAME, ID_B, -1), EPERM,
		     "chown() without permitted CAP_CHOWN");
}

static void inheritable_is_bounded(void)
{
	struct cap_sets s = { 0, 0, 0 }, wider;

	/* permitted: CAP_KILL only; no CAP_SETPCAP */
	s.eff = s.prm = CAP_BIT(CAP_KILL);
	TST_EXP_PASS(capset_v3(&s), "capset(CAP_KILL only)");
	check_proc(&s);

	wider = s;
	wider.inh = CAP_BIT(CAP_CHOWN);
	TST_EXP_FAIL(capset_v3(&wider), EPERM,
		     "capset(inheritable CAP_CHOWN, not permitted)");
	wider.inh = CAP_BIT(CAP_KILL);
	TST_EXP_PASS(capset_v3(&wider), "capset(inheritable CAP_KILL, "
		     "permitted)");
	check_proc(&wider);
}

static void header_checks(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2] = {
		{ (uint32_t)start.eff, (uint32_t)start.prm,
		  (uint32_t)start.inh },
		{ start.eff >> 32, start.prm >> 32, start.inh >> 32 },
	};
	hdr.pid = getppid();
	TST_EXP_FAIL(sys_capset(&hdr, d), EPERM, "capset(parent's pid)");
	hdr.pid = getpid();
	TST_EXP_PASS(sys_capset(&hdr, d), "capset(own pid)");

	hdr.version = 0x1234;
	TST_EXP_FAIL(sys_capset(&hdr, d), EINVAL, "capset(version 0x1234)");
	TST_EXP_EQ_LU(hdr.version, _LINUX_CAPABILITY_VERSION_3);

	hdr.version = _LINUX_CAPABILITY_VERSION_3;
	hdr.pid = 0;
	TST_EXP_FAIL(sys_capset(&hdr, unmapped_addr()), EFAULT,
		     "capset(unmapped data)");
	TST_EXP_FAIL(sys_capset(unmapped_addr(), d), EFAULT,
		     "capset(unmapped header)");
	TST_EXP_FAIL(sys_capset(NULL, d), EFAULT, "capset(NULL header)");

	TST_EXP_FAIL(capset_v3(&(struct cap_sets){ start.prm, 0, 0 }), EPERM,
		     "capset(effective not subset of permitted)");
	check_proc(&start);
}

static void (*const cases[])(void) = {
	effective_drop_is_undoable,
	permitted_drop_is_final,
	inheritable_is_bounded,
	header_checks,
};

static void setup(void)
{
	int fd;

	proc_cap_sets(0, &start);
	if (!(start.prm & CAP_BIT(CAP_CHOWN)) ||
	    !(start.prm & CAP_BIT(CAP_KILL)))
		tst_brk(TCONF, "root lacks CAP_CHOWN or CAP_KILL (CapPrm %llx): "
			"a restricted container?",
			(unsigned long long)start.prm);
	fd = SAFE_OPEN(FNAME, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

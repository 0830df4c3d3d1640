// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What capset() stores for each header version, read back from
 * /proc/self/status (each case in a child that starts as full root):
 *  - _LINUX_CAPABILITY_VERSION_1 (one 32-bit data struct) with the low
 *    words as they are succeeds and clears capabilities 32 and up
 *    (CAP_MAC_OVERRIDE ... cap_last_cap) from the permitted, effective
 *    and inheritable sets, the low words unchanged; a version 3 capset()
 *    putting CAP_SYSLOG (34) back into the permitted set is then EPERM;
 *  - _LINUX_CAPABILITY_VERSION_2 uses both words: dropping CAP_SYSLOG
 *    from the effective set only leaves it permitted and every other
 *    capability as it was;
 *  - version 3 with every bit above cap_last_cap set in all three sets
 *    succeeds and stores nothing above cap_last_cap: the sets read back
 *    as before.
 * A v1 caller (old libcap) that kept high capabilities, a v2 caller that
 * lost them, or a task holding capability bits the kernel does not know
 * would each be a kernel bug.
 * Syscalls: capset
 */
#include <stdlib.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"

static uint64_t full, valid;

static void expect(const char *what, uint64_t prm, uint64_t eff, uint64_t inh)
{
	struct cap_sets s;

	proc_cap_sets(0, &s);
	if (s.prm == prm && s.eff == eff && s.inh == inh)
		tst_res(TPASS, "%s: CapPrm %llx CapEff %llx CapInh %llx", what,
			(unsigned long long)s.prm, (unsigned long long)s.eff,
			(unsigned long long)s.inh);
	else
		tst_res(TFAIL, "%s: CapPrm %llx CapEff %llx CapInh %llx, "
			"expected %llx %llx %llx", what,
			(unsigned long long)s.prm, (unsigned long long)s.eff,
			(unsigned long long)s.inh, (unsigned long long)prm,
			(unsigned long long)eff, (unsigned long long)inh);
}

static long capset_ver(uint32_t version, const struct cap_sets *s)
{
	struct __user_cap_header_struct hdr = {.version = version, .pid = 0};
	struct __user_cap_data_struct d[2] = {
		{ (uint32_t)s->eff, (uint32_t)s->prm, (uint32_t)s->inh },
		{ s->eff >> 32, s->prm >> 32, s->inh >> 32 },
	};

	return sys_capset(&hdr, d);
}

static void v1(void)
{
	struct cap_sets s;

	proc_cap_sets(0, &s);
	s.inh = full;
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset() v3 inheritable");
	TST_EXP_PASS(capset_ver(_LINUX_CAPABILITY_VERSION_1, &s),
		     "capset() v1 of the low words");
	expect("after v1", full & 0xffffffffULL, full & 0xffffffffULL,
	       full & 0xffffffffULL);
	proc_cap_sets(0, &s);
	s.prm |= CAP_BIT(CAP_SYSLOG);
	TST_EXP_FAIL(capset_v3(&s), EPERM,
		     "capset() v3 putting CAP_SYSLOG back into permitted");
}

static void v2(void)
{
	struct cap_sets s;

	proc_cap_sets(0, &s);
	s.eff &= ~CAP_BIT(CAP_SYSLOG);
	TST_EXP_PASS(capset_ver(_LINUX_CAPABILITY_VERSION_2, &s),
		     "capset() v2 without CAP_SYSLOG effective");
	expect("after v2", full, full & ~CAP_BIT(CAP_SYSLOG), 0);
}

static void v3_high(void)
{
	struct cap_sets s;

	proc_cap_sets(0, &s);
	s.eff |= ~valid;
	s.prm |= ~valid;
	s.inh |= ~valid;
	TST_EXP_PASS(capset_v3(&s), "capset() v3 with bits above "
		     "cap_last_cap");
	expect("after v3 with unknown bits", full, full, 0);
}

static void (*const cases[])(void) = {v1, v2, v3_high};

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		cases[n]();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	struct cap_sets s;
	int last;

	SAFE_FILE_SCANF("/proc/sys/kernel/cap_last_cap", "%d", &last);
	if (last < CAP_SYSLOG || last > 62)
		tst_brk(TCONF, "cap_last_cap is %d", last);
	valid = (1ULL << (last + 1)) - 1;
	proc_cap_sets(0, &s);
	if (s.prm != valid || s.eff != valid || s.inh)
		tst_brk(TCONF, "not full root: CapPrm %llx CapEff %llx "
			"CapInh %llx", (unsigned long long)s.prm,
			(unsigned long long)s.eff, (unsigned long long)s.inh);
	full = s.prm;
}

static struct tst_test test = {
	.test = run,
	.tcnt = ARRAY_SIZE(cases),
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};

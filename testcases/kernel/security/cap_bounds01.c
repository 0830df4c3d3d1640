// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The capability bounding set over its whole range (security/commoncap.c
 * cap_task_prctl(), cap_prctl_drop(), cap_capset(),
 * cap_bprm_creds_from_file()):
 *  - PR_CAPBSET_READ answers for every capability 0..cap_last_cap (the
 *    sysctl), the answer matching the CapBnd bit, and CapBnd has nothing
 *    above cap_last_cap; EINVAL for cap_last_cap + 1, 63, 64, -1 and
 *    2^32 + CAP_NET_RAW (no truncation to 32 bits), for READ and DROP;
 *  - dropping every capability in turn, lowest first: each READ 0 right
 *    after, CapBnd exactly the ones left, CapPrm and CapEff unchanged (the
 *    bounding set limits what execve() grants, not what the task holds);
 *    a forked child inherits the emptied set;
 *  - without CAP_SETPCAP in CapEff (still in CapPrm): DROP EPERM, before
 *    the argument is even checked (cap_last_cap + 1 also EPERM), and the
 *    set unchanged;
 *  - capset(): a capability dropped from the bounding set cannot enter
 *    the inheritable set (EPERM), one already inheritable stays and can
 *    be set again;
 *  - execve() by root after the drops: a plain program gets CapPrm =
 *    CapEff = pI (pI & fI is not bounded), CapBnd stays as it was;
 *    with NET_RAW only dropped, a set-user-ID-root program run by nobody
 *    gets exactly the bounding set (CapPrm = CapEff = CapBnd).
 * A bounding set that leaks on execve() or can be refilled gives a
 * container's root back what its manager took away.
 */
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/statvfs.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "sec_exec.h"
#include "task_wait.h"

#define PLAIN	"./cb_plain"
#define SUID	"./cb_suid"

static int last_cap, nosuid;
static uid_t nobody_uid = 65534;
static gid_t nobody_gid = 65534;
static uint64_t all_caps, start_bnd;

/* CapBnd of /proc/self/status. */
static uint64_t proc_bnd(void)
{
	unsigned long long v = 0;
	char line[128];
	int found = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapBnd: %llx", &v) == 1)
			found = 1;
	fclose(f);
	if (!found)
		tst_brk(TBROK, "no CapBnd line in /proc/self/status");
	return v;
}

static void read_every_cap(void)
{
	uint64_t bnd = proc_bnd();
	int cap, bad = 0;

	for (cap = 0; cap <= last_cap; cap++) {
		TEST(prctl(PR_CAPBSET_READ, cap, 0, 0, 0));
		if (TST_RET != !!(bnd & CAP_BIT(cap))) {
			tst_res(TFAIL | TTERRNO, "PR_CAPBSET_READ(%d) = %ld, "
				"CapBnd %llx", cap, TST_RET,
				(unsigned long long)bnd);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "PR_CAPBSET_READ of 0..%d matches CapBnd %llx",
			last_cap, (unsigned long long)bnd);
	if (bnd & ~all_caps)
		tst_res(TFAIL, "CapBnd %llx has bits above cap_last_cap %d",
			(unsigned long long)bnd, last_cap);
	else
		tst_res(TPASS, "CapBnd has no bit above cap_last_cap %d",
			last_cap);
}

static void invalid_args(void)
{
	unsigned long bad[] = {
		last_cap + 1, 63, 64, -1UL, (1UL << 32) + CAP_NET_RAW,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		TST_EXP_FAIL(prctl(PR_CAPBSET_READ, bad[i], 0, 0, 0), EINVAL,
			     "PR_CAPBSET_READ(%#lx)", bad[i]);
		TST_EXP_FAIL(prctl(PR_CAPBSET_DROP, bad[i], 0, 0, 0), EINVAL,
			     "PR_CAPBSET_DROP(%#lx)", bad[i]);
	}
	TST_EXP_EQ_LU(proc_bnd(), start_bnd);
}

static void set_inheritable(uint64_t inh)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget");
	s.inh = inh;
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset(CapInh %llx)",
			(unsigned long long)inh);
}

static void check_exec(const char *what, const char *path,
		       void (*prep)(void *), uint64_t prm, uint64_t bnd)
{
	struct sec_caps c;
	int ret = sec_run_caps(path, prep, NULL, &c);

	if (ret) {
		tst_res(TFAIL, "%s: execve(%s) failed (%d)", what, path, ret);
		return;
	}
	if (c.prm == prm && c.eff == prm && c.bnd == bnd)
		tst_res(TPASS, "%s: CapPrm = CapEff = %llx, CapBnd %llx",
			what, (unsigned long long)prm,
			(unsigned long long)bnd);
	else
		tst_res(TFAIL, "%s: CapPrm %llx CapEff %llx CapBnd %llx, "
			"expected %llx %llx %llx", what,
			(unsigned long long)c.prm, (unsigned long long)c.eff,
			(unsigned long long)c.bnd, (unsigned long long)prm,
			(unsigned long long)prm, (unsigned long long)bnd);
}

static void bnd_of_child(void)
{
	TST_EXP_EQ_LU(proc_bnd(), 0);
}

/* In a child: drop everything, one capability at a time. */
static void drop_all(void)
{
	uint64_t admin = CAP_BIT(CAP_NET_ADMIN), left = start_bnd;
	struct cap_sets before, after, s;
	int cap, bad = 0;

	/* NET_ADMIN inheritable before the drops, SYS_TIME not. */
	set_inheritable(admin);
	proc_cap_sets(0, &before);
	for (cap = 0; cap <= last_cap; cap++) {
		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)) {
			tst_res(TFAIL | TERRNO, "PR_CAPBSET_DROP(%d)", cap);
			bad++;
			continue;
		}
		left &= ~CAP_BIT(cap);
		TEST(prctl(PR_CAPBSET_READ, cap, 0, 0, 0));
		if (TST_RET != 0 || proc_bnd() != left) {
			tst_res(TFAIL | TTERRNO, "after PR_CAPBSET_DROP(%d): "
				"READ %ld, CapBnd %llx, expected 0 %llx", cap,
				TST_RET, (unsigned long long)proc_bnd(),
				(unsigned long long)left);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "each of 0..%d dropped and READ 0, CapBnd "
			"following down to 0", last_cap);
	proc_cap_sets(0, &after);
	if (after.prm == before.prm && after.eff == before.eff &&
	    after.inh == admin)
		tst_res(TPASS, "CapPrm %llx, CapEff %llx, CapInh %llx kept",
			(unsigned long long)after.prm,
			(unsigned long long)after.eff,
			(unsigned long long)after.inh);
	else
		tst_res(TFAIL, "CapPrm %llx CapEff %llx CapInh %llx changed "
			"by the drops (were %llx %llx %llx)",
			(unsigned long long)after.prm,
			(unsigned long long)after.eff,
			(unsigned long long)after.inh,
			(unsigned long long)before.prm,
			(unsigned long long)before.eff, (unsigned long long)admin);
	run_in_child(bnd_of_child);

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget");
	s.inh = admin | CAP_BIT(CAP_SYS_TIME);
	TST_EXP_FAIL(capset_v3(&s), EPERM,
		     "capset() adding SYS_TIME (not bounded) to CapInh");
	s.inh = admin;
	TST_EXP_PASS(capset_v3(&s), "capset() keeping NET_ADMIN in CapInh");

	check_exec("root, empty bounding set, pI NET_ADMIN", PLAIN, NULL,
		   admin, 0);
	set_inheritable(0);
	check_exec("root, empty bounding set, pI empty", PLAIN, NULL, 0, 0);
	TST_EXP_FAIL(capset_v3(&s), EPERM,
		     "capset() putting NET_ADMIN back into CapInh");
}

/* In a child: CAP_SETPCAP out of CapEff, kept in CapPrm. */
static void drop_without_setpcap(void)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget");
	s.eff &= ~CAP_BIT(CAP_SETPCAP);
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset");
	TST_EXP_FAIL(prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0), EPERM,
		     "PR_CAPBSET_DROP(NET_RAW) without SETPCAP in CapEff");
	TST_EXP_FAIL(prctl(PR_CAPBSET_DROP, last_cap + 1, 0, 0, 0), EPERM,
		     "PR_CAPBSET_DROP(cap_last_cap + 1) without SETPCAP");
	TST_EXP_EQ_LU(prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0), 1);
	TST_EXP_EQ_LU(proc_bnd(), start_bnd);
}

static void to_nobody(void *unused)
{
	(void)unused;
	if (setgroups(0, NULL) ||
	    setresgid(nobody_gid, nobody_gid, nobody_gid) ||
	    setresuid(nobody_uid, nobody_uid, nobody_uid))
		tst_brk(TBROK | TERRNO, "dropping to nobody");
}

/* In a child: NET_RAW out of the bounding set, then set-user-ID root. */
static void suid_after_drop(void)
{
	uint64_t bnd = start_bnd & ~CAP_BIT(CAP_NET_RAW);

	set_inheritable(0);
	if (prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_CAPBSET_DROP(NET_RAW)");
	check_exec("nobody, set-user-ID root, NET_RAW dropped", SUID,
		   to_nobody, bnd, bnd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		read_every_cap();
		/* a wrongly accepted DROP must not reach the other cases */
		run_in_child(invalid_args);
		break;
	case 1:
		run_in_child(drop_all);
		break;
	case 2:
		run_in_child(drop_without_setpcap);
		break;
	case 3:
		if (nosuid) {
			tst_res(TCONF, "tmpdir is mounted nosuid: the "
				"set-user-ID case is skipped");
			return;
		}
		run_in_child(suid_after_drop);
		break;
	}
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	struct statvfs sv;

	SAFE_FILE_SCANF("/proc/sys/kernel/cap_last_cap", "%d", &last_cap);
	if (last_cap < CAP_NET_ADMIN || last_cap > 62)
		tst_brk(TBROK, "cap_last_cap %d out of range", last_cap);
	all_caps = (1ULL << (last_cap + 1)) - 1;
	start_bnd = proc_bnd();
	if (!(start_bnd & CAP_BIT(CAP_SETPCAP)) ||
	    !(start_bnd & CAP_BIT(CAP_NET_RAW)))
		tst_brk(TCONF, "bounding set %llx lacks SETPCAP or NET_RAW",
			(unsigned long long)start_bnd);
	if (pw) {
		nobody_uid = pw->pw_uid;
		nobody_gid = pw->pw_gid;
	}
	sec_copy_helper(PLAIN, 0755);
	sec_copy_helper(SUID, 04755);
	SAFE_CHMOD(".", 0755);
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs");
	nosuid = !!(sv.f_flag & ST_NOSUID);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

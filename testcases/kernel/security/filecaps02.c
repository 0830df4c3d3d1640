// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What execve() grants, and what limits it: the bounding set, the
 * no_new_privs bit, SECBIT_NOROOT and the ambient set, each checked in
 * the capability sets the new program reads from /proc/self/status.
 *  - Bounding set: PR_CAPBSET_DROP(NET_RAW) makes PR_CAPBSET_READ 0 (a
 *    second drop is fine), EINVAL for a capability above cap_last_cap,
 *    EPERM for nobody; capset() cannot then add NET_RAW to the
 *    inheritable set (EPERM). After the drop, as nobody, execve() of a
 *    file with fP NET_RAW and the effective bit fails with EPERM (a
 *    "legacy" program must get all of fP or not run), without the
 *    effective bit it runs with no NET_RAW; root running a plain program
 *    gets the bounding set, NET_RAW missing, and CapBnd lacks it.
 *  - no_new_privs: it cannot be cleared (EINVAL); with it, the file
 *    capability is not granted and a set-user-ID-root copy run by nobody
 *    keeps euid nobody (without it: euid 0, the control).
 *  - SECBIT_NOROOT: root running a plain program no longer gets the full
 *    permitted set (empty inheritable: nothing), and with
 *    SECBIT_NOROOT_LOCKED clearing it is EPERM.
 *  - Ambient: nobody with NET_BIND_SERVICE ambient keeps it across a
 *    plain program (pP' = pE' = pA'), loses it across a file with file
 *    capabilities (pA' empty, pP' = fP) and across a set-user-ID one.
 * Each case runs in a child, so the test process keeps its credentials.
 */
#include <grp.h>
#include <stdlib.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "sec_exec.h"

#define PLAIN	"./fc_plain"
#define FCAPS	"./fc_fcaps"	/* fP NET_RAW, effective */
#define FCAPS_NE "./fc_fcaps_ne"	/* fP NET_RAW, not effective */
#define SUID	"./fc_suid"
#define CAPNAME	"security.capability"

static int nobody_uid = 65534, nobody_gid = 65534, nosuid;
static uint64_t all_caps;

static void set_fcaps(const char *path, int eff)
{
	uint32_t x[5] = {
		VFS_CAP_REVISION_2 | (eff ? VFS_CAP_FLAGS_EFFECTIVE : 0),
		CAP_BIT(CAP_NET_RAW), 0, 0, 0,
	};

	if (setxattr(path, CAPNAME, x, XATTR_CAPS_SZ_2, 0))
		tst_brk(TBROK | TERRNO, "setxattr(%s)", path);
}

static void become_nobody(void)
{
	if (setgroups(0, NULL) || setresgid(nobody_gid, nobody_gid,
					    nobody_gid) ||
	    setresuid(nobody_uid, nobody_uid, nobody_uid))
		tst_brk(TBROK | TERRNO, "dropping to nobody");
}

enum prep { P_ROOT, P_NOBODY, P_BSET_NOBODY, P_BSET_ROOT, P_NNP_NOBODY,
	    P_NOROOT, P_AMBIENT };

static void prep(void *arg)
{
	enum prep p = *(enum prep *)arg;
	struct cap_sets s;

	switch (p) {
	case P_ROOT:
		return;
	case P_NOBODY:
		become_nobody();
		return;
	case P_BSET_NOBODY:
	case P_BSET_ROOT:
		if (prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_CAPBSET_DROP");
		if (p == P_BSET_NOBODY)
			become_nobody();
		return;
	case P_NNP_NOBODY:
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_SET_NO_NEW_PRIVS");
		become_nobody();
		return;
	case P_NOROOT:
		if (prctl(PR_SET_SECUREBITS, SECBIT_NOROOT, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_SET_SECUREBITS(NOROOT)");
		return;
	case P_AMBIENT:
		if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_SET_KEEPCAPS");
		become_nobody();
		s.prm = s.eff = s.inh = CAP_BIT(CAP_NET_BIND_SERVICE);
		if (capset_v3(&s))
			tst_brk(TBROK | TERRNO, "capset(NET_BIND_SERVICE)");
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE,
			  CAP_NET_BIND_SERVICE, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_CAP_AMBIENT_RAISE");
		return;
	}
}

/* Run path after prep p; expect the sets (amb checked when amb_chk). */
static void expect(const char *what, const char *path, enum prep p,
		   uint64_t prm, uint64_t eff, uint64_t amb, int euid)
{
	struct sec_caps c;
	int ret = sec_run_caps(path, prep, &p, &c);

	if (ret) {
		tst_res(TFAIL, "%s: execve failed (%s)", what,
			ret <= SEC_EXEC_FAILED ?
			tst_strerrno(SEC_EXEC_FAILED - ret) : "no output");
		return;
	}
	if (c.prm == prm && c.eff == eff && c.amb == amb && c.euid == euid)
		tst_res(TPASS, "%s: CapPrm %llx CapEff %llx CapAmb %llx euid %d",
			what, (unsigned long long)prm,
			(unsigned long long)eff, (unsigned long long)amb, euid);
	else
		tst_res(TFAIL, "%s: CapPrm %llx CapEff %llx CapAmb %llx euid "
			"%d, expected %llx %llx %llx %d", what,
			(unsigned long long)c.prm, (unsigned long long)c.eff,
			(unsigned long long)c.amb, c.euid,
			(unsigned long long)prm, (unsigned long long)eff,
			(unsigned long long)amb, euid);
}

static void bset_calls(void)
{
	struct cap_sets s;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_VAL(prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0), 1,
			    "PR_CAPBSET_READ(NET_RAW) before the drop");
		TST_EXP_PASS(prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0),
			     "PR_CAPBSET_DROP(NET_RAW)");
		TST_EXP_VAL(prctl(PR_CAPBSET_READ, CAP_NET_RAW, 0, 0, 0), 0,
			    "PR_CAPBSET_READ(NET_RAW) after the drop");
		TST_EXP_PASS(prctl(PR_CAPBSET_DROP, CAP_NET_RAW, 0, 0, 0),
			     "PR_CAPBSET_DROP(NET_RAW) again");
		TST_EXP_FAIL(prctl(PR_CAPBSET_READ, CAP_LAST_CAP + 1, 0, 0, 0),
			     EINVAL, "PR_CAPBSET_READ(CAP_LAST_CAP + 1)");
		TST_EXP_FAIL(prctl(PR_CAPBSET_DROP, CAP_LAST_CAP + 1, 0, 0, 0),
			     EINVAL, "PR_CAPBSET_DROP(CAP_LAST_CAP + 1)");
		if (capget_v3(0, &s))
			tst_brk(TBROK | TERRNO, "capget");
		s.inh |= CAP_BIT(CAP_NET_RAW);
		TST_EXP_FAIL(capset_v3(&s), EPERM,
			     "capset(inheritable + NET_RAW) after the drop");
		become_nobody();
		TST_EXP_FAIL(prctl(PR_CAPBSET_DROP, CAP_NET_BIND_SERVICE, 0, 0,
				   0), EPERM, "PR_CAPBSET_DROP as nobody");
		exit(0);
	}
	reap_child(pid);
}

static void bset_exec(void)
{
	uint64_t raw = CAP_BIT(CAP_NET_RAW);
	enum prep p = P_BSET_NOBODY;
	struct sec_caps c;
	int ret;

	expect("control: nobody runs the fP NET_RAW file", FCAPS, P_NOBODY,
	       raw, raw, 0, nobody_uid);
	ret = sec_run_caps(FCAPS, prep, &p, &c);
	if (ret == SEC_EXEC_FAILED - EPERM)
		tst_res(TPASS, "NET_RAW out of the bounding set: execve() of "
			"an fP NET_RAW effective file is EPERM");
	else
		tst_res(TFAIL, "NET_RAW out of the bounding set: execve() of "
			"an fP NET_RAW effective file returned %d, CapPrm %llx",
			ret, ret ? 0ULL : (unsigned long long)c.prm);
	expect("NET_RAW out of the bounding set, fP NET_RAW not effective",
	       FCAPS_NE, P_BSET_NOBODY, 0, 0, 0, nobody_uid);
	expect("root after the drop, plain program", PLAIN, P_BSET_ROOT,
	       all_caps & ~raw, all_caps & ~raw, 0, 0);
	p = P_BSET_ROOT;
	if (!sec_run_caps(PLAIN, prep, &p, &c)) {
		if (c.bnd == (all_caps & ~raw))
			tst_res(TPASS, "CapBnd %llx lacks NET_RAW after exec",
				(unsigned long long)c.bnd);
		else
			tst_res(TFAIL, "CapBnd %llx after exec, expected %llx",
				(unsigned long long)c.bnd,
				(unsigned long long)(all_caps & ~raw));
	}
}

static void nnp(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_PASS(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
		TST_EXP_FAIL(prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0), EINVAL,
			     "PR_SET_NO_NEW_PRIVS(0) once set");
		TST_EXP_VAL(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 1);
		exit(0);
	}
	reap_child(pid);
	expect("no_new_privs: fP NET_RAW file run by nobody", FCAPS,
	       P_NNP_NOBODY, 0, 0, 0, nobody_uid);
	if (nosuid) {
		tst_res(TCONF, "tmpdir is mounted nosuid: set-user-ID cases "
			"skipped");
		return;
	}
	expect("control: set-user-ID root program run by nobody", SUID,
	       P_NOBODY, all_caps, all_caps, 0, 0);
	expect("no_new_privs: set-user-ID root program run by nobody", SUID,
	       P_NNP_NOBODY, 0, 0, 0, nobody_uid);
}

static void noroot(void)
{
	pid_t pid;

	expect("control: root runs a plain program", PLAIN, P_ROOT,
	       all_caps, all_caps, 0, 0);
	expect("SECBIT_NOROOT: root runs a plain program", PLAIN, P_NOROOT,
	       0, 0, 0, 0);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(prctl(PR_SET_SECUREBITS, SECBIT_NOROOT |
				   SECBIT_NOROOT_LOCKED, 0, 0, 0));
		TST_EXP_FAIL(prctl(PR_SET_SECUREBITS, SECBIT_NOROOT_LOCKED,
				   0, 0, 0), EPERM,
			     "clearing SECBIT_NOROOT once locked");
		TST_EXP_FAIL(prctl(PR_SET_SECUREBITS, 0, 0, 0, 0), EPERM,
			     "clearing SECBIT_NOROOT_LOCKED");
		TST_EXP_VAL(prctl(PR_GET_SECUREBITS, 0, 0, 0, 0),
			    SECBIT_NOROOT | SECBIT_NOROOT_LOCKED);
		exit(0);
	}
	reap_child(pid);
}

static void ambient(void)
{
	uint64_t bind = CAP_BIT(CAP_NET_BIND_SERVICE);
	uint64_t raw = CAP_BIT(CAP_NET_RAW);

	expect("ambient NET_BIND_SERVICE, plain program", PLAIN, P_AMBIENT,
	       bind, bind, bind, nobody_uid);
	expect("ambient NET_BIND_SERVICE, fP NET_RAW effective file", FCAPS,
	       P_AMBIENT, raw, raw, 0, nobody_uid);
	if (!nosuid)
		expect("ambient NET_BIND_SERVICE, set-user-ID root program",
		       SUID, P_AMBIENT, all_caps, all_caps, 0, 0);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	struct statvfs sv;
	int cap;

	/* the bounding set this test runs with: what root's exec gets */
	for (cap = 0; cap < 64; cap++) {
		TEST(prctl(PR_CAPBSET_READ, cap, 0, 0, 0));
		if (TST_RET < 0)
			break;
		if (TST_RET)
			all_caps |= CAP_BIT(cap);
	}
	if (pw) {
		nobody_uid = pw->pw_uid;
		nobody_gid = pw->pw_gid;
	}
	sec_copy_helper(PLAIN, 0755);
	sec_copy_helper(FCAPS, 0755);
	sec_copy_helper(FCAPS_NE, 0755);
	sec_copy_helper(SUID, 04755);
	if (setxattr(PLAIN, "user.sec_probe", "1", 1, 0) &&
	    errno == EOPNOTSUPP)
		tst_brk(TCONF, "the tmpdir's filesystem has no xattrs");
	set_fcaps(FCAPS, 1);
	set_fcaps(FCAPS_NE, 0);
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs");
	nosuid = !!(sv.f_flag & ST_NOSUID);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		bset_calls();
		break;
	case 1:
		bset_exec();
		break;
	case 2:
		nnp();
		break;
	case 3:
		noroot();
		break;
	case 4:
		ambient();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

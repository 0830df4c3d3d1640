// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SECBIT_NOROOT and SECBIT_NO_CAP_AMBIENT_RAISE across execve()
 * (security/commoncap.c handle_privileged_root(), cap_task_prctl()),
 * each compared with the same exec without the bit, the sets read from
 * /proc/self/status by the new program:
 *  - nobody running a set-user-ID-root program: euid 0 and CapPrm =
 *    CapEff = the bounding set; with NOROOT: euid 0 and nothing;
 *  - root running a file with fP NET_RAW and no effective bit: the full
 *    bounding set, all effective; with NOROOT: CapPrm NET_RAW only and
 *    CapEff empty (the file's capabilities count, root's do not); with
 *    the effective bit: CapPrm = CapEff = NET_RAW;
 *  - root with NET_BIND_SERVICE inheritable and ambient running a plain
 *    program: with NOROOT, CapPrm = CapEff = CapAmb = NET_BIND_SERVICE
 *    (the ambient set works for a root that is not special);
 *  - NO_CAP_AMBIENT_RAISE set after the raise: RAISE of another
 *    capability EPERM, the raised one stays (IS_SET 1) and is kept
 *    across the exec, LOWER still works.
 * A NOROOT that execve() ignores gives a set-user-ID-root program full
 * capabilities in a container meant to have none.
 */
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "sec_exec.h"
#include "task_wait.h"

#define PLAIN	"./sb_plain"
#define SUID	"./sb_suid"
#define FCAP	"./sb_fcap"	/* fP NET_RAW, effective */
#define FCAP_NE	"./sb_fcap_ne"	/* fP NET_RAW, not effective */
#define CAPNAME	"security.capability"
#define NET_RAW	CAP_BIT(CAP_NET_RAW)
#define BIND	CAP_BIT(CAP_NET_BIND_SERVICE)

enum prep { ROOT, NOBODY, ROOT_AMB };

static uid_t nobody_uid = 65534;
static gid_t nobody_gid = 65534;
static uint64_t bnd;
static int nosuid;

struct prep_arg {
	enum prep who;
	unsigned long bits;
};

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

/* In sec_run()'s child, before the execve(). */
static void prep(void *arg)
{
	const struct prep_arg *p = arg;

	set_inheritable(p->who == ROOT_AMB ? BIND : 0);
	if (p->who == ROOT_AMB &&
	    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE,
		  0, 0))
		tst_brk(TBROK | TERRNO, "PR_CAP_AMBIENT_RAISE");
	if (prctl(PR_SET_SECUREBITS, p->bits, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_SECUREBITS(%#lx)", p->bits);
	if (p->who == NOBODY &&
	    (setgroups(0, NULL) ||
	     setresgid(nobody_gid, nobody_gid, nobody_gid) ||
	     setresuid(nobody_uid, nobody_uid, nobody_uid)))
		tst_brk(TBROK | TERRNO, "dropping to nobody");
}

static void check(const char *path, enum prep who, unsigned long bits,
		  uint64_t prm, uint64_t eff, uint64_t amb, int euid)
{
	static const char *const names[] = {"root", "nobody",
					    "root, ambient NET_BIND_SERVICE"};
	struct prep_arg arg = {who, bits};
	struct sec_caps c;
	int ret = sec_run_caps(path, prep, &arg, &c);

	if (ret) {
		tst_res(TFAIL, "%s, securebits %#lx: execve(%s) failed (%d)",
			names[who], bits, path, ret);
		return;
	}
	if (c.prm == prm && c.eff == eff && c.amb == amb && c.euid == euid)
		tst_res(TPASS, "%s, securebits %#lx, %s: CapPrm %llx CapEff "
			"%llx CapAmb %llx euid %d", names[who], bits, path,
			(unsigned long long)prm, (unsigned long long)eff,
			(unsigned long long)amb, euid);
	else
		tst_res(TFAIL, "%s, securebits %#lx, %s: CapPrm %llx CapEff "
			"%llx CapAmb %llx euid %d, expected %llx %llx %llx %d",
			names[who], bits, path, (unsigned long long)c.prm,
			(unsigned long long)c.eff, (unsigned long long)c.amb,
			c.euid, (unsigned long long)prm,
			(unsigned long long)eff, (unsigned long long)amb, euid);
}

/* In the child of ambient_raise_locked_out(): its state as it is. */
static void check_ambient_kept(void)
{
	struct sec_caps c;
	int ret = sec_run_caps(PLAIN, NULL, NULL, &c);

	if (ret) {
		tst_res(TFAIL, "execve(%s) failed (%d)", PLAIN, ret);
		return;
	}
	if (c.prm == BIND && c.eff == BIND && c.amb == BIND)
		tst_res(TPASS, "NOROOT|NO_CAP_AMBIENT_RAISE root, plain: "
			"CapPrm = CapEff = CapAmb = %llx",
			(unsigned long long)BIND);
	else
		tst_res(TFAIL, "NOROOT|NO_CAP_AMBIENT_RAISE root, plain: "
			"CapPrm %llx CapEff %llx CapAmb %llx, expected %llx",
			(unsigned long long)c.prm, (unsigned long long)c.eff,
			(unsigned long long)c.amb, (unsigned long long)BIND);
}

static void ambient_raise_locked_out(void)
{
	set_inheritable(BIND | NET_RAW);
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE,
		  0, 0))
		tst_brk(TBROK | TERRNO, "PR_CAP_AMBIENT_RAISE");
	if (prctl(PR_SET_SECUREBITS, SECBIT_NO_CAP_AMBIENT_RAISE, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_SECUREBITS");
	TST_EXP_FAIL(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_RAW,
			   0, 0), EPERM, "RAISE(NET_RAW) with "
		     "NO_CAP_AMBIENT_RAISE");
	TST_EXP_VAL(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET,
			  CAP_NET_BIND_SERVICE, 0, 0), 1,
		    "NET_BIND_SERVICE raised before the bit");
	TST_EXP_VAL(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_NET_RAW,
			  0, 0), 0, "NET_RAW not raised");
	/* Plain exec as root with NOROOT too: only the ambient set is left. */
	if (prctl(PR_SET_SECUREBITS, SECBIT_NO_CAP_AMBIENT_RAISE |
		  SECBIT_NOROOT, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_SECUREBITS");
	check_ambient_kept();
	TST_EXP_PASS(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_LOWER,
			   CAP_NET_BIND_SERVICE, 0, 0),
		     "LOWER with NO_CAP_AMBIENT_RAISE");
	TST_EXP_VAL(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET,
			  CAP_NET_BIND_SERVICE, 0, 0), 0,
		    "NET_BIND_SERVICE after LOWER");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		if (nosuid) {
			tst_res(TCONF, "tmpdir is mounted nosuid: the "
				"set-user-ID cases are skipped");
			return;
		}
		check(SUID, NOBODY, 0, bnd, bnd, 0, 0);
		check(SUID, NOBODY, SECBIT_NOROOT, 0, 0, 0, 0);
		break;
	case 1:
		check(FCAP_NE, ROOT, 0, bnd, bnd, 0, 0);
		check(FCAP_NE, ROOT, SECBIT_NOROOT, NET_RAW, 0, 0, 0);
		check(FCAP, ROOT, SECBIT_NOROOT, NET_RAW, NET_RAW, 0, 0);
		break;
	case 2:
		check(PLAIN, ROOT_AMB, 0, bnd, bnd, BIND, 0);
		check(PLAIN, ROOT_AMB, SECBIT_NOROOT, BIND, BIND, BIND, 0);
		break;
	case 3:
		run_in_child(ambient_raise_locked_out);
		break;
	}
}

static void set_fcaps(const char *path, int eff)
{
	uint32_t x[5] = {
		VFS_CAP_REVISION_2 | (eff ? VFS_CAP_FLAGS_EFFECTIVE : 0),
		NET_RAW, 0, 0, 0,
	};

	if (setxattr(path, CAPNAME, x, XATTR_CAPS_SZ_2, 0))
		tst_brk(TBROK | TERRNO, "setxattr(%s)", path);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	struct statvfs sv;
	char line[256];
	unsigned long long v;
	FILE *f;

	if (pw) {
		nobody_uid = pw->pw_uid;
		nobody_gid = pw->pw_gid;
	}
	f = fopen("/proc/self/status", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapBnd: %llx", &v) == 1)
			bnd = v;
	fclose(f);
	if (prctl(PR_GET_SECUREBITS, 0, 0, 0, 0))
		tst_brk(TCONF, "started with securebits set");
	SAFE_CHMOD(".", 0755);
	sec_copy_helper(PLAIN, 0755);
	sec_copy_helper(SUID, 04755);
	sec_copy_helper(FCAP, 0755);
	sec_copy_helper(FCAP_NE, 0755);
	if (setxattr(PLAIN, "user.sec_probe", "1", 1, 0) &&
	    errno == EOPNOTSUPP)
		tst_brk(TCONF, "the tmpdir's filesystem has no xattrs");
	set_fcaps(FCAP, 1);
	set_fcaps(FCAP_NE, 0);
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

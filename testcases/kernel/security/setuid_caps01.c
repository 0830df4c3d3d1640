// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * How a change of uid rewrites a root process's capabilities
 * (cap_task_fix_setuid()), beyond the root-to-nobody change prctl08
 * checks; each case in a child, the sets read from /proc/self/status:
 *  - setfsuid(B) drops exactly the file-system capabilities (CAP_FS_SET:
 *    CHOWN, MKNOD, DAC_OVERRIDE, DAC_READ_SEARCH, FOWNER, FSETID,
 *    MAC_OVERRIDE and LINUX_IMMUTABLE) from the effective set, keeps the
 *    others and the permitted set, and a root 0600 file can then not
 *    be opened (EACCES); setfsuid(0) puts back those of them that are
 *    permitted, also one that had been dropped from the effective set
 *    before (CHOWN);
 *  - with SECBIT_NO_SETUID_FIXUP setfsuid(B) changes no set and the
 *    0600 file opens;
 *  - seteuid(B) empties the effective set and keeps the permitted one;
 *    seteuid(0) makes effective = permitted again;
 *  - setresuid(B, B, 0) (root kept as saved uid) keeps the permitted
 *    set, empties the effective one;
 *  - setresuid(B, B, B) with an ambient capability (NET_BIND_SERVICE):
 *    permitted, effective and ambient empty; with SECBIT_KEEP_CAPS the
 *    permitted set is kept but the ambient set is still cleared; with
 *    SECBIT_NO_SETUID_FIXUP all three are kept.
 * A kernel getting one of these wrong leaves a program that meant to drop
 * privileges with some (or strips one that meant to keep them).
 * Syscalls: setfsuid, setresuid
 */
#include <grp.h>
#include <stdlib.h>
#include <sys/fsuid.h>
#include <sys/prctl.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include "tst_test.h"
#include "caps_raw.h"

#define FILE0	"root600"
#define FS_MASK	(CAP_BIT(CAP_CHOWN) | CAP_BIT(CAP_MKNOD) |		\
		 CAP_BIT(CAP_DAC_OVERRIDE) | CAP_BIT(CAP_DAC_READ_SEARCH) | \
		 CAP_BIT(CAP_FOWNER) | CAP_BIT(CAP_FSETID) |		\
		 CAP_BIT(CAP_MAC_OVERRIDE) | CAP_BIT(CAP_LINUX_IMMUTABLE))

static uid_t uid_b;
static uint64_t full;

static void expect(const char *what, uint64_t prm, uint64_t eff)
{
	struct cap_sets s;

	proc_cap_sets(0, &s);
	if (s.prm == prm && s.eff == eff)
		tst_res(TPASS, "%s: CapPrm %llx CapEff %llx", what,
			(unsigned long long)s.prm, (unsigned long long)s.eff);
	else
		tst_res(TFAIL, "%s: CapPrm %llx CapEff %llx, expected %llx %llx",
			what, (unsigned long long)s.prm,
			(unsigned long long)s.eff, (unsigned long long)prm,
			(unsigned long long)eff);
}

static void exp_open(int err, const char *what)
{
	if (err)
		TST_EXP_FAIL(open(FILE0, O_RDONLY), err, "%s: open(0600 root "
			     "file)", what);
	else
		TST_EXP_FD(open(FILE0, O_RDONLY), "%s: open(0600 root file)",
			   what);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
}

static void resuid(uid_t r, uid_t e, uid_t s)
{
	if (setresuid(r, e, s))
		tst_brk(TBROK | TERRNO, "setresuid(%d, %d, %d)", (int)r,
			(int)e, (int)s);
}

static void securebits(int bits)
{
	if (prctl(PR_SET_SECUREBITS, bits, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_SECUREBITS %#x", bits);
}

static void fsuid_default(void)
{
	struct cap_sets s;

	setfsuid(uid_b);
	TST_EXP_EQ_LI(setfsuid(-1), uid_b);
	expect("setfsuid(B)", full, full & ~FS_MASK);
	exp_open(EACCES, "fsuid B");
	setfsuid(0);
	expect("setfsuid(0)", full, full);

	/* CHOWN out of the effective set only, then a round trip. */
	proc_cap_sets(0, &s);
	s.eff &= ~CAP_BIT(CAP_CHOWN);
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset()");
	setfsuid(uid_b);
	setfsuid(0);
	expect("CHOWN not effective, setfsuid(B), setfsuid(0)", full, full);
}

static void fsuid_nofixup(void)
{
	securebits(SECBIT_NO_SETUID_FIXUP);
	setfsuid(uid_b);
	expect("NO_SETUID_FIXUP, setfsuid(B)", full, full);
	exp_open(0, "NO_SETUID_FIXUP, fsuid B");
}

static void euid_only(void)
{
	resuid(-1, uid_b, -1);
	expect("seteuid(B)", full, 0);
	exp_open(EACCES, "euid B");
	resuid(-1, 0, -1);
	expect("seteuid(0)", full, full);
}

static void saved_root(void)
{
	resuid(uid_b, uid_b, 0);
	expect("setresuid(B, B, 0)", full, 0);
}

static void raise_ambient(void)
{
	struct cap_sets s;

	proc_cap_sets(0, &s);
	s.inh |= CAP_BIT(CAP_NET_BIND_SERVICE);
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset() inheritable");
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_BIND_SERVICE,
		  0, 0))
		tst_brk(TBROK | TERRNO, "PR_CAP_AMBIENT_RAISE");
}

static void exp_ambient(int set, const char *what)
{
	TST_EXP_VAL(prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET,
			  CAP_NET_BIND_SERVICE, 0, 0), set,
		    "%s: NET_BIND_SERVICE ambient", what);
}

static void all_default(void)
{
	raise_ambient();
	resuid(uid_b, uid_b, uid_b);
	expect("setresuid(B, B, B)", 0, 0);
	exp_ambient(0, "setresuid(B, B, B)");
}

static void all_keepcaps(void)
{
	raise_ambient();
	securebits(SECBIT_KEEP_CAPS);
	resuid(uid_b, uid_b, uid_b);
	expect("KEEP_CAPS, setresuid(B, B, B)", full, 0);
	exp_ambient(0, "KEEP_CAPS, setresuid(B, B, B)");
}

static void all_nofixup(void)
{
	raise_ambient();
	securebits(SECBIT_NO_SETUID_FIXUP);
	resuid(uid_b, uid_b, uid_b);
	expect("NO_SETUID_FIXUP, setresuid(B, B, B)", full, full);
	exp_ambient(1, "NO_SETUID_FIXUP, setresuid(B, B, B)");
}

static void (*const cases[])(void) = {
	fsuid_default, fsuid_nofixup, euid_only, saved_root, all_default,
	all_keepcaps, all_nofixup,
};

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (setgroups(0, NULL))
			tst_brk(TBROK | TERRNO, "setgroups()");
		cases[n]();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	struct cap_sets s;

	proc_cap_sets(0, &s);
	if (s.prm != s.eff)
		tst_brk(TBROK, "root's CapPrm %llx differs from CapEff %llx",
			(unsigned long long)s.prm, (unsigned long long)s.eff);
	if ((s.prm & FS_MASK) != FS_MASK)
		tst_brk(TCONF, "root lacks file-system capabilities (CapPrm "
			"%llx)", (unsigned long long)s.prm);
	full = s.prm;
	uid_b = 0x40000000u + getpid();
	SAFE_FILE_PRINTF(FILE0, "x");
	SAFE_CHMOD(FILE0, 0600);
}

static struct tst_test test = {
	.test = run,
	.tcnt = ARRAY_SIZE(cases),
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

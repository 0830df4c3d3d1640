// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File capabilities written as the security.capability xattr with
 * setxattr(2), and what execve() of such a file gives an unprivileged
 * user (nobody), read back from /proc/self/status by the new program:
 *  - v2 (VFS_CAP_REVISION_2) with fP = NET_RAW and the effective bit:
 *    pP' = pE' = NET_RAW; without the effective bit pP' = NET_RAW and
 *    pE' is empty;
 *  - v3 (VFS_CAP_REVISION_3) with rootid 0: honoured like v2; with a
 *    rootid that is no namespace's root (1000): ignored, no capability;
 *  - fI = NET_ADMIN and fP empty: pP' = pI & fI, so NET_ADMIN for a
 *    caller with NET_ADMIN inheritable, nothing for one without;
 *  - the xattr as written reads back (v2: 20 bytes, the same bytes);
 *  - EINVAL for a value of a size neither layout has, for a v2 header
 *    with the v3 size and a v3 header with the v2 size; EPERM for
 *    nobody (no CAP_SETFCAP) setting it. (Removing it is not checked:
 *    with the BPF LSM in the LSM list, as Debian's 6.1 has it, the
 *    hook's default 0 makes security_inode_removexattr() skip
 *    cap_inode_removexattr(), and nobody may remove it);
 *  - writing to the file or chown() of it removes the xattr (the
 *    kernel's "killpriv"), so a modified binary keeps no capability.
 * Caps granted through a file are the ones privilege escalation rides
 * on: each wrong answer here is one (8db6c34f1dbc "Introduce v3
 * namespaced file capabilities" brought the rootid).
 */
#include <grp.h>
#include <stdlib.h>
#include <pwd.h>
#include <sys/xattr.h>
#include <sys/prctl.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "sec_exec.h"

#define HELPER	"./fc_helper"
#define DATA	"fc_data"
#define CAPNAME	"security.capability"

static int nobody_uid = 65534, nobody_gid = 65534;

struct caps_xattr {
	uint32_t magic;
	uint32_t prm_lo, inh_lo, prm_hi, inh_hi;
	uint32_t rootid;
};

static void set_caps(const char *path, int v3, int eff, uint64_t prm,
		     uint64_t inh, uint32_t rootid)
{
	struct caps_xattr x = {
		.magic = (v3 ? VFS_CAP_REVISION_3 : VFS_CAP_REVISION_2) |
			 (eff ? VFS_CAP_FLAGS_EFFECTIVE : 0),
		.prm_lo = (uint32_t)prm, .prm_hi = prm >> 32,
		.inh_lo = (uint32_t)inh, .inh_hi = inh >> 32,
		.rootid = rootid,
	};

	if (setxattr(path, CAPNAME, &x, v3 ? XATTR_CAPS_SZ_3 :
		     XATTR_CAPS_SZ_2, 0))
		tst_brk(TBROK | TERRNO, "setxattr(%s, v%d)", path, v3 ? 3 : 2);
}

/* In the child: optionally NET_ADMIN inheritable, then become nobody. */
static void to_nobody(void *inh)
{
	struct cap_sets s;

	if (inh) {
		if (capget_v3(0, &s))
			tst_brk(TBROK | TERRNO, "capget");
		s.inh = *(uint64_t *)inh;
		if (capset_v3(&s))
			tst_brk(TBROK | TERRNO, "capset(inheritable)");
	}
	if (setgroups(0, NULL) || setresgid(nobody_gid, nobody_gid,
					    nobody_gid) ||
	    setresuid(nobody_uid, nobody_uid, nobody_uid))
		tst_brk(TBROK | TERRNO, "dropping to nobody");
}

static void check(const char *what, void *inh, uint64_t prm, uint64_t eff)
{
	struct sec_caps c;
	int ret = sec_run_caps(HELPER, to_nobody, inh, &c);

	if (ret) {
		tst_res(TFAIL, "%s: execve failed (%d)", what, ret);
		return;
	}
	if (c.prm == prm && c.eff == eff && c.euid == nobody_uid)
		tst_res(TPASS, "%s: CapPrm %llx CapEff %llx", what,
			(unsigned long long)c.prm, (unsigned long long)c.eff);
	else
		tst_res(TFAIL, "%s: CapPrm %llx CapEff %llx euid %d, expected "
			"%llx %llx %d", what, (unsigned long long)c.prm,
			(unsigned long long)c.eff, c.euid,
			(unsigned long long)prm, (unsigned long long)eff,
			nobody_uid);
}

static void exec_cases(void)
{
	uint64_t raw = CAP_BIT(CAP_NET_RAW), bind = CAP_BIT(CAP_NET_BIND_SERVICE);
	uint64_t admin = CAP_BIT(CAP_NET_ADMIN);

	removexattr(HELPER, CAPNAME);
	check("no xattr", NULL, 0, 0);
	set_caps(HELPER, 0, 1, raw, 0, 0);
	check("v2 fP NET_RAW, effective", NULL, raw, raw);
	set_caps(HELPER, 0, 0, raw, 0, 0);
	check("v2 fP NET_RAW, not effective", NULL, raw, 0);
	set_caps(HELPER, 1, 1, raw | bind, 0, 0);
	check("v3 rootid 0 fP NET_RAW|NET_BIND_SERVICE, effective", NULL,
	      raw | bind, raw | bind);
	set_caps(HELPER, 1, 1, raw, 0, 1000);
	check("v3 rootid 1000 (no namespace's root)", NULL, 0, 0);
	set_caps(HELPER, 0, 1, 0, admin, 0);
	check("v2 fI NET_ADMIN, caller pI NET_ADMIN", &admin, admin, admin);
	check("v2 fI NET_ADMIN, caller pI empty", NULL, 0, 0);
}

static void readback(void)
{
	struct caps_xattr x = {
		.magic = VFS_CAP_REVISION_2 | VFS_CAP_FLAGS_EFFECTIVE,
		.prm_lo = CAP_BIT(CAP_NET_RAW), .inh_lo = 0x5,
	}, back;
	ssize_t n;

	SAFE_FILE_PRINTF(DATA, "data");
	TST_EXP_PASS(setxattr(DATA, CAPNAME, &x, XATTR_CAPS_SZ_2, 0),
		     "setxattr(v2)");
	memset(&back, 0xa5, sizeof(back));
	n = getxattr(DATA, CAPNAME, &back, sizeof(back));
	if (n == XATTR_CAPS_SZ_2 && !memcmp(&x, &back, XATTR_CAPS_SZ_2))
		tst_res(TPASS, "v2 xattr reads back, %zd bytes", n);
	else
		tst_res(TFAIL | TERRNO, "getxattr returned %zd, magic %#x",
			n, back.magic);

	TST_EXP_FAIL(setxattr(DATA, CAPNAME, &x, XATTR_CAPS_SZ_2 - 1, 0),
		     EINVAL, "setxattr of %d bytes", (int)XATTR_CAPS_SZ_2 - 1);
	TST_EXP_FAIL(setxattr(DATA, CAPNAME, &x, XATTR_CAPS_SZ_3, 0),
		     EINVAL, "setxattr of a v2 header with the v3 size");
	x.magic = VFS_CAP_REVISION_3;
	TST_EXP_FAIL(setxattr(DATA, CAPNAME, &x, XATTR_CAPS_SZ_2, 0),
		     EINVAL, "setxattr of a v3 header with the v2 size");
	x.magic = 0x4000000 | VFS_CAP_FLAGS_EFFECTIVE;
	TST_EXP_FAIL(setxattr(DATA, CAPNAME, &x, XATTR_CAPS_SZ_2, 0),
		     EINVAL, "setxattr of an unknown revision");
}

static void nobody_denied(void)
{
	struct caps_xattr x = {
		.magic = VFS_CAP_REVISION_2 | VFS_CAP_FLAGS_EFFECTIVE,
		.prm_lo = CAP_BIT(CAP_NET_RAW),
	};
	pid_t pid;

	SAFE_CHOWN(DATA, nobody_uid, nobody_gid);
	SAFE_CHMOD(DATA, 0666);
	pid = SAFE_FORK();
	if (!pid) {
		to_nobody(NULL);
		TST_EXP_FAIL(setxattr(DATA, CAPNAME, &x, XATTR_CAPS_SZ_2, 0),
			     EPERM, "setxattr(security.capability) as nobody");
		exit(0);
	}
	reap_child(pid);
}

static void killpriv(void)
{
	char b;
	int fd;

	set_caps(DATA, 0, 1, CAP_BIT(CAP_NET_RAW), 0, 0);
	fd = SAFE_OPEN(DATA, O_WRONLY | O_APPEND);
	SAFE_WRITE(1, fd, "x", 1);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(getxattr(DATA, CAPNAME, &b, 0), ENODATA,
		     "security.capability after a write() to the file");

	set_caps(DATA, 0, 1, CAP_BIT(CAP_NET_RAW), 0, 0);
	SAFE_CHOWN(DATA, nobody_uid, nobody_gid);
	TST_EXP_FAIL(getxattr(DATA, CAPNAME, &b, 0), ENODATA,
		     "security.capability after chown()");
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (pw) {
		nobody_uid = pw->pw_uid;
		nobody_gid = pw->pw_gid;
	}
	sec_copy_helper(HELPER, 0755);
	SAFE_FILE_PRINTF(DATA, "data");
	if (setxattr(DATA, "user.sec_probe", "1", 1, 0) &&
	    errno == EOPNOTSUPP)
		tst_brk(TCONF, "the tmpdir's filesystem has no xattrs");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		exec_cases();
		break;
	case 1:
		readback();
		break;
	case 2:
		nobody_denied();
		break;
	case 3:
		killpriv();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AT_SECURE, the auxiliary vector entry that tells the C library not to
 * trust the environment (LD_PRELOAD, LD_LIBRARY_PATH, MALLOC_*), for each
 * privilege transition of execve() (security/commoncap.c
 * cap_bprm_creds_from_file(): set-user-ID or set-group-ID, or a file
 * capability raising the permitted set of a caller that is not real
 * root), read back with getauxval() by the new program, along with its
 * ids:
 *  - 1: nobody running a set-user-ID-root or set-group-ID-root program,
 *    root running a set-user-ID-nobody one (the ids change either way),
 *    a caller with ruid nobody and euid 0 running a plain program,
 *    nobody running a file with fP NET_RAW (with or without the
 *    effective bit) or with fI NET_ADMIN while NET_ADMIN is inheritable;
 *  - 0: nobody running a plain program, its own set-user-ID program or a
 *    set-group-ID one of its own group (no id changes), the fI file with
 *    nothing inheritable (no capability gained), a plain program with
 *    NET_BIND_SERVICE ambient (the ambient set is not a privilege gain);
 *    root running a plain or a file-capability program.
 * A privileged program started without AT_SECURE loads whatever library
 * its unprivileged caller names.
 */
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "sec_exec.h"

#define PLAIN		"./se_plain"
#define SUID_ROOT	"./se_suid_root"
#define SGID_ROOT	"./se_sgid_root"
#define SUID_NOBODY	"./se_suid_nobody"
#define SGID_OWN	"./se_sgid_own"
#define FCAP_EFF	"./se_fcap_eff"
#define FCAP_NE		"./se_fcap_ne"
#define FCAP_INH	"./se_fcap_inh"
#define CAPNAME		"security.capability"

enum prep { ROOT, NOBODY, NOBODY_INH, NOBODY_AMB, RUID_NOBODY };

static const char *const prep_names[] = {
	"root", "nobody", "nobody, pI NET_ADMIN",
	"nobody, NET_BIND_SERVICE ambient", "ruid nobody, euid 0",
};

static struct tcase {
	const char *path;
	enum prep prep;
	int setid;		/* needs set-user/group-ID to work */
	unsigned long secure;
	int euid_nobody, egid_nobody;	/* else 0 */
} tcases[] = {
	{PLAIN, NOBODY, 0, 0, 1, 1},
	{SUID_ROOT, NOBODY, 1, 1, 0, 1},
	{SGID_ROOT, NOBODY, 1, 1, 1, 0},
	{SUID_NOBODY, NOBODY, 1, 0, 1, 1},
	{SGID_OWN, NOBODY, 1, 0, 1, 1},
	{SUID_NOBODY, ROOT, 1, 1, 1, 0},
	{PLAIN, RUID_NOBODY, 0, 1, 0, 0},
	{FCAP_EFF, NOBODY, 0, 1, 1, 1},
	{FCAP_NE, NOBODY, 0, 1, 1, 1},
	{FCAP_INH, NOBODY_INH, 0, 1, 1, 1},
	{FCAP_INH, NOBODY, 0, 0, 1, 1},
	{PLAIN, NOBODY_AMB, 0, 0, 1, 1},
	{PLAIN, ROOT, 0, 0, 0, 0},
	{FCAP_EFF, ROOT, 0, 0, 0, 0},
};

static uid_t nobody_uid = 65534;
static gid_t nobody_gid = 65534;
static int nosuid;

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

static void become_nobody(void)
{
	if (setgroups(0, NULL) ||
	    setresgid(nobody_gid, nobody_gid, nobody_gid) ||
	    setresuid(nobody_uid, nobody_uid, nobody_uid))
		tst_brk(TBROK | TERRNO, "dropping to nobody");
}

/* In sec_run()'s child, before the execve(). */
static void prep(void *arg)
{
	uint64_t bind = CAP_BIT(CAP_NET_BIND_SERVICE);
	enum prep p = *(enum prep *)arg;

	switch (p) {
	case ROOT:
		set_inheritable(0);
		break;
	case NOBODY:
		set_inheritable(0);
		become_nobody();
		break;
	case NOBODY_INH:
		set_inheritable(CAP_BIT(CAP_NET_ADMIN));
		become_nobody();
		break;
	case NOBODY_AMB:
		/* setresuid() clears ambient: keep pP and raise it after */
		set_inheritable(bind);
		if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_SET_KEEPCAPS");
		become_nobody();
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE,
			  CAP_NET_BIND_SERVICE, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_CAP_AMBIENT_RAISE");
		break;
	case RUID_NOBODY:
		set_inheritable(0);
		if (setresuid(nobody_uid, 0, 0))
			tst_brk(TBROK | TERRNO, "setresuid(nobody, 0, 0)");
		break;
	}
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	unsigned long secure;
	int uid, euid, gid, egid, exp_euid, exp_egid;
	char line[128];
	int ret;

	if (tc->setid && nosuid) {
		tst_res(TCONF, "tmpdir is mounted nosuid: %s skipped",
			tc->path);
		return;
	}
	exp_euid = tc->euid_nobody ? (int)nobody_uid : 0;
	exp_egid = tc->egid_nobody ? (int)nobody_gid : 0;
	ret = sec_run(tc->path, "secure", prep, &tc->prep, line, sizeof(line));
	if (ret) {
		tst_res(TFAIL, "%s runs %s: execve failed or no output (%d)",
			prep_names[tc->prep], tc->path, ret);
		return;
	}
	if (sscanf(line, "%lu %d %d %d %d", &secure, &uid, &euid, &gid,
		   &egid) != 5)
		tst_brk(TBROK, "sec_helper printed '%s'", line);
	if (secure == tc->secure && euid == exp_euid && egid == exp_egid)
		tst_res(TPASS, "%s runs %s: AT_SECURE %lu, euid %d egid %d",
			prep_names[tc->prep], tc->path, secure, euid, egid);
	else
		tst_res(TFAIL, "%s runs %s: AT_SECURE %lu euid %d egid %d, "
			"expected %lu %d %d", prep_names[tc->prep], tc->path,
			secure, euid, egid, tc->secure, exp_euid, exp_egid);
}

static void set_fcaps(const char *path, uint32_t magic, uint64_t prm,
		      uint64_t inh)
{
	uint32_t x[5] = {magic, (uint32_t)prm, (uint32_t)inh, 0, 0};

	if (setxattr(path, CAPNAME, x, XATTR_CAPS_SZ_2, 0))
		tst_brk(TBROK | TERRNO, "setxattr(%s)", path);
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	struct statvfs sv;

	if (pw) {
		nobody_uid = pw->pw_uid;
		nobody_gid = pw->pw_gid;
	}
	SAFE_CHMOD(".", 0755);
	sec_copy_helper(PLAIN, 0755);
	sec_copy_helper(SUID_ROOT, 04755);
	sec_copy_helper(SGID_ROOT, 02755);
	/* chown() clears the set-ID bits: mode after owner */
	sec_copy_helper(SUID_NOBODY, 0755);
	SAFE_CHOWN(SUID_NOBODY, nobody_uid, nobody_gid);
	SAFE_CHMOD(SUID_NOBODY, 04755);
	sec_copy_helper(SGID_OWN, 0755);
	SAFE_CHOWN(SGID_OWN, 0, nobody_gid);
	SAFE_CHMOD(SGID_OWN, 02755);
	sec_copy_helper(FCAP_EFF, 0755);
	sec_copy_helper(FCAP_NE, 0755);
	sec_copy_helper(FCAP_INH, 0755);
	if (setxattr(PLAIN, "user.sec_probe", "1", 1, 0) &&
	    errno == EOPNOTSUPP)
		tst_brk(TCONF, "the tmpdir's filesystem has no xattrs");
	set_fcaps(FCAP_EFF, VFS_CAP_REVISION_2 | VFS_CAP_FLAGS_EFFECTIVE,
		  CAP_BIT(CAP_NET_RAW), 0);
	set_fcaps(FCAP_NE, VFS_CAP_REVISION_2, CAP_BIT(CAP_NET_RAW), 0);
	set_fcaps(FCAP_INH, VFS_CAP_REVISION_2, 0, CAP_BIT(CAP_NET_ADMIN));
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs");
	nosuid = !!(sv.f_flag & ST_NOSUID);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

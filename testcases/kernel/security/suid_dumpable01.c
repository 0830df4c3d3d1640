// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fs.suid_dumpable (saved and restored) decides the dumpable flag an
 * execve() leaves (begin_new_exec() and commit_creds(): the sysctl's
 * value whenever the exec changed ids or capabilities or the program
 * was not readable), read with PR_GET_DUMPABLE by copies of sec_helper
 * run by nobody, at levels 0, 1 and 2:
 *  - a plain program: 1 at every level;
 *  - set-user-ID root, set-group-ID root, a program with file
 *    capabilities (cap_net_raw permitted and effective) and an
 *    unreadable program (mode 0711): the level itself;
 *  - root running the set-user-ID root copy (no id change): 1;
 *  - writing 3 is EINVAL, the value kept.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "sec_exec.h"

#define PATH "/proc/sys/fs/suid_dumpable"

static int nosuid, noxattr;

static const struct prog {
	const char *name;
	mode_t mode;
	int follows_level;
} progs[] = {
	{ "h_plain", 0755, 0 },
	{ "h_suid", 04755, 1 },
	{ "h_sgid", 02755, 1 },
	{ "h_caps", 0755, 1 },
	{ "h_noread", 0711, 1 },
};

static void to_nobody(void *arg)
{
	(void)arg;
	tst_drop_privs();
}

static int dumpable_after(const char *prog, int as_nobody)
{
	char line[64], path[64];
	int ret, v = -1;

	snprintf(path, sizeof(path), "./%s", prog);
	ret = sec_run(path, "dump", as_nobody ? to_nobody : NULL, NULL, line,
		      sizeof(line));
	if (ret)
		tst_brk(TBROK, "running %s: %d", prog, ret);
	if (sscanf(line, "%d", &v) != 1)
		tst_brk(TBROK, "%s printed '%s'", prog, line);
	return v;
}

static void run(unsigned int level)
{
	unsigned int i;
	int want, got;

	SAFE_FILE_PRINTF(PATH, "%u", level);
	for (i = 0; i < ARRAY_SIZE(progs); i++) {
		if ((nosuid && (progs[i].mode & 06000)) ||
		    (noxattr && !strcmp(progs[i].name, "h_caps"))) {
			tst_res(TCONF, "%s skipped: tmpdir nosuid or without "
				"security xattrs", progs[i].name);
			continue;
		}
		want = progs[i].follows_level ? (int)level : 1;
		got = dumpable_after(progs[i].name, 1);
		TST_EXP_EXPR(got == want, "suid_dumpable %u: nobody runs %s "
			     "(mode %04o): dumpable %d (want %d)", level,
			     progs[i].name, progs[i].mode, got, want);
	}
	if (!nosuid)
		TST_EXP_EQ_LI(dumpable_after("h_suid", 0), 1);
	if (level == 2) {
		int fd = SAFE_OPEN(PATH, O_WRONLY), v = -1;

		TST_EXP_FAIL(write(fd, "3", 1), EINVAL, "writing 3 to %s",
			     PATH);
		SAFE_CLOSE(fd);
		SAFE_FILE_SCANF(PATH, "%d", &v);
		TST_EXP_EQ_LI(v, 2);
	}
}

static void setup(void)
{
	struct vfs_cap_data cap = {
		.magic_etc = VFS_CAP_REVISION_2 | VFS_CAP_FLAGS_EFFECTIVE,
		.data = { { .permitted = 1U << CAP_NET_RAW } },
	};
	struct statvfs sv;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(progs); i++)
		sec_copy_helper(progs[i].name, progs[i].mode);
	if (setxattr("h_caps", "security.capability", &cap,
		     XATTR_CAPS_SZ_2, 0))
		noxattr = 1;
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	nosuid = !!(sv.f_flag & ST_NOSUID);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ PATH, NULL, 0 },
		{ NULL, NULL, 0 }
	},
};

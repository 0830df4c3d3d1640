/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * nsdelegate for a cgroup2 test (after cg_setup()): the option belongs to
 * the one cgroup2 hierarchy, so where the mount at cg_root lacks it,
 * cg_nsdelegate_on() sets it for the test's run and
 * cg_nsdelegate_restore() (from cleanup) puts the old options back. A
 * test using them changes the whole hierarchy: it must be .exclusive.
 */
#ifndef CGROUP2_NSDELEGATE_H
#define CGROUP2_NSDELEGATE_H

#include <mntent.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include "tst_test.h"
#include "cgroup2.h"

static char cg_opts0[256];
static unsigned long cg_flags0;
static int cg_opts_changed;

/* Whether the mount at cg_root shows nsdelegate. */
static inline int cg_nsdelegate(void)
{
	struct mntent *mnt;
	int found = 0;
	FILE *f = setmntent("/proc/self/mounts", "r");

	while (f && (mnt = getmntent(f)))
		if (!strcmp(mnt->mnt_type, "cgroup2") &&
		    !strcmp(mnt->mnt_dir, cg_root))
			found = hasmntopt(mnt, "nsdelegate") != NULL;
	if (f)
		endmntent(f);
	return found;
}

static inline int cg_apply_opts(const char *opts)
{
	char dir[PATH_MAX];
	int ret;

	/*
	 * Every mount of cgroup2 applies its options to the one hierarchy
	 * (cgroup_get_tree()): a scratch mount sets them and goes at once.
	 */
	snprintf(dir, sizeof(dir), "%s/cg_opts", tst_tmpdir_path);
	if (mkdir(dir, 0700) && errno != EEXIST)
		tst_brk(TBROK | TERRNO, "mkdir(%s)", dir);
	ret = mount("cgroup2", dir, "cgroup2", cg_flags0, opts);
	if (!ret)
		SAFE_UMOUNT(dir);
	return ret;
}

/* cgroup2's own options of the mount at cg_root, comma separated */
static inline void cg_own_opts(char *buf, size_t size)
{
	static const char *const own[] = {
		"nsdelegate", "favordynmods", "memory_localevents",
		"memory_recursiveprot", "memory_hugetlb_accounting",
	};
	struct mntent *mnt;
	FILE *f = setmntent("/proc/self/mounts", "r");
	size_t i;

	buf[0] = '\0';
	while (f && (mnt = getmntent(f))) {
		if (strcmp(mnt->mnt_type, "cgroup2") ||
		    strcmp(mnt->mnt_dir, cg_root))
			continue;
		buf[0] = '\0';
		for (i = 0; i < ARRAY_SIZE(own); i++) {
			if (!hasmntopt(mnt, own[i]))
				continue;
			if (buf[0])
				strncat(buf, ",", size - strlen(buf) - 1);
			strncat(buf, own[i], size - strlen(buf) - 1);
		}
	}
	if (f)
		endmntent(f);
}

static inline void cg_nsdelegate_on(void)
{
	char opts[300];
	struct statvfs sv;

	if (cg_nsdelegate())
		return;
	if (statvfs(cg_root, &sv))
		tst_brk(TBROK | TERRNO, "statvfs(%s)", cg_root);
	cg_flags0 = (sv.f_flag & ST_NOSUID ? MS_NOSUID : 0) |
		    (sv.f_flag & ST_NODEV ? MS_NODEV : 0) |
		    (sv.f_flag & ST_NOEXEC ? MS_NOEXEC : 0);
	cg_own_opts(cg_opts0, sizeof(cg_opts0));
	snprintf(opts, sizeof(opts), "%s%snsdelegate", cg_opts0,
		 cg_opts0[0] ? "," : "");
	if (cg_apply_opts(opts))
		tst_brk(TBROK | TERRNO, "mount cgroup2 with '%s' for %s",
			opts, cg_root);
	cg_opts_changed = 1;
	if (!cg_nsdelegate())
		tst_brk(TBROK, "mounted cgroup2 with nsdelegate, %s does not "
			"show it in /proc/self/mounts", cg_root);
	tst_res(TINFO, "nsdelegate set on %s for the test", cg_root);
}

static inline void cg_nsdelegate_restore(void)
{
	if (cg_opts_changed && (cg_apply_opts(cg_opts0) || cg_nsdelegate()))
		tst_res(TWARN | TERRNO, "could not set %s back to '%s'",
			cg_root, cg_opts0);
}

#endif /* CGROUP2_NSDELEGATE_H */

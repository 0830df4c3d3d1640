/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What /proc/self/mountinfo says about the filesystem holding a path: its
 * type name, turned into the magic number statfs() must report, and the
 * per-mount flags (ro, nosuid, nodev, noexec, noatime, relatime) that
 * statfs() reports in f_flags. The mount is found by the path's st_dev
 * (the major:minor field); the last matching line wins, as later mounts
 * cover earlier ones.
 */
#ifndef FS_MOUNT_H
#define FS_MOUNT_H

#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include "tst_test.h"

struct fs_mount {
	char type[64];
	unsigned long flags;	/* ST_* of the mount options */
};

static const struct fs_magic {
	const char *type;
	unsigned long magic;
} fs_magics[] = {
	{ "ext2", 0xEF53 }, { "ext3", 0xEF53 }, { "ext4", 0xEF53 },
	{ "tmpfs", 0x01021994 }, { "xfs", 0x58465342 },
	{ "btrfs", 0x9123683E }, { "overlay", 0x794c7630 },
	{ "9p", 0x01021997 }, { "nfs", 0x6969 }, { "nfs4", 0x6969 },
	{ "proc", 0x9fa0 }, { "sysfs", 0x62656572 }, { "f2fs", 0xF2F52010 },
	{ "vfat", 0x4d44 }, { "ramfs", 0x858458f6 },
	{ "virtiofs", 0x6a656a63 }, { "devtmpfs", 0x01021994 },
};

/* 0 when the type is not in the table */
static inline unsigned long fs_type_magic(const char *type)
{
	unsigned int i;

	for (i = 0; i < sizeof(fs_magics) / sizeof(fs_magics[0]); i++)
		if (!strcmp(fs_magics[i].type, type))
			return fs_magics[i].magic;
	return 0;
}

static inline unsigned long mount_opt_flags(const char *opts)
{
	static const struct {
		const char *opt;
		unsigned long flag;
	} map[] = {
		{ "ro", ST_RDONLY }, { "nosuid", ST_NOSUID },
		{ "nodev", ST_NODEV }, { "noexec", ST_NOEXEC },
		{ "noatime", ST_NOATIME }, { "relatime", ST_RELATIME },
	};
	char buf[512], *tok, *save;
	unsigned long flags = 0;
	unsigned int i;

	snprintf(buf, sizeof(buf), "%s", opts);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save))
		for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
			if (!strcmp(tok, map[i].opt))
				flags |= map[i].flag;
	return flags;
}

static inline void fs_mount_of(const char *path, struct fs_mount *m)
{
	char line[4096], opts[512], type[64], *sep;
	unsigned int maj, min;
	struct stat st;
	int found = 0;
	FILE *f;

	SAFE_STAT(path, &st);
	f = fopen("/proc/self/mountinfo", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f)) {
		/* id parent maj:min root mountpoint opts [tags] - type ... */
		if (sscanf(line, "%*d %*d %u:%u %*s %*s %511s", &maj, &min,
			   opts) != 3)
			continue;
		if (maj != major(st.st_dev) || min != minor(st.st_dev))
			continue;
		sep = strstr(line, " - ");
		if (!sep || sscanf(sep + 3, "%63s", type) != 1)
			continue;
		snprintf(m->type, sizeof(m->type), "%s", type);
		m->flags = mount_opt_flags(opts);
		found = 1;
	}
	fclose(f);
	if (!found)
		tst_brk(TBROK, "no mountinfo line for %s (dev %u:%u)", path,
			major(st.st_dev), minor(st.st_dev));
}

#endif /* FS_MOUNT_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/* Requirements: each unmet one ends the test with TCONF and the reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "tst_lib.h"

static void parse_kver(const char *s, int v[3])
{
	v[0] = v[1] = v[2] = 0;
	sscanf(s, "%d.%d.%d", &v[0], &v[1], &v[2]);
}

int tst_kvercmp(int r1, int r2, int r3)
{
	struct utsname uts;
	int v[3];

	uname(&uts);
	parse_kver(uts.release, v);
	if (v[0] != r1)
		return v[0] - r1;
	if (v[1] != r2)
		return v[1] - r2;
	return v[2] - r3;
}

long tst_read_meminfo(const char *field)
{
	FILE *f = fopen("/proc/meminfo", "r");
	size_t flen = strlen(field);
	char line[256];
	long val;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/meminfo)");
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, field, flen) &&
		    sscanf(line + flen, "%ld", &val) == 1) {
			fclose(f);
			return val;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no '%s' in /proc/meminfo", field);
}

long tst_read_vmstat(const char *key)
{
	FILE *f = fopen("/proc/vmstat", "r");
	char name[64];
	long val;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/vmstat)");
	while (fscanf(f, "%63s %ld", name, &val) == 2) {
		if (!strcmp(name, key)) {
			fclose(f);
			return val;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no '%s' in /proc/vmstat", key);
}

static int fs_listed(const char *fs)
{
	FILE *f = fopen("/proc/filesystems", "r");
	char line[128], name[64];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		/* "nodev\ttmpfs" or "\text4" */
		if (sscanf(line, "nodev %63s", name) == 1 ||
		    sscanf(line, "%63s", name) == 1)
			found = !strcmp(name, fs);
	}
	fclose(f);
	return found;
}


/*
 * A file system built as a module is listed once it is loaded, and a
 * distribution loads it on first use: ask modprobe, as mount(2) would.
 */
int tst_fs_is_supported(const char *fs)
{
	const char *const modprobe[] = { "modprobe", "-q", fs, NULL };

	if (fs_listed(fs))
		return 1;
	if (geteuid() || !tst_cmd_in_path("modprobe"))
		return 0;
	if (tst_cmd(modprobe, 1))
		return 0;
	return fs_listed(fs);
}

int tst_cmd_in_path(const char *cmd)
{
	const char *path = getenv("PATH");
	char buf[4096];
	const char *p, *end;

	if (strchr(cmd, '/'))
		return !access(cmd, X_OK);
	if (!path)
		path = "/usr/sbin:/usr/bin:/sbin:/bin";
	for (p = path; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ':');
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)(end - p), p, cmd);
		if (!access(buf, X_OK))
			return 1;
	}
	/* mkfs tools live in sbin, which a user's PATH may lack. */
	snprintf(buf, sizeof(buf), "/sbin/%s", cmd);
	if (!access(buf, X_OK))
		return 1;
	snprintf(buf, sizeof(buf), "/usr/sbin/%s", cmd);
	return !access(buf, X_OK);
}

static void check_kconfigs(const char *const *opts)
{
	int ret;

	for (; *opts; opts++) {
		ret = tst_kconfig_check(*opts);
		if (ret < 0)
			tst_brk(TCONF, "%s needed, but no kernel config found "
				"(set KCONFIG_PATH)", *opts);
		if (!ret)
			tst_brk(TCONF, "kernel config lacks %s", *opts);
	}
}

static void check_device_fs(const struct tst_test *t)
{
	const char *fs = t->dev_fs_type;
	char mkfs[64];

	if (!(t->format_device || t->mount_device))
		return;
	if (!fs)
		fs = getenv("LTP_DEV_FS_TYPE");
	if (!fs || !*fs)
		fs = "ext4";
	if (!tst_fs_is_supported(fs))
		tst_brk(TCONF, "kernel does not support filesystem %s "
			"(not in /proc/filesystems, no module)", fs);
	snprintf(mkfs, sizeof(mkfs), "mkfs.%s", fs);
	if (!tst_cmd_in_path(mkfs))
		tst_brk(TCONF, "%s not found in PATH", mkfs);
}

void tst_check_requirements(struct tst_test *t)
{
	const char *const *cmd;
	int v[3];

	if (t->needs_root && geteuid())
		tst_brk(TCONF, "test needs root (running as uid %d)",
			(int)geteuid());
	if (t->min_kver) {
		parse_kver(t->min_kver, v);
		if (tst_kvercmp(v[0], v[1], v[2]) < 0)
			tst_brk(TCONF, "test needs kernel %s or newer",
				t->min_kver);
	}
	if (t->min_cpus && sysconf(_SC_NPROCESSORS_ONLN) < t->min_cpus)
		tst_brk(TCONF, "test needs %u online CPUs, have %ld",
			t->min_cpus, sysconf(_SC_NPROCESSORS_ONLN));
	if (t->min_mem_avail_mb &&
	    tst_read_meminfo("MemAvailable:") / 1024 <
	    (long)t->min_mem_avail_mb)
		tst_brk(TCONF, "test needs %lu MB of available memory, have "
			"%ld MB", t->min_mem_avail_mb,
			tst_read_meminfo("MemAvailable:") / 1024);
	for (cmd = t->needs_cmds; cmd && *cmd; cmd++) {
		if (!tst_cmd_in_path(*cmd))
			tst_brk(TCONF, "command %s not found in PATH", *cmd);
	}
	if (t->needs_fs_type && !tst_fs_is_supported(t->needs_fs_type))
		tst_brk(TCONF, "kernel does not support filesystem %s "
			"(not in /proc/filesystems, no module)",
			t->needs_fs_type);
	if (t->needs_kconfigs)
		check_kconfigs(t->needs_kconfigs);
	check_device_fs(t);
	if ((t->needs_device || t->mount_device || t->hugepages.number ||
	     t->save_restore || t->all_filesystems) && geteuid())
		tst_brk(TCONF, "test needs root for its device, hugepages or "
			"sysctls (running as uid %d)", (int)geteuid());
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup writeback (fs/fs-writeback.c, block/blk-cgroup.c): with the
 * memory and io controllers on cgroup2, buffered writes to ext4 on the
 * test's loop device are written back in the name of the cgroup whose
 * memory holds the dirty pages (Documentation/admin-guide/cgroup-v2.rst,
 * "Writeback"), whoever makes them go out:
 *  - a process of cgroup a writes 4 MiB and fsync()s: a's io.stat wbytes
 *    on the device grow by 4 MiB (at most 128 KiB more: the journal and
 *    the metadata are written by jbd2, outside a), its sibling b's by 0;
 *  - a process of a writes 4 MiB and exits without a sync, then a
 *    process of b fsync()s the file: the 4 MiB are still a's (same
 *    bounds) and b's wbytes grow by 0, though b's fsync() issued the
 *    writeback (the inode is attached to a's writeback domain);
 *  - the parent's io.stat is hierarchical: its wbytes grow by exactly the
 *    sum of a's and b's.
 * On a kernel that charges writeback to the root cgroup (no cgroup
 * writeback) or to the task that starts it, a's count stays short or
 * b's grows.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include "tst_test.h"
#include "cgroup2.h"

#define KB 1024
#define MB (1024 * 1024)
#define FILE_MB 4
#define SLACK (128 * KB)
#define MNT "mntpoint"

static char devno[32];
static int round_no;

/* wbytes of this device in rel's io.stat; 0 when there is no line. */
static long long wbytes(const char *rel)
{
	char path[PATH_MAX], line[512], *p;
	long long val = 0;
	FILE *f;

	cg_path(path, sizeof(path), rel, "io.stat");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, devno, strlen(devno)) ||
		    line[strlen(devno)] != ' ')
			continue;
		p = strstr(line, " wbytes=");
		if (p)
			val = atoll(p + strlen(" wbytes="));
	}
	fclose(f);
	return val;
}

static void dirty_child(const char *file, int do_sync)
{
	char *buf = SAFE_MALLOC(MB);
	int fd, i;

	cg_enter("a");
	fd = SAFE_OPEN(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	for (i = 0; i < FILE_MB; i++) {
		memset(buf, 'a' + i, MB);
		SAFE_WRITE(1, fd, buf, MB);
	}
	if (do_sync)
		SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	exit(0);
}

static void sync_child(const char *file)
{
	int fd;

	cg_enter("b");
	fd = SAFE_OPEN(file, O_WRONLY);
	SAFE_FSYNC(fd);
	SAFE_CLOSE(fd);
	exit(0);
}

static void in_child(void (*fn)(const char *, int), const char *file, int arg)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		fn(file, arg);
	reap_child(pid);
}

static void sync_in_b(const char *file, int unused)
{
	(void)unused;
	sync_child(file);
}

static void check(const char *what, long long a0, long long b0, long long p0)
{
	long long da = wbytes("a") - a0, db = wbytes("b") - b0;
	long long dp = wbytes("") - p0;

	TST_EXP_EXPR(da >= FILE_MB * MB && da <= FILE_MB * MB + SLACK,
		     "%s: a's wbytes +%lld (%d MiB .. + %d KiB)", what, da,
		     FILE_MB, SLACK / KB);
	TST_EXP_EQ_LI(db, 0);
	TST_EXP_EXPR(dp == da + db, "%s: the parent's wbytes +%lld = a's + "
		     "b's (%lld)", what, dp, da + db);
}

static void run(void)
{
	char file[64];
	long long a0, b0, p0;

	round_no++;
	snprintf(file, sizeof(file), MNT "/own%d", round_no);
	a0 = wbytes("a");
	b0 = wbytes("b");
	p0 = wbytes("");
	in_child(dirty_child, file, 1);
	check("a writes and syncs", a0, b0, p0);
	SAFE_UNLINK(file);

	snprintf(file, sizeof(file), MNT "/other%d", round_no);
	a0 = wbytes("a");
	b0 = wbytes("b");
	p0 = wbytes("");
	in_child(dirty_child, file, 0);
	in_child(sync_in_b, file, 0);
	check("a writes, b syncs", a0, b0, p0);
	SAFE_UNLINK(file);
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", "io", NULL};
	struct stat st;

	SAFE_STAT(tst_device->dev, &st);
	snprintf(devno, sizeof(devno), "%u:%u", major(st.st_rdev),
		 minor(st.st_rdev));
	cg_setup(ctrls, 1);
	cg_mkdir("a");
	cg_mkdir("b");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.format_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUP_WRITEBACK", "CONFIG_MEMCG", "CONFIG_BLK_CGROUP",
		NULL
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2018-18955: id maps of more than 5 extents in a nested user
 * namespace. Above UID_GID_MAP_MAX_BASE_EXTENTS the kernel keeps a
 * forward copy (sorted by id in the namespace, for make_kuid()) and a
 * reverse copy (sorted by the id below, for from_kuid()); map_write()
 * once translated only the forward copy into kernel ids, so the reverse
 * copy mapped the parent namespace's ids as if they were kernel ids
 * (d2f007dbe7e4): a nested root then owned real root's files.
 *
 * Level 1 is a user namespace whose ids 0..999 are the kernel's
 * 100000..100999. Its root makes level 2 and writes its uid_map and
 * gid_map: "0 0 1" and then 5 (first run) or 339 (second run, 340 in all,
 * the most a map takes) extents of 2 ids each, in reverse order of their
 * ids below (level 2 id 4k, 4k+1 is level 1 id 2(E-1-k)+1, +2). In
 * level 2:
 *  - getuid(), getgid() and the Uid:/Gid: lines of /proc/self/status are 0;
 *    /proc/self/uid_map has one line per extent;
 *  - files the test made owned by the kernel ids of sampled extents show
 *    the level 2 ids they map to (reverse map); a file of kernel id 100999
 *    (unmapped in level 2) and real root's file show the overflow ids,
 *    and opening real root's mode 0600 file for writing is EACCES;
 *  - chown() of a new file to a sampled level 2 id works, and the file is
 *    then owned by that extent's kernel id, seen from the initial
 *    namespace (forward map); chown() to an id in a hole of the map
 *    (4k + 2) is EINVAL.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <grp.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define BASE 100000
#define MAX_SAMPLES 24

static const unsigned int nr_extents[] = { 6, 340 };
static unsigned int overflow_uid, overflow_gid;
static unsigned int extents;

/* the level 1 id that level 2 id 4k + j maps to (k >= 1) */
static unsigned int lower_of(unsigned int k, unsigned int j)
{
	return 2 * (extents - 1 - k) + 1 + j;
}

/* the sampled extents: all for a small map, every few for a large one */
static unsigned int sample(unsigned int i)
{
	unsigned int step = (extents - 1 + MAX_SAMPLES - 1) / MAX_SAMPLES;
	unsigned int k = 1 + i * step;

	return k < extents ? k : 0;
}

static void read_status_ids(const char *key, unsigned int ids[4])
{
	char line[256], fmt[64];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	snprintf(fmt, sizeof(fmt), "%s %%u %%u %%u %%u", key);
	ids[0] = ids[1] = ids[2] = ids[3] = ~0U;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, fmt, &ids[0], &ids[1], &ids[2], &ids[3]) == 4)
			break;
	fclose(f);
}

static void level2(void)
{
	unsigned int i, j, k, ids[4], bad = 0, lines = 0;
	int fd;
	char name[64], line[128];
	struct stat st;
	FILE *f;

	TST_CHECKPOINT_WAIT(1);

	TST_EXP_EXPR(getuid() == 0 && getgid() == 0,
		     "level 2 root: uid %u, gid %u", (unsigned int)getuid(),
		     (unsigned int)getgid());
	read_status_ids("Uid:", ids);
	TST_EXP_EXPR(!ids[0] && !ids[1] && !ids[2] && !ids[3],
		     "/proc/self/status Uid: %u %u %u %u", ids[0], ids[1],
		     ids[2], ids[3]);
	read_status_ids("Gid:", ids);
	TST_EXP_EXPR(!ids[0] && !ids[1] && !ids[2] && !ids[3],
		     "/proc/self/status Gid: %u %u %u %u", ids[0], ids[1],
		     ids[2], ids[3]);
	f = fopen("/proc/self/uid_map", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/uid_map)");
	while (fgets(line, sizeof(line), f))
		lines++;
	fclose(f);
	TST_EXP_EQ_LU(lines, extents);

	for (i = 0; (k = sample(i)); i++) {
		for (j = 0; j < 2; j++) {
			snprintf(name, sizeof(name), "owned_%u_%u", k, j);
			SAFE_STAT(name, &st);
			if (st.st_uid != 4 * k + j || st.st_gid != 4 * k + j) {
				tst_res(TFAIL, "%s (kernel id %u) shows as "
					"%u:%u, expected %u", name,
					BASE + lower_of(k, j),
					(unsigned int)st.st_uid,
					(unsigned int)st.st_gid, 4 * k + j);
				bad++;
			}
		}
	}
	if (!bad)
		tst_res(TPASS, "files of %u sampled extents show their level 2 "
			"ids", i);

	SAFE_STAT("unmapped", &st);
	TST_EXP_EXPR(st.st_uid == overflow_uid && st.st_gid == overflow_gid,
		     "kernel id %u (unmapped) shows as %u:%u", BASE + 999,
		     (unsigned int)st.st_uid, (unsigned int)st.st_gid);
	SAFE_STAT("restricted", &st);
	TST_EXP_EXPR(st.st_uid == overflow_uid && st.st_gid == overflow_gid,
		     "real root's file shows as %u:%u",
		     (unsigned int)st.st_uid, (unsigned int)st.st_gid);
	TST_EXP_FAIL(open("restricted", O_WRONLY), EACCES,
		     "open(O_WRONLY) of real root's mode 0600 file");

	for (i = 0; (k = sample(i)); i++) {
		snprintf(name, sizeof(name), "made_%u", k);
		fd = SAFE_OPEN(name, O_CREAT | O_WRONLY, 0644);
		SAFE_CLOSE(fd);
		if (chown(name, 4 * k + 1, 4 * k + 1))
			tst_res(TFAIL | TERRNO, "chown(%s, %u)", name,
				4 * k + 1);
	}
	TST_EXP_FAIL(chown("made_1", 6, 6), EINVAL,
		     "chown() to id 6, a hole in the map");
}

static void write_map(pid_t pid, const char *file)
{
	static char map[340 * 24];
	size_t len;
	unsigned int k;

	len = snprintf(map, sizeof(map), "0 0 1\n");
	for (k = 1; k < extents; k++)
		len += snprintf(map + len, sizeof(map) - len, "%u %u 2\n",
				4 * k, lower_of(k, 0));
	SAFE_NS_WRITE_PROC(pid, file, map);
}

static void level1(void)
{
	pid_t pid;

	TST_CHECKPOINT_WAIT(0);
	/*
	 * Become level 1's root (kernel 100000): a new user namespace needs
	 * its creator's ids mapped. Changing ids clears the dumpable flag,
	 * which would give level 2's /proc files to the real root.
	 */
	if (setgroups(0, NULL) || setresgid(0, 0, 0) || setresuid(0, 0, 0))
		tst_brk(TBROK | TERRNO, "becoming root of level 1");
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE)");
	pid = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!pid) {
		level2();
		exit(0);
	}
	write_map(pid, "uid_map");
	write_map(pid, "gid_map");
	TST_CHECKPOINT_WAKE(1);
	NS_REAP(pid);
}

static void make_file(const char *name, unsigned int id, mode_t mode)
{
	int fd = SAFE_OPEN(name, O_CREAT | O_WRONLY | O_TRUNC, mode);

	SAFE_CLOSE(fd);
	SAFE_CHOWN(name, id, id);
}

static void run(unsigned int n)
{
	char name[64], map[32];
	unsigned int i, j, k, bad = 0;
	struct stat st;
	pid_t pid;

	extents = nr_extents[n];
	tst_res(TINFO, "level 2 map of %u extents", extents);
	for (i = 0; (k = sample(i)); i++) {
		for (j = 0; j < 2; j++) {
			snprintf(name, sizeof(name), "owned_%u_%u", k, j);
			make_file(name, BASE + lower_of(k, j), 0644);
		}
	}

	pid = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!pid) {
		level1();
		exit(0);
	}
	snprintf(map, sizeof(map), "0 %u 1000", BASE);
	SAFE_NS_WRITE_PROC(pid, "uid_map", map);
	SAFE_NS_WRITE_PROC(pid, "gid_map", map);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(pid);

	for (i = 0; (k = sample(i)); i++) {
		snprintf(name, sizeof(name), "made_%u", k);
		if (stat(name, &st)) {
			tst_res(TFAIL | TERRNO, "stat(%s), made in level 2",
				name);
			bad++;
			continue;
		}
		if (st.st_uid != BASE + lower_of(k, 1) ||
		    st.st_gid != BASE + lower_of(k, 1)) {
			tst_res(TFAIL, "%s chowned to %u in level 2 is owned "
				"by %u:%u, expected %u", name, 4 * k + 1,
				(unsigned int)st.st_uid,
				(unsigned int)st.st_gid,
				BASE + lower_of(k, 1));
			bad++;
		}
		SAFE_UNLINK(name);
		for (j = 0; j < 2; j++) {
			snprintf(name, sizeof(name), "owned_%u_%u", k, j);
			SAFE_UNLINK(name);
		}
	}
	if (!bad)
		tst_res(TPASS, "files chowned in level 2 have the kernel ids "
			"of their extents");
}

static void setup(void)
{
	overflow_uid = ns_overflow_id("overflowuid");
	overflow_gid = ns_overflow_id("overflowgid");
	make_file("restricted", 0, 0600);
	make_file("unmapped", BASE + 999, 0644);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		/* userns: also map extents in the reverse map to kernel IDs */
		{"linux-git", "d2f007dbe7e4"},
		{"CVE", "2018-18955"},
		{}
	},
};

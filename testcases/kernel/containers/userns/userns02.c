// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The rules for writing uid_map, gid_map and setgroups of a user
 * namespace (man 7 user_namespaces; kernel/user_namespace.c map_write(),
 * new_idmap_permitted(), proc_setgroups_write()):
 *  - a map is written once: a second write fails with EPERM;
 *  - an extent of count 0, one that wraps around 2^32, overlapping
 *    extents, trailing junk, 341 extents (the limit is 340: 340
 *    succeed) and a write of a page or more fail with EINVAL;
 *  - an unprivileged process may map only its own euid; it may map its
 *    own egid only after writing "deny" to setgroups (EPERM before);
 *    mapping another uid is EPERM;
 *  - once gid_map is written, setgroups can no longer change (EPERM), and
 *    with "deny" setgroups(2) fails with EPERM even with CAP_SETGID there.
 */
#include <grp.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "ns_helpers.h"

static char big_map[8192];

/* A child in a new user namespace that waits until it is told to exit. */
static pid_t spawn_userns(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWUSER);

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	return pid;
}

static void end_userns(pid_t pid)
{
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(pid);
}

static void write_once(void)
{
	pid_t pid = spawn_userns();

	TST_EXP_PASS(ns_write_proc(pid, "uid_map", "0 0 1"),
		     "first write of uid_map");
	TST_EXP_FAIL(ns_write_proc(pid, "uid_map", "0 0 1"), EPERM,
		     "second write of uid_map");
	TST_EXP_PASS(ns_write_proc(pid, "gid_map", "0 0 10"),
		     "first write of gid_map");
	TST_EXP_FAIL(ns_write_proc(pid, "gid_map", "20 20 1"), EPERM,
		     "second write of gid_map");
	end_userns(pid);
}

static void bad_extents(void)
{
	static const struct {
		const char *map;
		const char *desc;
	} bad[] = {
		{"0 0 0", "count 0"},
		{"4294967295 0 1", "first id (u32)-1"},
		{"4294967200 0 200", "an extent wrapping around 2^32"},
		{"0 1000 10\n5 2000 10", "overlapping inside ranges"},
		{"0 1000 10\n100 1005 10", "overlapping outside ranges"},
		{"0 0 1 junk", "trailing junk"},
	};
	pid_t pid = spawn_userns();
	unsigned int i;
	size_t len = 0;
	char path[64];
	int fd;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		TST_EXP_FAIL(ns_write_proc(pid, "uid_map", bad[i].map), EINVAL,
			     "uid_map with %s", bad[i].desc);

	for (i = 0; i < 341; i++)
		len += sprintf(big_map + len, "%u %u 1\n", i, 1000 + i);
	TST_EXP_FAIL(ns_write_proc(pid, "uid_map", big_map), EINVAL,
		     "uid_map with 341 extents");

	snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	fd = SAFE_OPEN(path, O_WRONLY);
	memset(big_map, ' ', 4096);
	memcpy(big_map, "0 0 1", 5);
	TST_EXP_FAIL(write(fd, big_map, 4096), EINVAL,
		     "uid_map written with 4096 bytes");
	SAFE_CLOSE(fd);

	/* none of the refused writes used up the one write */
	len = 0;
	for (i = 0; i < 340; i++)
		len += sprintf(big_map + len, "%u %u 1\n", i, 1000 + i);
	TST_EXP_PASS(ns_write_proc(pid, "uid_map", big_map),
		     "uid_map with 340 extents");
	end_userns(pid);
}

/* Runs as nobody: maps itself in a user namespace of its own. */
static void unprivileged_child(void)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	char map[64];

	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER) as nobody");

	TST_EXP_FAIL(ns_write_proc(0, "uid_map", "0 0 1"), EPERM,
		     "nobody maps uid 0 (not its own)");
	snprintf(map, sizeof(map), "0 %u 2", (unsigned int)uid);
	TST_EXP_FAIL(ns_write_proc(0, "uid_map", map), EPERM,
		     "nobody maps two uids");
	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)uid);
	TST_EXP_PASS(ns_write_proc(0, "uid_map", map), "nobody maps its uid");
	TST_EXP_EQ_LU(getuid(), 0);

	snprintf(map, sizeof(map), "0 %u 1", (unsigned int)gid);
	TST_EXP_FAIL(ns_write_proc(0, "gid_map", map), EPERM,
		     "nobody maps its gid with setgroups allowed");
	TST_EXP_PASS(ns_write_proc(0, "setgroups", "deny"),
		     "write 'deny' to setgroups");
	TST_EXP_PASS(ns_write_proc(0, "gid_map", map),
		     "nobody maps its gid after setgroups 'deny'");
	TST_EXP_EQ_LU(getgid(), 0);

	TST_EXP_FAIL(ns_write_proc(0, "setgroups", "allow"), EPERM,
		     "write 'allow' to setgroups after gid_map");
	TST_EXP_FAIL(setgroups(0, NULL), EPERM,
		     "setgroups(0, NULL) with setgroups 'deny'");
}

static void unprivileged(void)
{
	long val;
	pid_t pid;

	if (tst_file_read_long("/proc/sys/kernel/unprivileged_userns_clone",
			       &val) && !val) {
		tst_res(TCONF, "kernel.unprivileged_userns_clone is 0");
		return;
	}
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		/*
		 * The uid change made the process non-dumpable, which makes
		 * its /proc/self files root's: become dumpable again to
		 * write its own maps, as a process that never was root can.
		 */
		if (prctl(PR_SET_DUMPABLE, 1))
			tst_brk(TBROK | TERRNO, "prctl(PR_SET_DUMPABLE)");
		unprivileged_child();
		exit(0);
	}
	NS_REAP(pid);
}

static void (*const checks[])(void) = {
	write_once, bad_extents, unprivileged,
};

static void run(unsigned int n)
{
	checks[n]();
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_USER_NS", NULL},
};

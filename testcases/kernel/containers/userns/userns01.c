// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A process in a new user namespace:
 *  - before any map is written, its uid and gid and the owner of a file
 *    owned by root read as the overflow ids (kernel.overflowuid/gid);
 *  - after its parent writes uid_map "100 0 1" and gid_map "200 0 1",
 *    getuid() is 100, getgid() is 200, the root-owned file shows as owned
 *    by 100:200, a file owned by 1000 (unmapped) still shows the overflow
 *    uid, and /proc/self/uid_map reads back the extent written;
 *  - it holds every capability in its own namespace (CapEff), yet none
 *    over what the initial namespace owns: sethostname() and mounting a
 *    tmpfs fail with EPERM, while both work after it also unshares uts
 *    and mount namespaces, which its user namespace then owns.
 */
#include <sys/mount.h>
#include "tst_test.h"
#include "ns_helpers.h"

static unsigned int overflow_uid, overflow_gid;

static unsigned long long cap_eff(void)
{
	unsigned long long eff = 0;
	char line[128];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1)
			break;
	fclose(f);
	return eff;
}

static void child_main(void)
{
	unsigned long long last_cap, all;
	unsigned int in, out, count;
	struct stat st;

	TST_EXP_EQ_LU(getuid(), overflow_uid);
	TST_EXP_EQ_LU(getgid(), overflow_gid);
	SAFE_STAT("owned_by_root", &st);
	TST_EXP_EXPR(st.st_uid == overflow_uid && st.st_gid == overflow_gid,
		     "unmapped: the root-owned file shows as %u:%u",
		     (unsigned int)st.st_uid, (unsigned int)st.st_gid);

	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);

	TST_EXP_EQ_LU(getuid(), 100);
	TST_EXP_EQ_LU(getgid(), 200);
	SAFE_STAT("owned_by_root", &st);
	TST_EXP_EXPR(st.st_uid == 100 && st.st_gid == 200,
		     "mapped: the root-owned file shows as %u:%u",
		     (unsigned int)st.st_uid, (unsigned int)st.st_gid);
	SAFE_STAT("owned_by_1000", &st);
	TST_EXP_EQ_LU(st.st_uid, overflow_uid);
	SAFE_FILE_SCANF("/proc/self/uid_map", "%u %u %u", &in, &out, &count);
	TST_EXP_EXPR(in == 100 && out == 0 && count == 1,
		     "/proc/self/uid_map reads '%u %u %u'", in, out, count);

	SAFE_FILE_SCANF("/proc/sys/kernel/cap_last_cap", "%llu", &last_cap);
	all = (1ULL << (last_cap + 1)) - 1;
	TST_EXP_EXPR((cap_eff() & all) == all,
		     "every capability in the new user namespace "
		     "(CapEff %llx)", cap_eff());

	TST_EXP_FAIL(sethostname("ltp-userns01", 12), EPERM,
		     "sethostname() in the initial uts namespace");
	TST_EXP_FAIL(mount("ltp", "mnt", "tmpfs", 0, NULL), EPERM,
		     "mount(tmpfs) in the initial mount namespace");

	if (unshare(CLONE_NEWUTS | CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUTS | CLONE_NEWNS)");
	TST_EXP_PASS(sethostname("ltp-userns01", 12),
		     "sethostname() in a uts namespace it owns");
	TST_EXP_PASS(mount("ltp", "mnt", "tmpfs", 0, NULL),
		     "mount(tmpfs) in a mount namespace it owns");
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWUSER);

	if (!pid) {
		child_main();
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	SAFE_NS_WRITE_PROC(pid, "uid_map", "100 0 1");
	SAFE_NS_WRITE_PROC(pid, "gid_map", "200 0 1");
	TST_CHECKPOINT_WAKE(1);
	NS_REAP(pid);
}

static void setup(void)
{
	overflow_uid = ns_overflow_id("overflowuid");
	overflow_gid = ns_overflow_id("overflowgid");
	SAFE_FILE_PRINTF("owned_by_root", "x");
	SAFE_CHOWN("owned_by_root", 0, 0);
	SAFE_FILE_PRINTF("owned_by_1000", "x");
	SAFE_CHOWN("owned_by_1000", 1000, 1000);
	SAFE_MKDIR("mnt", 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_UTS_NS", NULL
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setfsgid(2), called raw, returns the previous filesystem gid and sets
 * the one that file access checks use, leaving the effective gid alone:
 * - an invalid gid (-1) changes nothing and returns the current fsgid;
 * - root's setfsgid(A) returns 0; /proc/self/status shows fsgid A while
 *   getegid() stays 0; a file created then has group A;
 * - the group permission bits follow the fsgid: in a child that dropped
 *   CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (so that root's permission
 *   checks are the plain ones), with no supplementary groups, a file of
 *   another owner readable by group 65534 only (0040) is EACCES with
 *   fsgid 0, opens with fsgid 65534, and is EACCES again with fsgid 0;
 * - unprivileged (nobody), setfsgid(0) is refused silently: it returns
 *   the fsgid, which stays that of nobody.
 */
#include <grp.h>
#include <stdlib.h>
#include "caps_raw.h"
#include "proc_ids.h"
#include "as_nobody.h"

#define GROUP_FILE "group_only"
#define NEW_FILE "created"
#define DAC_CAPS ((1ULL << CAP_DAC_OVERRIDE) | (1ULL << CAP_DAC_READ_SEARCH))

static gid_t nogroup;

static long sys_setfsgid(gid_t gid)
{
	return syscall(__NR_setfsgid, gid);
}

static unsigned long proc_fsgid(void)
{
	unsigned long ids[4];

	proc_status_ids("Gid:", ids);
	return ids[3];
}

static void check_open(int exp_errno, const char *when)
{
	int fd;

	if (!exp_errno) {
		TST_EXP_FD(fd = open(GROUP_FILE, O_RDONLY),
			   "open(" GROUP_FILE ") %s", when);
		if (fd >= 0)
			SAFE_CLOSE(fd);
	} else {
		TST_EXP_FAIL(open(GROUP_FILE, O_RDONLY), exp_errno,
			     "open(" GROUP_FILE ") %s", when);
	}
}

static void child(void)
{
	struct cap_sets caps;
	struct stat st;
	int fd;

	TST_EXP_VAL(sys_setfsgid(ID_A), 0, "setfsgid(A) returns fsgid 0");
	TST_EXP_VAL(sys_setfsgid(-1), ID_A, "setfsgid(-1) returns fsgid A");
	TST_EXP_EQ_LU(proc_fsgid(), ID_A);
	TST_EXP_EQ_LU(getegid(), 0);
	fd = SAFE_OPEN(NEW_FILE, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	SAFE_STAT(NEW_FILE, &st);
	TST_EXP_EQ_LU(st.st_gid, ID_A);
	TST_EXP_VAL(sys_setfsgid(0), ID_A, "setfsgid(0) returns A");

	if (setgroups(0, NULL))
		tst_brk(TBROK | TERRNO, "setgroups(0, NULL)");
	if (capget_v3(0, &caps))
		tst_brk(TBROK | TERRNO, "capget()");
	caps.eff &= ~DAC_CAPS;
	if (capset_v3(&caps))
		tst_brk(TBROK | TERRNO, "capset(no DAC capabilities)");

	check_open(EACCES, "with fsgid 0, no DAC capabilities");
	TST_EXP_VAL(sys_setfsgid(nogroup), 0, "setfsgid(65534) returns 0");
	TST_EXP_EQ_LU(proc_fsgid(), nogroup);
	TST_EXP_EQ_LU(getegid(), 0);
	check_open(0, "with fsgid 65534");
	TST_EXP_VAL(sys_setfsgid(0), nogroup, "setfsgid(0) returns 65534");
	check_open(EACCES, "with fsgid 0 again");
}

static void as_nobody(void)
{
	gid_t mine = getgid();

	TST_EXP_VAL(sys_setfsgid(0), mine, "setfsgid(0) as nobody returns "
		    "the own gid %d", (int)mine);
	TST_EXP_EQ_LU(proc_fsgid(), mine);
	TST_EXP_VAL(sys_setfsgid(-1), mine, "setfsgid(-1) as nobody");
}

static void run(void)
{
	pid_t pid;

	TST_EXP_VAL(sys_setfsgid(-1), 0, "setfsgid(-1) as root returns 0");
	TST_EXP_EQ_LU(proc_fsgid(), 0);

	pid = SAFE_FORK();
	if (!pid) {
		child();
		exit(0);
	}
	tst_reap_children();
	run_in_nobody_child(as_nobody, "the unprivileged checks");
}

static void setup(void)
{
	int fd;

	nogroup = 65534;
	fd = SAFE_OPEN(GROUP_FILE, O_CREAT | O_WRONLY, 0040);
	SAFE_CLOSE(fd);
	SAFE_CHOWN(GROUP_FILE, ID_B, nogroup);
	SAFE_CHMOD(GROUP_FILE, 0040);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setfsuid(2), called raw, returns the previous filesystem uid and sets
 * the one that file access checks use, leaving the effective uid alone:
 * - an invalid uid (-1) changes nothing and returns the current fsuid;
 * - root's setfsuid(A) returns 0; /proc/self/status shows fsuid A while
 *   geteuid() stays 0; a file created then is owned by A;
 * - moving the fsuid away from 0 drops the filesystem capabilities
 *   (CAP_CHOWN, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER) from the
 *   effective set and keeps the others (CAP_SETUID, CAP_KILL): a file
 *   only uid 65534 may read (0400) is EACCES with euid 0 and fsuid A, and
 *   opens with fsuid 65534; a root-only file (0600) is EACCES with fsuid
 *   65534; back to fsuid 0 the capabilities return and both open;
 * - unprivileged (nobody), setfsuid(0) is refused silently: it returns
 *   the fsuid, which stays that of nobody.
 */
#include <stdlib.h>
#include <linux/capability.h>
#include "proc_ids.h"
#include "cap_check.h"
#include "as_nobody.h"

#define NOBODY_FILE "nobody_only"
#define ROOT_FILE "root_only"
#define NEW_FILE "created"
#define FS_CAPS ((1ULL << CAP_CHOWN) | (1ULL << CAP_DAC_OVERRIDE) | \
		 (1ULL << CAP_DAC_READ_SEARCH) | (1ULL << CAP_FOWNER))

static uid_t nobody;

static long sys_setfsuid(uid_t uid)
{
	return syscall(__NR_setfsuid, uid);
}

static unsigned long proc_fsuid(void)
{
	unsigned long ids[4];

	proc_status_ids("Uid:", ids);
	return ids[3];
}

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

static void check_open(const char *path, int exp_errno, const char *when)
{
	int fd;

	if (!exp_errno) {
		TST_EXP_FD(fd = open(path, O_RDONLY), "open(%s) %s", path,
			   when);
		if (fd >= 0)
			SAFE_CLOSE(fd);
	} else {
		TST_EXP_FAIL(open(path, O_RDONLY), exp_errno, "open(%s) %s",
			     path, when);
	}
}

static void child(void)
{
	struct stat st;
	int fd;

	TST_EXP_VAL(sys_setfsuid(ID_A), 0, "setfsuid(A) returns fsuid 0");
	TST_EXP_VAL(sys_setfsuid(-1), ID_A, "setfsuid(-1) returns fsuid A");
	TST_EXP_EQ_LU(proc_fsuid(), ID_A);
	TST_EXP_EQ_LU(geteuid(), 0);
	TST_EXP_EXPR(!(cap_eff() & FS_CAPS) &&
		     has_effective_cap(CAP_SETUID) &&
		     has_effective_cap(CAP_KILL), "fsuid A: CapEff %llx, "
		     "filesystem capabilities dropped, the others kept",
		     cap_eff());
	fd = SAFE_OPEN(NEW_FILE, O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	SAFE_STAT(NEW_FILE, &st);
	TST_EXP_EQ_LU(st.st_uid, ID_A);
	check_open(NOBODY_FILE, EACCES, "with euid 0, fsuid A");

	TST_EXP_VAL(sys_setfsuid(nobody), ID_A, "setfsuid(nobody) returns A");
	check_open(NOBODY_FILE, 0, "with euid 0, fsuid nobody");
	check_open(ROOT_FILE, EACCES, "with euid 0, fsuid nobody");

	TST_EXP_VAL(sys_setfsuid(0), nobody, "setfsuid(0) returns nobody");
	TST_EXP_EQ_LU(proc_fsuid(), 0);
	TST_EXP_EXPR((cap_eff() & FS_CAPS) == FS_CAPS, "fsuid 0: CapEff %llx,"
		     " filesystem capabilities back", cap_eff());
	check_open(NOBODY_FILE, 0, "with fsuid 0 again");
	check_open(ROOT_FILE, 0, "with fsuid 0 again");
}

static void as_nobody(void)
{
	TST_EXP_VAL(sys_setfsuid(0), nobody, "setfsuid(0) as nobody returns "
		    "nobody");
	TST_EXP_EQ_LU(proc_fsuid(), nobody);
	TST_EXP_VAL(sys_setfsuid(-1), nobody, "setfsuid(-1) as nobody");
}

static void run(void)
{
	pid_t pid;

	TST_EXP_VAL(sys_setfsuid(-1), 0, "setfsuid(-1) as root returns 0");
	TST_EXP_EQ_LU(proc_fsuid(), 0);

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

	nobody = nobody_uid();
	fd = SAFE_OPEN(NOBODY_FILE, O_CREAT | O_WRONLY, 0400);
	SAFE_CLOSE(fd);
	SAFE_CHOWN(NOBODY_FILE, nobody, 0);
	SAFE_CHMOD(NOBODY_FILE, 0400);
	fd = SAFE_OPEN(ROOT_FILE, O_CREAT | O_WRONLY, 0600);
	SAFE_CLOSE(fd);
	SAFE_CHMOD(ROOT_FILE, 0600);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

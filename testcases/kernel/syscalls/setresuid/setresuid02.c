// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File access and file ownership follow the identity a task switched to,
 * each switch made by root in a child and checked through the kernel's
 * ids (getres[ug]id(), /proc/self/status, fsuid and fsgid included):
 *  - setuid(nobody): root's mode 0644 file opens O_RDONLY, O_RDWR is
 *    EACCES, and there is no way back (setuid(0): EPERM);
 *  - setresuid(-1, nobody, -1) and setreuid(-1, nobody): the same EACCES
 *    while the effective uid is nobody, a file created then is owned by
 *    nobody, and after switching the effective uid back to root (the
 *    saved or real uid) O_RDWR opens again and new files are root's;
 *  - setresgid(-1, nobody's gid, -1): the fsgid follows (status "Gid:"
 *    field 4), a file created then has that group, while root's
 *    effective uid keeps full access.
 * Syscalls: setresuid, setuid, setreuid, setresgid
 */
#include <fcntl.h>
#include <sys/stat.h>
#include "proc_ids.h"

#define ROOT_FILE "root_file"

static uid_t nuid;
static gid_t ngid;

static void check_access(int as_nobody, const char *how)
{
	TST_EXP_FD(open(ROOT_FILE, O_RDONLY), "%s: open(O_RDONLY) of root's "
		   "0644 file", how);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	if (as_nobody) {
		TST_EXP_FAIL(open(ROOT_FILE, O_RDWR), EACCES,
			     "%s: open(O_RDWR) of root's 0644 file", how);
	} else {
		TST_EXP_FD(open(ROOT_FILE, O_RDWR), "%s: open(O_RDWR) of "
			   "root's 0644 file", how);
	}
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
}

/* Create name and assert its owner and group. */
static void check_owner(const char *name, uid_t uid, gid_t gid,
			const char *how)
{
	struct stat st;
	int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);

	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "%s: creating %s", how, name);
		return;
	}
	SAFE_CLOSE(fd);
	SAFE_STAT(name, &st);
	TST_EXP_EXPR(st.st_uid == uid && st.st_gid == gid,
		     "%s: a new file is owned by %u:%u (expected %u:%u)", how,
		     (unsigned int)st.st_uid, (unsigned int)st.st_gid,
		     (unsigned int)uid, (unsigned int)gid);
}

static void do_setuid(void)
{
	TST_EXP_PASS(setuid(nuid), "setuid(nobody)");
	check_uids(nuid, nuid, nuid);
	check_access(1, "after setuid(nobody)");
	TST_EXP_FAIL(setuid(0), EPERM, "setuid(0) after setuid(nobody)");
}

static void do_setresuid(void)
{
	TST_EXP_PASS(setresuid(-1, nuid, -1), "setresuid(-1, nobody, -1)");
	check_uids(0, nuid, 0);
	check_access(1, "effective uid nobody (setresuid)");
	check_owner("by_resuid", nuid, 0, "effective uid nobody (setresuid)");
	TST_EXP_PASS(setresuid(-1, 0, -1), "setresuid(-1, 0, -1) back");
	check_uids(0, 0, 0);
	check_access(0, "effective uid root again (setresuid)");
	check_owner("by_resuid_root", 0, 0, "effective uid root again");
}

static void do_setreuid(void)
{
	TST_EXP_PASS(setreuid(-1, nuid), "setreuid(-1, nobody)");
	/* a new effective uid other than the real one: saved = effective */
	check_uids(0, nuid, nuid);
	check_access(1, "effective uid nobody (setreuid)");
	check_owner("by_reuid", nuid, 0, "effective uid nobody (setreuid)");
	TST_EXP_PASS(setreuid(-1, 0), "setreuid(-1, 0) back (the real uid)");
	check_access(0, "effective uid root again (setreuid)");
}

static void do_setresgid(void)
{
	TST_EXP_PASS(setresgid(-1, ngid, -1), "setresgid(-1, nobody's gid, -1)");
	check_gids(0, ngid, 0);
	check_owner("by_resgid", 0, ngid, "effective gid nobody's");
	check_access(0, "effective gid nobody's, uid root");
}

static void run(unsigned int n)
{
	static void (*const fns[])(void) = {
		do_setuid, do_setresuid, do_setreuid, do_setresgid
	};
	pid_t pid = SAFE_FORK();

	if (!pid) {
		fns[n]();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	int fd;

	nuid = nobody_uid();
	ngid = nobody_gid();
	fd = SAFE_OPEN(ROOT_FILE, O_WRONLY | O_CREAT, 0644);
	SAFE_CLOSE(fd);
	SAFE_CHMOD(ROOT_FILE, 0644);
	SAFE_CHOWN(ROOT_FILE, 0, 0);
	/* the children of nobody's identities create files here */
	SAFE_CHMOD(".", 0777);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

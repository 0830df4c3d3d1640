// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * acct(file) turns BSD process accounting on: each process that exits
 * then appends a struct acct_v3 record (ac_version 3, the x86-64 Debian
 * kernels set CONFIG_BSD_PROCESS_ACCT_V3) with its pid, parent pid, uid
 * and command name. Checked for a child that executed "true" (ac_comm
 * "true", AFORK clear, exit code 0) and one that only forked and exited
 * with 5 (AFORK set, ac_exitcode 5 << 8, ac_comm the test's name); after
 * acct(NULL) a further exiting child adds no record. Accounting is turned
 * off in cleanup too.
 * A reversed jiffies comparison skipped the free-space check that makes
 * new accounting active once a tick had passed since acct(), so that the
 * records of these children (an exec takes longer than a tick) were
 * never written (4d9570158b62).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/acct.h>
#include "tst_test.h"

#define ACCT_FILE "pacct"
#define ACCT_V3 3

static int acct_on;

static long sys_acct(const char *path)
{
	return syscall(__NR_acct, path);
}

static pid_t run_child(int do_exec, int code)
{
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (do_exec) {
			execlp("true", "true", (char *)NULL);
			_exit(127);
		}
		_exit(code);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != code)
		tst_brk(TBROK, "child exited with status 0x%x, expected %d",
			status, code);
	return pid;
}

/* Copy of the record of pid into rec; 0 if there is none. */
static int find_record(pid_t pid, struct acct_v3 *rec, int *total)
{
	struct acct_v3 r;
	int fd = SAFE_OPEN(ACCT_FILE, O_RDONLY), found = 0;

	*total = 0;
	while (read(fd, &r, sizeof(r)) == sizeof(r)) {
		(*total)++;
		if (r.ac_pid == (__u32)pid) {
			*rec = r;
			found++;
		}
	}
	SAFE_CLOSE(fd);
	if (found > 1)
		tst_res(TFAIL, "%d records for pid %d", found, (int)pid);
	return found;
}

static void check_record(pid_t pid, const char *comm, int afork, int code)
{
	struct acct_v3 r;
	int total;

	if (!find_record(pid, &r, &total)) {
		tst_res(TFAIL, "no record for pid %d among %d", (int)pid,
			total);
		return;
	}
	if (r.ac_version == 2) {
		tst_res(TCONF, "version 2 records: kernel without "
			"CONFIG_BSD_PROCESS_ACCT_V3");
		return;
	}
	TST_EXP_EQ_LI(r.ac_version, ACCT_V3);
	TST_EXP_EXPR(!strncmp(r.ac_comm, comm, sizeof(r.ac_comm)),
		     "ac_comm \"%.*s\" is \"%s\"", (int)sizeof(r.ac_comm),
		     r.ac_comm, comm);
	TST_EXP_EQ_LI(r.ac_ppid, getpid());
	TST_EXP_EQ_LI(r.ac_uid, getuid());
	TST_EXP_EQ_LI(!!(r.ac_flag & AFORK), afork);
	TST_EXP_EQ_LI(r.ac_exitcode, code << 8);
}

static void run(void)
{
	char comm[32] = "";
	struct acct_v3 r;
	pid_t exec_pid, fork_pid, late_pid;
	int total;

	SAFE_FILE_SCANF("/proc/self/comm", "%31s", comm);

	TEST(sys_acct(ACCT_FILE));
	if (TST_RET == -1 && TST_ERR == ENOSYS)
		tst_brk(TCONF, "acct() is ENOSYS: kernel without "
			"CONFIG_BSD_PROCESS_ACCT");
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "acct(%s)", ACCT_FILE);
		return;
	}
	tst_res(TPASS, "acct(%s) turned accounting on", ACCT_FILE);
	acct_on = 1;

	exec_pid = run_child(1, 0);
	fork_pid = run_child(0, 5);

	TST_EXP_PASS(sys_acct(NULL), "acct(NULL)");
	acct_on = !TST_PASS;
	late_pid = run_child(0, 0);

	check_record(exec_pid, "true", 0, 0);
	check_record(fork_pid, comm, 1, 5);
	TST_EXP_EXPR(!find_record(late_pid, &r, &total),
		     "no record for a child exiting after acct(NULL)");
}

static void setup(void)
{
	int fd = SAFE_OPEN(ACCT_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	SAFE_CLOSE(fd);
}

static void cleanup(void)
{
	if (acct_on && sys_acct(NULL))
		tst_res(TWARN | TERRNO, "acct(NULL) in cleanup");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* kernel/acct.c: fix the acct->needcheck check in
		 * check_free_space() */
		{"linux-git", "4d9570158b62"},
		{}
	},
};

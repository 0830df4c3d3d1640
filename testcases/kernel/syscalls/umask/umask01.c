// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * umask(2) sets the file mode creation mask and returns the old one:
 * - each call returns the mask set by the previous one; only the 0777
 *   bits are kept (umask(07777) then reads back as 0777);
 * - under umask 027: open(O_CREAT, 0666) makes 0640, mkdir(0777) 0750,
 *   mkfifo(0666) 0640, and a symlink is still 0777;
 * - a forked child inherits the mask;
 * - /proc/self/status "Umask:" shows it (TCONF where the field is
 *   missing: kernels before 4.7, or no /proc).
 */
#include <fcntl.h>
#include <stdio.h>
#include "tst_test.h"
#include "fsmeta.h"

static void check_values(void)
{
	mode_t old = umask(0);

	TST_EXP_VAL(umask(0123), 0, "umask(0123) returns the previous 0");
	TST_EXP_VAL(umask(07777), 0123, "umask(07777) returns 0123");
	TST_EXP_VAL(umask(0), 0777, "umask(0) returns 0777, extra bits gone");
	umask(old);
}

static void expect_mode(const char *path, mode_t mode)
{
	struct stat st;

	FSM_SAFE(lstat(path, &st));
	TST_EXP_EXPR((st.st_mode & 07777) == mode, "%s: mode %04o, "
		     "expected %04o", path, st.st_mode & 07777, mode);
}

static void check_created_modes(void)
{
	mode_t old = umask(027);
	int fd;

	fd = SAFE_OPEN("umask01_file", O_WRONLY | O_CREAT | O_EXCL, 0666);
	SAFE_CLOSE(fd);
	expect_mode("umask01_file", 0640);
	SAFE_MKDIR("umask01_dir", 0777);
	expect_mode("umask01_dir", 0750);
	FSM_SAFE(mkfifo("umask01_fifo", 0666));
	expect_mode("umask01_fifo", 0640);
	FSM_SAFE(symlink("umask01_file", "umask01_link"));
	expect_mode("umask01_link", 0777);
	umask(old);
	SAFE_UNLINK("umask01_file");
	SAFE_RMDIR("umask01_dir");
	SAFE_UNLINK("umask01_fifo");
	SAFE_UNLINK("umask01_link");
}

static int proc_umask(unsigned int *val)
{
	char line[128];
	FILE *f = fopen("/proc/self/status", "r");
	int found = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "Umask: %o", val) == 1) {
			found = 1;
			break;
		}
	}
	fclose(f);
	return found;
}

static void check_inherit(void)
{
	mode_t old = umask(0037);
	unsigned int val;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_VAL(umask(0), 0037, "the child inherited umask 0037");
		exit(0);
	}
	reap_child(pid);
	if (proc_umask(&val))
		TST_EXP_EQ_LI(val, 0037);
	else
		tst_res(TCONF, "no Umask: line in /proc/self/status");
	umask(old);
}

static void run(unsigned int n)
{
	void (*const checks[])(void) = {
		check_values, check_created_modes, check_inherit,
	};

	checks[n]();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

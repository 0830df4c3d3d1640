// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * acct() errors, as kernel/acct.c returns them (the file is opened
 * O_WRONLY | O_APPEND first): EPERM as nobody (no CAP_SYS_PACCT), EACCES
 * for a file that is not regular (/dev/null), EISDIR for a directory,
 * EINVAL for a regular file on procfs (/proc/self/comm), ENOENT for a
 * missing file, ENOTDIR for a path through a regular file, EFAULT for a
 * PROT_NONE name, and EACCES for a read-only (0444) file in a root child
 * that dropped CAP_DAC_OVERRIDE from its effective set (it keeps
 * CAP_SYS_PACCT, so the open() permission check decides). The errors of
 * the path walk and of the open for writing: ELOOP through a symlink
 * loop, ENAMETOOLONG for a path of PATH_MAX bytes and for a name of
 * NAME_MAX + 1 bytes, EROFS for a regular file on a read-only bind mount
 * (in a child in a private mount namespace).
 */
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/capability.h>
#include <sys/mount.h>
#include "as_nobody.h"
#include "task_wait.h"
#include "fsmeta.h"
#include "mount_ns.h"

static void *bad_addr;

static long sys_acct(const char *path)
{
	return syscall(__NR_acct, path);
}

static void acct_as_nobody(void)
{
	TST_EXP_FAIL(sys_acct("file"), EPERM, "acct(file) as nobody");
	TST_EXP_FAIL(sys_acct(NULL), EPERM, "acct(NULL) as nobody");
}

static void acct_without_dac_override(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (syscall(__NR_capget, &hdr, data))
			tst_brk(TBROK | TERRNO, "capget()");
		data[0].effective &= ~(1U << CAP_DAC_OVERRIDE);
		if (syscall(__NR_capset, &hdr, data))
			tst_brk(TBROK | TERRNO, "capset()");
		TST_EXP_FAIL(sys_acct("rofile"), EACCES,
			     "acct() of a 0444 file without CAP_DAC_OVERRIDE");
		exit(0);
	}
	reap_child(pid);
}

static void acct_on_ro_mount(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		mnt_private_ns();
		SAFE_MOUNT("dir", "ro", NULL, MS_BIND, NULL);
		SAFE_MOUNT(NULL, "ro", NULL,
			   MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);
		TST_EXP_FAIL(sys_acct("ro/file"), EROFS,
			     "acct() of a file on a read-only bind mount");
		/* Accounting must not stay on for the rest of the run. */
		if (!TST_RET)
			sys_acct(NULL);
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	run_in_nobody_child(acct_as_nobody, "EPERM checks");
	TST_EXP_FAIL(sys_acct("/dev/null"), EACCES,
		     "acct(/dev/null), not a regular file");
	TST_EXP_FAIL(sys_acct("dir"), EISDIR, "acct() of a directory");
	TST_EXP_FAIL(sys_acct("/proc/self/comm"), EINVAL,
		     "acct() of a file on procfs");
	TST_EXP_FAIL(sys_acct("missing"), ENOENT, "acct() of a missing file");
	TST_EXP_FAIL(sys_acct("file/x"), ENOTDIR,
		     "acct() through a regular file");
	TST_EXP_FAIL(sys_acct(bad_addr), EFAULT, "acct() of a PROT_NONE name");
	acct_without_dac_override();
	TST_EXP_FAIL(sys_acct("loop_a/file"), ELOOP,
		     "acct() through a symlink loop");
	TST_EXP_FAIL(sys_acct(fsm_long_path()), ENAMETOOLONG,
		     "acct() of a %d byte path", PATH_MAX);
	TST_EXP_FAIL(sys_acct(fsm_long_name()), ENAMETOOLONG,
		     "acct() of a %d byte name", NAME_MAX + 1);
	acct_on_ro_mount();
}

static void setup(void)
{
	int fd;

	TEST(sys_acct("missing"));
	if (TST_RET == -1 && TST_ERR == ENOSYS)
		tst_brk(TCONF, "acct() is ENOSYS: kernel without "
			"CONFIG_BSD_PROCESS_ACCT");
	fd = SAFE_OPEN("file", O_WRONLY | O_CREAT, 0666);
	SAFE_CLOSE(fd);
	SAFE_MKDIR("dir", 0777);
	fd = SAFE_OPEN("dir/file", O_WRONLY | O_CREAT, 0666);
	SAFE_CLOSE(fd);
	SAFE_MKDIR("ro", 0755);
	fsm_make_loop("loop_a", "loop_b");
	fd = SAFE_OPEN("rofile", O_WRONLY | O_CREAT, 0444);
	SAFE_CLOSE(fd);
	SAFE_CHMOD("rofile", 0444);
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

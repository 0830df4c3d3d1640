// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fsconfig() on a tmpfs context: what it sets takes effect, and each
 * error has its exact errno (fs/fsopen.c, mm/shmem.c):
 * - FSCONFIG_SET_STRING "mode" "0710" and FSCONFIG_SET_FLAG "ro" before
 *   FSCONFIG_CMD_CREATE: the mounted tmpfs has a 0710 root and is
 *   read-only (creating a file there is EROFS);
 * - a command number the kernel does not know: EOPNOTSUPP;
 * - a known command with a wrong argument set (SET_STRING without a
 *   value, SET_FLAG with one, CMD_CREATE with a key): EINVAL;
 * - a key tmpfs does not have, a value tmpfs cannot parse: EINVAL;
 * - a negative fd: EINVAL; an fd that is not open: EBADF; an open fd
 *   that is not a filesystem context: EINVAL.
 * The test process runs in a private mount namespace.
 */
#include "tst_test.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define MNT "mnt"

static int fsfd = -1, filefd = -1, closedfd = -1;

static void check_settings(void)
{
	struct stat st;
	int fd, mfd;

	fd = fsopen_raw("tmpfs", FSOPEN_CLOEXEC);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "fsopen(tmpfs)");
	TST_EXP_PASS(fsconfig_raw(fd, FSCONFIG_SET_STRING, "mode", "0710", 0),
		     "fsconfig(SET_STRING, \"mode\", \"0710\")");
	TST_EXP_PASS(fsconfig_raw(fd, FSCONFIG_SET_FLAG, "ro", NULL, 0),
		     "fsconfig(SET_FLAG, \"ro\")");
	TST_EXP_PASS(fsconfig_raw(fd, FSCONFIG_CMD_CREATE, NULL, NULL, 0),
		     "fsconfig(CMD_CREATE)");
	if (!TST_PASS) {
		SAFE_CLOSE(fd);
		return;
	}
	mfd = fsmount_raw(fd, FSMOUNT_CLOEXEC, 0);
	if (mfd < 0)
		tst_brk(TBROK | TERRNO, "fsmount()");
	SAFE_CLOSE(fd);
	nm_attach(mfd, MNT);
	SAFE_CLOSE(mfd);
	SAFE_STAT(MNT, &st);
	TST_EXP_EXPR((st.st_mode & 07777) == 0710,
		     "the root of the tmpfs has mode 0710 (0%o)",
		     (unsigned int)(st.st_mode & 07777));
	TST_EXP_FAIL(open(MNT "/file", O_WRONLY | O_CREAT, 0644), EROFS,
		     "open(O_CREAT) on the tmpfs made with \"ro\"");
	if (umount2(MNT, 0))
		tst_brk(TBROK | TERRNO, "umount2(" MNT ")");
}

static void check_errors(void)
{
	TST_EXP_FAIL(fsconfig_raw(fsfd, 100, NULL, NULL, 0), EOPNOTSUPP,
		     "fsconfig(cmd 100)");
	TST_EXP_FAIL(fsconfig_raw(fsfd, FSCONFIG_SET_STRING, "size", NULL, 0),
		     EINVAL, "fsconfig(SET_STRING, \"size\", NULL value)");
	TST_EXP_FAIL(fsconfig_raw(fsfd, FSCONFIG_SET_FLAG, "ro", "x", 0),
		     EINVAL, "fsconfig(SET_FLAG, \"ro\", with a value)");
	TST_EXP_FAIL(fsconfig_raw(fsfd, FSCONFIG_CMD_CREATE, "size", NULL, 0),
		     EINVAL, "fsconfig(CMD_CREATE, with a key)");
	TST_EXP_FAIL(fsconfig_raw(fsfd, FSCONFIG_SET_STRING, "ltp_no_such_key",
				  "1", 0),
		     EINVAL, "fsconfig(SET_STRING, unknown key for tmpfs)");
	TST_EXP_FAIL(fsconfig_raw(fsfd, FSCONFIG_SET_STRING, "size", "ltp", 0),
		     EINVAL, "fsconfig(SET_STRING, \"size\", \"ltp\")");
	TST_EXP_FAIL(fsconfig_raw(-1, FSCONFIG_CMD_CREATE, NULL, NULL, 0),
		     EINVAL, "fsconfig(fd -1)");
	TST_EXP_FAIL(fsconfig_raw(closedfd, FSCONFIG_CMD_CREATE, NULL, NULL,
				  0),
		     EBADF, "fsconfig(closed fd)");
	TST_EXP_FAIL(fsconfig_raw(filefd, FSCONFIG_CMD_CREATE, NULL, NULL, 0),
		     EINVAL, "fsconfig(fd of a regular file)");
}

static void (*const checks[])(void) = { check_settings, check_errors };

static void run(unsigned int n)
{
	checks[n]();
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	fsfd = fsopen_raw("tmpfs", FSOPEN_CLOEXEC);
	if (fsfd < 0)
		tst_brk(TBROK | TERRNO, "fsopen(tmpfs)");
	filefd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0644);
	closedfd = SAFE_OPEN("file", O_RDONLY);
	SAFE_CLOSE(closedfd);
	closedfd = filefd + 1;
	while (fcntl(closedfd, F_GETFD) != -1)
		closedfd++;
}

static void cleanup(void)
{
	if (fsfd >= 0)
		SAFE_CLOSE(fsfd);
	if (filefd >= 0)
		SAFE_CLOSE(filefd);
	mnt_umount_all(MNT);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(checks),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};

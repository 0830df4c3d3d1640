// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * copy_file_range(2) EPERM: the output is an immutable file
 * (FS_IMMUTABLE_FL set after the descriptor was opened for writing, as
 * root may), checked in generic_copy_file_checks() of 6.1 and 6.12
 * before any byte moves: the output keeps its data and size, and the
 * input's offset does not move. The check is on the output only: an
 * immutable input is copied from. On a tmpfs of the test's own in a
 * private mount namespace (it goes away with the immutable file).
 * Syscalls: copy_file_range
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"
#include "tmpfs_iflags.h"

#define OLD "old data"
#define NEW "new data, longer than the old"

static void child(void)
{
	char buf[64] = { 0 };
	struct stat st;
	int in, out, out2;

	mnt_private_ns();
	SAFE_MOUNT("copy_file_range05", "mnt", "tmpfs", 0, "size=1m");
	fsm_create_file("mnt/src", 0644, NEW);
	fsm_create_file("mnt/imm", 0644, OLD);
	in = SAFE_OPEN("mnt/src", O_RDONLY);
	out = SAFE_OPEN("mnt/imm", O_WRONLY);
	tmpfs_iflag_fd(out, FS_IMMUTABLE_FL);

	TST_EXP_FAIL(copy_file_range(in, NULL, out, NULL, strlen(NEW), 0),
		     EPERM, "copy_file_range() to an immutable file");
	TST_EXP_EQ_LI(SAFE_LSEEK(in, 0, SEEK_CUR), 0);
	SAFE_STAT("mnt/imm", &st);
	TST_EXP_EQ_LI(st.st_size, (long)strlen(OLD));
	SAFE_FILE_SCANF("mnt/imm", "%63[^\n]", buf);
	TST_EXP_EXPR(!strcmp(buf, OLD), "the immutable file holds '%s'",
		     buf);
	SAFE_CLOSE(out);
	SAFE_CLOSE(in);

	/* The immutable file as the input. */
	in = SAFE_OPEN("mnt/imm", O_RDONLY);
	out2 = SAFE_OPEN("mnt/copy", O_WRONLY | O_CREAT, 0644);
	TST_EXP_VAL(copy_file_range(in, NULL, out2, NULL, 64, 0),
		    (long)strlen(OLD), "copy_file_range() from the immutable "
		    "file");
	SAFE_CLOSE(out2);
	SAFE_CLOSE(in);
	memset(buf, 0, sizeof(buf));
	SAFE_FILE_SCANF("mnt/copy", "%63[^\n]", buf);
	TST_EXP_EXPR(!strcmp(buf, OLD), "the copy holds '%s'", buf);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		child();
	reap_child(pid);
}

static void setup(void)
{
	SAFE_MKDIR("mnt", 0755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

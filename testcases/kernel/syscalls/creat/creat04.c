// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * creat(2) errors of the file it would truncate (fs/namei.c may_open(),
 * fs/inode.c no_open() of 6.1 and 6.12), on a tmpfs of the test's own in
 * a private mount namespace:
 * - ENXIO for a UNIX domain socket file (no open for sockets); it stays
 *   a socket;
 * - EPERM for a file flagged immutable (FS_IMMUTABLE_FL) and for one
 *   flagged append-only (FS_APPEND_FL: writing needs O_APPEND, and
 *   O_TRUNC is refused); both keep their data, and the append-only file
 *   still opens with O_WRONLY | O_APPEND.
 * No descriptor is left behind by a failed call.
 * Syscalls: creat
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "fd_checks.h"
#include "fsmeta.h"
#include "mount_ns.h"
#include "tmpfs_iflags.h"

#define DATA "creat04 data"

static void expect_data(const char *path)
{
	struct stat st;

	SAFE_STAT(path, &st);
	TST_EXP_EXPR(S_ISREG(st.st_mode) && st.st_size == sizeof(DATA) - 1,
		     "%s keeps its %zu bytes (size %lld)", path,
		     sizeof(DATA) - 1, (long long)st.st_size);
}

static void child(void)
{
	struct sockaddr_un sun = {
		.sun_family = AF_UNIX,
		.sun_path = "mnt/sock",
	};
	struct stat st;
	int sfd, free_fd;

	mnt_private_ns();
	SAFE_MOUNT("creat04", "mnt", "tmpfs", 0, "size=1m");
	sfd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (bind(sfd, (struct sockaddr *)&sun, sizeof(sun)))
		tst_brk(TBROK | TERRNO, "bind(mnt/sock)");
	fsm_create_file("mnt/imm", 0666, DATA);
	fsm_create_file("mnt/app", 0666, DATA);
	tmpfs_iflag("mnt/imm", FS_IMMUTABLE_FL);
	tmpfs_iflag("mnt/app", FS_APPEND_FL);
	free_fd = lowest_free_fd();

	TST_EXP_FAIL(creat("mnt/sock", 0644), ENXIO,
		     "creat() of a UNIX domain socket file");
	SAFE_STAT("mnt/sock", &st);
	TST_EXP_EXPR(S_ISSOCK(st.st_mode), "it is still a socket");

	TST_EXP_FAIL(creat("mnt/imm", 0644), EPERM,
		     "creat() of an immutable file");
	expect_data("mnt/imm");
	TST_EXP_FAIL(creat("mnt/app", 0644), EPERM,
		     "creat() of an append-only file");
	expect_data("mnt/app");
	TST_EXP_EQ_LI(lowest_free_fd(), free_fd);

	TST_EXP_FD(open("mnt/app", O_WRONLY | O_APPEND),
		   "open(O_WRONLY | O_APPEND) of the append-only file");
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
	SAFE_CLOSE(sfd);
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

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bind() of an AF_UNIX socket to a path name, the errors of creating the
 * socket file (unix_bind_bsd(), filename_create()):
 * - ELOOP for a path through a directory symlink loop;
 * - a dangling symlink as the last component: EADDRINUSE (the name
 *   exists; it is not followed), and its target is not created;
 * - on a read-only bind mount (in a private mount namespace): EROFS for
 *   a new name, and no file appears on the writable mount beneath;
 *   EADDRINUSE for a name that exists there, as on a writable mount: the
 *   kernel looks the name up before it reports the read-only mount.
 * Syscalls: bind
 */
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "mount_ns.h"

static int unix_bind(const char *path)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	int ret, err;

	strncpy(sun.sun_path, path, sizeof(sun.sun_path) - 1);
	ret = bind(fd, (struct sockaddr *)&sun, sizeof(sun));
	err = errno;
	SAFE_CLOSE(fd);
	errno = err;
	return ret;
}

static void check_ro_mount(void)
{
	mnt_private_ns();
	SAFE_MOUNT("rw", "ro", NULL, MS_BIND, NULL);
	SAFE_MOUNT(NULL, "ro", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL);

	TST_EXP_FAIL(unix_bind("ro/new.sock"), EROFS,
		     "bind() to a new name on a read-only bind mount");
	TST_EXP_FAIL(access("rw/new.sock", F_OK), ENOENT,
		     "no socket file appeared");
	TST_EXP_FAIL(unix_bind("ro/exists"), EADDRINUSE,
		     "bind() to an existing name on a read-only bind mount");
	exit(0);
}

static void run(void)
{
	pid_t pid;

	TST_EXP_FAIL(unix_bind("loop_a/s.sock"), ELOOP,
		     "bind() through a symlink loop");
	TST_EXP_FAIL(unix_bind("dangling"), EADDRINUSE,
		     "bind() to a dangling symlink");
	TST_EXP_FAIL(access("target.sock", F_OK), ENOENT,
		     "the symlink's target was not created");

	pid = SAFE_FORK();
	if (!pid)
		check_ro_mount();
	reap_child(pid);
}

static void setup(void)
{
	fsm_make_loop("loop_a", "loop_b");
	FSM_SAFE(symlink("target.sock", "dangling"));
	SAFE_MKDIR("rw", 0755);
	SAFE_MKDIR("ro", 0755);
	fsm_create_file("rw/exists", 0644, "x");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bind() permission checks, as nobody:
 *  - a port below net.ipv4.ip_unprivileged_port_start on 127.0.0.1 needs
 *    CAP_NET_BIND_SERVICE: EACCES (checked before the port is looked up,
 *    so nothing is bound); port 0 passes;
 *  - an AF_UNIX path in a directory nobody cannot write (root's, 0755):
 *    EACCES, and no file appears; the same name in a directory it can
 *    write passes.
 * With ip_unprivileged_port_start 0 every port is unprivileged: TCONF for
 * that part.
 */
#include <sys/stat.h>
#include "socket_helpers.h"

static long first_free_port;

static void setup(void)
{
	require_loopback();
	if (!tst_file_read_long("/proc/sys/net/ipv4/ip_unprivileged_port_start",
				&first_free_port))
		first_free_port = 1024;
	SAFE_MKDIR("rootdir", 0755);
	SAFE_MKDIR("opendir", 0777);
	SAFE_CHMOD("opendir", 0777);
}

static void as_nobody(void)
{
	struct sockaddr_in sin = lo4(first_free_port - 1);
	struct sockaddr_un sun;
	socklen_t len;
	int fd;

	fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (first_free_port > 0) {
		TST_EXP_FAIL(bind(fd, (struct sockaddr *)&sin, sizeof(sin)),
			     EACCES, "nobody: bind(127.0.0.1:%ld)",
			     first_free_port - 1);
	} else {
		tst_res(TCONF, "ip_unprivileged_port_start is 0: no "
			"privileged port");
	}
	sin = lo4(0);
	TST_EXP_PASS(bind(fd, (struct sockaddr *)&sin, sizeof(sin)),
		     "nobody: bind(127.0.0.1:0)");
	SAFE_CLOSE(fd);

	fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	sun = unix_addr("rootdir/sock", &len);
	TST_EXP_FAIL(bind(fd, (struct sockaddr *)&sun, len), EACCES,
		     "nobody: bind(\"rootdir/sock\"), rootdir root's 0755");
	TST_EXP_FAIL(access("rootdir/sock", F_OK), ENOENT,
		     "nobody: no \"rootdir/sock\" was created");
	sun = unix_addr("opendir/sock", &len);
	TST_EXP_PASS(bind(fd, (struct sockaddr *)&sun, len),
		     "nobody: bind(\"opendir/sock\"), opendir 0777");
	SAFE_CLOSE(fd);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		tst_drop_privs();
		as_nobody();
		exit(0);
	}
	reap_child(pid);
	if (!access("opendir/sock", F_OK))
		SAFE_UNLINK("opendir/sock");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

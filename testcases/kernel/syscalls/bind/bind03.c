// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bind() permission checks, as nobody:
 *  - a port below net.ipv4.ip_unprivileged_port_start on 127.0.0.1 needs
 *    CAP_NET_BIND_SERVICE: EACCES (checked before the port is looked up,
 *    so nothing is bound); the sysctl is set (saved and restored by the
 *    library) to 1024, where ports 599 and 600 are both EACCES, and to
 *    600, where 599 is EACCES and 600 binds; port 0 passes;
 *  - an AF_UNIX path in a directory nobody cannot write (root's, 0755):
 *    EACCES, and no file appears; the same name in a directory it can
 *    write passes.
 */
#include <sys/stat.h>
#include "socket_helpers.h"

#define PORT_START "/proc/sys/net/ipv4/ip_unprivileged_port_start"

static long first_free_port;

static void setup(void)
{
	require_loopback();
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
	TST_EXP_FAIL(bind(fd, (struct sockaddr *)&sin, sizeof(sin)),
		     EACCES, "nobody: bind(127.0.0.1:%ld), "
		     "ip_unprivileged_port_start %ld", first_free_port - 1,
		     first_free_port);
	sin = lo4(600);
	if (first_free_port > 600) {
		TST_EXP_FAIL(bind(fd, (struct sockaddr *)&sin, sizeof(sin)),
			     EACCES, "nobody: bind(127.0.0.1:600), "
			     "ip_unprivileged_port_start %ld", first_free_port);
	} else {
		TST_EXP_PASS(bind(fd, (struct sockaddr *)&sin, sizeof(sin)),
			     "nobody: bind(127.0.0.1:600), "
			     "ip_unprivileged_port_start %ld", first_free_port);
		SAFE_CLOSE(fd);
		fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
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

static void run(unsigned int n)
{
	pid_t pid;

	first_free_port = n ? 600 : 1024;
	SAFE_FILE_PRINTF(PORT_START, "%ld", first_free_port);
	pid = SAFE_FORK();

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
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ PORT_START, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_uring work punted to an io-wq worker (IOSQE_ASYNC) runs with the
 * submitter's root directory and credentials at submission time, not
 * with those of the worker thread (CVE-2020-29373, fixed by 9392a27d88b9
 * "io-wq: add support for inheriting ->fs" and ff002b30181d "io_uring:
 * grab ->fs as part of async preparation"; credentials: 5.6's per-request
 * creds). Each iteration, in a child that sets up its own ring as root:
 * - an async IORING_OP_OPENAT of the absolute path of a file in the tmpdir
 *   opens it (this also starts the worker, as root, outside any chroot);
 * - after chroot() into a directory of the tmpdir, the same path gives
 *   -ENOENT: the worker must not resolve it outside the jail; a file of
 *   the jail opens and reads back its own content;
 * - after setresuid()/setresgid() to nobody (65534), an async open of a
 *   jail file mode 0600 owned by root gives -EACCES, while the jail's
 *   0644 file still opens: the request runs with the new credentials;
 * - in the chroot, an async IORING_OP_SENDMSG from an AF_UNIX datagram
 *   socket to the absolute path of a socket bound outside the jail gives
 *   -ENOENT and that socket receives nothing, while the same send to a
 *   socket bound inside the jail ("/inside.sock") delivers the datagram
 *   (the address is looked up by the worker: upstream LTP's io_uring02
 *   tags d87683620489 for this path).
 * Syscalls: io_uring_enter, io_uring_setup, chroot
 */
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "io_uring_raw.h"

#define JAIL		"jail"
#define INSIDE_DATA	"inside the jail"
#define NOBODY		65534
#define DGRAM		"sent by the worker"

static char outside[4096];
static struct sockaddr_un out_addr, in_addr;
static int out_sock = -1, in_sock = -1;

/* one async openat; returns the CQE's res */
static int async_open(struct uring *r, const char *path, uint64_t tag)
{
	struct io_uring_sqe *sqe;
	struct io_uring_cqe cqe;

	sqe = uring_get_sqe(r, 0, IORING_OP_OPENAT, AT_FDCWD, tag);
	sqe->flags = IOSQE_ASYNC;
	sqe->addr = (uintptr_t)path;
	sqe->rw_flags = O_RDONLY;
	uring_queue(r, 1);
	uring_submit_wait(r, 1);
	if (!uring_pop_cqe(r, &cqe))
		tst_brk(TBROK, "no CQE for the openat of %s", path);
	if (cqe.user_data != tag)
		tst_brk(TBROK, "CQE user_data 0x%llx, expected 0x%llx",
			(unsigned long long)cqe.user_data,
			(unsigned long long)tag);
	return cqe.res;
}

static void expect_open(struct uring *r, const char *path, uint64_t tag,
			const char *data, const char *what)
{
	char buf[64];
	int fd = async_open(r, path, tag);
	ssize_t n;

	if (fd < 0) {
		tst_res(TFAIL, "%s: async openat(%s) gave %s", what, path,
			tst_strerrno(-fd));
		return;
	}
	n = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	buf[n] = 0;
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!strcmp(buf, data), "%s: async openat(%s) opened it, "
		     "it reads \"%s\"", what, path, buf);
}

static void expect_err(struct uring *r, const char *path, uint64_t tag,
		       int err, const char *what)
{
	int res = async_open(r, path, tag);

	if (res >= 0)
		SAFE_CLOSE(res);
	TST_EXP_EXPR(res == -err, "%s: async openat(%s) gives %s (%s)", what,
		     path, tst_strerrno(err),
		     res >= 0 ? "opened" : tst_strerrno(-res));
}

/* one async sendmsg of DGRAM to addr; returns the CQE's res */
static int async_sendmsg(struct uring *r, int fd, struct sockaddr_un *addr,
			 uint64_t tag)
{
	struct iovec iov = { .iov_base = DGRAM, .iov_len = strlen(DGRAM) };
	struct msghdr msg = {
		.msg_name = addr, .msg_namelen = sizeof(*addr),
		.msg_iov = &iov, .msg_iovlen = 1,
	};
	struct io_uring_sqe *sqe;
	struct io_uring_cqe cqe;

	sqe = uring_get_sqe(r, 0, IORING_OP_SENDMSG, fd, tag);
	sqe->flags = IOSQE_ASYNC;
	sqe->addr = (uintptr_t)&msg;
	uring_queue(r, 1);
	uring_submit_wait(r, 1);
	if (!uring_pop_cqe(r, &cqe) || cqe.user_data != tag)
		tst_brk(TBROK, "no CQE 0x%llx for the sendmsg to %s",
			(unsigned long long)tag, addr->sun_path);
	return cqe.res;
}

static void check_sendmsg(struct uring *r)
{
	char buf[64];
	ssize_t n;
	int fd = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	int res;

	res = async_sendmsg(r, fd, &out_addr, 6);
	TST_EXP_EXPR(res == -ENOENT, "in the chroot: async sendmsg to %s "
		     "gives ENOENT (%s)", out_addr.sun_path,
		     res >= 0 ? "sent" : tst_strerrno(-res));
	n = recv(out_sock, buf, sizeof(buf), MSG_DONTWAIT);
	TST_EXP_EXPR(n < 0 && errno == EAGAIN, "the socket outside the jail "
		     "received nothing (recv() %zd)", n);

	/*
	 * MSG_DONTWAIT reads cannot come early: async_sendmsg() has waited
	 * for the completion, and an AF_UNIX datagram sendmsg() queues the
	 * data on the receiver before it returns.
	 */
	res = async_sendmsg(r, fd, &in_addr, 7);
	n = recv(in_sock, buf, sizeof(buf) - 1, MSG_DONTWAIT);
	buf[n > 0 ? n : 0] = 0;
	TST_EXP_EXPR(res == (int)strlen(DGRAM) && !strcmp(buf, DGRAM),
		     "in the chroot: async sendmsg to %s sent %d bytes, the "
		     "socket there received \"%s\"", in_addr.sun_path, res,
		     buf);
	SAFE_CLOSE(fd);
}

static void child(void)
{
	struct uring r = { .fd = -1 };

	uring_init(&r, 4, 0);
	expect_open(&r, outside, 1, "outside", "before chroot");

	if (chroot(JAIL) || chdir("/"))
		tst_brk(TBROK | TERRNO, "chroot(%s)", JAIL);
	expect_err(&r, outside, 2, ENOENT, "in the chroot");
	expect_open(&r, "/inside", 3, INSIDE_DATA, "in the chroot");
	check_sendmsg(&r);

	if (setgroups(0, NULL) || setresgid(NOBODY, NOBODY, NOBODY) ||
	    setresuid(NOBODY, NOBODY, NOBODY))
		tst_brk(TBROK | TERRNO, "dropping to uid/gid %d", NOBODY);
	expect_err(&r, "/rootonly", 4, EACCES, "as nobody");
	expect_open(&r, "/inside", 5, INSIDE_DATA, "as nobody");
	uring_exit(&r);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		child();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	struct sockaddr_un jail_addr = {
		.sun_family = AF_UNIX, .sun_path = JAIL "/inside.sock"
	};
	int fd;

	io_uring_require();
	if (snprintf(outside, sizeof(outside), "%s/outside",
		     tst_tmpdir_path) >= (int)sizeof(outside))
		tst_brk(TBROK, "tmpdir path too long");
	fd = SAFE_OPEN("outside", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, "outside", 7);
	SAFE_CLOSE(fd);
	SAFE_MKDIR(JAIL, 0755);
	fd = SAFE_OPEN(JAIL "/inside", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, fd, INSIDE_DATA, strlen(INSIDE_DATA));
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(JAIL "/rootonly", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_WRITE(1, fd, "root", 4);
	SAFE_CLOSE(fd);
	/* the harness may have made them with a umask: set them exactly */
	SAFE_CHMOD(JAIL "/inside", 0644);
	SAFE_CHMOD(JAIL "/rootonly", 0600);

	out_addr.sun_family = AF_UNIX;
	if (snprintf(out_addr.sun_path, sizeof(out_addr.sun_path),
		     "%s/outside.sock", tst_tmpdir_path) >=
	    (int)sizeof(out_addr.sun_path))
		tst_brk(TBROK, "tmpdir path too long for a socket address");
	in_addr.sun_family = AF_UNIX;
	strcpy(in_addr.sun_path, "/inside.sock");
	out_sock = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	if (bind(out_sock, (struct sockaddr *)&out_addr, sizeof(out_addr)))
		tst_brk(TBROK | TERRNO, "bind(%s)", out_addr.sun_path);
	in_sock = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	if (bind(in_sock, (struct sockaddr *)&jail_addr, sizeof(jail_addr)))
		tst_brk(TBROK | TERRNO, "bind(%s)", jail_addr.sun_path);
}

static void cleanup(void)
{
	if (out_sock >= 0)
		SAFE_CLOSE(out_sock);
	if (in_sock >= 0)
		SAFE_CLOSE(in_sock);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2020-29373"},
		/* io-wq: add support for inheriting ->fs */
		{"linux-git", "9392a27d88b9"},
		/* io_uring: grab ->fs as part of async preparation */
		{"linux-git", "ff002b30181d"},
		/* async sendmsg resolving a unix socket path in the worker:
		 * upstream LTP io_uring02's third fix */
		{"linux-git", "d87683620489"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * recvmsg() returns data, address, flags and ancillary data:
 *  - UDP: msg_name and msg_namelen give the sender; MSG_PEEK leaves the
 *    datagram queued; a datagram longer than the iovecs sets MSG_TRUNC in
 *    msg_flags;
 *  - with SO_PASSCRED the receiver gets the sender's pid, uid and gid in
 *    SCM_CREDENTIALS though the sender attached none; without it none;
 *  - SCM_RIGHTS descriptors come without FD_CLOEXEC, and with it when
 *    MSG_CMSG_CLOEXEC is given;
 *  - a control buffer with room for one of two descriptors: one arrives
 *    and MSG_CTRUNC is set; with no control buffer: MSG_CTRUNC and no
 *    descriptor is left open in the receiver;
 *  - MSG_DONTWAIT on an empty socket: EAGAIN; more than 1024 iovecs:
 *    EMSGSIZE; -1: EBADF; a regular file: ENOTSOCK; a msghdr outside the
 *    address space: EFAULT.
 */
#include "socket_helpers.h"
#include "scm_helpers.h"

static int sv[2] = { -1, -1 };

static void setup(void)
{
	require_loopback();
}

static void close_pair(void)
{
	if (sv[0] >= 0)
		SAFE_CLOSE(sv[0]);
	if (sv[1] >= 0)
		SAFE_CLOSE(sv[1]);
}

static void test_udp(void)
{
	struct sockaddr_in a_addr, b_addr, from;
	char buf[4];
	struct iovec iov = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct msghdr msg = {
		.msg_name = &from, .msg_namelen = sizeof(from),
		.msg_iov = &iov, .msg_iovlen = 1,
	};

	sv[0] = bound4(SOCK_DGRAM, &a_addr);
	sv[1] = bound4(SOCK_DGRAM, &b_addr);
	if (sendto(sv[0], "12345678", 8, 0, (struct sockaddr *)&b_addr,
		   sizeof(b_addr)) != 8)
		tst_brk(TBROK | TERRNO, "sendto()");
	memset(&from, 0, sizeof(from));
	TST_EXP_VAL(recvmsg(sv[1], &msg, MSG_PEEK), 4,
		    "recvmsg(MSG_PEEK, 4 byte iovec) of 8 bytes");
	TST_EXP_EXPR(msg.msg_namelen == sizeof(from) &&
		     from.sin_port == a_addr.sin_port &&
		     (msg.msg_flags & MSG_TRUNC),
		     "msg_name is the sender (port %d), msg_flags 0x%x has "
		     "MSG_TRUNC", ntohs(from.sin_port), msg.msg_flags);
	msg.msg_namelen = sizeof(from);
	TST_EXP_VAL(recvmsg(sv[1], &msg, 0), 4,
		    "recvmsg() after MSG_PEEK gets the datagram again");
	TST_EXP_FAIL(recvmsg(sv[1], &msg, MSG_DONTWAIT), EAGAIN,
		     "recvmsg(MSG_DONTWAIT) on the emptied socket");
	close_pair();
}

static void test_passcred(void)
{
	int one = 1, nfds, flags;
	struct ucred cred;
	pid_t pid;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM, 0, sv);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_WRITE(1, sv[0], "a", 1);
		exit(0);
	}
	reap_child(pid);
	TST_RET = recv_scm(sv[1], 0, sizeof(union scm_buf), NULL, 0, &nfds,
			   &cred, &flags);
	TST_EXP_EXPR(TST_RET == 1 && cred.pid == 0,
		     "no SCM_CREDENTIALS without SO_PASSCRED");

	if (setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_PASSCRED)");
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_WRITE(1, sv[0], "b", 1);
		exit(0);
	}
	reap_child(pid);
	TST_RET = recv_scm(sv[1], 0, sizeof(union scm_buf), NULL, 0, &nfds,
			   &cred, &flags);
	TST_EXP_EXPR(TST_RET == 1 && cred.pid == pid &&
		     cred.uid == getuid() && cred.gid == getgid(),
		     "SO_PASSCRED: the writer's credentials: pid %d (child %d),"
		     " uid %d, gid %d", cred.pid, (int)pid, (int)cred.uid,
		     (int)cred.gid);
	close_pair();
}

static void test_rights(void)
{
	int fds[2], got[SCM_MAX_TEST_FDS], nfds, flags, before;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	fds[0] = SAFE_OPEN("/dev/null", O_RDONLY);
	fds[1] = SAFE_OPEN("/dev/null", O_RDONLY);

	send_fds(sv[0], fds, 1);
	TST_RET = recv_scm(sv[1], 0, sizeof(union scm_buf), got,
			   SCM_MAX_TEST_FDS, &nfds, NULL, &flags);
	TST_EXP_EXPR(TST_RET == 1 &&
		     nfds == 1 && !(fcntl(got[0], F_GETFD) & FD_CLOEXEC),
		     "a received descriptor has no FD_CLOEXEC");
	if (nfds)
		SAFE_CLOSE(got[0]);
	send_fds(sv[0], fds, 1);
	TST_RET = recv_scm(sv[1], MSG_CMSG_CLOEXEC, sizeof(union scm_buf),
			   got, SCM_MAX_TEST_FDS, &nfds, NULL, &flags);
	TST_EXP_EXPR(TST_RET == 1 &&
		     nfds == 1 && (fcntl(got[0], F_GETFD) & FD_CLOEXEC),
		     "with MSG_CMSG_CLOEXEC it has FD_CLOEXEC");
	if (nfds)
		SAFE_CLOSE(got[0]);

	send_fds(sv[0], fds, 2);
	TST_RET = recv_scm(sv[1], 0, CMSG_LEN(sizeof(int)), got,
			   SCM_MAX_TEST_FDS, &nfds, NULL, &flags);
	TST_EXP_EXPR(TST_RET == 1 && nfds == 1 && (flags & MSG_CTRUNC),
		     "room for 1 of 2 descriptors: %d arrived, msg_flags 0x%x",
		     nfds, flags);
	if (nfds)
		SAFE_CLOSE(got[0]);

	before = lowest_free_fd();
	send_fds(sv[0], fds, 2);
	TST_RET = recv_scm(sv[1], 0, 0, got, SCM_MAX_TEST_FDS, &nfds, NULL,
			   &flags);
	TST_EXP_EXPR(TST_RET == 1 && !nfds && (flags & MSG_CTRUNC) &&
		     lowest_free_fd() == before,
		     "no control buffer: MSG_CTRUNC (0x%x), no descriptor left "
		     "open", flags);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
	close_pair();
}

static void test_errors(void)
{
	struct iovec *iovs;
	char buf[1];
	struct msghdr msg = { 0 };
	int i, file;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM, 0, sv);
	SAFE_WRITE(1, sv[0], "x", 1);
	iovs = SAFE_MALLOC(1025 * sizeof(*iovs));
	for (i = 0; i < 1025; i++) {
		iovs[i].iov_base = buf;
		iovs[i].iov_len = 1;
	}
	msg.msg_iov = iovs;
	msg.msg_iovlen = 1025;
	TST_EXP_FAIL(recvmsg(sv[1], &msg, 0), EMSGSIZE,
		     "recvmsg(1025 iovecs)");
	free(iovs);
	TST_EXP_FAIL(recvmsg(sv[1], (void *)-1, 0), EFAULT,
		     "recvmsg(msghdr (void *)-1)");
	TST_EXP_FAIL(recvmsg(-1, &msg, 0), EBADF, "recvmsg(-1)");
	file = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(recvmsg(file, &msg, 0), ENOTSOCK, "recvmsg(/dev/null)");
	SAFE_CLOSE(file);
	close_pair();
}

static void run(void)
{
	test_udp();
	test_passcred();
	test_rights();
	test_errors();
}

static void cleanup(void)
{
	close_pair();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendmsg() over AF_UNIX, data and ancillary data:
 *  - three iovecs make one datagram holding them in order;
 *  - SCM_RIGHTS passes open files: the receiver gets new descriptors for
 *    the same open file descriptions (same inode, shared file offset),
 *    two in one message in order, even when the sender closed its copies
 *    before they were received;
 *  - SCM_CREDENTIALS with the sender's own pid, uid and gid is accepted
 *    and received as sent; as nobody, claiming pid 1 or uid 0 is EPERM;
 *  - SCM_RIGHTS with descriptor -1: EBADF; more than 253 (SCM_MAX_FD)
 *    descriptors: EINVAL; a cmsg_len beyond msg_controllen: EINVAL;
 *    more than 1024 (UIO_MAXIOV) iovecs: EMSGSIZE; a msghdr outside the
 *    address space: EFAULT.
 */
#include <sys/stat.h>
#include "socket_helpers.h"
#include "scm_helpers.h"

#define TOO_MANY_FDS 254

static int sv[2] = { -1, -1 };

static void setup(void)
{
	int fd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0600);

	SAFE_WRITE(1, fd, "0123456789", 10);
	SAFE_CLOSE(fd);
}

static void close_pair(void)
{
	if (sv[0] >= 0)
		SAFE_CLOSE(sv[0]);
	if (sv[1] >= 0)
		SAFE_CLOSE(sv[1]);
}

static void test_iovecs(void)
{
	struct iovec iov[3] = {
		{ .iov_base = "one-", .iov_len = 4 },
		{ .iov_base = "", .iov_len = 0 },
		{ .iov_base = "two", .iov_len = 3 },
	};
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 3 };
	char buf[16] = "";

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM, 0, sv);
	TST_EXP_VAL(sendmsg(sv[0], &msg, 0), 7, "sendmsg(3 iovecs, 4 + 0 + 3)");
	TST_EXP_EXPR(recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT) == 7 &&
		     !strcmp(buf, "one-two"),
		     "one datagram \"%s\" arrived", buf);
	close_pair();
}

static void test_rights(void)
{
	int fds[2], got[SCM_MAX_TEST_FDS], nfds, flags;
	struct stat st_sent, st_got;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	fds[0] = SAFE_OPEN("file", O_RDWR);
	fds[1] = SAFE_OPEN("/dev/null", O_RDONLY);
	SAFE_FSTAT(fds[0], &st_sent);
	TST_EXP_VAL(send_fds(sv[0], fds, 2), 1, "sendmsg(SCM_RIGHTS, 2 fds)");
	/* the fds in flight hold the files open */
	SAFE_CLOSE(fds[1]);
	if (recv_scm(sv[1], 0, sizeof(union scm_buf), got, SCM_MAX_TEST_FDS,
		     &nfds, NULL, &flags) != 1 || nfds != 2) {
		tst_res(TFAIL | TERRNO, "received %d descriptors, expected 2",
			nfds);
		SAFE_CLOSE(fds[0]);
		close_pair();
		return;
	}
	SAFE_FSTAT(got[0], &st_got);
	TST_EXP_EXPR(got[0] != fds[0] && st_got.st_ino == st_sent.st_ino &&
		     st_got.st_dev == st_sent.st_dev,
		     "the first received fd (%d) is \"file\"", got[0]);
	SAFE_LSEEK(fds[0], 4, SEEK_SET);
	TST_EXP_EQ_LI(SAFE_LSEEK(got[0], 0, SEEK_CUR), 4);
	SAFE_FSTAT(got[1], &st_got);
	TST_EXP_EXPR(S_ISCHR(st_got.st_mode),
		     "the second is /dev/null, though its sender closed it");
	SAFE_CLOSE(got[0]);
	SAFE_CLOSE(got[1]);
	SAFE_CLOSE(fds[0]);
	close_pair();
}

static void test_creds(void)
{
	struct ucred own = { getpid(), getuid(), getgid() }, got;
	int one = 1, nfds, flags;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM, 0, sv);
	if (setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_PASSCRED)");
	TST_EXP_VAL(send_creds(sv[0], &own), 1,
		    "sendmsg(SCM_CREDENTIALS, own pid, uid, gid)");
	TST_RET = recv_scm(sv[1], 0, sizeof(union scm_buf), NULL, 0, &nfds,
			   &got, &flags);
	TST_EXP_EXPR(TST_RET == 1 && got.pid == own.pid &&
		     got.uid == own.uid && got.gid == own.gid,
		     "received pid %d uid %d gid %d", got.pid, (int)got.uid,
		     (int)got.gid);
	close_pair();
}

static void as_nobody(void)
{
	struct ucred cred = { 1, getuid(), getgid() };

	TST_EXP_FAIL(send_creds(sv[0], &cred), EPERM,
		     "nobody: sendmsg(SCM_CREDENTIALS, pid 1)");
	cred.pid = getpid();
	cred.uid = 0;
	TST_EXP_FAIL(send_creds(sv[0], &cred), EPERM,
		     "nobody: sendmsg(SCM_CREDENTIALS, uid 0)");
}

static void test_errors(void)
{
	int bad = -1, *many, i;
	struct iovec *iovs;
	struct msghdr msg = { 0 };
	union scm_buf cbuf;
	struct cmsghdr *cmsg;
	char *big_cbuf;
	pid_t pid;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM, 0, sv);
	TST_EXP_FAIL(send_fds(sv[0], &bad, 1), EBADF,
		     "sendmsg(SCM_RIGHTS, fd -1)");

	many = SAFE_MALLOC(TOO_MANY_FDS * sizeof(int));
	for (i = 0; i < TOO_MANY_FDS; i++)
		many[i] = sv[0];
	big_cbuf = SAFE_MALLOC(CMSG_SPACE(TOO_MANY_FDS * sizeof(int)));
	memset(big_cbuf, 0, CMSG_SPACE(TOO_MANY_FDS * sizeof(int)));
	msg.msg_iov = &(struct iovec){ .iov_base = "F", .iov_len = 1 };
	msg.msg_iovlen = 1;
	msg.msg_control = big_cbuf;
	msg.msg_controllen = CMSG_SPACE(TOO_MANY_FDS * sizeof(int));
	cmsg = CMSG_FIRSTHDR(&msg);
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(TOO_MANY_FDS * sizeof(int));
	memcpy(CMSG_DATA(cmsg), many, TOO_MANY_FDS * sizeof(int));
	TST_EXP_FAIL(sendmsg(sv[0], &msg, 0), EINVAL,
		     "sendmsg(SCM_RIGHTS, %d fds)", TOO_MANY_FDS);
	free(big_cbuf);
	free(many);

	memset(&cbuf, 0, sizeof(cbuf));
	msg.msg_control = &cbuf;
	msg.msg_controllen = CMSG_SPACE(sizeof(int));
	cmsg = CMSG_FIRSTHDR(&msg);
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(4 * sizeof(int));
	TST_EXP_FAIL(sendmsg(sv[0], &msg, 0), EINVAL,
		     "sendmsg(cmsg_len beyond msg_controllen)");

	iovs = SAFE_MALLOC(1025 * sizeof(*iovs));
	for (i = 0; i < 1025; i++) {
		iovs[i].iov_base = "i";
		iovs[i].iov_len = 1;
	}
	msg.msg_control = NULL;
	msg.msg_controllen = 0;
	msg.msg_iov = iovs;
	msg.msg_iovlen = 1025;
	TST_EXP_FAIL(sendmsg(sv[0], &msg, 0), EMSGSIZE,
		     "sendmsg(1025 iovecs)");
	free(iovs);
	TST_EXP_FAIL(sendmsg(sv[0], (void *)-1, 0), EFAULT,
		     "sendmsg(msghdr (void *)-1)");

	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		as_nobody();
		exit(0);
	}
	reap_child(pid);
	TST_EXP_FAIL(recv(sv[1], &bad, sizeof(bad), MSG_DONTWAIT), EAGAIN,
		     "none of the refused messages was queued");
	close_pair();
}

static void run(void)
{
	test_iovecs();
	test_rights();
	test_creds();
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
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

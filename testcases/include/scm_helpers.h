/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Building and reading SCM_RIGHTS and SCM_CREDENTIALS messages for the
 * sendmsg and recvmsg tests: one byte of data with each, since a stream
 * socket carries ancillary data only along with data.
 */
#ifndef SCM_HELPERS_H
#define SCM_HELPERS_H

#include <sys/socket.h>
#include <sys/uio.h>
#include "tst_test.h"

#define SCM_MAX_TEST_FDS 4

/* Control buffer for up to SCM_MAX_TEST_FDS descriptors or one ucred. */
union scm_buf {
	char fds[CMSG_SPACE(SCM_MAX_TEST_FDS * sizeof(int))];
	char cred[CMSG_SPACE(sizeof(struct ucred))];
	struct cmsghdr align;
};

/* sendmsg() of one byte with nfds descriptors attached. */
static inline ssize_t send_fds(int sock, const int *fds, int nfds)
{
	union scm_buf cbuf;
	struct iovec iov = { .iov_base = "F", .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf.fds,
		.msg_controllen = CMSG_SPACE(nfds * sizeof(int)),
	};
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);

	memset(&cbuf, 0, sizeof(cbuf));
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(nfds * sizeof(int));
	memcpy(CMSG_DATA(cmsg), fds, nfds * sizeof(int));
	return sendmsg(sock, &msg, 0);
}

/* sendmsg() of one byte with the credentials given attached. */
static inline ssize_t send_creds(int sock, const struct ucred *cred)
{
	union scm_buf cbuf;
	struct iovec iov = { .iov_base = "C", .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf.cred,
		.msg_controllen = CMSG_SPACE(sizeof(*cred)),
	};
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);

	memset(&cbuf, 0, sizeof(cbuf));
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_CREDENTIALS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(*cred));
	memcpy(CMSG_DATA(cmsg), cred, sizeof(*cred));
	return sendmsg(sock, &msg, 0);
}

/*
 * recvmsg() of one byte into a control buffer of controllen bytes; the
 * descriptors of an SCM_RIGHTS message go to fds (up to max), their
 * number to *nfds, credentials to *cred (pid 0 when none came). Returns
 * recvmsg()'s value; *msg_flags gets msg_flags.
 */
static inline ssize_t recv_scm(int sock, int flags, size_t controllen,
			       int *fds, int max, int *nfds,
			       struct ucred *cred, int *msg_flags)
{
	union scm_buf cbuf;
	char byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = &cbuf, .msg_controllen = controllen,
	};
	struct cmsghdr *cmsg;
	ssize_t ret;
	int n;

	*nfds = 0;
	if (cred)
		memset(cred, 0, sizeof(*cred));
	memset(&cbuf, 0, sizeof(cbuf));
	ret = recvmsg(sock, &msg, flags);
	*msg_flags = msg.msg_flags;
	if (ret < 0)
		return ret;
	for (cmsg = CMSG_FIRSTHDR(&msg); cmsg; cmsg = CMSG_NXTHDR(&msg, cmsg)) {
		if (cmsg->cmsg_level != SOL_SOCKET)
			continue;
		if (cmsg->cmsg_type == SCM_RIGHTS) {
			n = (cmsg->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			if (n > max)
				n = max;
			if (n > 0 && fds)
				memcpy(fds, CMSG_DATA(cmsg), n * sizeof(int));
			*nfds = n;
		} else if (cmsg->cmsg_type == SCM_CREDENTIALS && cred) {
			memcpy(cred, CMSG_DATA(cmsg), sizeof(*cred));
		}
	}
	return ret;
}

/* The lowest descriptor number open() would return now. */
static inline int lowest_free_fd(void)
{
	int fd = SAFE_OPEN("/dev/null", O_RDONLY), ret = fd;

	SAFE_CLOSE(fd);
	return ret;
}

#endif /* SCM_HELPERS_H */

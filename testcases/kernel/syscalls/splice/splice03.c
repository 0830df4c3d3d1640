// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * splice(2) with devices, sockets and /proc:
 *  - from /dev/zero and /dev/full into a pipe, on Linux 6.7 and later:
 *    exactly the count asked (1009 bytes, 16 pages - 1009, the 64 KiB a
 *    pipe holds), all zeros, read back from the pipe (1b057bd800c3
 *    "drivers/char/mem: implement splice() for /dev/zero, /dev/full");
 *    before 6.7 these devices have no splice_read and splice() is EINVAL
 *    with the pipe left empty;
 *  - from a pipe to /dev/null: the count is returned and the pipe is
 *    empty after (FIONREAD 0), the data discarded; to /dev/zero the same
 *    on 6.7 and later, EINVAL with the data left in the pipe before;
 *  - pipe to a connected AF_UNIX stream socket and a socket into a pipe:
 *    the bytes arrive in order, unchanged, also through a TCP loopback
 *    connection;
 *  - /proc: /proc/sys/kernel/domainname spliced into a pipe reads what
 *    read() gives; a name spliced from a pipe into it (in a new UTS
 *    namespace) is what uname() then reports.
 */
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include "socket_helpers.h"

#define MAXLEN (64 * 1024)

static char *buf, *data;

/* 1 when the kernel splices /dev/zero and /dev/full (Linux 6.7+) */
static int zero_splice;

static void from_device(const char *dev, size_t len)
{
	int fd = SAFE_OPEN(dev, O_RDONLY), p[2], left = -1;
	size_t i, nonzero = 0;

	SAFE_PIPE(p);
	if (!zero_splice) {
		TST_EXP_FAIL(splice(fd, NULL, p[1], NULL, len, 0), EINVAL,
			     "splice(%s -> pipe, %zu) before 6.7", dev, len);
		ioctl(p[0], FIONREAD, &left);
		TST_EXP_EQ_LI(left, 0);
		goto out;
	}
	memset(buf, 0xa5, len);
	TST_EXP_VAL(splice(fd, NULL, p[1], NULL, len, 0), (long)len,
		    "splice(%s -> pipe, %zu)", dev, len);
	if (TST_PASS) {
		SAFE_READ(1, p[0], buf, len);
		for (i = 0; i < len; i++)
			nonzero += buf[i] != 0;
		TST_EXP_EXPR(!nonzero, "%zu of %zu bytes from %s are not "
			     "zero", nonzero, len, dev);
	}
out:
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	SAFE_CLOSE(fd);
}

static void to_device(const char *dev, size_t len)
{
	int fd = SAFE_OPEN(dev, O_WRONLY), p[2], left = -1;

	SAFE_PIPE(p);
	SAFE_WRITE(1, p[1], data, len);
	if (!zero_splice && !strcmp(dev, "/dev/zero")) {
		TST_EXP_FAIL(splice(p[0], NULL, fd, NULL, len, 0), EINVAL,
			     "splice(pipe -> %s, %zu) before 6.7", dev, len);
		ioctl(p[0], FIONREAD, &left);
		TST_EXP_EQ_LI(left, (long)len);
	} else {
		TST_EXP_VAL(splice(p[0], NULL, fd, NULL, len, 0), (long)len,
			    "splice(pipe -> %s, %zu)", dev, len);
		ioctl(p[0], FIONREAD, &left);
		TST_EXP_EQ_LI(left, 0);
	}
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	SAFE_CLOSE(fd);
}

static void test_devices(void)
{
	static const size_t lens[] = { 1009, 16 * 4096 - 1009, MAXLEN };
	unsigned int i;

	for (i = 0; i < 3; i++) {
		from_device("/dev/zero", lens[i]);
		from_device("/dev/full", lens[i]);
		to_device("/dev/null", lens[i]);
		to_device("/dev/zero", lens[i]);
	}
}

/* data -> pipe -> socket s[0]; s[1] -> pipe -> buf */
static void through_socket(int s0, int s1, const char *desc)
{
	int in[2], out[2];
	size_t len = 3 * 4096 + 7, got = 0;
	long ret;

	SAFE_PIPE(in);
	SAFE_PIPE(out);
	SAFE_WRITE(1, in[1], data, len);
	TST_EXP_VAL(splice(in[0], NULL, s0, NULL, len, 0), (long)len,
		    "splice(pipe -> %s socket, %zu)", desc, len);
	memset(buf, 0, len);
	while (got < len) {
		sock_wait(s1, POLLIN);
		ret = splice(s1, NULL, out[1], NULL, len - got, 0);
		if (ret <= 0) {
			tst_res(TFAIL | TERRNO, "splice(%s socket -> pipe) "
				"returned %ld after %zu bytes", desc, ret, got);
			break;
		}
		SAFE_READ(1, out[0], buf + got, ret);
		got += ret;
	}
	if (got == len)
		TST_EXP_EXPR(!memcmp(buf, data, len), "%zu bytes arrived "
			     "through the %s socket unchanged", len, desc);
	SAFE_CLOSE(in[0]);
	SAFE_CLOSE(in[1]);
	SAFE_CLOSE(out[0]);
	SAFE_CLOSE(out[1]);
}

static void test_sockets(void)
{
	int sv[2], cfd, afd;

	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	through_socket(sv[0], sv[1], "AF_UNIX");
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);

	require_loopback();
	tcp_pair(&cfd, &afd);
	through_socket(cfd, afd, "TCP");
	SAFE_CLOSE(afd);
	SAFE_CLOSE(cfd);
}

#define DOMAIN "/proc/sys/kernel/domainname"

static void test_proc(void)
{
	char rd[128] = "", sp[128] = "";
	struct utsname u;
	int fd, p[2];
	long n;

	if (unshare(CLONE_NEWUTS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUTS)");
	SAFE_FILE_PRINTF(DOMAIN, "splice03-before");
	SAFE_FILE_SCANF(DOMAIN, "%127s", rd);

	SAFE_PIPE(p);
	fd = SAFE_OPEN(DOMAIN, O_RDONLY);
	TST_EXP_POSITIVE(splice(fd, NULL, p[1], NULL, sizeof(sp) - 1, 0),
			 "splice(" DOMAIN " -> pipe)");
	n = TST_RET;
	SAFE_CLOSE(fd);
	if (n > 0) {
		SAFE_READ(1, p[0], sp, n);
		sp[strcspn(sp, "\n")] = 0;
		TST_EXP_EXPR(!strcmp(sp, rd), "splice read \"%s\", read() "
			     "\"%s\"", sp, rd);
	}

	SAFE_WRITE(1, p[1], "splice03-after\n", 15);
	fd = SAFE_OPEN(DOMAIN, O_WRONLY);
	TST_EXP_VAL(splice(p[0], NULL, fd, NULL, 15, 0), 15,
		    "splice(pipe -> " DOMAIN ")");
	SAFE_CLOSE(fd);
	if (uname(&u))
		tst_brk(TBROK | TERRNO, "uname()");
	TST_EXP_EXPR(!strcmp(u.domainname, "splice03-after"),
		     "uname() domainname \"%s\" after the splice",
		     u.domainname);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void run(unsigned int n)
{
	if (n == 0)
		test_devices();
	else if (n == 1)
		test_sockets();
	else
		test_proc();
}

static void setup(void)
{
	size_t i;

	zero_splice = tst_kvercmp(6, 7, 0) >= 0;
	tst_res(TINFO, "/dev/zero and /dev/full splice: %s",
		zero_splice ? "yes (6.7+)" : "no (before 6.7)");
	buf = SAFE_MALLOC(MAXLEN);
	data = SAFE_MALLOC(MAXLEN);
	for (i = 0; i < MAXLEN; i++)
		data[i] = 'a' + i % 23;
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		/* drivers/char/mem: implement splice() for /dev/zero, /dev/full */
		{"linux-git", "1b057bd800c3"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setsockopt() sets what getsockopt() then reads back:
 *  - SO_RCVBUF and SO_SNDBUF: the kernel doubles the value (8192 reads
 *    16384) and caps it at twice net.core.rmem_max / wmem_max;
 *  - SO_REUSEADDR, SO_KEEPALIVE and TCP_NODELAY go on and off; SO_LINGER
 *    and SO_RCVTIMEO read back as set;
 *  - an unknown option at SOL_SOCKET and at SOL_TCP, and SOL_TCP on a UDP
 *    socket: ENOPROTOOPT; optlen below sizeof(int), and negative: EINVAL;
 *    SO_RCVTIMEO with tv_usec 1000000: EDOM; optval outside the address
 *    space: EFAULT; -1: EBADF; a regular file: ENOTSOCK;
 *  - SO_RCVBUFFORCE, which ignores the cap, as nobody (no CAP_NET_ADMIN):
 *    EPERM.
 */
#include <sys/time.h>
#include "socket_helpers.h"

static int tcp = -1, udp = -1;
static long rmem_max, wmem_max;

static void setup(void)
{
	if (!tst_file_read_long("/proc/sys/net/core/rmem_max", &rmem_max) ||
	    !tst_file_read_long("/proc/sys/net/core/wmem_max", &wmem_max))
		tst_brk(TBROK, "/proc/sys/net/core/[rw]mem_max missing");
	tcp = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	udp = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
}

static int get_int(int fd, int level, int opt)
{
	socklen_t len = sizeof(int);
	int val = -1;

	if (getsockopt(fd, level, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%d, %d)", level, opt);
	return val;
}

static void set_and_read(int fd, int level, int opt, const char *name,
			 int val, int expect)
{
	TST_EXP_PASS(setsockopt(fd, level, opt, &val, sizeof(val)),
		     "setsockopt(%s, %d)", name, val);
	TST_EXP_EXPR(get_int(fd, level, opt) == expect,
		     "getsockopt(%s) reads %d, expected %d", name,
		     get_int(fd, level, opt), expect);
}

static void test_buffers(void)
{
	set_and_read(tcp, SOL_SOCKET, SO_RCVBUF, "SO_RCVBUF", 8192, 16384);
	set_and_read(tcp, SOL_SOCKET, SO_SNDBUF, "SO_SNDBUF", 8192, 16384);
	if (rmem_max > 0x10000000 || wmem_max > 0x10000000) {
		tst_res(TCONF, "net.core.rmem_max or wmem_max too large to "
			"exceed with an int");
		return;
	}
	set_and_read(udp, SOL_SOCKET, SO_RCVBUF, "SO_RCVBUF", 4 * rmem_max,
		     2 * rmem_max);
	set_and_read(udp, SOL_SOCKET, SO_SNDBUF, "SO_SNDBUF", 4 * wmem_max,
		     2 * wmem_max);
}

static void test_flags(void)
{
	struct linger lg = { 1, 5 }, lg_got = { 0, 0 };
	/* a whole second: exact in jiffies at any HZ */
	struct timeval tv = { 2, 0 }, tv_got = { 0, 0 };
	socklen_t len;

	set_and_read(tcp, SOL_SOCKET, SO_REUSEADDR, "SO_REUSEADDR", 1, 1);
	set_and_read(tcp, SOL_SOCKET, SO_REUSEADDR, "SO_REUSEADDR", 0, 0);
	set_and_read(tcp, SOL_SOCKET, SO_KEEPALIVE, "SO_KEEPALIVE", 1, 1);
	set_and_read(tcp, SOL_SOCKET, SO_KEEPALIVE, "SO_KEEPALIVE", 0, 0);
	TST_EXP_EQ_LI(get_int(tcp, SOL_TCP, TCP_NODELAY), 0);
	set_and_read(tcp, SOL_TCP, TCP_NODELAY, "TCP_NODELAY", 1, 1);
	set_and_read(tcp, SOL_TCP, TCP_NODELAY, "TCP_NODELAY", 0, 0);

	TST_EXP_PASS(setsockopt(tcp, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)),
		     "setsockopt(SO_LINGER, {1, 5})");
	len = sizeof(lg_got);
	if (getsockopt(tcp, SOL_SOCKET, SO_LINGER, &lg_got, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_LINGER)");
	TST_EXP_EXPR(lg_got.l_onoff && lg_got.l_linger == 5,
		     "SO_LINGER reads {%d, %d}", lg_got.l_onoff,
		     lg_got.l_linger);

	TST_EXP_PASS(setsockopt(udp, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)),
		     "setsockopt(SO_RCVTIMEO, 2 s)");
	len = sizeof(tv_got);
	if (getsockopt(udp, SOL_SOCKET, SO_RCVTIMEO, &tv_got, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_RCVTIMEO)");
	TST_EXP_EXPR(tv_got.tv_sec == 2 && tv_got.tv_usec == 0,
		     "SO_RCVTIMEO reads %ld s %ld us", (long)tv_got.tv_sec,
		     (long)tv_got.tv_usec);
}

static void as_nobody(void)
{
	int val = 65536;

	TST_EXP_FAIL(setsockopt(udp, SOL_SOCKET, SO_RCVBUFFORCE, &val,
				sizeof(val)), EPERM,
		     "nobody: setsockopt(SO_RCVBUFFORCE)");
}

static void test_errors(void)
{
	struct timeval tv = { 0, 1000000 };
	int one = 1, file;
	pid_t pid;

	TST_EXP_FAIL(setsockopt(tcp, SOL_SOCKET, 9999, &one, sizeof(one)),
		     ENOPROTOOPT, "setsockopt(SOL_SOCKET, unknown 9999)");
	TST_EXP_FAIL(setsockopt(tcp, SOL_TCP, 9999, &one, sizeof(one)),
		     ENOPROTOOPT, "setsockopt(SOL_TCP, unknown 9999)");
	TST_EXP_FAIL(setsockopt(udp, SOL_TCP, TCP_NODELAY, &one, sizeof(one)),
		     ENOPROTOOPT, "setsockopt(UDP socket, SOL_TCP, TCP_NODELAY)");
	TST_EXP_FAIL(setsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, &one, 2),
		     EINVAL, "setsockopt(SO_REUSEADDR, optlen 2)");
	TST_EXP_FAIL(setsockopt(tcp, SOL_TCP, TCP_NODELAY, &one, 2), EINVAL,
		     "setsockopt(TCP_NODELAY, optlen 2)");
	TST_EXP_FAIL(setsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, &one, -1),
		     EINVAL, "setsockopt(optlen -1)");
	TST_EXP_FAIL(setsockopt(udp, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)),
		     EDOM, "setsockopt(SO_RCVTIMEO, tv_usec 1000000)");
	TST_EXP_FAIL(setsockopt(tcp, SOL_SOCKET, SO_REUSEADDR, (void *)-1,
				sizeof(int)), EFAULT,
		     "setsockopt(optval (void *)-1)");
	TST_EXP_FAIL(setsockopt(-1, SOL_SOCKET, SO_REUSEADDR, &one,
				sizeof(one)), EBADF, "setsockopt(-1)");
	file = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(setsockopt(file, SOL_SOCKET, SO_REUSEADDR, &one,
				sizeof(one)), ENOTSOCK,
		     "setsockopt(/dev/null)");
	SAFE_CLOSE(file);

	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		as_nobody();
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	test_buffers();
	test_flags();
	test_errors();
}

static void cleanup(void)
{
	if (tcp >= 0)
		SAFE_CLOSE(tcp);
	if (udp >= 0)
		SAFE_CLOSE(udp);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};

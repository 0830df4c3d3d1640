// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ioctl() on sockets and on what is not one, in a private network
 * namespace (only lo, up, with 127.0.0.1 and the alias lo:1 127.0.0.2),
 * with the errnos of net/socket.c, net/ipv4 and net/core/dev_ioctl.c:
 *  - SIOCATMARK: EBADF on a closed fd, ENOTTY on a FIFO (the pipe ioctl
 *    answers -ENOIOCTLCMD); on TCP EFAULT for NULL and for a PROT_NONE
 *    page, 0 on an unconnected socket, and with urgent data 0 before the
 *    mark and 1 once the data before it is read; on UDP ENOTTY (udp_ioctl
 *    has no SIOCATMARK, dev_ioctl() does not know it), EFAULT for NULL
 *    (the ifreq is copied in first);
 *  - SIOCGIFCONF: NULL ifc_buf gives the length needed (2 entries), the
 *    full buffer both entries (names and addresses), a buffer of 1.5
 *    entries one entry, a buffer one byte short of one entry ifc_len 0;
 *    EFAULT for an unwritable ifc_buf and an unreadable ifconf;
 *  - SIOCGIFFLAGS of lo: IFF_UP | IFF_LOOPBACK | IFF_RUNNING; EFAULT for
 *    NULL, ENODEV for a name no device has; SIOCSIFFLAGS EFAULT for NULL
 *    and EPERM without CAP_NET_ADMIN;
 *  - SIOCGIFINDEX of lo is 1, SIOCGIFNAME of 1 is lo, of 0, -1 and a free
 *    index ENODEV;
 *  - an unknown command: ENOTTY, of the socket type (0x89) or not.
 */
#include <sched.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/ioctl.h>
#include <arpa/inet.h>
#include <net/if.h>
#include "tst_test.h"
#include "socket_helpers.h"
#include "net_helpers.h"

static void *bad;

static void expect_atmark(int fd, int exp, const char *what)
{
	int mark = -1;

	TST_EXP_PASS(ioctl(fd, SIOCATMARK, &mark), "SIOCATMARK %s", what);
	TST_EXP_EXPR(mark == exp, "SIOCATMARK %s: %d, expected %d", what,
		     mark, exp);
}

static void check_not_socket(void)
{
	int fd, mark;

	fd = SAFE_OPEN("/dev/null", O_RDONLY);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(ioctl(fd, SIOCATMARK, &mark), EBADF,
		     "SIOCATMARK on a closed fd");
	if (mkfifo("fifo", 0600))
		tst_brk(TBROK | TERRNO, "mkfifo()");
	fd = SAFE_OPEN("fifo", O_RDWR);
	TST_EXP_FAIL(ioctl(fd, SIOCATMARK, &mark), ENOTTY,
		     "SIOCATMARK on a FIFO");
	SAFE_CLOSE(fd);
	SAFE_UNLINK("fifo");
}

static void check_tcp(void)
{
	int s = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0), cl, sv;
	char buf[8];

	TST_EXP_FAIL(ioctl(s, SIOCATMARK, NULL), EFAULT,
		     "SIOCATMARK on TCP into NULL");
	TST_EXP_FAIL(ioctl(s, SIOCATMARK, bad), EFAULT,
		     "SIOCATMARK on TCP into a PROT_NONE page");
	expect_atmark(s, 0, "of an unconnected TCP socket");
	SAFE_CLOSE(s);

	tcp_pair(&cl, &sv);
	if (send(cl, "ab", 2, 0) != 2 || send(cl, "c", 1, MSG_OOB) != 1)
		tst_brk(TBROK | TERRNO, "send()");
	/* the urgent byte comes after "ab" on the connection */
	if (!(sock_wait(sv, POLLPRI) & POLLPRI))
		tst_brk(TBROK, "urgent data did not arrive");
	expect_atmark(sv, 0, "before the data ahead of the mark is read");
	TST_EXP_VAL(recv(sv, buf, sizeof(buf), 0), 2,
		    "recv() stops at the mark");
	expect_atmark(sv, 1, "at the mark");
	TST_EXP_VAL(recv(sv, buf, 1, MSG_OOB), 1, "recv(MSG_OOB)");
	TST_EXP_EXPR(buf[0] == 'c', "the urgent byte is 'c'");
	SAFE_CLOSE(cl);
	SAFE_CLOSE(sv);
}

static void check_udp(int s)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	TST_EXP_FAIL(ioctl(s, SIOCATMARK, &ifr), ENOTTY, "SIOCATMARK on UDP");
	TST_EXP_FAIL(ioctl(s, SIOCATMARK, NULL), EFAULT,
		     "SIOCATMARK on UDP with NULL");
	TST_EXP_FAIL(ioctl(s, SIOCDEVPRIVATE - 1, &ifr), ENOTTY,
		     "unknown socket ioctl 0x%x", SIOCDEVPRIVATE - 1);
	TST_EXP_FAIL(ioctl(s, _IO('X', 1), &ifr), ENOTTY,
		     "ioctl _IO('X', 1) on a socket");
}

static int ifconf_len(int s, void *buf, int len)
{
	struct ifconf ifc = { .ifc_len = len, .ifc_buf = buf };

	if (ioctl(s, SIOCGIFCONF, &ifc))
		tst_brk(TBROK | TERRNO, "SIOCGIFCONF(%d bytes)", len);
	return ifc.ifc_len;
}

static int is_entry(const struct ifreq *r, const char *name, const char *ip)
{
	const struct sockaddr_in *a = (const struct sockaddr_in *)&r->ifr_addr;

	return !strcmp(r->ifr_name, name) && a->sin_family == AF_INET &&
	       a->sin_addr.s_addr == inet_addr(ip);
}

static void check_ifconf(int s)
{
	const int sz = sizeof(struct ifreq);
	struct ifreq reqs[4];
	struct ifconf ifc = { .ifc_len = sz, .ifc_buf = bad };
	int len;

	TST_EXP_EXPR(ifconf_len(s, NULL, 0) == 2 * sz,
		     "SIOCGIFCONF with no buffer: the length of 2 entries");
	memset(reqs, 0, sizeof(reqs));
	len = ifconf_len(s, reqs, sizeof(reqs));
	TST_EXP_EXPR(len == 2 * sz && is_entry(&reqs[0], "lo", "127.0.0.1") &&
		     is_entry(&reqs[1], "lo:1", "127.0.0.2"),
		     "SIOCGIFCONF: lo 127.0.0.1 and lo:1 127.0.0.2 (%d bytes)",
		     len);
	memset(reqs, 0, sizeof(reqs));
	len = ifconf_len(s, reqs, sz + sz / 2);
	TST_EXP_EXPR(len == sz && is_entry(&reqs[0], "lo", "127.0.0.1") &&
		     !reqs[1].ifr_name[0],
		     "SIOCGIFCONF into 1.5 entries: the first only (%d)", len);
	memset(reqs, 0, sizeof(reqs));
	len = ifconf_len(s, reqs, sz - 1);
	TST_EXP_EXPR(len == 0 && !reqs[0].ifr_name[0],
		     "SIOCGIFCONF into %d bytes: nothing (%d)", sz - 1, len);
	TST_EXP_FAIL(ioctl(s, SIOCGIFCONF, &ifc), EFAULT,
		     "SIOCGIFCONF into a PROT_NONE ifc_buf");
	TST_EXP_FAIL(ioctl(s, SIOCGIFCONF, bad), EFAULT,
		     "SIOCGIFCONF with a PROT_NONE ifconf");
}

static void check_if_calls(int s)
{
	struct ifreq ifr;
	const short want = IFF_UP | IFF_LOOPBACK | IFF_RUNNING;

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	TST_EXP_PASS(ioctl(s, SIOCGIFFLAGS, &ifr), "SIOCGIFFLAGS lo");
	TST_EXP_EXPR((ifr.ifr_flags & want) == want,
		     "lo is UP, LOOPBACK, RUNNING (0x%x)", ifr.ifr_flags);
	TST_EXP_FAIL(ioctl(s, SIOCGIFFLAGS, NULL), EFAULT,
		     "SIOCGIFFLAGS with NULL");
	TST_EXP_FAIL(ioctl(s, SIOCSIFFLAGS, NULL), EFAULT,
		     "SIOCSIFFLAGS with NULL");
	strcpy(ifr.ifr_name, "nosuchdev0");
	TST_EXP_FAIL(ioctl(s, SIOCGIFFLAGS, &ifr), ENODEV,
		     "SIOCGIFFLAGS of a name no device has");

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	TST_EXP_PASS(ioctl(s, SIOCGIFINDEX, &ifr), "SIOCGIFINDEX lo");
	TST_EXP_EXPR(ifr.ifr_ifindex == 1, "lo's index %d", ifr.ifr_ifindex);
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_ifindex = 1;
	TST_EXP_PASS(ioctl(s, SIOCGIFNAME, &ifr), "SIOCGIFNAME 1");
	TST_EXP_EXPR(!strcmp(ifr.ifr_name, "lo"), "index 1 is '%s'",
		     ifr.ifr_name);
	ifr.ifr_ifindex = 0;
	TST_EXP_FAIL(ioctl(s, SIOCGIFNAME, &ifr), ENODEV, "SIOCGIFNAME 0");
	ifr.ifr_ifindex = -1;
	TST_EXP_FAIL(ioctl(s, SIOCGIFNAME, &ifr), ENODEV, "SIOCGIFNAME -1");
	ifr.ifr_ifindex = 4242;
	TST_EXP_FAIL(ioctl(s, SIOCGIFNAME, &ifr), ENODEV,
		     "SIOCGIFNAME of an index no device has");
}

static void unprivileged(void)
{
	struct ifreq ifr;
	int s;

	tst_drop_privs();
	s = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	ifr.ifr_flags = IFF_UP;
	TST_EXP_FAIL(ioctl(s, SIOCSIFFLAGS, &ifr), EPERM,
		     "SIOCSIFFLAGS without CAP_NET_ADMIN");
	SAFE_CLOSE(s);
	exit(0);
}

static void run(void)
{
	int s = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	pid_t pid;

	check_not_socket();
	check_tcp();
	check_udp(s);
	check_ifconf(s);
	check_if_calls(s);
	SAFE_CLOSE(s);
	pid = SAFE_FORK();
	if (!pid)
		unprivileged();
	reap_child(pid);
}

static void setup(void)
{
	struct ifreq ifr;
	struct sockaddr_in *a = (struct sockaddr_in *)&ifr.ifr_addr;
	int s;

	bad = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (unshare(CLONE_NEWNET))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNET)");
	lo_up();
	s = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo:1");
	a->sin_family = AF_INET;
	a->sin_addr.s_addr = inet_addr("127.0.0.2");
	if (ioctl(s, SIOCSIFADDR, &ifr))
		tst_brk(TBROK | TERRNO, "SIOCSIFADDR lo:1 127.0.0.2");
	SAFE_CLOSE(s);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

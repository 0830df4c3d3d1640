// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Network sysctls belong to a network namespace; a new one starts from
 * the kernel's defaults (net/core/net_namespace.c, net/ipv4/af_inet.c,
 * net/unix/af_unix.c), except the ipv4/ipv6 "all" settings, which follow
 * net.core.devconf_inherit_init_net of the initial namespace (0 or 1:
 * ipv4 from the initial namespace, ipv6 reset, 1 ipv6 too; 2 both reset;
 * 3 both from the creator's namespace; net/ipv4/devinet.c
 * devinet_init_net(), net/ipv6/addrconf.c addrconf_init_net()). O is a
 * new namespace; A is made by O after O changed its own values:
 *  - O and A read net.core.somaxconn 4096, ip_local_port_range
 *    "32768 60999" and net.unix.max_dgram_qlen 10, whatever the initial
 *    namespace has; A reads them after O wrote 5, "40000 40009" and 3;
 *  - ipv4 and ipv6 all.forwarding in O and A are what the rule above
 *    gives (O writes the opposite of what it started with);
 *  - the values act in their namespace only: listen(fd, 1000) gives a
 *    backlog (TCP_INFO tcpi_sacked) of 5 in O, 1000 in A; a bind to port
 *    0 picks a port in 40000..40009 in O and in 32768..60999 in A; an
 *    unbound datagram sender gets EAGAIN (MSG_DONTWAIT) on the 5th
 *    message to a unix socket that reads nothing in O, on the 12th in A;
 *    A's later writes (7, 9) leave O's values acting.
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define SOMAXCONN_P	"/proc/sys/net/core/somaxconn"
#define PORTS_P		"/proc/sys/net/ipv4/ip_local_port_range"
#define QLEN_P		"/proc/sys/net/unix/max_dgram_qlen"
#define FWD4_P		"/proc/sys/net/ipv4/conf/all/forwarding"
#define FWD6_P		"/proc/sys/net/ipv6/conf/all/forwarding"
#define INHERIT_P	"/proc/sys/net/core/devconf_inherit_init_net"

static int inherit, init_fwd4, init_fwd6, has_ipv6;

static int read_int(const char *path)
{
	int val;

	SAFE_FILE_SCANF(path, "%d", &val);
	return val;
}

static void check_defaults(const char *who)
{
	int lo = -1, hi = -1;

	SAFE_FILE_SCANF(PORTS_P, "%d %d", &lo, &hi);
	TST_EXP_EXPR(read_int(SOMAXCONN_P) == 4096 && lo == 32768 &&
		     hi == 60999 && read_int(QLEN_P) == 10, "%s: somaxconn %d, "
		     "ports %d-%d, max_dgram_qlen %d (defaults 4096, "
		     "32768-60999, 10)", who, read_int(SOMAXCONN_P), lo, hi,
		     read_int(QLEN_P));
}

static void check_fwd(const char *who, int fwd4, int fwd6)
{
	TST_EXP_EXPR(read_int(FWD4_P) == fwd4, "%s: ipv4 all.forwarding %d "
		     "(expected %d)", who, read_int(FWD4_P), fwd4);
	if (has_ipv6)
		TST_EXP_EXPR(read_int(FWD6_P) == fwd6, "%s: ipv6 "
			     "all.forwarding %d (expected %d)", who,
			     read_int(FWD6_P), fwd6);
}

/* What a namespace made from creator values c4/c6 starts with. */
static void fwd_of_new(int c4, int c6, int *f4, int *f6)
{
	switch (inherit) {
	case 3:
		*f4 = c4;
		*f6 = c6;
		break;
	case 2:
		*f4 = *f6 = 0;
		break;
	default:
		*f4 = init_fwd4;
		*f6 = inherit == 1 ? init_fwd6 : 0;
	}
}

static void check_effects(const char *who, int backlog, int lo, int hi,
			  int qlen)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	socklen_t len = sizeof(sin);
	struct tcp_info ti;
	int t, r, s, i, port, sent = 0;

	t = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (bind(t, (struct sockaddr *)&sin, sizeof(sin)) ||
	    listen(t, 1000) ||
	    getsockname(t, (struct sockaddr *)&sin, &len))
		tst_brk(TBROK | TERRNO, "bind/listen/getsockname in %s", who);
	port = ntohs(sin.sin_port);
	len = sizeof(ti);
	if (getsockopt(t, IPPROTO_TCP, TCP_INFO, &ti, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(TCP_INFO)");
	TST_EXP_EXPR((int)ti.tcpi_sacked == backlog, "%s: listen(1000) "
		     "backlog %u (expected %d)", who, ti.tcpi_sacked, backlog);
	TST_EXP_EXPR(port >= lo && port <= hi, "%s: port %d in %d..%d", who,
		     port, lo, hi);
	SAFE_CLOSE(t);

	/* abstract name: the namespace's own, nothing left behind */
	snprintf(sun.sun_path + 1, sizeof(sun.sun_path) - 1, "ltp_netns05");
	r = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	if (bind(r, (struct sockaddr *)&sun, sizeof(sun)))
		tst_brk(TBROK | TERRNO, "bind(unix) in %s", who);
	s = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	for (i = 0; i < qlen + 2; i++) {
		if (sendto(s, "d", 1, MSG_DONTWAIT, (struct sockaddr *)&sun,
			   sizeof(sun)) != 1)
			break;
		sent++;
	}
	TST_EXP_EXPR(sent == qlen + 1 && errno == EAGAIN, "%s: %d datagrams "
		     "queued then %s (max_dgram_qlen %d)", who, sent,
		     tst_strerrno(errno), qlen);
	SAFE_CLOSE(s);
	SAFE_CLOSE(r);
}

static void a_main(int o4, int o6)
{
	int f4, f6;

	check_defaults("A");
	fwd_of_new(o4, o6, &f4, &f6);
	check_fwd("A", f4, f6);
	check_effects("A", 1000, 32768, 60999, 10);
	/* O's values must not follow */
	SAFE_FILE_PRINTF(SOMAXCONN_P, "7");
	SAFE_FILE_PRINTF(QLEN_P, "9");
	exit(0);
}

static void o_main(void)
{
	int f4, f6;
	pid_t a;

	check_defaults("O");
	fwd_of_new(init_fwd4, init_fwd6, &f4, &f6);
	check_fwd("O", f4, f6);

	SAFE_FILE_PRINTF(SOMAXCONN_P, "5");
	SAFE_FILE_PRINTF(PORTS_P, "40000 40009");
	SAFE_FILE_PRINTF(QLEN_P, "3");
	SAFE_FILE_PRINTF(FWD4_P, "%d", !f4);
	if (has_ipv6)
		SAFE_FILE_PRINTF(FWD6_P, "%d", !f6);

	a = SAFE_NS_FORK(CLONE_NEWNET);
	if (!a)
		a_main(!f4, !f6);
	NS_REAP(a);
	check_fwd("O after A", !f4, !f6);
	check_effects("O", 5, 40000, 40009, 3);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWNET);

	if (!pid)
		o_main();
	NS_REAP(pid);
}

static void setup(void)
{
	has_ipv6 = access(FWD6_P, F_OK) == 0;
	inherit = access(INHERIT_P, F_OK) ? 0 : read_int(INHERIT_P);
	init_fwd4 = read_int(FWD4_P);
	init_fwd6 = has_ipv6 ? read_int(FWD6_P) : 0;
	tst_res(TINFO, "devconf_inherit_init_net %d, initial forwarding "
		"ipv4 %d ipv6 %d", inherit, init_fwd4, init_fwd6);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) { "CONFIG_NET_NS", NULL },
};

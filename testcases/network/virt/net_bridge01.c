// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A bridge (STP off) in a third namespace joins two hosts on one subnet:
 * - the ports are enslaved (IFLA_MASTER is the bridge), TCP and a
 *   datagram each way pass through it;
 * - the bridge's forwarding database has learnt each host's MAC on the
 *   port it sits behind (RTM_GETNEIGH, AF_BRIDGE, NDA_MASTER the bridge);
 * - a static entry added over rtnetlink (NTF_MASTER, NUD_NOARP) is
 *   dumped on its port, a second add with NLM_F_EXCL is EEXIST, delete
 *   removes it and a second delete is ENOENT;
 * - a port released from the bridge (IFLA_MASTER 0) cuts the path: a
 *   datagram sent then is lost, the next one after it is enslaved
 *   again arrives first;
 * - deleting the bridge releases its ports (no IFLA_MASTER).
 */
#include "tst_test.h"
#include "net_hosts.h"
#include "socket_helpers.h"

#ifndef AF_BRIDGE
# define AF_BRIDGE PF_BRIDGE
#endif

static int br, pa, pb;
static unsigned char mac_a[6], mac_b[6];
static unsigned char fake[6] = { 0x02, 0x00, 0x5e, 0x77, 0x00, 0x01 };

static void setup(void)
{
	struct rtnl_link_info li;

	sock_pin_cpu();
	net_ns_new(NET_B);
	net_ns_new(NET_R);
	net_ns_new(NET_A);
	RTNL_SAFE(rtnl_veth_add("net0", "pa", net_nsfd[NET_R]));
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addrs("net0", 1, 1);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(mac_a, li.addr, 6);

	net_enter(NET_R);
	RTNL_SAFE(rtnl_veth_add("pb", "net0", net_nsfd[NET_B]));
	net_bridge_pa_pb(&br, &pa, &pb);

	net_enter(NET_B);
	RTNL_SAFE(rtnl_link_up(rtnl_ifindex("net0")));
	net_addrs("net0", 1, 2);
	RTNL_SAFE(rtnl_link_get(0, "net0", &li));
	memcpy(mac_b, li.addr, 6);
	/* the bridge's ports forward once past the forwarding delay (off) */
	net_check_tcp(NET_A, NET_B);
	net_enter(NET_A);
}

/*
 * The bridge's entries for mac: how many, and how many of them are not
 * on the expected port, under another master or (want_state) in another
 * state. A static entry can be listed more than once (per port dump and
 * bridge dump), so entries are checked, not counted exactly.
 */
struct fdb {
	const unsigned char *mac;
	int port, state, found, wrong;
};

static void fdb_cb(struct nlmsghdr *nh, void *priv)
{
	struct fdb *f = priv;
	struct ndmsg *nd = NLMSG_DATA(nh);
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWNEIGH || nd->ndm_family != AF_BRIDGE)
		return;
	rta = rtnl_attr(nh, sizeof(*nd), NDA_LLADDR);
	if (!rta || memcmp(RTA_DATA(rta), f->mac, 6))
		return;
	rta = rtnl_attr(nh, sizeof(*nd), NDA_MASTER);
	if (!rta)
		return;	/* the port's own entry, not the bridge's */
	f->found++;
	if (nd->ndm_ifindex != f->port || *(int *)RTA_DATA(rta) != br ||
	    (f->state && !(nd->ndm_state & f->state)))
		f->wrong++;
}

static void fdb_find(struct fdb *f)
{
	static struct rtnl_msg m;
	struct ndmsg nd = { .ndm_family = AF_BRIDGE };

	f->found = f->wrong = 0;
	net_enter(NET_R);
	rtnl_msg_init(&m, RTM_GETNEIGH, NLM_F_DUMP, &nd, sizeof(nd));
	RTNL_SAFE(rtnl_talk_cb(&m, fdb_cb, f));
}

static int fdb_msg(int type, int flags, int port, const unsigned char *mac)
{
	static struct rtnl_msg m;
	struct ndmsg nd = {
		.ndm_family = AF_BRIDGE, .ndm_ifindex = port,
		.ndm_state = NUD_NOARP, .ndm_flags = NTF_MASTER,
	};

	net_enter(NET_R);
	rtnl_msg_init(&m, type, flags, &nd, sizeof(nd));
	rtnl_put(&m, NDA_LLADDR, mac, 6);
	return rtnl_talk(&m);
}

static void expect(int ret, int err, const char *what)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", what, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", what,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

static void run(void)
{
	struct sockaddr_storage aa, ba;
	struct rtnl_link_info li;
	struct fdb f = { .state = 0 };
	int fa, fb;
	char buf[32];
	ssize_t n;

	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_get(pa, NULL, &li));
	NET_EXP_EQ(li.master, br, "port pa's master");

	fa = net_bound(NET_A, AF_INET, SOCK_DGRAM, &aa);
	fb = net_bound(NET_B, AF_INET, SOCK_DGRAM, &ba);
	if (sendto(fa, "ab", 2, 0, (struct sockaddr *)&ba, sizeof(ba)) != 2 ||
	    sendto(fb, "ba", 2, 0, (struct sockaddr *)&aa, sizeof(aa)) != 2)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_wait(fb, POLLIN);
	net_wait(fa, POLLIN);
	if (recv(fb, buf, sizeof(buf), MSG_DONTWAIT) == 2 && !memcmp(buf, "ab", 2) &&
	    recv(fa, buf, sizeof(buf), MSG_DONTWAIT) == 2 && !memcmp(buf, "ba", 2))
		tst_res(TPASS, "a datagram each way through the bridge");
	else
		tst_res(TFAIL, "datagrams through the bridge lost or wrong");

	f.mac = mac_a;
	f.port = pa;
	fdb_find(&f);
	if (!f.found || f.wrong)
		tst_res(TFAIL, "local host's MAC in the FDB: %d entries, %d wrong",
			f.found, f.wrong);
	else
		tst_res(TPASS, "FDB: the local host's MAC learnt on its port");
	f.mac = mac_b;
	f.port = pb;
	fdb_find(&f);
	if (!f.found || f.wrong)
		tst_res(TFAIL, "remote host's MAC in the FDB: %d entries, %d wrong",
			f.found, f.wrong);
	else
		tst_res(TPASS, "FDB: the remote host's MAC learnt on its port");

	expect(fdb_msg(RTM_NEWNEIGH, NLM_F_CREATE | NLM_F_EXCL, pb, fake), 0,
	       "static FDB entry");
	f.mac = fake;
	f.state = NUD_NOARP;
	fdb_find(&f);
	if (!f.found || f.wrong)
		tst_res(TFAIL, "static entry: %d entries, %d wrong (port, master or state)",
			f.found, f.wrong);
	else
		tst_res(TPASS, "static entry dumped on its port");
	expect(fdb_msg(RTM_NEWNEIGH, NLM_F_CREATE | NLM_F_EXCL, pb, fake),
	       EEXIST, "the same static entry again");
	expect(fdb_msg(RTM_DELNEIGH, 0, pb, fake), 0, "delete it");
	fdb_find(&f);
	NET_EXP_EQ(f.found, 0, "static entry gone from the FDB");
	expect(fdb_msg(RTM_DELNEIGH, 0, pb, fake), ENOENT, "delete it again");

	/* release pb: the path is cut */
	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_master(pb, 0));
	RTNL_SAFE(rtnl_link_get(pb, NULL, &li));
	NET_EXP_EQ(li.master, 0, "released port's master");
	if (sendto(fa, "lost", 4, 0, (struct sockaddr *)&ba, sizeof(ba)) != 4)
		tst_brk(TBROK | TERRNO, "sendto()");
	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_master(pb, br));
	RTNL_SAFE(rtnl_link_up(pb));
	/* until the port forwards again, datagrams may be lost: retry */
	{
		int i;

		n = -1;
		for (i = 0; i < 20; i++) {
			if (sendto(fa, "sentinel", 8, 0, (struct sockaddr *)&ba,
				   sizeof(ba)) != 8)
				tst_brk(TBROK | TERRNO, "sendto()");
			if (net_poll(fb, POLLIN, 500)) {
				n = recv(fb, buf, sizeof(buf), MSG_DONTWAIT);
				break;
			}
		}
	}
	if (n == 8 && !memcmp(buf, "sentinel", 8))
		tst_res(TPASS, "released port: the datagram sent meanwhile was lost");
	else
		tst_res(TFAIL, "released port: first datagram after is %zd bytes",
			n);
	close(fa);
	close(fb);

	net_enter(NET_R);
	RTNL_SAFE(rtnl_link_del(br));
	RTNL_SAFE(rtnl_link_get(pa, NULL, &li));
	NET_EXP_EQ(li.master, 0, "port's master after the bridge's deletion");
	RTNL_SAFE(rtnl_link_add("br0", "bridge"));
	br = rtnl_ifindex("br0");
	RTNL_SAFE(rtnl_link_master(pa, br));
	RTNL_SAFE(rtnl_link_master(pb, br));
	RTNL_SAFE(rtnl_link_up(br));
	net_enter(NET_A);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
};

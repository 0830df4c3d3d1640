// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Resilient nexthop groups (NHA_GROUP_TYPE NEXTHOP_GRP_TYPE_RES, 5.13),
 * in a namespace of their own with four IPv4 gateways on a dummy link:
 * - read back (RTM_GETNEXTHOP): the type, NHA_RES_GROUP_BUCKETS, the idle
 *   timer in clock ticks (6000, 60 s; 12000, 120 s, when not given) and the
 *   unbalanced timer (0);
 * - the bucket dump (RTM_GETNEXTHOPBUCKET) has every index once, each
 *   bucket assigned to a member, the count per member the kernel's
 *   rounding of buckets x weight share: 64 buckets at weights 1:3 give
 *   16/48, 10 buckets at 1:1:1 give 3/4/3;
 * - replacing a member (2 by 3) moves exactly its buckets, the others
 *   keep theirs; a weight change to 1:1 moves exactly 16 buckets, all
 *   from the overweight member to the underweight one (no bucket was
 *   used by traffic, so each is idle at once despite the 60 s idle
 *   timer); a new idle timer (0, read back) on the balanced group moves
 *   none; a route through the group answers a lookup with a member's
 *   gateway;
 * - RTM_GETNEXTHOPBUCKET of one bucket: the last index answers with its
 *   member, the index one past ENOENT, an unknown group ENOENT, a
 *   plain nexthop and a hash-threshold group EINVAL;
 * - EINVAL: no bucket count at creation, 0 buckets, group type 2,
 *   NHA_RES_GROUP on a hash-threshold group, a member twice, a replace
 *   that changes the bucket count, a hash-threshold group replacing a
 *   resilient one; the maximum of 65535 buckets is accepted and read
 *   back, its last bucket answers.
 * Would catch wrong bucket arithmetic (a member short or over by one),
 * buckets moving that should not (breaking the flows resilient hashing
 * keeps in place) or more than the imbalance, and unchecked attributes.
 */
#include <linux/nexthop.h>
#include "tst_test.h"
#include "net_hosts.h"

#define NBKT_MAX 65535

static int dum;

/* The nexthop code parses its nests strictly: NLA_F_NESTED is required. */
static void nest_strict(struct rtnl_msg *m, int type)
{
	rtnl_nest(m, type);
	m->nest[m->depth - 1]->rta_type |= NLA_F_NESTED;
}

struct grp_member {
	uint32_t id;
	int weight;
};

/* A gateway nexthop id -> 10.99.5.(id + 1) on dum0. */
static int nh_gw(uint32_t id)
{
	static struct rtnl_msg m;
	struct nhmsg nhm = { .nh_family = AF_INET };
	struct in_addr a;
	char buf[32];

	snprintf(buf, sizeof(buf), "10.99.5.%u", id + 1);
	net_ipv4(buf, &a);
	rtnl_msg_init(&m, RTM_NEWNEXTHOP, NLM_F_CREATE | NLM_F_EXCL, &nhm,
		      sizeof(nhm));
	rtnl_put_u32(&m, NHA_ID, id);
	rtnl_put_u32(&m, NHA_OIF, dum);
	rtnl_put(&m, NHA_GATEWAY, &a, 4);
	return rtnl_talk(&m);
}

/*
 * A group id of n members: type (-1: no NHA_GROUP_TYPE); buckets and
 * idle timer (-1: not given; buckets -2: no NHA_RES_GROUP at all).
 */
static int nh_group(int flags, uint32_t id, int type,
		    const struct grp_member *mb, int n, int buckets, int idle)
{
	static struct rtnl_msg m;
	struct nhmsg nhm = { .nh_family = AF_UNSPEC };
	struct nexthop_grp g[8];
	int i;

	memset(g, 0, sizeof(g));
	for (i = 0; i < n; i++) {
		g[i].id = mb[i].id;
		g[i].weight = mb[i].weight - 1;
	}
	rtnl_msg_init(&m, RTM_NEWNEXTHOP, NLM_F_CREATE | flags, &nhm,
		      sizeof(nhm));
	rtnl_put_u32(&m, NHA_ID, id);
	rtnl_put(&m, NHA_GROUP, g, n * sizeof(g[0]));
	if (type >= 0)
		rtnl_put_u16(&m, NHA_GROUP_TYPE, type);
	if (buckets != -2) {
		nest_strict(&m, NHA_RES_GROUP);
		if (buckets >= 0)
			rtnl_put_u16(&m, NHA_RES_GROUP_BUCKETS, buckets);
		if (idle >= 0)
			rtnl_put_u32(&m, NHA_RES_GROUP_IDLE_TIMER, idle);
		rtnl_nest_end(&m);
	}
	return rtnl_talk(&m);
}

static int res_add(uint32_t id, const struct grp_member *mb, int n,
		   int buckets, int idle)
{
	return nh_group(NLM_F_EXCL, id, NEXTHOP_GRP_TYPE_RES, mb, n, buckets,
			idle);
}

static int res_replace(uint32_t id, const struct grp_member *mb, int n,
		       int buckets, int idle)
{
	return nh_group(NLM_F_REPLACE, id, NEXTHOP_GRP_TYPE_RES, mb, n,
			buckets, idle);
}

static int nh_del(uint32_t id)
{
	static struct rtnl_msg m;
	struct nhmsg nhm = { .nh_family = AF_UNSPEC };

	rtnl_msg_init(&m, RTM_DELNEXTHOP, 0, &nhm, sizeof(nhm));
	rtnl_put_u32(&m, NHA_ID, id);
	return rtnl_talk(&m);
}

struct res_info {
	int type, buckets;
	long long idle, unbalanced;
};

static void res_info_cb(struct nlmsghdr *nh, void *priv)
{
	struct res_info *ri = priv;
	struct rtattr *a, *r;

	if (nh->nlmsg_type != RTM_NEWNEXTHOP)
		return;
	a = rtnl_attr(nh, sizeof(struct nhmsg), NHA_GROUP_TYPE);
	if (a)
		ri->type = *(uint16_t *)RTA_DATA(a);
	r = rtnl_attr(nh, sizeof(struct nhmsg), NHA_RES_GROUP);
	if (!r)
		return;
	a = rtnl_nested(r, NHA_RES_GROUP_BUCKETS);
	if (a)
		ri->buckets = *(uint16_t *)RTA_DATA(a);
	a = rtnl_nested(r, NHA_RES_GROUP_IDLE_TIMER);
	if (a)
		ri->idle = *(uint32_t *)RTA_DATA(a);
	a = rtnl_nested(r, NHA_RES_GROUP_UNBALANCED_TIMER);
	if (a)
		ri->unbalanced = *(uint32_t *)RTA_DATA(a);
}

static struct res_info res_get(uint32_t id)
{
	static struct rtnl_msg m;
	struct nhmsg nhm = { .nh_family = AF_UNSPEC };
	struct res_info ri = { -1, -1, -1, -1 };

	rtnl_msg_init(&m, RTM_GETNEXTHOP, 0, &nhm, sizeof(nhm));
	rtnl_put_u32(&m, NHA_ID, id);
	RTNL_SAFE(rtnl_talk_cb(&m, res_info_cb, &ri));
	return ri;
}

static void check_res(uint32_t id, int buckets, long long idle)
{
	struct res_info ri = res_get(id);

	if (ri.type == NEXTHOP_GRP_TYPE_RES && ri.buckets == buckets &&
	    ri.idle == idle && ri.unbalanced == 0)
		tst_res(TPASS, "group %u read back: resilient, %d buckets, idle timer %lld, unbalanced timer 0",
			id, buckets, idle);
	else
		tst_res(TFAIL, "group %u read back: type %d, %d buckets, idle timer %lld, unbalanced timer %lld; expected 1, %d, %lld, 0",
			id, ri.type, ri.buckets, ri.idle, ri.unbalanced,
			buckets, idle);
}

/* The bucket table of a group: member id per index, -1 when missing. */
struct bkt_dump {
	uint32_t group;
	int n, dup, bad;
	long long owner[64];
};

static void bkt_cb(struct nlmsghdr *nh, void *priv)
{
	struct bkt_dump *d = priv;
	struct rtattr *a, *b, *idx, *nhid;

	if (nh->nlmsg_type != RTM_NEWNEXTHOPBUCKET)
		return;
	a = rtnl_attr(nh, sizeof(struct nhmsg), NHA_ID);
	b = rtnl_attr(nh, sizeof(struct nhmsg), NHA_RES_BUCKET);
	if (!a || *(uint32_t *)RTA_DATA(a) != d->group || !b) {
		d->bad++;
		return;
	}
	idx = rtnl_nested(b, NHA_RES_BUCKET_INDEX);
	nhid = rtnl_nested(b, NHA_RES_BUCKET_NH_ID);
	if (!idx || !nhid || *(uint16_t *)RTA_DATA(idx) >= 64) {
		d->bad++;
		return;
	}
	if (d->owner[*(uint16_t *)RTA_DATA(idx)] != -1)
		d->dup++;
	d->owner[*(uint16_t *)RTA_DATA(idx)] = *(uint32_t *)RTA_DATA(nhid);
	d->n++;
}

static void bkt_dump(uint32_t group, struct bkt_dump *d)
{
	static struct rtnl_msg m;
	struct nhmsg nhm = { .nh_family = AF_UNSPEC };
	int i;

	memset(d, 0, sizeof(*d));
	d->group = group;
	for (i = 0; i < 64; i++)
		d->owner[i] = -1;
	rtnl_msg_init(&m, RTM_GETNEXTHOPBUCKET, NLM_F_DUMP, &nhm,
		      sizeof(nhm));
	rtnl_put_u32(&m, NHA_ID, group);
	RTNL_SAFE(rtnl_talk_cb(&m, bkt_cb, d));
}

/* The dump of group has nb buckets, counts per member as want[]. */
static void check_buckets(uint32_t group, int nb, const struct grp_member *mb,
			  const int *want, int n, struct bkt_dump *d)
{
	int cnt[8] = { 0 }, i, j, unknown = 0, ok;

	bkt_dump(group, d);
	for (i = 0; i < nb; i++) {
		for (j = 0; j < n; j++)
			if (d->owner[i] == mb[j].id)
				break;
		if (j < n)
			cnt[j]++;
		else
			unknown++;
	}
	ok = d->n == nb && !d->dup && !d->bad && !unknown;
	for (j = 0; j < n; j++)
		ok &= cnt[j] == want[j];
	if (ok) {
		tst_res(TPASS, "group %u: %d buckets dumped, each once, per member as expected (first %d, last %d)",
			group, nb, cnt[0], cnt[n - 1]);
		return;
	}
	tst_res(TFAIL, "group %u: %d buckets dumped (%d expected), %d twice, %d malformed, %d not owned by a member",
		group, d->n, nb, d->dup, d->bad, unknown);
	for (j = 0; j < n; j++)
		tst_res(TINFO, "member %u: %d buckets, expected %d",
			mb[j].id, cnt[j], want[j]);
}

/* RTM_GETNEXTHOPBUCKET of one bucket: 0 (*owner set) or -errno. */
static void bkt_get_cb(struct nlmsghdr *nh, void *priv)
{
	struct rtattr *b, *a;

	if (nh->nlmsg_type != RTM_NEWNEXTHOPBUCKET)
		return;
	b = rtnl_attr(nh, sizeof(struct nhmsg), NHA_RES_BUCKET);
	a = b ? rtnl_nested(b, NHA_RES_BUCKET_NH_ID) : NULL;
	if (a)
		*(long long *)priv = *(uint32_t *)RTA_DATA(a);
}

static int bkt_get(uint32_t group, int index, long long *owner)
{
	static struct rtnl_msg m;
	struct nhmsg nhm = { .nh_family = AF_UNSPEC };

	*owner = -1;
	rtnl_msg_init(&m, RTM_GETNEXTHOPBUCKET, 0, &nhm, sizeof(nhm));
	rtnl_put_u32(&m, NHA_ID, group);
	nest_strict(&m, NHA_RES_BUCKET);
	rtnl_put_u16(&m, NHA_RES_BUCKET_INDEX, index);
	rtnl_nest_end(&m);
	return rtnl_talk_cb(&m, bkt_get_cb, owner);
}

static void exp_ret(int ret, int err, const char *desc)
{
	if (ret == -err)
		tst_res(TPASS, "%s: %s", desc, err ? tst_strerrno(err) : "0");
	else
		tst_res(TFAIL, "%s: %s, expected %s", desc,
			ret ? tst_strerrno(-ret) : "success",
			err ? tst_strerrno(err) : "success");
}

static void test_einval(void)
{
	static const struct grp_member m12[] = { { 1, 1 }, { 2, 1 } };
	static const struct grp_member dup[] = { { 1, 1 }, { 1, 1 } };
	struct res_info ri;
	long long owner;

	exp_ret(nh_group(NLM_F_EXCL, 20, NEXTHOP_GRP_TYPE_RES, m12, 2, -2, -1),
		EINVAL, "resilient group without NHA_RES_GROUP");
	exp_ret(res_add(20, m12, 2, -1, 100), EINVAL,
		"resilient group without NHA_RES_GROUP_BUCKETS");
	exp_ret(res_add(20, m12, 2, 0, -1), EINVAL, "0 buckets");
	exp_ret(nh_group(NLM_F_EXCL, 20, 2, m12, 2, 8, -1), EINVAL,
		"group type 2");
	exp_ret(nh_group(NLM_F_EXCL, 20, NEXTHOP_GRP_TYPE_MPATH, m12, 2, 8,
			 -1), EINVAL, "NHA_RES_GROUP on a hash-threshold group");
	exp_ret(res_add(20, dup, 2, 8, -1), EINVAL, "member 1 twice");
	exp_ret(nh_del(20), ENOENT, "no group 20 left by the refused ones");

	exp_ret(res_add(21, m12, 2, NBKT_MAX, -1), 0, "65535 buckets");
	ri = res_get(21);
	NET_EXP_EQ(ri.buckets, NBKT_MAX, "buckets of group 21 read back");
	exp_ret(bkt_get(21, NBKT_MAX - 1, &owner), 0, "bucket 65534 of 65535");
	if (owner == 1 || owner == 2)
		tst_res(TPASS, "bucket 65534 belongs to member %lld", owner);
	else
		tst_res(TFAIL, "bucket 65534 belongs to %lld", owner);
	RTNL_SAFE(nh_del(21));
}

static void test_buckets(void)
{
	static const struct grp_member m13[] = { { 1, 1 }, { 2, 3 } };
	static const struct grp_member m111[] = { { 1, 1 }, { 2, 1 },
						  { 3, 1 } };
	static const struct grp_member r13[] = { { 1, 1 }, { 3, 3 } };
	static const struct grp_member r11[] = { { 1, 1 }, { 3, 1 } };
	static const int w13[] = { 16, 48 }, w343[] = { 3, 4, 3 };
	static const int w3232[] = { 32, 32 };
	struct bkt_dump before, after;
	struct rtnl_route_info rt;
	struct in_addr dst;
	long long owner;
	int i, kept = 0, moved = 0, wrong = 0;

	RTNL_SAFE(res_add(10, m13, 2, 64, 6000));
	check_res(10, 64, 6000);
	check_buckets(10, 64, m13, w13, 2, &before);
	RTNL_SAFE(res_add(11, m111, 3, 10, -1));
	check_res(11, 10, 12000);
	check_buckets(11, 10, m111, w343, 3, &after);

	exp_ret(bkt_get(10, 63, &owner), 0, "bucket 63 of 64");
	NET_EXP_EQ(owner, before.owner[63], "owner of bucket 63 (as dumped)");
	exp_ret(bkt_get(10, 64, &owner), ENOENT, "bucket 64 of 64");
	exp_ret(bkt_get(99, 0, &owner), ENOENT, "bucket of unknown group 99");
	exp_ret(bkt_get(1, 0, &owner), EINVAL, "bucket of plain nexthop 1");
	RTNL_SAFE(nh_group(NLM_F_EXCL, 12, -1, m13, 2, -2, -1));
	exp_ret(bkt_get(12, 0, &owner), EINVAL,
		"bucket of hash-threshold group 12");
	exp_ret(nh_group(NLM_F_REPLACE, 10, -1, m13, 2, -2, -1), EINVAL,
		"hash-threshold group replacing resilient group 10");
	exp_ret(res_replace(10, m13, 2, 32, -1), EINVAL,
		"replace with 32 buckets (group has 64)");

	/* member 2 replaced by 3: its 48 buckets, and only they, move */
	RTNL_SAFE(res_replace(10, r13, 2, 64, -1));
	check_buckets(10, 64, r13, w13, 2, &after);
	for (i = 0; i < 64; i++) {
		if (before.owner[i] == 1)
			kept += after.owner[i] == 1;
		else
			moved += after.owner[i] == 3;
	}
	if (kept == 16 && moved == 48)
		tst_res(TPASS, "replacing member 2 by 3: 16 buckets of 1 kept, 48 of 2 moved to 3");
	else
		tst_res(TFAIL, "replacing member 2 by 3: %d of 16 buckets of 1 kept, %d of 48 moved to 3",
			kept, moved);

	/*
	 * Weights 1:1: 3 is overweight by 16. A bucket not used since it
	 * was last migrated counts as idle at once, whatever the idle timer
	 * (nh_res_bucket_idle_point()), and no traffic used these: exactly
	 * 16 buckets move, all from 3 to 1, at the replace itself.
	 */
	before = after;
	RTNL_SAFE(res_replace(10, r11, 2, -1, -1));
	check_res(10, 64, 6000);
	check_buckets(10, 64, r11, w3232, 2, &after);
	kept = moved = 0;
	for (i = 0; i < 64; i++) {
		if (before.owner[i] == after.owner[i])
			kept++;
		else if (before.owner[i] == 3 && after.owner[i] == 1)
			moved++;
		else
			wrong++;
	}
	if (kept == 48 && moved == 16 && !wrong)
		tst_res(TPASS, "weights 1:1: 16 buckets moved from 3 to 1, 48 kept");
	else
		tst_res(TFAIL, "weights 1:1: %d kept, %d moved 3 -> 1, %d otherwise",
			kept, moved, wrong);

	/* a new idle timer on a balanced group moves nothing */
	before = after;
	RTNL_SAFE(res_replace(10, r11, 2, -1, 0));
	check_res(10, 64, 0);
	bkt_dump(10, &after);
	NET_EXP_EQ(memcmp(before.owner, after.owner, sizeof(after.owner)), 0,
		   "buckets changed by the idle timer 0 replace (memcmp)");

	/* a route through the group resolves to one of its gateways */
	net_ipv4("10.99.9.9", &dst);
	{
		static struct rtnl_msg m;
		struct rtmsg rtm = {
			.rtm_family = AF_INET, .rtm_dst_len = 32,
			.rtm_table = RT_TABLE_MAIN,
			.rtm_protocol = RTPROT_STATIC,
			.rtm_scope = RT_SCOPE_UNIVERSE,
			.rtm_type = RTN_UNICAST,
		};

		rtnl_msg_init(&m, RTM_NEWROUTE, NLM_F_CREATE | NLM_F_EXCL,
			      &rtm, sizeof(rtm));
		rtnl_put(&m, RTA_DST, &dst, 4);
		rtnl_put_u32(&m, RTA_NH_ID, 10);
		RTNL_SAFE(rtnl_talk(&m));
	}
	RTNL_SAFE(rtnl_route_get(AF_INET, &dst, &rt));
	if (rt.oif == dum && rt.has_gw &&
	    (!memcmp(rt.gw, "\x0a\x63\x05\x02", 4) ||
	     !memcmp(rt.gw, "\x0a\x63\x05\x04", 4)))
		tst_res(TPASS, "route through group 10: dum0 via %u.%u.%u.%u",
			rt.gw[0], rt.gw[1], rt.gw[2], rt.gw[3]);
	else
		tst_res(TFAIL, "route through group 10: oif %d, gateway %s%u.%u.%u.%u",
			rt.oif, rt.has_gw ? "" : "none ", rt.gw[0], rt.gw[1],
			rt.gw[2], rt.gw[3]);
}

static void setup(void)
{
	struct in_addr a;
	uint32_t i;
	int ret;

	net_ns_new(NET_A);
	ret = rtnl_link_add("dum0", "dummy");
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no dummy links (module missing)");
	RTNL_SAFE(ret);
	dum = rtnl_ifindex("dum0");
	RTNL_SAFE(rtnl_link_up(dum));
	net_ipv4("10.99.5.1", &a);
	RTNL_SAFE(rtnl_addr_add(dum, AF_INET, &a, 24, 0));
	for (i = 1; i <= 4; i++)
		RTNL_SAFE(nh_gw(i));
}

static void run(void)
{
	test_einval();
	test_buckets();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 90,
	.min_kver = "5.13",
};

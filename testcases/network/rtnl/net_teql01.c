// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The teql qdisc ("tc qdisc add dev teql0 root teql0"), rtnetlink only,
 * on the guest's teql0 master device (sch_teql makes it in the initial
 * namespace; nothing here changes it):
 * - RTM_NEWQDISC of the root qdisc of teql0 with kind "teql0", the
 *   master as its own slave, fails with ELOOP (teql_qdisc_init()), three
 *   times over;
 * - teql0's root qdisc afterwards is not of kind "teql0";
 * - the kernel gained no taint (D, W).
 * When the init of a new qdisc fails, qdisc_create() calls its destroy
 * function; teql_destroy() followed the master pointer that the failed
 * init had not set: a NULL pointer dereference, oops (taint D). Brought
 * in by 87b60cfacf9f ("net_sched: fix error recovery at qdisc creation"),
 * fixed by 1ffbc7ea9160 ("net: sched: sch_teql: fix null-pointer
 * dereference"). sch_teql declares no alias for the kind "teql0": as
 * root the test runs "modprobe sch_teql" when there is no teql0, and
 * says TCONF when that does not make one.
 */
#include <net/if.h>
#include <linux/pkt_sched.h>
#include "tst_test.h"
#include "net_rtnl.h"

static int teql;

static int add_teql_root(void)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = {
		.tcm_family = AF_UNSPEC, .tcm_ifindex = teql,
		.tcm_parent = TC_H_ROOT,
	};

	rtnl_msg_init(&m, RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL, &tcm,
		      sizeof(tcm));
	rtnl_put_str(&m, TCA_KIND, "teql0");
	return rtnl_talk(&m);
}

static void root_kind_cb(struct nlmsghdr *nh, void *priv)
{
	struct tcmsg *tcm = NLMSG_DATA(nh);
	struct rtattr *rta;

	if (nh->nlmsg_type != RTM_NEWQDISC || tcm->tcm_ifindex != teql ||
	    tcm->tcm_parent != TC_H_ROOT)
		return;
	rta = rtnl_attr(nh, sizeof(*tcm), TCA_KIND);
	if (rta)
		snprintf(priv, 32, "%s", (char *)RTA_DATA(rta));
}

static void run(void)
{
	static struct rtnl_msg m;
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC };
	char kind[32] = "(none)";
	int i, ret;

	for (i = 0; i < 3; i++) {
		ret = add_teql_root();
		TST_EXP_EXPR(ret == -ELOOP, "RTM_NEWQDISC teql0 as the root "
			     "qdisc of teql0 (try %d): ELOOP (%s)", i + 1,
			     ret ? tst_strerrno(-ret) : "added");
	}
	rtnl_msg_init(&m, RTM_GETQDISC, NLM_F_DUMP, &tcm, sizeof(tcm));
	RTNL_SAFE(rtnl_talk_cb(&m, root_kind_cb, kind));
	TST_EXP_EXPR(strcmp(kind, "teql0"), "teql0's root qdisc is \"%s\", "
		     "not teql0", kind);
}

static void setup(void)
{
	const char *const modprobe[] = {"modprobe", "-q", "sch_teql", NULL};

	teql = if_nametoindex("teql0");
	if (!teql) {
		tst_cmd(modprobe, 1);
		teql = if_nametoindex("teql0");
	}
	if (!teql)
		tst_brk(TCONF, "no teql0 device (CONFIG_NET_SCH_TEQL)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		/* net: sched: sch_teql: fix null-pointer dereference */
		{"linux-git", "1ffbc7ea9160"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2017-15649: joining a PACKET_FANOUT group raced with bind() of the
 * same AF_PACKET socket: bind() re-registered the socket's own protocol
 * hook while fanout_add() had already replaced it by the group's, and the
 * socket, freed on close(), stayed on the ptype list (use-after-free).
 * Fixed by 008ba2a13f2d ("packet: hold bind lock when rebinding to fanout
 * hook") and 4971613c1639 ("packet: in packet_do_bind, test fanout with
 * bind_lock held"): a fanout member cannot be rebound.
 *
 * In a private network namespace:
 *  - joining needs a running socket (bound to a protocol): EINVAL with
 *    protocol 0; an unknown type, and ROLLOVER with the rollover flag,
 *    are EINVAL;
 *  - a member: getsockopt(PACKET_FANOUT) gives id | type << 16, joining
 *    again is EALREADY, bind() is EINVAL (4971613c1639);
 *  - another socket joining the group with another type or other flags
 *    is EINVAL;
 *  - struct fanout_args: max_num_members above PACKET_FANOUT_MAX is
 *    EINVAL; a group of 2 takes two members and the third gets ENOSPC; a
 *    different max_num_members for an existing group is EINVAL; a member
 *    that closes frees its place;
 *  - for at most 2 s, a thread binds fresh sockets (lo down, protocol 0)
 *    while the test makes them join a ROLLOVER group, then closes them.
 * A kernel that leaves a freed socket hooked oopses or warns: the taint
 * check fails.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <net/if.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <linux/if_ether.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include "tst_test.h"
#include "net_hosts.h"

/* PACKET_FANOUT_MAX of net/packet/internal.h: not in the uapi headers */
#define FANOUT_MAX_MEMBERS	(1 << 16)
#define BUDGET_MS	2000

static int lo_index;

static void setup(void)
{
	net_ns_new(NET_A);
	lo_index = rtnl_ifindex("lo");
}

static int psock(int proto)
{
	return SAFE_SOCKET(AF_PACKET, SOCK_RAW, htons(proto));
}

static int join(int s, int id, int type_flags)
{
	int val = id | type_flags << 16;

	return setsockopt(s, SOL_PACKET, PACKET_FANOUT, &val, sizeof(val));
}

static int join_args(int s, int id, int type_flags, unsigned int max)
{
	struct fanout_args args = {
		.id = id, .type_flags = type_flags, .max_num_members = max,
	};

	return setsockopt(s, SOL_PACKET, PACKET_FANOUT, &args, sizeof(args));
}

static int pbind(int s, int proto, int idx)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(proto),
		.sll_ifindex = idx,
	};

	return bind(s, (struct sockaddr *)&sll, sizeof(sll));
}

static void membership(void)
{
	int idle = psock(0);
	int a = psock(ETH_P_ALL), b = psock(ETH_P_ALL);
	socklen_t len = sizeof(int);
	int val = 0;

	TST_EXP_FAIL(join(idle, 1, PACKET_FANOUT_HASH), EINVAL,
		     "join with a socket bound to no protocol");
	TST_EXP_FAIL(join(a, 1, 0x7f), EINVAL, "join with type 0x7f");
	TST_EXP_FAIL(join(a, 1, PACKET_FANOUT_ROLLOVER |
			  PACKET_FANOUT_FLAG_ROLLOVER), EINVAL,
		     "ROLLOVER with the rollover flag");
	TST_EXP_PASS(join(a, 1, PACKET_FANOUT_HASH), "join group 1 (hash)");
	if (getsockopt(a, SOL_PACKET, PACKET_FANOUT, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(PACKET_FANOUT)");
	TST_EXP_EQ_LI(val, 1 | PACKET_FANOUT_HASH << 16);
	TST_EXP_FAIL(join(a, 1, PACKET_FANOUT_HASH), EALREADY,
		     "joining again");
	TST_EXP_FAIL(pbind(a, ETH_P_ALL, lo_index), EINVAL,
		     "bind() of a fanout member");
	TST_EXP_FAIL(join(b, 1, PACKET_FANOUT_LB), EINVAL,
		     "join group 1 (hash) as load balancing");
	TST_EXP_FAIL(join(b, 1, PACKET_FANOUT_HASH |
			  PACKET_FANOUT_FLAG_ROLLOVER), EINVAL,
		     "join group 1 with the rollover flag it lacks");
	TST_EXP_PASS(join(b, 1, PACKET_FANOUT_HASH), "second member");
	SAFE_CLOSE(idle);
	SAFE_CLOSE(a);
	SAFE_CLOSE(b);
}

static void limits(void)
{
	int s[4], i;

	for (i = 0; i < 4; i++)
		s[i] = psock(ETH_P_ALL);
	TST_EXP_FAIL(join_args(s[0], 2, PACKET_FANOUT_CPU,
			       FANOUT_MAX_MEMBERS + 1), EINVAL,
		     "max_num_members PACKET_FANOUT_MAX + 1");
	TST_EXP_PASS(join_args(s[0], 2, PACKET_FANOUT_CPU, 2),
		     "group of 2: first member");
	TST_EXP_FAIL(join_args(s[1], 2, PACKET_FANOUT_CPU, 3), EINVAL,
		     "another max_num_members for the group");
	TST_EXP_PASS(join_args(s[1], 2, PACKET_FANOUT_CPU, 0),
		     "group of 2: second member");
	TST_EXP_FAIL(join_args(s[2], 2, PACKET_FANOUT_CPU, 2), ENOSPC,
		     "group of 2: third member");
	SAFE_CLOSE(s[0]);
	TST_EXP_PASS(join_args(s[3], 2, PACKET_FANOUT_CPU, 2),
		     "a member left: the place is free again");
	for (i = 1; i < 4; i++)
		SAFE_CLOSE(s[i]);
}

static int race_fd = -1;
static int gen, done, stop;
static int bind_bad;

static void *binder(void *arg)
{
	int seen = 0;

	(void)arg;
	while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
		if (__atomic_load_n(&gen, __ATOMIC_ACQUIRE) == seen)
			continue;
		seen++;
		if (pbind(race_fd, 0, lo_index) && errno != EINVAL)
			bind_bad = errno;
		__atomic_store_n(&done, seen, __ATOMIC_RELEASE);
	}
	return NULL;
}

static void race(void)
{
	long long end = tst_mono_ms() + BUDGET_MS, wait_end;
	unsigned long joined = 0, rounds = 0;
	pthread_t thr;
	int i;

	RTNL_SAFE(rtnl_link_set(lo_index, 0, IFF_UP, 0));
	errno = pthread_create(&thr, NULL, binder, NULL);
	if (errno)
		tst_brk(TBROK | TERRNO, "pthread_create()");
	for (i = 1; tst_mono_ms() < end; i++) {
		race_fd = psock(ETH_P_ALL);
		__atomic_store_n(&gen, i, __ATOMIC_RELEASE);
		if (!join(race_fd, 3, PACKET_FANOUT_ROLLOVER))
			joined++;
		wait_end = tst_mono_ms() + 10000 * tst_timeout_mul();
		while (__atomic_load_n(&done, __ATOMIC_ACQUIRE) != i) {
			if (tst_mono_ms() > wait_end) {
				__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
				tst_brk(TBROK, "the binding thread is stuck");
			}
		}
		SAFE_CLOSE(race_fd);
		rounds++;
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
	pthread_join(thr, NULL);
	RTNL_SAFE(rtnl_link_up(lo_index));
	tst_res(TINFO, "%lu sockets joined a fanout group in %lu rounds of "
		"bind() against PACKET_FANOUT", joined, rounds);
	if (bind_bad)
		tst_res(TFAIL, "bind() racing a fanout join failed with %s",
			tst_strerrno(bind_bad));
	else
		tst_res(TPASS, "bind() racing a fanout join succeeded or was "
			"EINVAL");
}

static void run(void)
{
	membership();
	limits();
	race();
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.timeout = 30,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "008ba2a13f2d"},
		{"linux-git", "4971613c1639"},
		{"CVE", "2017-15649"},
		{}
	},
};

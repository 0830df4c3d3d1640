// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Classic BPF socket filters on a UDP socket between two namespaces, IPv4
 * and IPv6 (sk_attach_filter(), bpf_check_classic(), sk_filter_trim_cap(),
 * sk_get_filter()). The receiving program sees the datagram from its UDP
 * header on:
 * - "ret #0" drops every datagram: the namespace's Udp InErrors grows by
 *   exactly the number sent, nothing is queued;
 * - "ret #13" keeps the UDP header and 5 bytes: a 100-byte datagram is
 *   read as its first 5 bytes; "ret #3" (below the 8-byte header the
 *   kernel keeps) delivers an empty datagram;
 * - a program loading the byte at offset 8 passes only datagrams whose
 *   payload starts with 'A';
 * - SO_GET_FILTER gives the instruction count for a zero length, EINVAL
 *   for a length one short, the instructions themselves, 0 without a
 *   filter; SO_DETACH_FILTER without one is ENOENT;
 * - SO_LOCK_FILTER: reads back 1; detach, attach and unlocking are EPERM
 *   and the filter keeps working;
 * - rejected programs (EINVAL): no instructions, 4097, no return at the
 *   end, a jump past the end, a division by constant 0, a scratch slot
 *   out of range, a slot read before it is written; 4096 instructions
 *   pass the checks (0, or ENOMEM when over net.core.optmem_max).
 */
#include <linux/filter.h>
#include "tst_test.h"
#include "net_hosts.h"

#ifndef SO_LOCK_FILTER
# define SO_LOCK_FILTER 44
#endif
#ifndef SO_GET_FILTER
# define SO_GET_FILTER SO_ATTACH_FILTER
#endif

static int fam, rfd, sfd;
static struct sockaddr_storage raddr;

static int attach(int fd, struct sock_filter *code, unsigned int n)
{
	struct sock_fprog prog = { .len = n, .filter = code };

	return setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog,
			  sizeof(prog)) ? errno : 0;
}

static int detach(int fd)
{
	int v = 0;

	return setsockopt(fd, SOL_SOCKET, SO_DETACH_FILTER, &v, sizeof(v)) ?
		errno : 0;
}

static void send_one(const char *buf, size_t len)
{
	socklen_t al = fam == AF_INET ? sizeof(struct sockaddr_in) :
		sizeof(struct sockaddr_in6);

	if (sendto(sfd, buf, len, 0, (struct sockaddr *)&raddr, al) !=
	    (ssize_t)len)
		tst_brk(TBROK | TERRNO, "sendto()");
}

static long long in_errors(void)
{
	return fam == AF_INET ? net_snmp(NET_B, "snmp", "Udp:", "InErrors") :
		net_snmp6(NET_B, "Udp6InErrors");
}

/* The next datagram (bounded wait): its length, its bytes in buf. */
static ssize_t recv_one(char *buf, size_t len)
{
	ssize_t n;

	net_wait(rfd, POLLIN);
	n = recv(rfd, buf, len, MSG_DONTWAIT);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "recv()");
	return n;
}

static void drop_all(void)
{
	struct sock_filter ret0[] = { BPF_STMT(BPF_RET | BPF_K, 0) };
	long long before = in_errors();
	char buf[100] = "dropped";
	int i;

	NET_EXP_EQ(attach(rfd, ret0, 1), 0, "attach \"ret #0\"");
	for (i = 0; i < 10; i++)
		send_one(buf, sizeof(buf));
	NET_EXP_EQ(net_wait_snmp(NET_B, fam == AF_INET ? "snmp" : "snmp6",
				 "Udp:", fam == AF_INET ? "InErrors" :
				 "Udp6InErrors", before + 10) - before, 10,
		   "InErrors after 10 filtered");
	NET_EXP_EQ(net_poll(rfd, POLLIN, 0), 0,
		   "readable after every datagram was filtered");
}

static void truncate_to(unsigned int k, ssize_t want)
{
	struct sock_filter code[] = { BPF_STMT(BPF_RET | BPF_K, k) };
	char buf[100], got[200];
	char desc[64];
	int i;

	for (i = 0; i < 100; i++)
		buf[i] = 'a' + i % 26;
	NET_EXP_EQ(attach(rfd, code, 1), 0, "attach a truncating filter");
	send_one(buf, sizeof(buf));
	snprintf(desc, sizeof(desc), "bytes read with \"ret #%u\"", k);
	NET_EXP_EQ(recv_one(got, sizeof(got)), want, desc);
	NET_EXP_EQ(!memcmp(got, buf, want), 1, "the bytes kept are the first");
}

static struct sock_filter first_is_a[] = {
	BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 8),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 'A', 0, 1),
	BPF_STMT(BPF_RET | BPF_K, 0xffffffff),
	BPF_STMT(BPF_RET | BPF_K, 0),
};

static void by_payload(void)
{
	char got[16];

	NET_EXP_EQ(attach(rfd, first_is_a, 4), 0, "attach the payload filter");
	send_one("Bno", 3);
	send_one("Ayes", 4);
	send_one("Cno", 3);
	send_one("Alast", 5);
	NET_EXP_EQ(recv_one(got, sizeof(got)), 4, "first datagram passed");
	NET_EXP_EQ(got[1] == 'y', 1, "it is \"Ayes\"");
	NET_EXP_EQ(recv_one(got, sizeof(got)), 5, "second datagram passed");
	NET_EXP_EQ(got[1] == 'l', 1, "it is \"Alast\"");
	NET_EXP_EQ(net_poll(rfd, POLLIN, 0), 0, "a third datagram passed");
}

static void get_filter(void)
{
	struct sock_filter back[8];
	socklen_t len = 0;

	NET_EXP_EQ(getsockopt(rfd, SOL_SOCKET, SO_GET_FILTER, back, &len), 0,
		   "SO_GET_FILTER with length 0");
	NET_EXP_EQ(len, 4, "SO_GET_FILTER count of instructions");
	len = 3;
	TST_EXP_FAIL(getsockopt(rfd, SOL_SOCKET, SO_GET_FILTER, back, &len),
		     EINVAL, "SO_GET_FILTER one instruction short");
	len = 8;
	NET_EXP_EQ(getsockopt(rfd, SOL_SOCKET, SO_GET_FILTER, back, &len), 0,
		   "SO_GET_FILTER");
	NET_EXP_EQ(len == 4 && !memcmp(back, first_is_a, sizeof(first_is_a)),
		   1, "the instructions read back");
}

static void lock_filter(void)
{
	struct sock_filter ret0[] = { BPF_STMT(BPF_RET | BPF_K, 0) };
	int one = 1, zero = 0, v;
	socklen_t len = sizeof(v);
	char got[16];

	NET_EXP_EQ(setsockopt(rfd, SOL_SOCKET, SO_LOCK_FILTER, &one,
			      sizeof(one)), 0, "SO_LOCK_FILTER 1");
	if (getsockopt(rfd, SOL_SOCKET, SO_LOCK_FILTER, &v, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SO_LOCK_FILTER)");
	NET_EXP_EQ(v, 1, "SO_LOCK_FILTER read back");
	NET_EXP_EQ(detach(rfd), EPERM, "errno of detaching a locked filter");
	NET_EXP_EQ(attach(rfd, ret0, 1), EPERM,
		   "errno of attaching over a locked filter");
	TST_EXP_FAIL(setsockopt(rfd, SOL_SOCKET, SO_LOCK_FILTER, &zero,
				sizeof(zero)), EPERM, "SO_LOCK_FILTER 0");
	send_one("Zno", 3);
	send_one("Astill", 6);
	NET_EXP_EQ(recv_one(got, sizeof(got)), 6,
		   "the locked filter still passes \"Astill\" alone");
}

static void bad_programs(void)
{
	static struct sock_filter big[BPF_MAXINSNS + 1];
	struct sock_filter no_ret[] = { BPF_STMT(BPF_LD | BPF_W | BPF_LEN, 0) };
	struct sock_filter far_jump[] = {
		BPF_JUMP(BPF_JMP | BPF_JA, 5, 0, 0),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_filter div0[] = {
		BPF_STMT(BPF_ALU | BPF_DIV | BPF_K, 0),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_filter bad_slot[] = {
		BPF_STMT(BPF_ST, BPF_MEMWORDS),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_filter unwritten[] = {
		BPF_STMT(BPF_LD | BPF_MEM, 3),
		BPF_STMT(BPF_RET | BPF_A, 0),
	};
	int fd = net_socket(NET_B, fam, SOCK_DGRAM), i, err;

	for (i = 0; i <= BPF_MAXINSNS; i++)
		big[i] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, 0);
	NET_EXP_EQ(attach(fd, big, 0), EINVAL, "errno of 0 instructions");
	NET_EXP_EQ(attach(fd, big, BPF_MAXINSNS + 1), EINVAL,
		   "errno of BPF_MAXINSNS + 1 instructions");
	/* Its size may still be over net.core.optmem_max: ENOMEM then. */
	err = attach(fd, big, BPF_MAXINSNS);
	NET_EXP_EQ(err == 0 || err == ENOMEM, 1,
		   "BPF_MAXINSNS instructions pass the checks (0 or ENOMEM)");
	NET_EXP_EQ(attach(fd, no_ret, 1), EINVAL, "errno of no return");
	NET_EXP_EQ(attach(fd, far_jump, 2), EINVAL,
		   "errno of a jump past the end");
	NET_EXP_EQ(attach(fd, div0, 2), EINVAL,
		   "errno of a division by constant 0");
	NET_EXP_EQ(attach(fd, bad_slot, 2), EINVAL,
		   "errno of scratch slot BPF_MEMWORDS");
	NET_EXP_EQ(attach(fd, unwritten, 2), EINVAL,
		   "errno of reading an unwritten slot");
	close(fd);
}

static void run(unsigned int n)
{
	struct sockaddr_storage ss;
	struct sock_filter dummy[1];
	socklen_t len = 0;

	fam = n ? AF_INET6 : AF_INET;
	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	rfd = net_bound(NET_B, fam, SOCK_DGRAM, &raddr);
	sfd = net_bound(NET_A, fam, SOCK_DGRAM, &ss);

	NET_EXP_EQ(getsockopt(rfd, SOL_SOCKET, SO_GET_FILTER, dummy, &len), 0,
		   "SO_GET_FILTER without a filter");
	NET_EXP_EQ(len, 0, "its count without a filter");
	NET_EXP_EQ(detach(rfd), ENOENT, "errno of detaching no filter");

	drop_all();
	truncate_to(13, 5);
	truncate_to(3, 0);
	by_payload();
	get_filter();
	lock_filter();
	bad_programs();
	close(rfd);
	close(sfd);
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
};

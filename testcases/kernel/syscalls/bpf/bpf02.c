// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf(2), raw, as root: hash maps and programs.
 * - BPF_MAP_TYPE_HASH (4 entries): a missing key is ENOENT for lookup,
 *   delete and BPF_EXIST update; BPF_NOEXIST adds it, a second
 *   BPF_NOEXIST is EEXIST, BPF_EXIST replaces the value; a fifth key is
 *   E2BIG; BPF_MAP_GET_NEXT_KEY walks every key once, then ENOENT;
 *   a deleted key is gone and its room free again.
 * - A socket filter that counts packets in an array map, attached with
 *   SO_ATTACH_BPF to an AF_UNIX datagram socket, sees each datagram (the
 *   count read back is 3 after 3 sends) and lets it through; one that
 *   returns 0 drops them (the receiver gets nothing).
 * - Division and modulo by a zero register, run with BPF_PROG_TEST_RUN:
 *   64-bit and 32-bit division give 0, 64-bit modulo leaves the dividend
 *   and 32-bit modulo its low 32 bits (the semantics the verifier's
 *   rewrite must keep). The same 32-bit division and modulo by a
 *   register of 1 << 32 (low half 0) leave that register whole.
 *   Before f6b1b3bf0d5f a division by 0 ended the program; the 32-bit
 *   rewrite then truncated the divisor register itself (e88b2c6e5a4d)
 *   and left the 32-bit modulo's upper half (9b00f1b78809; CVE-2021-3444).
 * Syscalls: bpf
 */
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include "tst_test.h"
#include "bpf_helpers.h"

#ifndef SO_ATTACH_BPF
# define SO_ATTACH_BPF 50
#endif

static long next_key(int fd, uint32_t *key, uint32_t *next)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (uintptr_t)key;
	a.next_key = (uintptr_t)next;
	return bpf_sys(BPF_MAP_GET_NEXT_KEY, &a);
}

static void test_hash(void)
{
	uint64_t v = 0;
	uint32_t k, nk, seen = 0;
	int fd = bpf_map_create(BPF_MAP_TYPE_HASH, 8, 4), i;

	TST_EXP_FAIL(bpf_elem(BPF_MAP_LOOKUP_ELEM, fd, 1, &v, 0), ENOENT,
		     "lookup of a missing key");
	TST_EXP_FAIL(bpf_elem(BPF_MAP_DELETE_ELEM, fd, 1, NULL, 0), ENOENT,
		     "delete of a missing key");
	v = 10;
	TST_EXP_FAIL(bpf_elem(BPF_MAP_UPDATE_ELEM, fd, 1, &v, BPF_EXIST),
		     ENOENT, "BPF_EXIST update of a missing key");
	TST_EXP_PASS(bpf_elem(BPF_MAP_UPDATE_ELEM, fd, 1, &v, BPF_NOEXIST),
		     "BPF_NOEXIST adds key 1");
	v = 11;
	TST_EXP_FAIL(bpf_elem(BPF_MAP_UPDATE_ELEM, fd, 1, &v, BPF_NOEXIST),
		     EEXIST, "BPF_NOEXIST of key 1 again");
	TST_EXP_PASS(bpf_elem(BPF_MAP_UPDATE_ELEM, fd, 1, &v, BPF_EXIST),
		     "BPF_EXIST replaces key 1");
	v = 0;
	bpf_elem(BPF_MAP_LOOKUP_ELEM, fd, 1, &v, 0);
	TST_EXP_EXPR(v == 11, "key 1 reads 11 (%llu)", (unsigned long long)v);
	for (i = 2; i <= 4; i++) {
		v = i * 10;
		if (bpf_elem(BPF_MAP_UPDATE_ELEM, fd, i, &v, BPF_ANY))
			tst_brk(TBROK | TERRNO, "update key %d", i);
	}
	TST_EXP_FAIL(bpf_elem(BPF_MAP_UPDATE_ELEM, fd, 5, &v, BPF_ANY), E2BIG,
		     "a fifth key in a map of 4");
	TST_EXP_PASS(next_key(fd, NULL, &k), "BPF_MAP_GET_NEXT_KEY(NULL)");
	for (i = 0; i < 8; i++) {
		if (k >= 1 && k <= 4)
			seen |= 1U << k;
		if (next_key(fd, &k, &nk))
			break;
		k = nk;
	}
	TST_EXP_EXPR(seen == 0x1e && errno == ENOENT && i == 3, "the walk "
		     "gave keys 1-4 once each, then ENOENT (mask %#x)", seen);
	TST_EXP_PASS(bpf_elem(BPF_MAP_DELETE_ELEM, fd, 3, NULL, 0),
		     "delete key 3");
	TST_EXP_FAIL(bpf_elem(BPF_MAP_LOOKUP_ELEM, fd, 3, &v, 0), ENOENT,
		     "key 3 is gone");
	TST_EXP_PASS(bpf_elem(BPF_MAP_UPDATE_ELEM, fd, 5, &v, BPF_ANY),
		     "key 5 fits in the freed room");
	SAFE_CLOSE(fd);
}

static int prog_load(int type, const struct bpf_insn *insns, int n)
{
	int fd = bpf_prog_load(type, insns, n);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "BPF_PROG_LOAD: %s", bpf_log);
	return fd;
}

static void test_socket_filter(void)
{
	int map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 8, 1);
	struct bpf_insn counter[] = {
		MAP_LOOKUP(map, 0),
		JEQ_IMM(BPF_REG_0, 0, 2),
		MOV64_IMM(BPF_REG_1, 1),
		XADD64(BPF_REG_0, BPF_REG_1, 0),
		MOV64_IMM(BPF_REG_0, 0xffff),		/* keep the packet */
		EXIT(),
	};
	struct bpf_insn drop[] = { MOV64_IMM(BPF_REG_0, 0), EXIT() };
	int prog, sv[2], i;
	uint64_t v = 0;
	char buf[8];

	prog = prog_load(BPF_PROG_TYPE_SOCKET_FILTER, counter,
			 ARRAY_SIZE(counter));
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_DGRAM, 0, sv);
	if (setsockopt(sv[1], SOL_SOCKET, SO_ATTACH_BPF, &prog, sizeof(prog)))
		tst_brk(TBROK | TERRNO, "SO_ATTACH_BPF");
	/*
	 * AF_UNIX datagrams are filtered and queued inside the sender's
	 * write(): once it returns, the datagram is there or was dropped,
	 * so MSG_DONTWAIT reads the verdict, not a race.
	 */
	for (i = 0; i < 3; i++) {
		SAFE_WRITE(1, sv[0], "pkt", 3);
		TST_EXP_VAL(recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT), 3,
			    "datagram %d let through by the filter", i + 1);
	}
	bpf_elem(BPF_MAP_LOOKUP_ELEM, map, 0, &v, 0);
	TST_EXP_EXPR(v == 3, "the filter counted %llu packets (want 3)",
		     (unsigned long long)v);
	SAFE_CLOSE(prog);

	prog = prog_load(BPF_PROG_TYPE_SOCKET_FILTER, drop, ARRAY_SIZE(drop));
	if (setsockopt(sv[1], SOL_SOCKET, SO_ATTACH_BPF, &prog, sizeof(prog)))
		tst_brk(TBROK | TERRNO, "SO_ATTACH_BPF");
	SAFE_WRITE(1, sv[0], "pkt", 3);
	TST_EXP_FAIL(recv(sv[1], buf, sizeof(buf), MSG_DONTWAIT), EAGAIN,
		     "a filter returning 0 drops the datagram");
	SAFE_CLOSE(prog);
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);
	SAFE_CLOSE(map);
}

static void test_div_zero(void)
{
	int map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 8, 8);
	/* results go to map entries 0..7; r6 keeps the zero divisor */
#define STORE_REG(idx, reg) \
	MAP_LOOKUP(map, idx), \
	JEQ_IMM(BPF_REG_0, 0, 1), \
	STX_MEM(BPF_DW, BPF_REG_0, reg, 0)
#define STORE(idx) STORE_REG(idx, BPF_REG_7)
	struct bpf_insn insns[] = {
		MOV64_IMM(BPF_REG_6, 0),
		/* r7 = 0x1234567890 / 0 */
		LD_IMM64_HI(BPF_REG_7, 0x34567890), INSN(0, 0, 0, 0, 0x12),
		ALU64_REG(BPF_DIV, BPF_REG_7, BPF_REG_6),
		STORE(0),
		LD_IMM64_HI(BPF_REG_7, 0x34567890), INSN(0, 0, 0, 0, 0x12),
		ALU64_REG(BPF_MOD, BPF_REG_7, BPF_REG_6),
		STORE(1),
		LD_IMM64_HI(BPF_REG_7, 0x34567890), INSN(0, 0, 0, 0, 0x12),
		ALU32_REG(BPF_DIV, BPF_REG_7, BPF_REG_6),
		STORE(2),
		LD_IMM64_HI(BPF_REG_7, 0x34567890), INSN(0, 0, 0, 0, 0x12),
		ALU32_REG(BPF_MOD, BPF_REG_7, BPF_REG_6),
		STORE(3),
		/* r6 = 1 << 32: its low 32 bits, the 32-bit divisor, are 0 */
		LD_IMM64_HI(BPF_REG_6, 0), INSN(0, 0, 0, 0, 1),
		LD_IMM64_HI(BPF_REG_7, 0x34567890), INSN(0, 0, 0, 0, 0x12),
		ALU32_REG(BPF_DIV, BPF_REG_7, BPF_REG_6),
		STORE(4),
		STORE_REG(5, BPF_REG_6),
		LD_IMM64_HI(BPF_REG_7, 0x34567890), INSN(0, 0, 0, 0, 0x12),
		ALU32_REG(BPF_MOD, BPF_REG_7, BPF_REG_6),
		STORE(6),
		STORE_REG(7, BPF_REG_6),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
#undef STORE
#undef STORE_REG
	static const uint64_t want[] = {
		0, 0x1234567890ULL, 0, 0x34567890,
		0, 1ULL << 32, 0x34567890, 1ULL << 32,
	};
	static const char *const what[] = {
		"64-bit division by 0", "64-bit modulo by 0",
		"32-bit division by 0", "32-bit modulo by 0",
		"32-bit division by w6 = 0 of r6 = 1 << 32",
		"r6 after that division",
		"32-bit modulo by w6 = 0 of r6 = 1 << 32",
		"r6 after that modulo",
	};
	uint64_t v;
	int prog, i;

	prog = prog_load(BPF_PROG_TYPE_SOCKET_FILTER, insns, ARRAY_SIZE(insns));
	bpf_test_run(prog);
	for (i = 0; i < 8; i++) {
		v = 0xdead;
		bpf_elem(BPF_MAP_LOOKUP_ELEM, map, i, &v, 0);
		TST_EXP_EXPR(v == want[i], "%s: %#llx (want %#llx)", what[i],
			     (unsigned long long)v,
			     (unsigned long long)want[i]);
	}
	SAFE_CLOSE(prog);
	SAFE_CLOSE(map);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_hash();
		break;
	case 1:
		test_socket_filter();
		break;
	case 2:
		test_div_zero();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		/* bpf: fix subprog verifier bypass by div/mod by 0
		 * exception */
		{"linux-git", "f6b1b3bf0d5f"},
		/* bpf: Fix 32 bit src register truncation on div/mod */
		{"linux-git", "e88b2c6e5a4d"},
		/* bpf: Fix truncation handling for mod32 dst reg wrt zero */
		{"linux-git", "9b00f1b78809"},
		/* bpf: fix 32-bit ALU op verification (named by 9b00f1b78809
		 * as the commit that made the mod32 upper half wrong;
		 * upstream LTP's bpf_prog05 tags it too) */
		{"linux-git", "468f6eafa6c4"},
		{"CVE", "2021-3444"},
		{}
	},
};

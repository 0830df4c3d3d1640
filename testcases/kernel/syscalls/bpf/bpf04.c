// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The verifier tracks 32-bit ALU results exactly, and pointer arithmetic
 * with them stays in bounds (as root, on an 8-byte array map value):
 * - r1 = (u32)-1, r1 += 1, r1 >>= 26 is 64, not 0: a store 64 bytes
 *   before the map value is refused with EACCES (CVE-2017-16995, fixed
 *   by 95a762e2c8c9, "bpf: fix incorrect sign extension in
 *   check_alu_op()");
 * - r8 = 2 << 31, then the 32-bit w8 >>= 31 and w8 -= 2 is 0xfffffffe:
 *   adding it to the map value pointer is refused with EINVAL (an
 *   offset beyond what a pointer may carry)
 *   (CVE-2018-18445, fixed by b799207e1e18, "bpf: 32-bit RSH
 *   verification must truncate input before the ALU op");
 * - the same computations brought back in bounds (>> 32 gives 1;
 *   0xfffffffe >> 29 gives 7) are accepted, and run with
 *   BPF_PROG_TEST_RUN they store to bytes 1 and 7 of the value exactly.
 * Syscalls: bpf
 */
#include <stdint.h>
#include <string.h>
#include "tst_test.h"
#include "bpf_insn.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static char log_buf[16384];
static int map = -1;

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static long load(const struct bpf_insn *insns, int n)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	a.insns = (uintptr_t)insns;
	a.insn_cnt = n;
	a.license = (uintptr_t)"GPL";
	a.log_buf = (uintptr_t)log_buf;
	a.log_size = sizeof(log_buf);
	a.log_level = 1;
	return sys_bpf(BPF_PROG_LOAD, &a);
}

static uint64_t value(void)
{
	uint32_t key = 0;
	uint64_t v = 0;
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = map;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)&v;
	if (sys_bpf(BPF_MAP_LOOKUP_ELEM, &a))
		tst_brk(TBROK | TERRNO, "BPF_MAP_LOOKUP_ELEM");
	return v;
}

static void clear_value(void)
{
	uint32_t key = 0;
	uint64_t v = 0;
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = map;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)&v;
	if (sys_bpf(BPF_MAP_UPDATE_ELEM, &a))
		tst_brk(TBROK | TERRNO, "BPF_MAP_UPDATE_ELEM");
}

static void run_prog(long fd)
{
	char data[64] = "";
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.test.prog_fd = fd;
	a.test.data_in = (uintptr_t)data;
	a.test.data_size_in = sizeof(data);
	a.test.repeat = 1;
	if (sys_bpf(BPF_PROG_TEST_RUN, &a))
		tst_brk(TBROK | TERRNO, "BPF_PROG_TEST_RUN");
}

/* r0 = pointer to the map's value 0, or exit */
#define LOOKUP() \
	ST_MEM(BPF_W, BPF_REG_10, -4, 0), \
	MOV64_REG(BPF_REG_2, BPF_REG_10), \
	ALU64_IMM(BPF_ADD, BPF_REG_2, -4), \
	LD_MAP_FD(BPF_REG_1, map), \
	CALL(BPF_FUNC_map_lookup_elem), \
	JEQ_IMM(BPF_REG_0, 0, 1 + TAIL)

static void check(const struct bpf_insn *bad, int nbad, int err,
		  const struct bpf_insn *good, int ngood, int byte,
		  const char *what)
{
	uint64_t v;
	long fd;

	fd = load(bad, nbad);
	TST_EXP_EXPR(fd < 0 && errno == err, "%s, out of bounds: refused "
		     "with %s (%s)", what, tst_strerrno(err),
		     fd < 0 ? tst_strerrno(errno) : "loaded");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	fd = load(good, ngood);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "%s, in bounds: refused: %s", what,
			log_buf);
		return;
	}
	clear_value();
	run_prog(fd);
	v = value();
	TST_EXP_EXPR(v == (uint64_t)0xab << (8 * byte), "%s, in bounds: "
		     "accepted, stored byte %d (value %#llx)", what, byte,
		     (unsigned long long)v);
	SAFE_CLOSE(fd);
}

static void run(void)
{
#define TAIL 4
	struct bpf_insn sext_bad[] = {
		LOOKUP(),
		MOV32_IMM(BPF_REG_1, -1),
		ALU64_IMM(BPF_ADD, BPF_REG_1, 1),
		ALU64_IMM(BPF_RSH, BPF_REG_1, 26),	/* 64 */
		ALU64_REG(BPF_SUB, BPF_REG_0, BPF_REG_1),
		ST_MEM(BPF_B, BPF_REG_0, 0, 0xab),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
	struct bpf_insn sext_good[] = {
		LOOKUP(),
		MOV32_IMM(BPF_REG_1, -1),
		ALU64_IMM(BPF_ADD, BPF_REG_1, 1),
		ALU64_IMM(BPF_RSH, BPF_REG_1, 32),	/* 1 */
		ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_1),
		ST_MEM(BPF_B, BPF_REG_0, 0, 0xab),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
#undef TAIL
#define TAIL 5
	struct bpf_insn rsh_bad[] = {
		LOOKUP(),
		MOV64_IMM(BPF_REG_8, 2),
		ALU64_IMM(BPF_LSH, BPF_REG_8, 31),
		INSN(BPF_ALU | BPF_RSH | BPF_K, BPF_REG_8, 0, 0, 31),
		INSN(BPF_ALU | BPF_SUB | BPF_K, BPF_REG_8, 0, 0, 2),
		ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_8),
		ST_MEM(BPF_B, BPF_REG_0, 0, 0xab),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
#undef TAIL
#define TAIL 6
	struct bpf_insn rsh_good[] = {
		LOOKUP(),
		MOV64_IMM(BPF_REG_8, 2),
		ALU64_IMM(BPF_LSH, BPF_REG_8, 31),
		INSN(BPF_ALU | BPF_RSH | BPF_K, BPF_REG_8, 0, 0, 31),
		INSN(BPF_ALU | BPF_SUB | BPF_K, BPF_REG_8, 0, 0, 2),
		ALU64_IMM(BPF_RSH, BPF_REG_8, 29),	/* 7 */
		ALU64_REG(BPF_ADD, BPF_REG_0, BPF_REG_8),
		ST_MEM(BPF_B, BPF_REG_0, 0, 0xab),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
#undef TAIL

	/* a store outside the value: EACCES (check_map_access()) */
	check(sext_bad, ARRAY_SIZE(sext_bad), EACCES, sext_good,
	      ARRAY_SIZE(sext_good), 1, "(u32)-1 + 1");
	/* an offset past BPF_MAX_VAR_OFF: EINVAL (check_reg_sane_offset()) */
	check(rsh_bad, ARRAY_SIZE(rsh_bad), EINVAL, rsh_good,
	      ARRAY_SIZE(rsh_good), 7, "32-bit right shift");
}

static void setup(void)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 1;
	map = sys_bpf(BPF_MAP_CREATE, &a);
	if (map < 0)
		tst_brk(TBROK | TERRNO, "BPF_MAP_CREATE");
}

static void cleanup(void)
{
	if (map >= 0)
		SAFE_CLOSE(map);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2017-16995"},
		/* bpf: fix incorrect sign extension in check_alu_op() */
		{"linux-git", "95a762e2c8c9"},
		{"CVE", "2018-18445"},
		/* bpf: 32-bit RSH verification must truncate input before the ALU op */
		{"linux-git", "b799207e1e18"},
		{}
	},
};

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
#include "bpf_helpers.h"

static int map = -1;

static long load(const struct bpf_insn *insns, int n)
{
	return bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, insns, n);
}

static uint64_t value(void)
{
	uint64_t v = 0;

	if (bpf_elem(BPF_MAP_LOOKUP_ELEM, map, 0, &v, 0))
		tst_brk(TBROK | TERRNO, "BPF_MAP_LOOKUP_ELEM");
	return v;
}

static void clear_value(void)
{
	uint64_t v = 0;

	if (bpf_elem(BPF_MAP_UPDATE_ELEM, map, 0, &v, 0))
		tst_brk(TBROK | TERRNO, "BPF_MAP_UPDATE_ELEM");
}

/* r0 = pointer to the map's value 0, or exit */
#define LOOKUP() \
	MAP_LOOKUP(map, 0), \
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
			bpf_log);
		return;
	}
	clear_value();
	bpf_test_run(fd);
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
	map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 8, 1);
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

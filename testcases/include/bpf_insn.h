/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * eBPF instructions for the tests that load hand-assembled programs
 * (kernel/syscalls/bpf, network/virt/net_xdp01), written as the
 * kernel's instruction encoding (struct bpf_insn of linux/bpf.h); the
 * kernel's own builder macros are not part of its user API.
 */
#ifndef BPF_INSN_H
#define BPF_INSN_H

#include <linux/bpf.h>

#define INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
			    .off = (o), .imm = (i) })
#define MOV64_IMM(d, i)		INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV32_IMM(d, i)		INSN(BPF_ALU | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV64_REG(d, s)		INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ALU64_IMM(op, d, i)	INSN(BPF_ALU64 | (op) | BPF_K, d, 0, 0, i)
#define ALU64_REG(op, d, s)	INSN(BPF_ALU64 | (op) | BPF_X, d, s, 0, 0)
#define ALU32_REG(op, d, s)	INSN(BPF_ALU | (op) | BPF_X, d, s, 0, 0)
#define LD_IMM64_HI(d, i)	INSN(BPF_LD | BPF_DW | BPF_IMM, d, 0, 0, i)
#define LD_MAP_FD(d, fd)	INSN(BPF_LD | BPF_DW | BPF_IMM, d, \
				     BPF_PSEUDO_MAP_FD, 0, fd), \
				INSN(0, 0, 0, 0, 0)
#define ST_MEM(sz, d, o, i)	INSN(BPF_ST | (sz) | BPF_MEM, d, 0, o, i)
#define STX_MEM(sz, d, s, o)	INSN(BPF_STX | (sz) | BPF_MEM, d, s, o, 0)
#define LDX_MEM(sz, d, s, o)	INSN(BPF_LDX | (sz) | BPF_MEM, d, s, o, 0)
#define CALL(f)			INSN(BPF_JMP | BPF_CALL, 0, 0, 0, f)
#define JEQ_IMM(d, i, o)	INSN(BPF_JMP | BPF_JEQ | BPF_K, d, 0, o, i)
/* if (d op i) or (d op s) skip o instructions; op BPF_JNE, BPF_JGT, ... */
#define JMP_IMM(op, d, i, o)	INSN(BPF_JMP | (op) | BPF_K, d, 0, o, i)
#define JMP_REG(op, d, s, o)	INSN(BPF_JMP | (op) | BPF_X, d, s, o, 0)
#define EXIT()			INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define XADD64(d, s, o)		INSN(BPF_STX | BPF_DW | BPF_ATOMIC, d, s, o, \
				     BPF_ADD)
#define ALU64_REG_ADD(d, s)	ALU64_REG(BPF_ADD, d, s)
/* r0 = bpf_map_lookup_elem(map, &key), the key stored at fp - 4 */
#define MAP_LOOKUP(map, key) \
	ST_MEM(BPF_W, BPF_REG_10, -4, key), \
	MOV64_REG(BPF_REG_2, BPF_REG_10), \
	ALU64_IMM(BPF_ADD, BPF_REG_2, -4), \
	LD_MAP_FD(BPF_REG_1, map), \
	CALL(BPF_FUNC_map_lookup_elem)

/*
 * The tail of a counting program (11 instructions): add 1 to the u64 of
 * map under the key in r8 (a u32 array), then return r9.
 */
#define COUNT_R8_RETURN_R9(map) \
	STX_MEM(BPF_W, BPF_REG_10, BPF_REG_8, -4), \
	MOV64_REG(BPF_REG_2, BPF_REG_10), \
	ALU64_IMM(BPF_ADD, BPF_REG_2, -4), \
	LD_MAP_FD(BPF_REG_1, map), \
	CALL(BPF_FUNC_map_lookup_elem), \
	JEQ_IMM(BPF_REG_0, 0, 2), \
	MOV64_IMM(BPF_REG_1, 1), \
	XADD64(BPF_REG_0, BPF_REG_1, 0), \
	MOV64_REG(BPF_REG_0, BPF_REG_9), \
	EXIT()

#endif /* BPF_INSN_H */

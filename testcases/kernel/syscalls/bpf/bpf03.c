// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The verifier keeps ring buffer records in bounds (BPF_MAP_TYPE_RINGBUF,
 * Linux 5.8), as root:
 * - arithmetic on what bpf_ringbuf_reserve() returned, before it was
 *   checked against NULL, is refused with EACCES (the program of
 *   CVE-2022-23222, which then wrote through it);
 * - a record pointer moved past the record's end and handed to
 *   bpf_ringbuf_submit() is refused (CVE-2021-4204: submit took no
 *   size, so the moved pointer let it corrupt memory): EACCES in 6.1
 *   ("dereference of modified ... ptr"), EINVAL in 6.12, whose
 *   check_func_arg_reg_off() refuses a release argument with an offset
 *   first ("must have zero offset when passed to release func");
 * both fixed by 64620e0a1e71 ("bpf: Fix out of bounds access for ringbuf
 * helpers") and the fixes around it; neither program is run;
 * - the same record reserved, checked and submitted as it came is
 *   accepted, and run (BPF_PROG_TEST_RUN) it puts one record in the ring.
 * Syscalls: bpf
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "bpf_helpers.h"

static int ring = -1;

static long load(const struct bpf_insn *insns, int n)
{
	return bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, insns, n);
}

static void run(void)
{
	int page = getpagesize();
	struct bpf_insn before_null_check[] = {
		LD_MAP_FD(BPF_REG_1, ring),
		MOV64_IMM(BPF_REG_2, 8),
		MOV64_IMM(BPF_REG_3, 0),
		CALL(BPF_FUNC_ringbuf_reserve),
		MOV64_REG(BPF_REG_1, BPF_REG_0),
		ALU64_IMM(BPF_ADD, BPF_REG_1, 1),	/* on ptr_or_null */
		JEQ_IMM(BPF_REG_0, 0, 4),
		MOV64_REG(BPF_REG_1, BPF_REG_0),
		MOV64_IMM(BPF_REG_2, 0),
		CALL(BPF_FUNC_ringbuf_discard),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
	struct bpf_insn moved_submit[] = {
		LD_MAP_FD(BPF_REG_1, ring),
		MOV64_IMM(BPF_REG_2, 8),
		MOV64_IMM(BPF_REG_3, 0),
		CALL(BPF_FUNC_ringbuf_reserve),
		JEQ_IMM(BPF_REG_0, 0, 4),
		MOV64_REG(BPF_REG_1, BPF_REG_0),
		ALU64_IMM(BPF_ADD, BPF_REG_1, 0x100),	/* moved record */
		MOV64_IMM(BPF_REG_2, 0),
		CALL(BPF_FUNC_ringbuf_submit),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
	struct bpf_insn good[] = {
		LD_MAP_FD(BPF_REG_1, ring),
		MOV64_IMM(BPF_REG_2, 8),
		MOV64_IMM(BPF_REG_3, 0),
		CALL(BPF_FUNC_ringbuf_reserve),
		JEQ_IMM(BPF_REG_0, 0, 5),
		ST_MEM(BPF_DW, BPF_REG_0, 0, 0x4242),
		MOV64_REG(BPF_REG_1, BPF_REG_0),
		MOV64_IMM(BPF_REG_2, 0),
		CALL(BPF_FUNC_ringbuf_submit),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
	unsigned long *cons, *prod;
	long fd;

	fd = load(before_null_check, ARRAY_SIZE(before_null_check));
	TST_EXP_EXPR(fd < 0 && errno == EACCES, "arithmetic on the reserved "
		     "pointer before its NULL check: refused with EACCES (%s)",
		     fd < 0 ? tst_strerrno(errno) : "loaded");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	fd = load(moved_submit, ARRAY_SIZE(moved_submit));
	TST_EXP_EXPR(fd < 0 && (errno == EACCES || errno == EINVAL),
		     "a record moved past its end for bpf_ringbuf_submit(): "
		     "refused with EACCES or EINVAL (%s)",
		     fd < 0 ? tst_strerrno(errno) : "loaded");
	if (fd >= 0)
		SAFE_CLOSE(fd);

	fd = load(good, ARRAY_SIZE(good));
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "the sound program: %s", bpf_log);
	tst_res(TPASS, "reserve, NULL check, submit as it came: accepted");
	bpf_test_run(fd);
	cons = SAFE_MMAP(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED,
			 ring, 0);
	prod = SAFE_MMAP(NULL, page, PROT_READ, MAP_SHARED, ring, page);
	/* one record: an 8-byte header and 8 bytes of data */
	TST_EXP_EXPR(*prod - *cons == 16, "the ring holds one record of 8 "
		     "bytes (producer - consumer = %lu)", *prod - *cons);
	/* consume it: the next iteration (-i) starts from an empty ring */
	*cons = *prod;
	SAFE_MUNMAP(cons, page);
	SAFE_MUNMAP(prod, page);
	SAFE_CLOSE(fd);
}

static void setup(void)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_RINGBUF;
	a.max_entries = getpagesize();
	ring = bpf_sys(BPF_MAP_CREATE, &a);
	if (ring < 0) {
		if (errno == EINVAL)
			tst_brk(TCONF, "no BPF ring buffers (Linux 5.8)");
		tst_brk(TBROK | TERRNO, "BPF_MAP_CREATE(RINGBUF)");
	}
}

static void cleanup(void)
{
	if (ring >= 0)
		SAFE_CLOSE(ring);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2021-4204"},
		{"CVE", "2022-23222"},
		/* bpf: Fix out of bounds access for ringbuf helpers */
		{"linux-git", "64620e0a1e71"},
		{}
	},
};

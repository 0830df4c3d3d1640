// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * 64-bit scalar arithmetic in a program that the verifier sanitizes
 * computes the right value: a socket filter looks up elements 0 and 1
 * of a two-element u64 array map, loads 2^60 into a register with a
 * 64-bit immediate, adds (element 0) or subtracts (element 1) a register
 * holding 1 and stores the result through the map value pointer. Run
 * once (BPF_PROG_TEST_RUN), the map must read back 2^60 + 1 and
 * 2^60 - 1 exactly.
 * The rewrite that guards pointer arithmetic against speculation was
 * applied to this scalar ALU as well and corrupted it (fixed by
 * 3612af783cf5, "bpf: fix sanitation rewrite in case of non-pointers").
 * That rewrite runs only for a loader the kernel does not trust with
 * pointer values (no CAP_PERFMON, no CAP_SYS_ADMIN): the program is
 * loaded and run once as full root and once by a child that kept CAP_BPF
 * but dropped CAP_SYS_ADMIN and CAP_PERFMON (capget() confirms it).
 * Syscalls: bpf, capset
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "bpf_helpers.h"
#include "caps_raw.h"

#ifndef CAP_PERFMON
# define CAP_PERFMON	38
#endif
#ifndef CAP_BPF
# define CAP_BPF	39
#endif

#define BIG		(UINT64_C(1) << 60)
#define LD_IMM64(d, v)	INSN(BPF_LD | BPF_DW | BPF_IMM, d, 0, 0, \
			     (uint32_t)(v)), \
			INSN(0, 0, 0, 0, (uint32_t)((uint64_t)(v) >> 32))
#define BIT(c)		(UINT64_C(1) << (c))

static int map = -1;

static void check(const char *who)
{
	struct bpf_insn prog[] = {
		MOV64_IMM(BPF_REG_6, 1),
		MAP_LOOKUP(map, 0),
		JEQ_IMM(BPF_REG_0, 0, 17),
		MOV64_REG(BPF_REG_3, BPF_REG_0),
		LD_IMM64(BPF_REG_4, BIG),
		ALU64_REG(BPF_ADD, BPF_REG_4, BPF_REG_6),
		STX_MEM(BPF_DW, BPF_REG_3, BPF_REG_4, 0),
		MAP_LOOKUP(map, 1),
		JEQ_IMM(BPF_REG_0, 0, 5),
		MOV64_REG(BPF_REG_3, BPF_REG_0),
		LD_IMM64(BPF_REG_4, BIG),
		ALU64_REG(BPF_SUB, BPF_REG_4, BPF_REG_6),
		STX_MEM(BPF_DW, BPF_REG_3, BPF_REG_4, 0),
		MOV64_IMM(BPF_REG_0, 0),
		EXIT(),
	};
	uint64_t zero = 0, v0 = 0, v1 = 0;
	long fd;

	if (bpf_elem(BPF_MAP_UPDATE_ELEM, map, 0, &zero, BPF_ANY) ||
	    bpf_elem(BPF_MAP_UPDATE_ELEM, map, 1, &zero, BPF_ANY))
		tst_brk(TBROK | TERRNO, "BPF_MAP_UPDATE_ELEM");
	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, prog,
			   ARRAY_SIZE(prog));
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "%s: the program is refused: %s", who,
			bpf_log);
		return;
	}
	bpf_test_run(fd);
	SAFE_CLOSE(fd);
	if (bpf_elem(BPF_MAP_LOOKUP_ELEM, map, 0, &v0, 0) ||
	    bpf_elem(BPF_MAP_LOOKUP_ELEM, map, 1, &v1, 0))
		tst_brk(TBROK | TERRNO, "BPF_MAP_LOOKUP_ELEM");
	TST_EXP_EXPR(v0 == BIG + 1, "%s: 2^60 + 1 stored: element 0 is "
		     "0x%llx", who, (unsigned long long)v0);
	TST_EXP_EXPR(v1 == BIG - 1, "%s: 2^60 - 1 stored: element 1 is "
		     "0x%llx", who, (unsigned long long)v1);
}

static void drop_caps(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];
	struct cap_sets s;
	uint64_t eff, gone = BIT(CAP_SYS_ADMIN) | BIT(CAP_PERFMON);

	if (sys_capget(&hdr, d))
		tst_brk(TBROK | TERRNO, "capget()");
	eff = (d[0].effective | (uint64_t)d[1].effective << 32) & ~gone;
	d[0].effective = d[0].permitted = (uint32_t)eff;
	d[1].effective = d[1].permitted = (uint32_t)(eff >> 32);
	d[0].inheritable = d[1].inheritable = 0;
	if (sys_capset(&hdr, d))
		tst_brk(TBROK | TERRNO, "capset(without SYS_ADMIN, PERFMON)");
	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget()");
	if ((s.eff & gone) || !(s.eff & BIT(CAP_BPF)))
		tst_brk(TBROK, "effective set 0x%llx: expected CAP_BPF "
			"without CAP_SYS_ADMIN and CAP_PERFMON",
			(unsigned long long)s.eff);
}

static void run(void)
{
	pid_t pid;

	check("as root");
	pid = SAFE_FORK();
	if (!pid) {
		drop_caps();
		check("CAP_BPF only (sanitized)");
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget()");
	if (!(s.eff & BIT(CAP_BPF)))
		tst_brk(TCONF, "no CAP_BPF in the effective set (Linux 5.8)");
	map = bpf_map_create(BPF_MAP_TYPE_ARRAY, 8, 2);
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
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* bpf: fix sanitation rewrite in case of non-pointers */
		{"linux-git", "3612af783cf5"},
		{}
	},
};

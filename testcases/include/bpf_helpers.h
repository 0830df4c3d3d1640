/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The raw bpf(2) calls the tests that load their own programs share
 * (kernel/syscalls/bpf, network/virt/net_xdp01): the
 * syscall itself, map creation and element access, program loading with
 * the verifier's log kept in bpf_log, and one BPF_PROG_TEST_RUN.
 * Include after tst_test.h.
 */
#ifndef BPF_HELPERS_H
#define BPF_HELPERS_H

#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include "bpf_insn.h"

/* the verifier's log of the last bpf_prog_load() */
static char bpf_log[16384];

static inline long bpf_sys(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* a map with 4-byte keys; any failure breaks the test */
static inline int bpf_map_create(int type, int vsize, int max)
{
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.map_type = type;
	a.key_size = 4;
	a.value_size = vsize;
	a.max_entries = max;
	fd = bpf_sys(BPF_MAP_CREATE, &a);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "BPF_MAP_CREATE(type %d)", type);
	return fd;
}

/* BPF_MAP_{LOOKUP,UPDATE,DELETE}_ELEM on a 4-byte key; returns bpf() */
static inline long bpf_elem(int cmd, int fd, uint32_t key, uint64_t *val,
			    uint64_t flags)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)val;
	a.flags = flags;
	return bpf_sys(cmd, &a);
}

/* loads a GPL program with a level 1 log in bpf_log; returns bpf() */
static inline long bpf_prog_load(int type, const struct bpf_insn *insns,
				 int n)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.prog_type = type;
	a.insns = (uintptr_t)insns;
	a.insn_cnt = n;
	a.license = (uintptr_t)"GPL";
	a.log_buf = (uintptr_t)bpf_log;
	a.log_size = sizeof(bpf_log);
	a.log_level = 1;
	return bpf_sys(BPF_PROG_LOAD, &a);
}

/* a program of type that only returns ret; a failure breaks the test */
static inline int bpf_ret_prog_load(int type, int ret)
{
	struct bpf_insn p[] = { MOV64_IMM(BPF_REG_0, ret), EXIT() };
	int fd = bpf_prog_load(type, p, 2);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "BPF_PROG_LOAD(type %d): %s", type,
			bpf_log);
	return fd;
}

/* the id the kernel gave a loaded program (bpf_prog_info.id) */
static inline uint32_t bpf_prog_id(int prog)
{
	struct bpf_prog_info info;
	union bpf_attr a;

	memset(&info, 0, sizeof(info));
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = prog;
	a.info.info_len = sizeof(info);
	a.info.info = (uintptr_t)&info;
	if (bpf_sys(BPF_OBJ_GET_INFO_BY_FD, &a))
		tst_brk(TBROK | TERRNO, "BPF_OBJ_GET_INFO_BY_FD(%d)", prog);
	return info.id;
}

/* runs the program once on 64 zero bytes; a failure breaks the test */
static inline void bpf_test_run(int prog)
{
	char data[64];
	union bpf_attr a;

	memset(data, 0, sizeof(data));
	memset(&a, 0, sizeof(a));
	a.test.prog_fd = prog;
	a.test.data_in = (uintptr_t)data;
	a.test.data_size_in = sizeof(data);
	a.test.repeat = 1;
	if (bpf_sys(BPF_PROG_TEST_RUN, &a))
		tst_brk(TBROK | TERRNO, "BPF_PROG_TEST_RUN");
}

#endif /* BPF_HELPERS_H */

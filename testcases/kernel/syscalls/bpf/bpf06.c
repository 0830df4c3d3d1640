// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf(2) EBADF, EINVAL and EFAULT, in the order kernel/bpf/syscall.c of
 * 6.1 and 6.12 checks (the attribute is copied in first, then the map
 * descriptor, then the key, then the value):
 * - EFAULT for an attribute the kernel cannot read (BPF_MAP_CREATE): no
 *   descriptor is made;
 * - element lookup on a descriptor that is not open: EBADF; that is no
 *   map (/dev/null): EINVAL;
 * - lookup with an unreadable key, or into an unwritable value buffer:
 *   EFAULT;
 * - update with an unreadable key or value: EFAULT, and the hash map
 *   still has no element (lookup ENOENT);
 * - BPF_PROG_LOAD with unreadable instructions: EFAULT, no descriptor.
 * Syscalls: bpf
 */
#include <fcntl.h>
#include "tst_test.h"
#include "bpf_helpers.h"
#include "fd_checks.h"
#include "fsmeta.h"

static int map_fd = -1, null_fd = -1, closed_fd;
static void *bad_addr;

static long elem(int cmd, int fd, const void *key, const void *val)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (uint64_t)(uintptr_t)key;
	a.value = (uint64_t)(uintptr_t)val;
	return bpf_sys(cmd, &a);
}

static void run(void)
{
	uint32_t key = 1;
	uint64_t val = 7;
	union bpf_attr a;
	int free_fd = lowest_free_fd();

	TST_EXP_FAIL(syscall(__NR_bpf, BPF_MAP_CREATE, bad_addr, sizeof(a)),
		     EFAULT, "BPF_MAP_CREATE with an unreadable attribute");
	TST_EXP_EQ_LI(lowest_free_fd(), free_fd);

	TST_EXP_FAIL(elem(BPF_MAP_LOOKUP_ELEM, closed_fd, &key, &val), EBADF,
		     "BPF_MAP_LOOKUP_ELEM on a descriptor not open");
	TST_EXP_FAIL(elem(BPF_MAP_LOOKUP_ELEM, null_fd, &key, &val), EINVAL,
		     "BPF_MAP_LOOKUP_ELEM on /dev/null");
	TST_EXP_FAIL(elem(BPF_MAP_LOOKUP_ELEM, map_fd, bad_addr, &val),
		     EFAULT, "BPF_MAP_LOOKUP_ELEM with an unreadable key");

	TST_EXP_FAIL(elem(BPF_MAP_UPDATE_ELEM, map_fd, bad_addr, &val),
		     EFAULT, "BPF_MAP_UPDATE_ELEM with an unreadable key");
	TST_EXP_FAIL(elem(BPF_MAP_UPDATE_ELEM, map_fd, &key, bad_addr),
		     EFAULT, "BPF_MAP_UPDATE_ELEM with an unreadable value");
	TST_EXP_FAIL(elem(BPF_MAP_LOOKUP_ELEM, map_fd, &key, &val), ENOENT,
		     "the map has no element after the failed updates");

	TST_EXP_PASS(elem(BPF_MAP_UPDATE_ELEM, map_fd, &key, &val),
		     "BPF_MAP_UPDATE_ELEM of key 1");
	TST_EXP_FAIL(elem(BPF_MAP_LOOKUP_ELEM, map_fd, &key, bad_addr),
		     EFAULT, "BPF_MAP_LOOKUP_ELEM into an unwritable value");
	TST_EXP_PASS(elem(BPF_MAP_DELETE_ELEM, map_fd, &key, NULL),
		     "BPF_MAP_DELETE_ELEM of key 1");

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	a.insn_cnt = 2;
	a.insns = (uint64_t)(uintptr_t)bad_addr;
	a.license = (uint64_t)(uintptr_t)"GPL";
	TST_EXP_FAIL(bpf_sys(BPF_PROG_LOAD, &a), EFAULT,
		     "BPF_PROG_LOAD with unreadable instructions");
	TST_EXP_EQ_LI(lowest_free_fd(), free_fd);
}

static void setup(void)
{
	bad_addr = fsm_bad_addr();
	map_fd = bpf_map_create(BPF_MAP_TYPE_HASH, 8, 4);
	null_fd = SAFE_OPEN("/dev/null", O_RDONLY);
	closed_fd = lowest_free_fd();
}

static void cleanup(void)
{
	if (null_fd >= 0)
		SAFE_CLOSE(null_fd);
	if (map_fd >= 0)
		SAFE_CLOSE(map_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
};

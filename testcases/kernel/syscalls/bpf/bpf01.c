// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bpf(2), raw, with an array map:
 * - as root, BPF_MAP_CREATE of a BPF_MAP_TYPE_ARRAY (4-byte key, 8-byte
 *   value, 4 entries) gives an fd; every entry reads back as 0; a value
 *   stored by BPF_MAP_UPDATE_ELEM reads back by BPF_MAP_LOOKUP_ELEM;
 * - looking up or updating index 4 (= max_entries) is ENOENT / E2BIG;
 *   BPF_NOEXIST on an array (whose entries always exist) is EEXIST;
 * - an array with a key size other than 4 is EINVAL; an unknown command is
 *   EINVAL;
 * - an attr larger than the kernel's union bpf_attr is accepted when the
 *   extra bytes are 0 and E2BIG when one is not; larger than a page E2BIG;
 * - as nobody with kernel.unprivileged_bpf_disabled != 0 (read, not
 *   changed), BPF_MAP_CREATE is EPERM.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include "tst_test.h"
#include "as_nobody.h"

static int unpriv_disabled;
static char big[8192] __attribute__((aligned(8)));

static long sys_bpf(int cmd, void *attr, unsigned int size)
{
	return tst_syscall(__NR_bpf, cmd, attr, size);
}

static void array_attr(union bpf_attr *a, unsigned int key_size)
{
	memset(a, 0, sizeof(*a));
	a->map_type = BPF_MAP_TYPE_ARRAY;
	a->key_size = key_size;
	a->value_size = 8;
	a->max_entries = 4;
}

static long elem(int cmd, int fd, unsigned int *key, unsigned long long *val,
		 unsigned long long flags)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (unsigned long)key;
	a.value = (unsigned long)val;
	a.flags = flags;
	return sys_bpf(cmd, &a, sizeof(a));
}

static void map_round_trip(void)
{
	unsigned long long v, put = 0x1122334455667788ULL;
	union bpf_attr a;
	unsigned int key;
	int fd;

	array_attr(&a, 4);
	TST_EXP_FD(sys_bpf(BPF_MAP_CREATE, &a, sizeof(a)),
		   "BPF_MAP_CREATE(array)");
	if (!TST_PASS)
		return;
	fd = TST_RET;

	key = 1;
	v = 99;
	TST_EXP_PASS(elem(BPF_MAP_LOOKUP_ELEM, fd, &key, &v, 0),
		     "lookup of a fresh entry");
	TST_EXP_EQ_LU(v, 0);
	TST_EXP_PASS(elem(BPF_MAP_UPDATE_ELEM, fd, &key, &put, BPF_ANY),
		     "update entry 1");
	v = 0;
	TST_EXP_PASS(elem(BPF_MAP_LOOKUP_ELEM, fd, &key, &v, 0),
		     "lookup entry 1");
	TST_EXP_EQ_LU(v, put);
	key = 2;
	TST_EXP_PASS(elem(BPF_MAP_LOOKUP_ELEM, fd, &key, &v, 0),
		     "lookup entry 2");
	TST_EXP_EQ_LU(v, 0);

	key = 4;
	TST_EXP_FAIL(elem(BPF_MAP_LOOKUP_ELEM, fd, &key, &v, 0), ENOENT,
		     "lookup index 4 of 4");
	TST_EXP_FAIL(elem(BPF_MAP_UPDATE_ELEM, fd, &key, &put, BPF_ANY),
		     E2BIG, "update index 4 of 4");
	key = 1;
	TST_EXP_FAIL(elem(BPF_MAP_UPDATE_ELEM, fd, &key, &put, BPF_NOEXIST),
		     EEXIST, "update with BPF_NOEXIST");
	SAFE_CLOSE(fd);
}

static void errors(void)
{
	union bpf_attr a;
	long fd;

	array_attr(&a, 8);
	TST_EXP_FAIL(sys_bpf(BPF_MAP_CREATE, &a, sizeof(a)), EINVAL,
		     "array with an 8-byte key");
	array_attr(&a, 4);
	TST_EXP_FAIL(sys_bpf(10000, &a, sizeof(a)), EINVAL, "command 10000");

	memset(big, 0, sizeof(big));
	array_attr((union bpf_attr *)big, 4);
	TST_EXP_FD(fd = sys_bpf(BPF_MAP_CREATE, big, 4096),
		   "attr of 4096 bytes, zero tail");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	big[4000] = 1;
	TST_EXP_FAIL(sys_bpf(BPF_MAP_CREATE, big, 4096), E2BIG,
		     "attr of 4096 bytes, nonzero tail");
	big[4000] = 0;
	TST_EXP_FAIL(sys_bpf(BPF_MAP_CREATE, big, sizeof(big)), E2BIG,
		     "attr of %zu bytes (> page)", sizeof(big));
}

static void as_nobody(void)
{
	union bpf_attr a;

	array_attr(&a, 4);
	TST_EXP_FAIL(sys_bpf(BPF_MAP_CREATE, &a, sizeof(a)), EPERM,
		     "BPF_MAP_CREATE as nobody (unprivileged_bpf_disabled %d)",
		     unpriv_disabled);
}

static void run(void)
{
	map_round_trip();
	errors();
	if (unpriv_disabled)
		run_in_nobody_child(as_nobody, "the unprivileged checks");
	else
		tst_res(TINFO, "unprivileged bpf allowed: EPERM not checked");
}

static void setup(void)
{
	FILE *f = fopen("/proc/sys/kernel/unprivileged_bpf_disabled", "r");

	if (!f)
		tst_brk(TCONF | TERRNO, "no kernel.unprivileged_bpf_disabled "
			"(kernel without bpf?)");
	if (fscanf(f, "%d", &unpriv_disabled) != 1)
		tst_brk(TBROK, "cannot parse unprivileged_bpf_disabled");
	fclose(f);
	tst_res(TINFO, "kernel.unprivileged_bpf_disabled = %d",
		unpriv_disabled);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

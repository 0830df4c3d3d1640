// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel.unprivileged_bpf_disabled (saved and restored; 1 is never
 * written, it cannot be undone until reboot: bpf_unpriv_handler() in
 * kernel/bpf/syscall.c):
 *  - at 0 nobody creates an array map and loads a socket filter program
 *    ("r0 = 0; exit");
 *  - at 2 both are EPERM for nobody and for root without CAP_BPF and
 *    CAP_SYS_ADMIN in the effective set; root with only CAP_BPF (no
 *    CAP_SYS_ADMIN) may; a map created by root, its fd inherited by
 *    nobody, is still updated and read back: only creation is refused;
 *  - writing the sysctl needs CAP_SYS_ADMIN (EPERM for root without it,
 *    even with CAP_BPF), 3 and -1 are EINVAL, each leaving the value;
 *    2 can go back to 0 (only 1 locks).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <linux/bpf.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"

#define PATH "/proc/sys/kernel/unprivileged_bpf_disabled"

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return tst_syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

static long map_create(void)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 2;
	return sys_bpf(BPF_MAP_CREATE, &a);
}

static long prog_load(void)
{
	static struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	a.insns = (unsigned long)insns;
	a.insn_cnt = ARRAY_SIZE(insns);
	a.license = (unsigned long)"GPL";
	return sys_bpf(BPF_PROG_LOAD, &a);
}

static long elem(int cmd, int fd, __u32 key, __u64 *val)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (unsigned long)&key;
	a.value = (unsigned long)val;
	return sys_bpf(cmd, &a);
}

static void expect_create(int allowed, const char *who, int level)
{
	long fd;

	fd = map_create();
	if (allowed) {
		TST_EXP_EXPR(fd >= 0, "level %d, %s: BPF_MAP_CREATE gives an fd"
			     " (%ld)", level, who, fd);
	} else {
		TST_EXP_EXPR(fd == -1 && errno == EPERM, "level %d, %s: "
			     "BPF_MAP_CREATE EPERM (%ld, %s)", level, who, fd,
			     tst_strerrno(errno));
	}
	if (fd >= 0)
		close(fd);
	fd = prog_load();
	if (allowed) {
		TST_EXP_EXPR(fd >= 0, "level %d, %s: BPF_PROG_LOAD gives an fd"
			     " (%ld, %s)", level, who, fd, tst_strerrno(errno));
	} else {
		TST_EXP_EXPR(fd == -1 && errno == EPERM, "level %d, %s: "
			     "BPF_PROG_LOAD EPERM (%ld, %s)", level, who, fd,
			     tst_strerrno(errno));
	}
	if (fd >= 0)
		close(fd);
}

static void as(int who, int level)
{
	static const char *const names[] = {
		"nobody", "root without CAP_BPF and CAP_SYS_ADMIN",
		"root with CAP_BPF only", "root",
	};
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		switch (who) {
		case 0:
			tst_drop_privs();
			break;
		case 1:
			drop_eff_caps(CAP_BIT(CAP_BPF) | CAP_BIT(CAP_SYS_ADMIN));
			break;
		case 2:
			drop_eff_caps(CAP_BIT(CAP_SYS_ADMIN));
			break;
		}
		expect_create(level == 0 || who >= 2, names[who], level);
		exit(0);
	}
	reap_child(pid);
}

static void inherited_map(void)
{
	__u64 val = 77, got = 0;
	long fd = map_create();
	pid_t pid;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "BPF_MAP_CREATE as root");
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		TST_EXP_PASS(elem(BPF_MAP_UPDATE_ELEM, fd, 1, &val),
			     "nobody updates root's map at level 2");
		TST_EXP_PASS(elem(BPF_MAP_LOOKUP_ELEM, fd, 1, &got),
			     "nobody looks the value up");
		TST_EXP_EQ_LU(got, 77);
		exit(0);
	}
	reap_child(pid);
	SAFE_CLOSE(fd);
}

static void write_expect(const char *val, int err, int drop_admin)
{
	pid_t pid;
	int fd, v = -1;

	pid = SAFE_FORK();
	if (!pid) {
		if (drop_admin)
			drop_eff_caps(CAP_BIT(CAP_SYS_ADMIN));
		fd = SAFE_OPEN(PATH, O_WRONLY);
		TST_EXP_FAIL(write(fd, val, strlen(val)), err,
			     "writing '%s'%s", val, drop_admin ?
			     " without CAP_SYS_ADMIN" : "");
		SAFE_CLOSE(fd);
		exit(0);
	}
	reap_child(pid);
	SAFE_FILE_SCANF(PATH, "%d", &v);
	TST_EXP_EQ_LI(v, 2);
}

static void run(unsigned int n)
{
	int v = -1;

	switch (n) {
	case 0:
		SAFE_FILE_PRINTF(PATH, "0");
		as(0, 0);
		break;
	case 1:
		SAFE_FILE_PRINTF(PATH, "2");
		as(0, 2);
		as(1, 2);
		as(2, 2);
		as(3, 2);
		inherited_map();
		break;
	case 2:
		SAFE_FILE_PRINTF(PATH, "2");
		write_expect("0", EPERM, 1);
		write_expect("3", EINVAL, 0);
		write_expect("-1", EINVAL, 0);
		SAFE_FILE_PRINTF(PATH, "0");
		SAFE_FILE_SCANF(PATH, "%d", &v);
		TST_EXP_EQ_LI(v, 0);
		break;
	}
}

static void setup(void)
{
	int v;

	SAFE_FILE_SCANF(PATH, "%d", &v);
	if (v == 1)
		tst_brk(TCONF, "%s is 1: locked until reboot", PATH);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ PATH, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vm.mmap_min_addr (saved and restored), the lowest address a task
 * without CAP_SYS_RAWIO may map (cap_mmap_addr() in
 * security/commoncap.c, called from get_unmapped_area()):
 *  - at 65536, as nobody: MAP_FIXED one page below it, at 4096 and at 0
 *    is EPERM, MAP_FIXED_NOREPLACE below it EPERM too, mremap() with
 *    MREMAP_FIXED to below it EPERM (the old mapping kept); MAP_FIXED at
 *    exactly 65536 works; a hint of 4096 without MAP_FIXED is moved up
 *    to at least 65536;
 *  - root without CAP_SYS_RAWIO (dropped from the effective set) gets
 *    EPERM the same; root with it maps page 4096;
 *  - at 0 nobody may map page 0 (only without SELinux, whose own check
 *    remains);
 *  - writing the sysctl needs CAP_SYS_RAWIO: EPERM for root without it,
 *    the value unchanged.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"

#define PATH "/proc/sys/vm/mmap_min_addr"
#define LIMIT 65536UL
#define PG 4096UL

#ifndef MAP_FIXED_NOREPLACE
# define MAP_FIXED_NOREPLACE 0x100000
#endif

static int selinux;

static void *map_at(unsigned long addr, int flags)
{
	return mmap((void *)addr, PG, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
}

static void expect_eperm(unsigned long addr, int flags, const char *what)
{
	void *p = map_at(addr, flags);

	if (p == MAP_FAILED && errno == EPERM) {
		tst_res(TPASS, "%s at 0x%lx: EPERM", what, addr);
		return;
	}
	if (p == MAP_FAILED)
		tst_res(TFAIL | TERRNO, "%s at 0x%lx: expected EPERM", what,
			addr);
	else
		tst_res(TFAIL, "%s at 0x%lx: mapped at %p, expected EPERM",
			what, addr, p);
}

static void expect_mapped(unsigned long addr, const char *what)
{
	char *p = map_at(addr, MAP_FIXED);

	if (p == MAP_FAILED) {
		tst_res(TFAIL | TERRNO, "%s: MAP_FIXED at 0x%lx", what, addr);
		return;
	}
	p[0] = 1;
	TST_EXP_EXPR(p == (void *)addr && p[0] == 1,
		     "%s: MAP_FIXED at 0x%lx mapped there, writable", what,
		     addr);
	SAFE_MUNMAP(p, PG);
}

static void drop_rawio(void)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget");
	s.eff &= ~CAP_BIT(CAP_SYS_RAWIO);
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset");
}

static void unprivileged(const char *who)
{
	void *p, *q;

	expect_eperm(LIMIT - PG, MAP_FIXED, who);
	expect_eperm(PG, MAP_FIXED, who);
	expect_eperm(0, MAP_FIXED, who);
	expect_eperm(LIMIT - PG, MAP_FIXED_NOREPLACE, who);
	expect_mapped(LIMIT, who);

	p = map_at(PG, 0);
	if (p == MAP_FAILED)
		tst_res(TFAIL | TERRNO, "%s: mmap() with hint 0x1000", who);
	else
		TST_EXP_EXPR((unsigned long)p >= LIMIT, "%s: hint 0x1000 "
			     "mapped at %p, not below 0x%lx", who, p, LIMIT);

	q = mremap(p, PG, PG, MREMAP_MAYMOVE | MREMAP_FIXED,
		   (void *)(LIMIT - PG));
	if (q == MAP_FAILED && errno == EPERM) {
		*(volatile char *)p = 1;
		tst_res(TPASS, "%s: mremap() to 0x%lx EPERM, the old mapping "
			"kept", who, LIMIT - PG);
	} else {
		tst_res(TFAIL | TERRNO, "%s: mremap() to 0x%lx gave %p, "
			"expected EPERM", who, LIMIT - PG, q);
	}
}

static void write_without_rawio(void)
{
	unsigned long v = 0;
	int fd;

	drop_rawio();
	fd = SAFE_OPEN(PATH, O_WRONLY);
	TST_EXP_FAIL(write(fd, "4096", 4), EPERM,
		     "writing %s without CAP_SYS_RAWIO", PATH);
	SAFE_CLOSE(fd);
	SAFE_FILE_SCANF(PATH, "%lu", &v);
	TST_EXP_EQ_LU(v, LIMIT);
}

static void run(unsigned int n)
{
	pid_t pid;

	SAFE_FILE_PRINTF(PATH, "%lu", LIMIT);
	pid = SAFE_FORK();
	if (!pid) {
		switch (n) {
		case 0:
			tst_drop_privs();
			unprivileged("nobody");
			break;
		case 1:
			drop_rawio();
			unprivileged("root without CAP_SYS_RAWIO");
			break;
		case 2:
			expect_mapped(PG, "root");
			break;
		case 3:
			write_without_rawio();
			break;
		}
		exit(0);
	}
	reap_child(pid);
	if (n != 2)
		return;

	if (selinux) {
		tst_res(TCONF, "SELinux active: its mmap_zero check stays");
		return;
	}
	SAFE_FILE_PRINTF(PATH, "0");
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		expect_mapped(0, "nobody, mmap_min_addr 0");
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	char lsm[256] = "";

	if (!access("/sys/kernel/security/lsm", R_OK))
		SAFE_FILE_SCANF("/sys/kernel/security/lsm", "%255s", lsm);
	selinux = !!strstr(lsm, "selinux");
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ PATH, NULL, 0 },
		{ NULL, NULL, 0 }
	},
};

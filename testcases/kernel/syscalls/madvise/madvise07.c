// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * madvise(MADV_HWPOISON) on a fresh anonymous page (mm/madvise.c,
 * mm/memory-failure.c):
 *  - without CAP_SYS_ADMIN it is EPERM and the page stays usable;
 *  - as root it poisons the page: /proc/meminfo HardwareCorrupted grows
 *    by one page, and the caller gets SIGBUS with si_code BUS_MCEERR_AR,
 *    si_addr the page and si_addr_lsb PAGE_SHIFT, on 6.1 when it touches
 *    the page (late kill, PR_MCE_KILL_LATE), on 6.12 already on return
 *    from madvise() (MF_ACTION_REQUIRED); the next page of the same
 *    mapping keeps its data;
 *  - on an address with nothing mapped it is EFAULT.
 * A kernel without CONFIG_MEMORY_FAILURE does not know the advice:
 * EINVAL, asserted when the kernel config says so, then TCONF (the
 * stock Debian cloud kernel is one). A poisoned page stays poisoned and
 * HardwareCorrupted counts it until reboot: the test runs alone.
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "lapi/mman.h"

struct bus_info {
	int signo;
	int code;
	uintptr_t addr;
	int lsb;
	uintptr_t want;
	int phase;	/* 1: inside madvise(), 2: touching the page */
	int next_ok;
};

static volatile struct bus_info *seen;
static size_t psz;

static void on_bus(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	seen->signo = sig;
	seen->code = si->si_code;
	seen->addr = (uintptr_t)si->si_addr;
	seen->lsb = si->si_addr_lsb;
	seen->next_ok = ((char *)seen->want)[psz] == 'R' &&
			((char *)seen->want)[2 * psz - 1] == 'R';
	_exit(0);
}

static char *two_pages(void)
{
	char *p = SAFE_MMAP(NULL, 2 * psz, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	memset(p, 'L', psz);
	memset(p + psz, 'R', psz);
	return p;
}

static void unprivileged(void)
{
	char *p = two_pages();

	tst_drop_privs();
	TST_EXP_FAIL(madvise(p, psz, MADV_HWPOISON), EPERM,
		     "MADV_HWPOISON without CAP_SYS_ADMIN");
	TST_EXP_EXPR(p[0] == 'L' && p[psz - 1] == 'L',
		     "the page is still readable");
	exit(0);
}

static void poison_child(void)
{
	struct sigaction sa;
	char *p = two_pages(), *unmapped;

	if (prctl(PR_MCE_KILL, PR_MCE_KILL_SET, PR_MCE_KILL_LATE, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_MCE_KILL_LATE)");
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_bus;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGBUS, &sa, NULL);

	unmapped = SAFE_MMAP(NULL, psz, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			     -1, 0);
	SAFE_MUNMAP(unmapped, psz);
	TST_EXP_FAIL(madvise(unmapped, psz, MADV_HWPOISON), EFAULT,
		     "MADV_HWPOISON of an unmapped page");

	seen->want = (uintptr_t)p;
	seen->phase = 1;
	TEST(madvise(p, psz, MADV_HWPOISON));
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "MADV_HWPOISON of a written "
			"anonymous page");
		exit(0);
	}
	seen->phase = 2;
	*(volatile char *)p = 'd';
	tst_res(TFAIL, "writing the poisoned page raised no SIGBUS");
	exit(0);
}

static void run(void)
{
	long before, after;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		unprivileged();
	reap_child(pid);

	memset((void *)seen, 0, sizeof(*seen));
	before = tst_read_meminfo("HardwareCorrupted:");
	pid = SAFE_FORK();
	if (!pid)
		poison_child();
	reap_child(pid);
	if (!seen->signo)
		return;
	after = tst_read_meminfo("HardwareCorrupted:");
	/*
	 * 6.1 poisons without MF_ACTION_REQUIRED: the signal comes when the
	 * page is touched (late kill); newer kernels (6.12) pass it, and the
	 * caller gets the same signal on return from madvise()
	 */
	tst_res(TINFO, "SIGBUS %s", seen->phase == 1 ?
		"on return from madvise()" : "when the page was touched");
	TST_EXP_EXPR(seen->signo == SIGBUS && seen->code == BUS_MCEERR_AR &&
		     seen->addr == seen->want &&
		     seen->lsb == __builtin_ctzl(psz),
		     "%s si_code %d (BUS_MCEERR_AR %d) si_addr %p (page %p) "
		     "si_addr_lsb %d", tst_strsig(seen->signo), seen->code,
		     BUS_MCEERR_AR, (void *)seen->addr, (void *)seen->want,
		     seen->lsb);
	TST_EXP_EXPR(seen->next_ok, "the next page keeps its data");
	TST_EXP_EXPR(after - before == (long)(psz / 1024),
		     "HardwareCorrupted %ld kB -> %ld kB (one page)", before,
		     after);
}

static int meminfo_has(const char *field)
{
	char buf[8192];
	int fd = SAFE_OPEN("/proc/meminfo", O_RDONLY);
	ssize_t n = SAFE_READ(0, fd, buf, sizeof(buf) - 1);

	SAFE_CLOSE(fd);
	buf[n] = 0;
	return strstr(buf, field) != NULL;
}

static void setup(void)
{
	psz = getpagesize();
	seen = SAFE_MMAP(NULL, psz, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int cfg = tst_kconfig_check("CONFIG_MEMORY_FAILURE=y");

	if (cfg == 0) {
		/* the advice is unknown there: nothing gets poisoned */
		TST_EXP_FAIL(madvise(two_pages(), psz, MADV_HWPOISON), EINVAL,
			     "MADV_HWPOISON without CONFIG_MEMORY_FAILURE");
		tst_brk(TCONF, "kernel without CONFIG_MEMORY_FAILURE: no page "
			"can be poisoned");
	}
	/* meminfo has the field exactly when the kernel has the feature */
	if (!meminfo_has("HardwareCorrupted:")) {
		if (cfg < 0)
			tst_brk(TCONF, "no HardwareCorrupted in /proc/meminfo "
				"and no readable kernel config: no "
				"CONFIG_MEMORY_FAILURE");
		tst_brk(TBROK, "CONFIG_MEMORY_FAILURE=y but no "
			"HardwareCorrupted in /proc/meminfo");
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.exclusive = 1,
};

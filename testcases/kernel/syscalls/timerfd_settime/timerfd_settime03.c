// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Time namespace offsets (CLOCK_MONOTONIC and CLOCK_BOOTTIME, +1000 s and
 * -3 s, written to /proc/self/timens_offsets after unshare(CLONE_NEWTIME)
 * by a helper; its child lives in the new namespace) are honoured:
 *  - clock_gettime() in the child reads the helper's clock plus the
 *    offset (bracketed by the helper's readings before and after);
 *  - sysinfo() uptime in the child includes the CLOCK_BOOTTIME offset
 *    (ecc421e05bab, upstream LTP sysinfo03's tag) and /proc/uptime
 *    agrees with it;
 *  - an absolute timerfd_settime() (TFD_TIMER_ABSTIME) at the child's
 *    now + 200 ms fires once, after 200 ms of its clock and not much
 *    more (not offset seconds late, not at once).
 * Syscalls: timerfd_settime, sysinfo, clock_gettime
 */
#include <poll.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/timerfd.h>
#include "tst_test.h"

#define NS 1000000000LL

static struct tcase {
	clockid_t clk;
	long off;
	const char *name;
} tcases[] = {
	{ CLOCK_MONOTONIC, 1000, "CLOCK_MONOTONIC +1000 s" },
	{ CLOCK_BOOTTIME, 1000, "CLOCK_BOOTTIME +1000 s" },
	{ CLOCK_MONOTONIC, -3, "CLOCK_MONOTONIC -3 s" },
	{ CLOCK_BOOTTIME, -3, "CLOCK_BOOTTIME -3 s" },
};

/* What the child saw, for the helper to compare with its own clock. */
struct seen {
	long long t;
	long up, proc_up;
};

static struct seen *seen;

static long long now_ns(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts))
		tst_brk(TBROK | TERRNO, "clock_gettime(%d)", (int)clk);
	return ts.tv_sec * NS + ts.tv_nsec;
}

static long uptime(void)
{
	struct sysinfo si;

	if (sysinfo(&si))
		tst_brk(TBROK | TERRNO, "sysinfo()");
	return si.uptime;
}

static void in_namespace(struct tcase *tc)
{
	long long start, fired;
	struct itimerspec its = { };
	struct pollfd pfd;
	uint64_t exp = 0;
	double proc;
	int fd;

	seen->t = now_ns(tc->clk);
	seen->up = uptime();
	SAFE_FILE_SCANF("/proc/uptime", "%lf", &proc);
	seen->proc_up = (long)proc;

	fd = timerfd_create(tc->clk, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "timerfd_create()");
	start = now_ns(tc->clk);
	its.it_value.tv_sec = (start + 200000000LL) / NS;
	its.it_value.tv_nsec = (start + 200000000LL) % NS;
	TST_EXP_PASS(timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL),
		     "%s: timerfd_settime(ABSTIME, now + 200 ms)", tc->name);
	pfd.fd = fd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, 30000 * tst_timeout_mul()) != 1) {
		tst_res(TFAIL, "%s: the timer did not fire within 30 s",
			tc->name);
		return;
	}
	fired = now_ns(tc->clk);
	SAFE_READ(1, fd, &exp, sizeof(exp));
	TST_EXP_EQ_LU(exp, 1);
	TST_EXP_EXPR(fired - start >= 200000000LL &&
		     fired - start < 200000000LL + 10 * NS * tst_timeout_mul(),
		     "%s: fired after %lld ms of the namespace's clock (200 ms "
		     "asked)", tc->name, (fired - start) / 1000000);
	SAFE_CLOSE(fd);
}

static void helper(struct tcase *tc)
{
	long long before, after, off = tc->off * NS;
	long up_before, up_after;
	pid_t pid;

	if (unshare(CLONE_NEWTIME))
		tst_brk((errno == EINVAL ? TCONF : TBROK) | TERRNO,
			"unshare(CLONE_NEWTIME)");
	SAFE_FILE_PRINTF("/proc/self/timens_offsets", "%d %ld 0",
			 (int)tc->clk, tc->off);
	up_before = uptime();
	before = now_ns(tc->clk);
	pid = SAFE_FORK();
	if (!pid) {
		in_namespace(tc);
		exit(0);
	}
	reap_child(pid);
	after = now_ns(tc->clk);
	up_after = uptime();

	TST_EXP_EXPR(seen->t >= before + off && seen->t <= after + off,
		     "%s: the child's clock is the helper's plus %ld s "
		     "(%lld ms apart)", tc->name, tc->off,
		     (seen->t - before) / 1000000);
	if (tc->clk == CLOCK_BOOTTIME) {
		TST_EXP_EXPR(seen->up >= up_before + tc->off &&
			     seen->up <= up_after + tc->off,
			     "%s: sysinfo() uptime %ld in the child, %ld to %ld "
			     "in the helper", tc->name, seen->up, up_before,
			     up_after);
	}
	TST_EXP_EXPR(seen->proc_up >= seen->up - 1 &&
		     seen->proc_up <= seen->up + 1, "%s: /proc/uptime %ld "
		     "agrees with sysinfo() %ld", tc->name, seen->proc_up,
		     seen->up);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		helper(&tcases[n]);
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	seen = SAFE_MMAP(NULL, sizeof(*seen), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "ecc421e05bab"},
		{}
	},
};

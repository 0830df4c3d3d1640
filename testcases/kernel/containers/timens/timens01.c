// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Time namespaces. A process that unshared CLONE_NEWTIME sets the offsets
 * of its children's namespace through /proc/self/timens_offsets
 * (monotonic +7 days, boottime +14 days), then:
 *  - a child in the namespace sees CLOCK_MONOTONIC (and _RAW, _COARSE)
 *    shifted by the monotonic offset and CLOCK_BOOTTIME by
 *    the boottime one, through the vDSO (clock_gettime()) and through
 *    the system call alike, each bracketed by the parent's readings
 *    outside plus the offset; CLOCK_REALTIME is not shifted; /proc/uptime
 *    and sysinfo()'s uptime are shifted by the boottime offset (sysinfo:
 *    ecc421e05bab "sys/sysinfo: Respect boottime inside time
 *    namespace"); the parent's own clocks are not;
 *  - absolute sleeps inside are in the namespace's time:
 *    clock_nanosleep(TIMER_ABSTIME) 200 ms ahead and an absolute timerfd
 *    1 s ahead on CLOCK_MONOTONIC and CLOCK_BOOTTIME take about that
 *    long (an unconverted deadline would sleep a week);
 *  - writing the offsets: an unknown clock or nanoseconds >= 1e9 is
 *    EINVAL, an offset that makes the clock negative or passes
 *    KTIME_SEC_MAX is ERANGE, a file opened without CAP_SYS_TIME is EPERM
 *    even when written with it (open-time credentials), and once a task
 *    has entered the namespace the offsets are frozen: EACCES;
 *  - the file reads back the offsets written.
 */
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/timerfd.h>
#include "tst_test.h"
#include "lapi/time.h"
#include "caps_raw.h"
#include "task_wait.h"

#define MONO_OFF (7LL * 86400)
#define BOOT_OFF (14LL * 86400)
#define NS 1000000000LL

static const struct {
	clockid_t id;
	const char *name;
	long long off;
} clocks[] = {
	{CLOCK_MONOTONIC, "MONOTONIC", MONO_OFF},
	{CLOCK_MONOTONIC_RAW, "MONOTONIC_RAW", MONO_OFF},
	{CLOCK_MONOTONIC_COARSE, "MONOTONIC_COARSE", MONO_OFF},
	{CLOCK_BOOTTIME, "BOOTTIME", BOOT_OFF},
	{CLOCK_REALTIME, "REALTIME", 0},
};
#define NCLK (int)(sizeof(clocks) / sizeof(clocks[0]))

struct shared {
	long long vdso[NCLK], sys[NCLK];
	double uptime;
	long sysinfo_up;
};
static struct shared *sh;

static long long now_ns(clockid_t id, int raw)
{
	struct timespec ts;

	if (raw ? syscall(SYS_clock_gettime, id, &ts) : clock_gettime(id, &ts))
		return -1;
	return ts.tv_sec * NS + ts.tv_nsec;
}

static double uptime(void)
{
	double up = -1;

	SAFE_FILE_SCANF("/proc/uptime", "%lf", &up);
	return up;
}

/* The file takes one write at offset 0: each on a fresh open (fd < 0). */
static int write_offsets(int fd, const char *text)
{
	int own = fd < 0, ret, err;

	if (own)
		fd = SAFE_OPEN("/proc/self/timens_offsets", O_WRONLY);
	ret = write(fd, text, strlen(text));
	err = errno;
	if (own)
		SAFE_CLOSE(fd);
	errno = err;
	return ret == (int)strlen(text) ? 0 : -1;
}

static void offsets_errors(void)
{
	char buf[256];
	struct cap_sets caps;
	int fd = -1;

	TST_EXP_FAIL(write_offsets(fd, "realtime 10 0"), EINVAL,
		     "offset of CLOCK_REALTIME");
	TST_EXP_FAIL(write_offsets(fd, "monotonic 10 1000000000"), EINVAL,
		     "tv_nsec 1e9");
	snprintf(buf, sizeof(buf), "monotonic %lld 0",
		 -(now_ns(CLOCK_MONOTONIC, 1) / NS) - 10);
	TST_EXP_FAIL(write_offsets(fd, buf), ERANGE,
		     "offset taking CLOCK_MONOTONIC below 0");
	snprintf(buf, sizeof(buf), "boottime %lld 0", 1LL << 62);
	TST_EXP_FAIL(write_offsets(fd, buf), ERANGE,
		     "offset past KTIME_SEC_MAX");

	/* Opened without CAP_SYS_TIME, written with it. */
	if (capget_v3(0, &caps))
		tst_brk(TBROK | TERRNO, "capget");
	caps.eff &= ~CAP_BIT(CAP_SYS_TIME);
	if (capset_v3(&caps))
		tst_brk(TBROK | TERRNO, "capset");
	fd = SAFE_OPEN("/proc/self/timens_offsets", O_WRONLY);
	caps.eff |= CAP_BIT(CAP_SYS_TIME);
	if (capset_v3(&caps))
		tst_brk(TBROK | TERRNO, "capset");
	TST_EXP_FAIL(write_offsets(fd, "monotonic 10 0"), EPERM,
		     "file opened without CAP_SYS_TIME");
	SAFE_CLOSE(fd);
}

static void inside(void)
{
	struct sysinfo si;
	int i;

	for (i = 0; i < NCLK; i++) {
		sh->vdso[i] = now_ns(clocks[i].id, 0);
		sh->sys[i] = now_ns(clocks[i].id, 1);
	}
	sh->uptime = uptime();
	if (sysinfo(&si))
		tst_brk(TBROK | TERRNO, "sysinfo");
	sh->sysinfo_up = si.uptime;
	exit(0);
}

static void sleeper(void)
{
	struct itimerspec its = {0};
	struct timespec ts, t0, t1;
	clockid_t ids[] = {CLOCK_MONOTONIC, CLOCK_BOOTTIME};
	long long el, bound = 5 * NS * tst_timeout_mul();
	uint64_t exp;
	int i, fd;

	for (i = 0; i < 2; i++) {
		clock_gettime(CLOCK_REALTIME, &t0);
		clock_gettime(ids[i], &ts);
		ts.tv_nsec += 200000000;
		if (ts.tv_nsec >= NS) {
			ts.tv_sec++;
			ts.tv_nsec -= NS;
		}
		TST_EXP_PASS(clock_nanosleep(ids[i], TIMER_ABSTIME, &ts, NULL),
			     "absolute clock_nanosleep(clock %d)", ids[i]);
		clock_gettime(CLOCK_REALTIME, &t1);
		el = (t1.tv_sec - t0.tv_sec) * NS + t1.tv_nsec - t0.tv_nsec;
		TST_EXP_EXPR(el >= 150000000 && el < bound, "clock %d: "
			     "absolute 200 ms sleep lasted %lld ms", ids[i],
			     el / 1000000);

		fd = timerfd_create(ids[i], 0);
		if (fd < 0)
			tst_brk(TBROK | TERRNO, "timerfd_create");
		clock_gettime(CLOCK_REALTIME, &t0);
		clock_gettime(ids[i], &its.it_value);
		its.it_value.tv_sec++;
		if (timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL))
			tst_brk(TBROK | TERRNO, "timerfd_settime");
		SAFE_READ(1, fd, &exp, sizeof(exp));
		clock_gettime(CLOCK_REALTIME, &t1);
		el = (t1.tv_sec - t0.tv_sec) * NS + t1.tv_nsec - t0.tv_nsec;
		TST_EXP_EXPR(el >= 900000000 && el < bound + NS, "clock %d: "
			     "absolute timerfd 1 s ahead fired after %lld ms",
			     ids[i], el / 1000000);
		SAFE_CLOSE(fd);
	}
	exit(0);
}

/* A week-long sleep must not hang the test: bounded wait, then kill. */
static void reap_bounded(pid_t pid)
{
	long long deadline = task_wait_now_ms() + 30000 * tst_timeout_mul();

	while (task_state(pid, pid) != 'Z' && task_wait_now_ms() < deadline)
		usleep(10000);
	if (task_state(pid, pid) != 'Z') {
		tst_res(TFAIL, "sleeper in the namespace still asleep after "
			"30 s: absolute time not converted");
		SAFE_KILL(pid, SIGKILL);
		reap_child_killed(pid, SIGKILL);
		return;
	}
	reap_child(pid);
}

static void manager(void)
{
	long long before[NCLK], after[NCLK], mono, boot;
	double up0, up1;
	char buf[256];
	pid_t pid;
	int i, fd;

	if (unshare(CLONE_NEWTIME))
		tst_brk(TCONF | TERRNO, "unshare(CLONE_NEWTIME)");
	offsets_errors();
	snprintf(buf, sizeof(buf), "monotonic %lld 0\nboottime %lld 0\n",
		 MONO_OFF, BOOT_OFF);
	TST_EXP_PASS(write_offsets(-1, buf), "write both offsets");
	memset(buf, 0, sizeof(buf));
	fd = SAFE_OPEN("/proc/self/timens_offsets", O_RDONLY);
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(sscanf(buf, "monotonic %lld 0 boottime %lld 0", &mono,
			    &boot) == 2 && mono == MONO_OFF &&
		     boot == BOOT_OFF, "offsets read back: %s", buf);

	for (i = 0; i < NCLK; i++)
		before[i] = now_ns(clocks[i].id, 1);
	up0 = uptime();
	pid = SAFE_FORK();
	if (!pid)
		inside();
	reap_child(pid);
	up1 = uptime();
	for (i = 0; i < NCLK; i++)
		after[i] = now_ns(clocks[i].id, 1);

	for (i = 0; i < NCLK; i++) {
		long long lo = before[i] + clocks[i].off * NS;
		long long hi = after[i] + clocks[i].off * NS;
		/* the coarse clock lags by up to a tick */
		long long slack = clocks[i].id == CLOCK_MONOTONIC_COARSE ?
				  NS / 10 : 0;

		TST_EXP_EXPR(sh->vdso[i] >= lo - slack && sh->vdso[i] <= hi &&
			     sh->sys[i] >= lo - slack && sh->sys[i] <= hi,
			     "CLOCK_%s inside: vDSO %+lld ms, syscall %+lld "
			     "ms from outside, offset %lld s",
			     clocks[i].name, (sh->vdso[i] - before[i]) /
			     1000000, (sh->sys[i] - before[i]) / 1000000,
			     clocks[i].off);
	}
	TST_EXP_EXPR(sh->uptime >= up0 + BOOT_OFF - 0.02 &&
		     sh->uptime <= up1 + BOOT_OFF + 0.02,
		     "/proc/uptime inside %.2f, outside %.2f..%.2f", sh->uptime,
		     up0, up1);
	/* sysinfo() rounds the boot time up to a whole second */
	TST_EXP_EXPR(sh->sysinfo_up >= (long)up0 + BOOT_OFF &&
		     sh->sysinfo_up <= (long)up1 + BOOT_OFF + 1,
		     "sysinfo() uptime inside %ld, outside %.2f..%.2f",
		     sh->sysinfo_up, up0, up1);
	TST_EXP_EXPR(after[0] - before[0] < 60 * NS,
		     "the manager's own CLOCK_MONOTONIC is not shifted");

	TST_EXP_FAIL(write_offsets(-1, "monotonic 1 0"), EACCES,
		     "offsets after a task entered the namespace");

	pid = SAFE_FORK();
	if (!pid)
		sleeper();
	reap_bounded(pid);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		manager();
	reap_child(pid);
}

static void setup(void)
{
	if (access("/proc/self/ns/time", F_OK))
		tst_brk(TCONF, "no time namespaces (kernel before 5.6)");
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_TIME_NS", NULL
	},
	.tags = (const struct tst_tag[]) {
		/* sys/sysinfo: Respect boottime inside time namespace */
		{"linux-git", "ecc421e05bab"},
		{NULL, NULL}
	},
};

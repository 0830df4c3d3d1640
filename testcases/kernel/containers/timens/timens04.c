// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Boot-relative times that proc files print are shifted by the reader's
 * time namespace boottime offset (fs/proc/array.c do_task_stat(),
 * fs/proc/stat.c show_stat(), timens_add_boottime_ns() and
 * timens_sub_boottime() take current's namespace). In a namespace T with
 * monotonic +7 days and boottime +20 days (offsets that differ, so a
 * wrong clock shows):
 *  - starttime (field 22 of /proc/PID/stat) of X, a process of the
 *    initial namespace, reads exactly 20 days of clock ticks more in T
 *    than outside: the reader's offset applies, not X's;
 *  - btime of /proc/stat reads exactly 20 days (in seconds) less in T;
 *  - a child forked in T has a starttime, read in T, within the
 *    CLOCK_BOOTTIME readings of T taken just before and after the fork.
 * The outside values are read before and after the inside ones; a
 * change between them (the wall clock set meanwhile) makes the test
 * read again.
 */
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include "tst_test.h"
#include "lapi/sched.h"
#include "ns_helpers.h"

#define DAY		86400LL
#define MONO_OFF	(7 * DAY)
#define BOOT_OFF	(20 * DAY)

struct times {
	unsigned long long start_x;
	long long btime;
};

static long tck;
static int res_pipe[2];

/* field 22 of /proc/PID/stat, after the ')' that ends the command */
static unsigned long long starttime(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long val;
	int fd, i;
	ssize_t len;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[len] = 0;
	p = strrchr(buf, ')');
	/* fields 3..21 come before starttime */
	for (i = 3; p && i <= 22; i++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, " %llu", &val) != 1)
		tst_brk(TBROK, "no starttime in %s: %s", path, buf);
	return val;
}

static long long btime(void)
{
	long long val = -1;
	char line[256];
	FILE *f = fopen("/proc/stat", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/stat)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "btime %lld", &val) == 1)
			break;
	fclose(f);
	if (val < 0)
		tst_brk(TBROK, "no btime in /proc/stat");
	return val;
}

/* CLOCK_BOOTTIME in clock ticks, by the system call (no vDSO) */
static unsigned long long boot_ticks(void)
{
	struct timespec ts;

	if (syscall(__NR_clock_gettime, CLOCK_BOOTTIME, &ts))
		tst_brk(TBROK | TERRNO, "clock_gettime(CLOCK_BOOTTIME)");
	return ts.tv_sec * tck + ts.tv_nsec / (1000000000 / tck);
}

static void in_t(pid_t x)
{
	struct times t = { .start_x = starttime(x), .btime = btime() };
	unsigned long long b0, b1, s;
	pid_t c;

	SAFE_WRITE(1, res_pipe[1], &t, sizeof(t));

	b0 = boot_ticks();
	c = SAFE_FORK();
	if (!c)
		_exit(0);
	b1 = boot_ticks();
	/* c is a zombie until it is reaped: its stat is still there */
	s = starttime(c);
	NS_REAP(c);
	TST_EXP_EXPR(b0 <= s && s <= b1, "starttime of a child made in T "
		     "%llu within T's CLOCK_BOOTTIME %llu..%llu ticks", s, b0,
		     b1);
	exit(0);
}

static void manager(pid_t x)
{
	struct times h0, h1, t;
	char buf[128];
	int tries, fd;
	pid_t c;

	if (unshare(CLONE_NEWTIME))
		tst_brk(TCONF | TERRNO, "unshare(CLONE_NEWTIME)");
	snprintf(buf, sizeof(buf), "monotonic %lld 0\nboottime %lld 0\n",
		 MONO_OFF, BOOT_OFF);
	fd = SAFE_OPEN("/proc/self/timens_offsets", O_WRONLY);
	SAFE_WRITE(1, fd, buf, strlen(buf));
	SAFE_CLOSE(fd);

	for (tries = 0; tries < 3; tries++) {
		h0 = (struct times){ .start_x = starttime(x),
				     .btime = btime() };
		c = SAFE_FORK();
		if (!c)
			in_t(x);
		SAFE_READ(1, res_pipe[0], &t, sizeof(t));
		NS_REAP(c);
		h1 = (struct times){ .start_x = starttime(x),
				     .btime = btime() };
		if (h0.btime == h1.btime && h0.start_x == h1.start_x)
			break;
		tst_res(TINFO, "btime moved from %lld to %lld: reading again",
			h0.btime, h1.btime);
	}
	TST_EXP_EXPR(t.start_x - h0.start_x == (unsigned long long)(BOOT_OFF *
		     tck), "starttime of X: %llu outside, %llu in T (+%lld "
		     "s of ticks expected)", h0.start_x, t.start_x, BOOT_OFF);
	TST_EXP_EXPR(h0.btime - t.btime == BOOT_OFF, "btime: %lld outside, "
		     "%lld in T (-%lld expected)", h0.btime, t.btime,
		     BOOT_OFF);
	exit(0);
}

static void run(void)
{
	pid_t x, m;

	x = SAFE_FORK();
	if (!x) {
		pause();
		exit(0);
	}
	m = SAFE_FORK();
	if (!m)
		manager(x);
	NS_REAP(m);
	SAFE_KILL(x, SIGKILL);
	reap_child_killed(x, SIGKILL);
}

static void setup(void)
{
	tck = sysconf(_SC_CLK_TCK);
	SAFE_PIPE(res_pipe);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) { "CONFIG_TIME_NS", NULL },
};

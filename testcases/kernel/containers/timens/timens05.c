// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The limits of /proc/PID/timens_offsets (fs/proc/base.c
 * timens_offsets_write(), kernel/time/namespace.c
 * proc_timens_set_offset()), written by a process that unshared
 * CLONE_NEWTIME before any task entered the new namespace:
 *  - it reads "monotonic 0 0" and "boottime 0 0" first;
 *  - a write is all or nothing: a good line followed by one with
 *    tv_nsec 1e9 or the realtime clock is EINVAL, one with tv_sec past
 *    KTIME_SEC_MAX ERANGE, and neither line applies;
 *    tv_nsec -1 is EINVAL; tv_sec one past KTIME_SEC_MAX (either sign)
 *    is ERANGE;
 *  - the clock plus the offset must stay in [0, KTIME_SEC_MAX / 2]: an
 *    offset of minus the clock's whole seconds read just before (the
 *    clock at 0 s and some ns) is accepted, 100 s lower ERANGE;
 *    KTIME_SEC_MAX / 2 minus the clock + 1 s is ERANGE (time only
 *    grows), 60 s lower accepted; accepted values read back exactly;
 *  - the clocks may be named by number (1 and 7; 0, realtime, EINVAL);
 *  - a write takes two lines at most: three lines return the length of
 *    the first two, which apply, and the third does not; a page or more
 *    is EINVAL;
 *  - a child forked into the namespace has CLOCK_MONOTONIC and
 *    CLOCK_BOOTTIME shifted by exactly the offsets (bracketed by the
 *    parent's readings); afterwards a write is EACCES and the offsets
 *    read back unchanged.
 * A kernel applying the first line of a refused write, checking the wrong
 * bound or accepting a third line would fail.
 */
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include "tst_test.h"
#include "task_wait.h"

#define OFFSETS "/proc/self/timens_offsets"
#define KTIME_SEC_MAX_ 9223372036LL
#define NSEC 1000000000LL
#define MONO_OFF (7LL * 86400)
#define BOOT_OFF (14LL * 86400)

static char page[8192];

static int write_offsets(const char *text, size_t len, ssize_t *done)
{
	int fd = SAFE_OPEN(OFFSETS, O_WRONLY);
	ssize_t ret = write(fd, text, len);
	int err = errno;

	SAFE_CLOSE(fd);
	errno = err;
	if (done)
		*done = ret;
	return ret < 0 ? -1 : 0;
}

static int write_str(const char *text)
{
	ssize_t done;

	if (write_offsets(text, strlen(text), &done))
		return -1;
	if (done != (ssize_t)strlen(text)) {
		errno = EIO;
		return -1;
	}
	return 0;
}

static void read_offsets(long long *mono, long *mono_ns, long long *boot,
			 long *boot_ns)
{
	SAFE_FILE_SCANF(OFFSETS, "monotonic %lld %ld boottime %lld %ld", mono,
			mono_ns, boot, boot_ns);
}

static void expect_offsets(long long mono, long long boot, const char *when)
{
	long long m, b;
	long m_ns, b_ns;

	read_offsets(&m, &m_ns, &b, &b_ns);
	TST_EXP_EXPR(m == mono && !m_ns && b == boot && !b_ns,
		     "%s: offsets read 'monotonic %lld %ld', 'boottime %lld "
		     "%ld' (%lld, %lld expected)", when, m, m_ns, b, b_ns,
		     mono, boot);
}

static long long clock_ns(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts))
		tst_brk(TBROK | TERRNO, "clock_gettime(%d)", (int)id);
	return ts.tv_sec * NSEC + ts.tv_nsec;
}

static void refused_writes(void)
{
	char buf[128];

	expect_offsets(0, 0, "new namespace");
	TST_EXP_FAIL(write_str("monotonic 100 0\nboottime 1 1000000000"),
		     EINVAL, "a good line and one with tv_nsec 1e9");
	TST_EXP_FAIL(write_str("boottime 100 0\nrealtime 1 0"), EINVAL,
		     "a good line and one for realtime");
	TST_EXP_FAIL(write_str("monotonic 1 -1"), EINVAL, "tv_nsec -1");
	/* parsed fine, refused when checked: the first line not applied */
	snprintf(buf, sizeof(buf), "monotonic 100 0\nboottime %lld 0",
		 KTIME_SEC_MAX_ + 1);
	TST_EXP_FAIL(write_str(buf), ERANGE,
		     "a good line and one with tv_sec KTIME_SEC_MAX + 1");
	snprintf(buf, sizeof(buf), "monotonic %lld 0", KTIME_SEC_MAX_ + 1);
	TST_EXP_FAIL(write_str(buf), ERANGE, "tv_sec KTIME_SEC_MAX + 1");
	snprintf(buf, sizeof(buf), "boottime %lld 0", -KTIME_SEC_MAX_ - 1);
	TST_EXP_FAIL(write_str(buf), ERANGE, "tv_sec -KTIME_SEC_MAX - 1");
	TST_EXP_FAIL(write_str("0 5 0"), EINVAL, "clock number 0 (realtime)");
	expect_offsets(0, 0, "after the refused writes");
}

static void clock_bounds(void)
{
	long long sec, mono, boot;
	char buf[128];

	/* the clock + offset lands at 0 s and some ns: the lowest allowed */
	sec = clock_ns(CLOCK_MONOTONIC) / NSEC;
	mono = -sec;
	snprintf(buf, sizeof(buf), "monotonic %lld 0", mono);
	TST_EXP_PASS(write_str(buf), "monotonic %lld (minus the clock's "
		     "seconds)", mono);
	expect_offsets(mono, 0, "monotonic at 0 s");
	snprintf(buf, sizeof(buf), "monotonic %lld 0", mono - 100);
	TST_EXP_FAIL(write_str(buf), ERANGE, "monotonic 100 s below 0");

	/* time only grows: 1 s past the top now is past it at the write */
	sec = clock_ns(CLOCK_BOOTTIME) / NSEC;
	boot = KTIME_SEC_MAX_ / 2 - sec + 1;
	snprintf(buf, sizeof(buf), "boottime %lld 0", boot);
	TST_EXP_FAIL(write_str(buf), ERANGE,
		     "boottime 1 s past KTIME_SEC_MAX / 2");
	boot -= 60;
	snprintf(buf, sizeof(buf), "boottime %lld 0", boot);
	TST_EXP_PASS(write_str(buf), "boottime 59 s below KTIME_SEC_MAX / 2");
	expect_offsets(mono, boot, "boottime near the top");
}

static void line_rules(void)
{
	static const char three[] = "1 604800 0\n7 1209600 0\n1 9 0\n";
	ssize_t done;
	size_t two = strchr(strchr(three, '\n') + 1, '\n') + 1 - three;

	TST_EXP_PASS(write_str("1 5 0\n7 6 0"), "clocks named 1 and 7");
	expect_offsets(5, 6, "clocks by number");

	TST_EXP_PASS(write_offsets(three, strlen(three), &done),
		     "three lines");
	TST_EXP_EXPR(done == (ssize_t)two, "three lines: write() returned "
		     "%zd, the length of the first two is %zu", done, two);
	expect_offsets(MONO_OFF, BOOT_OFF, "after three lines");

	memset(page, ' ', sizeof(page));
	memcpy(page, "1 5 0", 5);
	TST_EXP_FAIL(write_offsets(page, 4096, NULL), EINVAL,
		     "a write of 4096 bytes");
	expect_offsets(MONO_OFF, BOOT_OFF, "after the page");
}

/* A child in the namespace: clocks shifted by exactly the offsets. */
static void frozen(void)
{
	long long *in = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	long long mono0, boot0, mono1, boot1;
	pid_t pid;

	mono0 = clock_ns(CLOCK_MONOTONIC);
	boot0 = clock_ns(CLOCK_BOOTTIME);
	pid = SAFE_FORK();
	if (!pid) {
		in[0] = clock_ns(CLOCK_MONOTONIC);
		in[1] = clock_ns(CLOCK_BOOTTIME);
		exit(0);
	}
	reap_child(pid);
	mono1 = clock_ns(CLOCK_MONOTONIC);
	boot1 = clock_ns(CLOCK_BOOTTIME);
	TST_EXP_EXPR(in[0] >= mono0 + MONO_OFF * NSEC &&
		     in[0] <= mono1 + MONO_OFF * NSEC,
		     "child's CLOCK_MONOTONIC is the parent's + %lld s "
		     "(%lld ns after the earlier reading)", MONO_OFF,
		     in[0] - mono0 - MONO_OFF * NSEC);
	TST_EXP_EXPR(in[1] >= boot0 + BOOT_OFF * NSEC &&
		     in[1] <= boot1 + BOOT_OFF * NSEC,
		     "child's CLOCK_BOOTTIME is the parent's + %lld s "
		     "(%lld ns after the earlier reading)", BOOT_OFF,
		     in[1] - boot0 - BOOT_OFF * NSEC);
	SAFE_MUNMAP(in, 4096);

	TST_EXP_FAIL(write_str("monotonic 1 0"), EACCES,
		     "a write after a task entered the namespace");
	expect_offsets(MONO_OFF, BOOT_OFF, "after the refused write");
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (unshare(CLONE_NEWTIME))
			tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWTIME)");
		refused_writes();
		clock_bounds();
		line_rules();
		frozen();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	if (access("/proc/self/ns/time", F_OK))
		tst_brk(TCONF, "no time namespaces (CONFIG_TIME_NS)");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_TIME_NS", NULL},
};

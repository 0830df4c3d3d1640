// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * System call numbers with no call behind them fail with ENOSYS and do
 * nothing else, on the x86-64 SYSCALL entry (arch/x86/entry/common.c):
 * -1 (the number the entry code leaves -ENOSYS in place for), -2 and
 * INT_MIN (negative as the int the kernel takes the number as), numbers
 * past the end of the table (1024, 0x3fffffff just below the x32 bit,
 * INT_MAX) and every number in the hole the x86-64 table leaves between
 * rseq and pidfd_send_signal (kept so that the newer calls have the same
 * numbers on all architectures). Each call is made with six argument
 * registers holding a pointer to a buffer that must stay untouched.
 *
 * The first number of that hole, 335, is uretprobe since 6.11
 * (ff474a78cef5, arch/x86/kernel/uprobes.c): the call is meant only for the uretprobe
 * trampoline, and from anywhere else it forces SIGILL on the caller
 * (force_sig(): even with SIGILL ignored and blocked) instead of
 * returning. A child makes that call: on 6.11 and later it must die of
 * SIGILL (or get ENOSYS where the kernel has no uprobes: no
 * /sys/bus/event_source/devices/uprobe), before 6.11 it is ENOSYS like
 * the rest of the hole.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "tst_test.h"

#define UPROBE_PMU	"/sys/bus/event_source/devices/uprobe"

static char buf[64];

static int check(long nr)
{
	char want[sizeof(buf)];
	long ret;

	memset(buf, 0x5a, sizeof(buf));
	memcpy(want, buf, sizeof(buf));
	errno = 0;
	ret = syscall(nr, buf, buf, buf, buf, buf, buf);
	if (ret == -1 && errno == ENOSYS && !memcmp(buf, want, sizeof(buf)))
		return 0;
	if (ret != -1)
		tst_res(TFAIL, "syscall(%ld) returned %ld, expected ENOSYS",
			nr, ret);
	else if (errno != ENOSYS)
		tst_res(TFAIL | TERRNO, "syscall(%ld) expected ENOSYS", nr);
	else
		tst_res(TFAIL, "syscall(%ld) failed with ENOSYS but wrote to "
			"the buffer it was given", nr);
	return 1;
}

/* syscall(__NR_uretprobe) in a child; returns 1 when 6.11+ uretprobe */
static int uretprobe(void)
{
	int has = tst_kvercmp(6, 11, 0) >= 0, status;
	sigset_t set;
	pid_t pid;
	long ret;

	pid = SAFE_FORK();
	if (!pid) {
		signal(SIGILL, SIG_IGN);
		sigemptyset(&set);
		sigaddset(&set, SIGILL);
		sigprocmask(SIG_BLOCK, &set, NULL);
		memset(buf, 0x5a, sizeof(buf));
		errno = 0;
		ret = syscall(__NR_uretprobe, buf, buf, buf, buf, buf, buf);
		if (ret == -1 && errno == ENOSYS)
			_exit(10);
		_exit(11);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (has && WIFSIGNALED(status) && WTERMSIG(status) == SIGILL) {
		tst_res(TPASS, "%d (uretprobe) outside the uretprobe "
			"trampoline: SIGILL, though ignored and blocked",
			__NR_uretprobe);
		return 1;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 10) {
		if (!has) {
			tst_res(TPASS, "%d: ENOSYS (no uretprobe before 6.11)",
				__NR_uretprobe);
		} else if (access(UPROBE_PMU, F_OK)) {
			tst_res(TPASS, "%d (uretprobe): ENOSYS, the kernel has "
				"no uprobes (no " UPROBE_PMU ")",
				__NR_uretprobe);
		} else {
			tst_res(TFAIL, "%d (uretprobe) called outside the "
				"trampoline: ENOSYS on 6.11+ with uprobes, "
				"expected SIGILL", __NR_uretprobe);
		}
		return 0;
	}
	if (WIFSIGNALED(status))
		tst_res(TFAIL, "%d: child killed by %s, expected %s",
			__NR_uretprobe, tst_strsig(WTERMSIG(status)),
			has ? "SIGILL or ENOSYS" : "ENOSYS");
	else
		tst_res(TFAIL, "%d: the call returned without ENOSYS (child "
			"exit %d), expected %s", __NR_uretprobe,
			WEXITSTATUS(status), has ? "SIGILL" : "ENOSYS");
	return 0;
}

static void run(void)
{
	static const long outside[] = {
		-1, -2, INT_MIN, 1024, 0x3fffffff, INT_MAX,
	};
	unsigned int i;
	long nr, first;
	int failed = 0, n = 0;

	for (i = 0; i < ARRAY_SIZE(outside); i++)
		failed += check(outside[i]);
	if (!failed)
		tst_res(TPASS, "-1, -2, INT_MIN, 1024, 0x3fffffff, INT_MAX: "
			"ENOSYS");

	/* the hole starts after rseq, or after uretprobe where it is one */
	first = __NR_rseq + 1;
	if (uretprobe())
		first = __NR_uretprobe + 1;
	failed = 0;
	for (nr = first; nr < __NR_pidfd_send_signal; nr++, n++)
		failed += check(nr);
	if (!failed)
		tst_res(TPASS, "the %d unassigned numbers %ld..%d: ENOSYS", n,
			first, __NR_pidfd_send_signal - 1);

	TST_EXP_EQ_LI(syscall(__NR_getpid), getpid());
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};

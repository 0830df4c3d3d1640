// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_sigqueueinfo() errors: EPERM for a si_code that only the kernel or
 * kill()/tgkill() may produce (SI_USER, SI_KERNEL, SI_TKILL) when the
 * target is another process; EPERM as nobody towards a root process;
 * EINVAL for an invalid signal; ESRCH for a pid that does not exist;
 * EFAULT for an unmapped siginfo; EAGAIN when the receiver's
 * RLIMIT_SIGPENDING leaves no room to queue a realtime signal.
 *
 * The spoofed si_code cases are the fix for CVE-2011-1182 ("Prevent
 * rt_sigqueueinfo and rt_tgsigqueueinfo from spoofing the signal code").
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include "task_wait.h"

static void *bad_addr;

static long queueinfo(pid_t pid, int sig, int code)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = sig;
	info.si_code = code;
	info.si_pid = getpid();
	info.si_uid = getuid();
	return syscall(SYS_rt_sigqueueinfo, pid, sig, &info);
}

static void test_codes(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	TST_EXP_FAIL(queueinfo(pid, SIGUSR1, SI_USER), EPERM,
		     "rt_sigqueueinfo(child, si_code SI_USER)");
	TST_EXP_FAIL(queueinfo(pid, SIGUSR1, SI_KERNEL), EPERM,
		     "rt_sigqueueinfo(child, si_code SI_KERNEL)");
	TST_EXP_FAIL(queueinfo(pid, SIGUSR1, SI_TKILL), EPERM,
		     "rt_sigqueueinfo(child, si_code SI_TKILL)");
	TST_EXP_FAIL(queueinfo(pid, _NSIG + 1, SI_QUEUE), EINVAL,
		     "rt_sigqueueinfo(child, signal %d)", _NSIG + 1);
	TST_EXP_FAIL(queueinfo(unused_pid(), SIGUSR1, SI_QUEUE), ESRCH,
		     "rt_sigqueueinfo(pid_max)");
	TST_EXP_FAIL(syscall(SYS_rt_sigqueueinfo, pid, SIGUSR1, bad_addr),
		     EFAULT, "rt_sigqueueinfo() with an unmapped siginfo");
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
}

static void test_nobody(void)
{
	pid_t root = getpid(), pid = SAFE_FORK();

	if (!pid) {
		tst_drop_privs();
		TST_EXP_FAIL(queueinfo(root, SIGUSR1, SI_QUEUE), EPERM,
			     "rt_sigqueueinfo(root process) as nobody");
		exit(0);
	}
	reap_child(pid);
}

static void test_eagain(void)
{
	struct rlimit rl = {0, 0};
	pid_t pid = SAFE_FORK();
	sigset_t set;

	if (!pid) {
		sigemptyset(&set);
		sigaddset(&set, SIGRTMIN);
		if (sigprocmask(SIG_BLOCK, &set, NULL))
			tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
		if (setrlimit(RLIMIT_SIGPENDING, &rl))
			tst_brk(TBROK | TERRNO,
				"setrlimit(RLIMIT_SIGPENDING, 0)");
		TST_EXP_FAIL(queueinfo(getpid(), SIGRTMIN, SI_QUEUE), EAGAIN,
			     "rt_sigqueueinfo(SIGRTMIN) with RLIMIT_SIGPENDING"
			     " 0");
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_codes();
		break;
	case 1:
		test_nobody();
		break;
	case 2:
		test_eagain();
		break;
	}
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2011-1182"},
		{}
	},
};

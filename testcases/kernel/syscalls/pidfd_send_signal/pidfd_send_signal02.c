// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pidfd_send_signal() errors: EINVAL for flags it does not know, EBADF
 * for a closed fd and for an fd that is neither a pidfd nor a /proc/<pid>
 * directory, EINVAL for an invalid signal and for a siginfo whose
 * si_signo is not the signal, EPERM for a siginfo with si_code SI_USER or
 * SI_TKILL sent to another process, EFAULT for an unmapped siginfo, EPERM
 * as nobody towards a root process, ESRCH once the process was reaped.
 */
#include <stdlib.h>
#include "pidfd_raw.h"
#include "task_wait.h"

static void *bad_addr;

static siginfo_t make_info(int sig, int code)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = sig;
	info.si_code = code;
	info.si_pid = getpid();
	info.si_uid = getuid();
	return info;
}

static void run(void)
{
	siginfo_t info;
	int fd, null_fd, root_fd;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	fd = safe_pidfd_open(pid);
	TST_EXP_FAIL(pidfd_send_signal_raw(fd, SIGUSR1, NULL, 1U << 30),
		     EINVAL, "pidfd_send_signal() with flag bit 30");
	TST_EXP_FAIL(pidfd_send_signal_raw(1000, SIGUSR1, NULL, 0), EBADF,
		     "pidfd_send_signal() of fd 1000, not open");
	null_fd = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(pidfd_send_signal_raw(null_fd, SIGUSR1, NULL, 0), EBADF,
		     "pidfd_send_signal() of /dev/null");
	SAFE_CLOSE(null_fd);
	TST_EXP_FAIL(pidfd_send_signal_raw(fd, _NSIG + 1, NULL, 0), EINVAL,
		     "pidfd_send_signal(signal %d)", _NSIG + 1);
	info = make_info(SIGUSR2, SI_QUEUE);
	TST_EXP_FAIL(pidfd_send_signal_raw(fd, SIGUSR1, &info, 0), EINVAL,
		     "pidfd_send_signal(SIGUSR1) with si_signo SIGUSR2");
	info = make_info(SIGUSR1, SI_USER);
	TST_EXP_FAIL(pidfd_send_signal_raw(fd, SIGUSR1, &info, 0), EPERM,
		     "pidfd_send_signal(child) with si_code SI_USER");
	info = make_info(SIGUSR1, SI_TKILL);
	TST_EXP_FAIL(pidfd_send_signal_raw(fd, SIGUSR1, &info, 0), EPERM,
		     "pidfd_send_signal(child) with si_code SI_TKILL");
	TST_EXP_FAIL(pidfd_send_signal_raw(fd, SIGUSR1, bad_addr, 0), EFAULT,
		     "pidfd_send_signal() with an unmapped siginfo");

	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	TST_EXP_FAIL(pidfd_send_signal_raw(fd, SIGUSR1, NULL, 0), ESRCH,
		     "pidfd_send_signal() once the child was reaped");
	SAFE_CLOSE(fd);

	root_fd = safe_pidfd_open(getpid());
	pid = SAFE_FORK();
	if (!pid) {
		tst_drop_privs();
		TST_EXP_FAIL(pidfd_send_signal_raw(root_fd, SIGUSR1, NULL, 0),
			     EPERM, "pidfd_send_signal(root process) as "
			     "nobody");
		exit(0);
	}
	reap_child(pid);
	SAFE_CLOSE(root_fd);
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

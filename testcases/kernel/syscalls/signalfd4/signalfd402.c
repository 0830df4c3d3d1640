// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * signalfd4() errors: EINVAL for a flag other than SFD_NONBLOCK and
 * SFD_CLOEXEC and for a mask size other than 8, EBADF for an fd that is
 * not open, EINVAL for an open fd that is no signalfd, EFAULT for an
 * unmapped mask, EMFILE when the process may open no more fds; read()
 * from a signalfd with a buffer smaller than one signalfd_siginfo is
 * EINVAL.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include "task_wait.h"

static void *bad_addr;
static sigset_t usr1;

static long sfd(int fd, const void *mask, size_t size, int flags)
{
	return syscall(SYS_signalfd4, fd, mask, size, flags);
}

static void test_emfile(void)
{
	struct rlimit rl;
	pid_t pid = SAFE_FORK();
	int fd, lowest;

	if (!pid) {
		/* allow only the fds below the lowest free one */
		fd = SAFE_OPEN("/dev/null", O_RDONLY);
		lowest = fd;
		SAFE_CLOSE(fd);
		rl.rlim_cur = rl.rlim_max = lowest;
		if (setrlimit(RLIMIT_NOFILE, &rl))
			tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, %d)",
				lowest);
		TST_EXP_FAIL(sfd(-1, &usr1, 8, 0), EMFILE,
			     "signalfd4() with no fd left");
		exit(0);
	}
	reap_child(pid);
}

static void run(void)
{
	struct signalfd_siginfo si;
	int null_fd, fd;

	TST_EXP_FAIL(sfd(-1, &usr1, 8, 1), EINVAL, "signalfd4(flags 1)");
	TST_EXP_FAIL(sfd(-1, &usr1, 8, O_APPEND), EINVAL,
		     "signalfd4(flags O_APPEND)");
	TST_EXP_FAIL(sfd(-1, &usr1, 4, 0), EINVAL,
		     "signalfd4() with mask size 4");
	TST_EXP_FAIL(sfd(-1, &usr1, 16, 0), EINVAL,
		     "signalfd4() with mask size 16");
	TST_EXP_FAIL(sfd(1000, &usr1, 8, 0), EBADF,
		     "signalfd4() of fd 1000, not open");
	null_fd = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(sfd(null_fd, &usr1, 8, 0), EINVAL,
		     "signalfd4() of /dev/null, not a signalfd");
	SAFE_CLOSE(null_fd);
	TST_EXP_FAIL(sfd(-1, bad_addr, 8, 0), EFAULT,
		     "signalfd4() with an unmapped mask");

	fd = sfd(-1, &usr1, 8, SFD_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "signalfd4(-1, USR1)");
	raise(SIGUSR1);
	TST_EXP_FAIL(read(fd, &si, sizeof(si) - 1), EINVAL,
		     "read() of %zu bytes, less than one siginfo",
		     sizeof(si) - 1);
	TST_EXP_VAL(read(fd, &si, sizeof(si)), sizeof(si),
		    "the signal is still there for a full-size read()");
	SAFE_CLOSE(fd);
	test_emfile();
}

static void setup(void)
{
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &usr1, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.forks_child = 1,
};

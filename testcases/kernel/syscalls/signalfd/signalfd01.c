// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The old signalfd(fd, mask, sizemask) without flags (glibc's
 * signalfd() is signalfd4, so it is made with syscall()): fd -1 gives an
 * "anon_inode:[signalfd]" descriptor, read-write, neither O_NONBLOCK nor
 * FD_CLOEXEC; a blocked signal of the mask, sent with sigqueue(), reads
 * back as a signalfd_siginfo (signo, code SI_QUEUE, sender pid and uid,
 * the value) and is then no longer pending; a signal outside the mask
 * leaves the descriptor unreadable until signalfd() on the same fd
 * replaces the mask (it returns that fd); SIGKILL and SIGSTOP in the mask
 * are silently dropped (fdinfo's sigmask). EINVAL for a sizemask other
 * than 8, for an fd that is not a signalfd and for a read under 128
 * bytes; EFAULT for an unmapped mask; EBADF for an fd that is not open;
 * EMFILE when the descriptor table is full.
 */
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include "fd_checks.h"
#include "time_event.h"
#include "lapi/signal.h"

static void *bad_addr;

static long sys_signalfd(int fd, const sigset_t *mask, size_t size)
{
	return syscall(__NR_signalfd, fd, mask, size);
}

static int readable(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	return poll(&pfd, 1, 0) == 1;
}

static void test_read(void)
{
	struct signalfd_siginfo si;
	union sigval sv = { .sival_int = 42 };
	sigset_t mask;
	int fd;

	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	TST_EXP_FD(sys_signalfd(-1, &mask, KERNEL_SIGSET_SIZE),
		   "signalfd(-1, {SIGUSR1}, 8)");
	if (!TST_PASS)
		return;
	fd = TST_RET;
	TST_EXP_EXPR(!strcmp(fd_link(fd), "anon_inode:[signalfd]") &&
		     fd_accmode(fd) == O_RDWR && fd_flags_are(fd, 0, 0),
		     "fd is '%s', read-write, without O_NONBLOCK and "
		     "FD_CLOEXEC", fd_link(fd));

	TST_EXP_EXPR(!readable(fd), "nothing to read before a signal");
	if (sigqueue(getpid(), SIGUSR1, sv))
		tst_brk(TBROK | TERRNO, "sigqueue(SIGUSR1)");
	TST_EXP_EXPR(readable(fd), "readable once SIGUSR1 is pending");
	TST_EXP_VAL(read(fd, &si, sizeof(si)), (long)sizeof(si),
		    "read(signalfd)");
	TST_EXP_EXPR(si.ssi_signo == SIGUSR1 && si.ssi_code == SI_QUEUE &&
		     si.ssi_pid == (uint32_t)getpid() &&
		     si.ssi_uid == getuid() && si.ssi_int == 42,
		     "siginfo: signo %u, code %d, pid %u, uid %u, int %d",
		     si.ssi_signo, si.ssi_code, si.ssi_pid, si.ssi_uid,
		     si.ssi_int);
	TST_EXP_EXPR(!tev_signal_pending(SIGUSR1),
		     "the read consumed the pending SIGUSR1");

	if (sigqueue(getpid(), SIGUSR2, sv))
		tst_brk(TBROK | TERRNO, "sigqueue(SIGUSR2)");
	TST_EXP_EXPR(!readable(fd), "SIGUSR2, outside the mask, is not "
		     "readable");
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR2);
	TST_EXP_VAL(sys_signalfd(fd, &mask, KERNEL_SIGSET_SIZE), fd,
		    "signalfd(fd, {SIGUSR2}, 8) returns the same fd");
	TST_EXP_EXPR(readable(fd), "readable with the new mask");
	memset(&si, 0, sizeof(si));
	TST_EXP_FAIL(read(fd, &si, sizeof(si) - 1), EINVAL,
		     "read(signalfd, 127 bytes)");
	SAFE_READ(1, fd, &si, sizeof(si));
	TST_EXP_EQ_LI(si.ssi_signo, SIGUSR2);
	SAFE_CLOSE(fd);
}

static void test_kill_stop(void)
{
	unsigned long long shown = ~0ULL;
	sigset_t mask;
	int fd;

	sigemptyset(&mask);
	sigaddset(&mask, SIGKILL);
	sigaddset(&mask, SIGSTOP);
	sigaddset(&mask, SIGUSR1);
	fd = sys_signalfd(-1, &mask, KERNEL_SIGSET_SIZE);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "signalfd(-1, {KILL, STOP, USR1})");
	fdinfo_scan(fd, "sigmask: %llx", &shown);
	TST_EXP_EXPR(shown == 1ULL << (SIGUSR1 - 1), "fdinfo sigmask %016llx: "
		     "only SIGUSR1 kept, SIGKILL and SIGSTOP dropped", shown);
	SAFE_CLOSE(fd);
}

static void test_errors(void)
{
	int pipefd[2];
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	TST_EXP_FAIL(sys_signalfd(-1, &mask, 4), EINVAL,
		     "signalfd(-1, mask, sizemask 4)");
	TST_EXP_FAIL(sys_signalfd(-1, &mask, 16), EINVAL,
		     "signalfd(-1, mask, sizemask 16)");
	TST_EXP_FAIL(sys_signalfd(-1, bad_addr, KERNEL_SIGSET_SIZE), EFAULT,
		     "signalfd(-1, unmapped mask, 8)");
	TST_EXP_FAIL(sys_signalfd(1000, &mask, KERNEL_SIGSET_SIZE), EBADF,
		     "signalfd(fd 1000 not open, mask, 8)");
	SAFE_PIPE(pipefd);
	TST_EXP_FAIL(sys_signalfd(pipefd[0], &mask, KERNEL_SIGSET_SIZE), EINVAL,
		     "signalfd(pipe fd, mask, 8)");
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
	FD_EXP_EMFILE(sys_signalfd(-1, &mask, KERNEL_SIGSET_SIZE),
		      "signalfd(-1, mask, 8), table full");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_read();
	else if (n == 1)
		test_kill_stop();
	else
		test_errors();
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	tev_sigmask(SIG_BLOCK, SIGUSR1);
	tev_sigmask(SIG_BLOCK, SIGUSR2);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

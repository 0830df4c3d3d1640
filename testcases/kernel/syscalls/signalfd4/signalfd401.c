// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * signalfd4() makes blocked signals readable: read() returns one struct
 * signalfd_siginfo per signal (ssi_signo, ssi_code SI_USER or SI_QUEUE,
 * ssi_pid, ssi_uid, ssi_int) and takes the signal off the pending set;
 * signals outside the mask stay pending. poll() says POLLIN while one is
 * pending. A blocking read() sleeps until a signal comes from another
 * process. SFD_NONBLOCK makes an empty read EAGAIN (O_NONBLOCK), SFD_CLOEXEC
 * sets FD_CLOEXEC. Passing the fd again replaces its mask; SIGKILL and
 * SIGSTOP are silently left out of it (fdinfo's sigmask). From a child:
 * its sigqueue() reads back with ssi_code SI_QUEUE, the child's pid, its
 * real uid (nobody's when the test runs as root: the child keeps the
 * effective uid 0 to be allowed to signal) and the value; its exit as
 * SIGCHLD with CLD_EXITED, its pid and real uid, ssi_status the exit
 * code.
 */
#include <poll.h>
#include <signal.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include "task_wait.h"
#include "fd_checks.h"

static sigset_t usr12;

static int sfd(int fd, const sigset_t *mask, int flags)
{
	return syscall(SYS_signalfd4, fd, mask, 8, flags);
}

static sigset_t set_of(int a, int b)
{
	sigset_t set;

	sigemptyset(&set);
	if (a)
		sigaddset(&set, a);
	if (b)
		sigaddset(&set, b);
	return set;
}

static int poll_in(int fd)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};

	return poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLIN);
}

static void test_read(void)
{
	union sigval value77 = {.sival_int = 77};
	struct signalfd_siginfo si[3];
	sigset_t pending;
	int fd;
	ssize_t ret;

	fd = sfd(-1, &usr12, SFD_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "signalfd4(-1, USR1|USR2)");
	TST_EXP_EXPR(!poll_in(fd), "an empty signalfd does not poll readable");
	SAFE_KILL(getpid(), SIGUSR1);
	if (sigqueue(getpid(), SIGUSR2, value77))
		tst_brk(TBROK | TERRNO, "sigqueue(SIGUSR2)");
	raise(SIGTERM);
	TST_EXP_EXPR(poll_in(fd), "a signal pending: POLLIN");

	memset(si, 0, sizeof(si));
	ret = read(fd, si, sizeof(si));
	TST_EXP_EXPR(ret == 2 * sizeof(si[0]), "read() returned %zd: two "
		     "signalfd_siginfo of %zu bytes", ret, sizeof(si[0]));
	TST_EXP_EXPR(si[0].ssi_signo == SIGUSR1 && si[0].ssi_code == SI_USER &&
		     si[0].ssi_pid == (uint32_t)getpid() &&
		     si[0].ssi_uid == getuid(),
		     "first: signo %u, code %d (SI_USER), pid %u, uid %u",
		     si[0].ssi_signo, si[0].ssi_code, si[0].ssi_pid,
		     si[0].ssi_uid);
	TST_EXP_EXPR(si[1].ssi_signo == SIGUSR2 && si[1].ssi_code == SI_QUEUE &&
		     si[1].ssi_int == 77,
		     "second: signo %u, code %d (SI_QUEUE %d), int %d",
		     si[1].ssi_signo, si[1].ssi_code, SI_QUEUE, si[1].ssi_int);
	sigpending(&pending);
	TST_EXP_EXPR(!sigismember(&pending, SIGUSR1) &&
		     !sigismember(&pending, SIGUSR2) &&
		     sigismember(&pending, SIGTERM),
		     "read signals left the pending set, SIGTERM (not in the "
		     "mask) stayed");
	TST_EXP_FAIL(read(fd, si, sizeof(si)), EAGAIN,
		     "SFD_NONBLOCK read() with nothing pending");
	TST_EXP_EXPR(fcntl(fd, F_GETFL) & O_NONBLOCK, "SFD_NONBLOCK sets "
		     "O_NONBLOCK");
	SAFE_CLOSE(fd);
	/* drop the pending SIGTERM */
	signal(SIGTERM, SIG_IGN);
	signal(SIGTERM, SIG_DFL);
}

static unsigned long long fdinfo_sigmask(int fd)
{
	unsigned long long mask = ~0ULL;

	fdinfo_scan(fd, "sigmask: %llx", &mask);
	return mask;
}

static void test_mask_update(void)
{
	sigset_t usr1 = set_of(SIGUSR1, 0), with_kill = set_of(SIGUSR2,
								SIGKILL);
	struct signalfd_siginfo si;
	int fd, flags;

	sigaddset(&with_kill, SIGSTOP);
	fd = sfd(-1, &usr1, SFD_NONBLOCK | SFD_CLOEXEC);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "signalfd4(-1, USR1)");
	flags = fcntl(fd, F_GETFD);
	TST_EXP_EXPR(flags >= 0 && (flags & FD_CLOEXEC),
		     "SFD_CLOEXEC sets FD_CLOEXEC");
	TST_EXP_VAL(sfd(fd, &with_kill, 0), fd,
		    "signalfd4(fd, USR2|KILL|STOP) returns the same fd");
	TST_EXP_EQ_LU(fdinfo_sigmask(fd), 1ULL << (SIGUSR2 - 1));
	raise(SIGUSR1);
	TST_EXP_FAIL(read(fd, &si, sizeof(si)), EAGAIN,
		     "SIGUSR1 is no longer in the updated mask");
	raise(SIGUSR2);
	TST_EXP_VAL(read(fd, &si, sizeof(si)), sizeof(si),
		    "SIGUSR2 is read through the new mask");
	SAFE_CLOSE(fd);
	/* take the SIGUSR1 left pending */
	fd = sfd(-1, &usr1, SFD_NONBLOCK);
	SAFE_READ(1, fd, &si, sizeof(si));
	SAFE_CLOSE(fd);
}

static void test_blocking(void)
{
	struct signalfd_siginfo si;
	pid_t parent = getpid(), pid;
	int fd;

	pid = SAFE_FORK();
	if (!pid) {
		fd = sfd(-1, &usr12, 0);
		if (fd < 0)
			tst_brk(TBROK | TERRNO, "signalfd4()");
		TST_EXP_VAL(read(fd, &si, sizeof(si)), sizeof(si),
			    "a blocking read() returns when a signal comes");
		TST_EXP_EXPR(si.ssi_signo == SIGUSR2 &&
			     si.ssi_pid == (uint32_t)parent,
			     "it is the parent's SIGUSR2 (signo %u, pid %u)",
			     si.ssi_signo, si.ssi_pid);
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_read);
	SAFE_KILL(pid, SIGUSR2);
	reap_child(pid);
}

static void read_bounded(int fd, struct signalfd_siginfo *si)
{
	struct pollfd pfd = {.fd = fd, .events = POLLIN};

	if (poll(&pfd, 1, 10000 * tst_timeout_mul()) != 1)
		tst_brk(TBROK | TERRNO, "no signal readable after 10 s");
	memset(si, 0, sizeof(*si));
	SAFE_READ(1, fd, si, sizeof(*si));
}

static void test_from_child(void)
{
	union sigval value = {.sival_int = 1234};
	sigset_t mask = set_of(SIGUSR1, SIGCHLD);
	sigset_t chld = set_of(SIGCHLD, 0);
	struct signalfd_siginfo si;
	pid_t parent = getpid(), pid;
	struct passwd *pw = getpwnam("nobody");
	uid_t uid = getuid();
	int fd;

	/* as root: a real uid of nobody, the effective uid 0 may signal us */
	if (!geteuid())
		uid = pw ? pw->pw_uid : 65534;
	if (sigprocmask(SIG_BLOCK, &chld, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK, SIGCHLD)");
	fd = sfd(-1, &mask, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "signalfd4(-1, USR1|CHLD)");
	pid = SAFE_FORK();
	if (!pid) {
		if (setresuid(uid, -1, -1))
			tst_brk(TBROK | TERRNO, "setresuid(%d, -1, -1)",
				(int)uid);
		if (sigqueue(parent, SIGUSR1, value))
			tst_brk(TBROK | TERRNO, "sigqueue(parent, SIGUSR1)");
		exit(9);
	}
	read_bounded(fd, &si);
	TST_EXP_EXPR(si.ssi_signo == SIGUSR1 && si.ssi_code == SI_QUEUE &&
		     si.ssi_pid == (uint32_t)pid && si.ssi_uid == uid &&
		     si.ssi_int == 1234,
		     "a child's sigqueue(): signo %u (%d), code %d (SI_QUEUE), "
		     "pid %u (%d), uid %u (%d), int %d (1234)", si.ssi_signo,
		     SIGUSR1, si.ssi_code, si.ssi_pid, (int)pid, si.ssi_uid,
		     (int)uid, si.ssi_int);
	read_bounded(fd, &si);
	TST_EXP_EXPR(si.ssi_signo == SIGCHLD && si.ssi_code == CLD_EXITED &&
		     si.ssi_pid == (uint32_t)pid && si.ssi_uid == uid &&
		     si.ssi_status == 9,
		     "its exit: signo %u (%d), code %d (CLD_EXITED), pid %u "
		     "(%d), uid %u (%d), status %d (9)", si.ssi_signo, SIGCHLD,
		     si.ssi_code, si.ssi_pid, (int)pid, si.ssi_uid, (int)uid,
		     si.ssi_status);
	SAFE_WAITPID(pid, NULL, 0);
	SAFE_CLOSE(fd);
	if (sigprocmask(SIG_UNBLOCK, &chld, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_UNBLOCK, SIGCHLD)");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_read();
		break;
	case 1:
		test_mask_update();
		break;
	case 2:
		test_blocking();
		break;
	case 3:
		test_from_child();
		break;
	}
}

static void setup(void)
{
	sigset_t block = set_of(SIGUSR1, SIGUSR2);

	usr12 = block;
	sigaddset(&block, SIGTERM);
	if (sigprocmask(SIG_BLOCK, &block, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK)");
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

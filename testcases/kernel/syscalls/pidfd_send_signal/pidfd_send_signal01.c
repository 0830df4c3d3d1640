// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pidfd_send_signal() signals the process behind a pidfd: without a
 * siginfo the receiver sees si_code SI_USER and the sender's pid and uid,
 * like kill(); with one (si_code SI_QUEUE) it sees that siginfo and its
 * si_value. Signal 0 only checks. A /proc/<pid> directory fd works as a
 * pidfd too.
 */
#include <stdio.h>
#include <stdlib.h>
#include "pidfd_raw.h"
#include "task_wait.h"
#include "sigwait_raw.h"

static void receive(int expect_code, int expect_value)
{
	struct timespec ts = {.tv_sec = 10 * tst_timeout_mul()};
	pid_t parent = getppid();
	siginfo_t si;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	TST_CHECKPOINT_WAKE(0);
	memset(&si, 0, sizeof(si));
	if (sigtimedwait_raw(&set, &si, &ts) != SIGUSR1)
		tst_brk(TBROK | TERRNO, "sigtimedwait(SIGUSR1)");
	TST_EXP_EXPR(si.si_code == expect_code && si.si_pid == parent &&
		     si.si_uid == getuid() &&
		     (expect_code != SI_QUEUE ||
		      si.si_value.sival_int == expect_value),
		     "received si_code %d (%d), si_pid %d (%d), si_uid %d, "
		     "si_value %d", si.si_code, expect_code, si.si_pid, parent,
		     (int)si.si_uid, si.si_value.sival_int);
	exit(0);
}

static void test_plain(int use_proc_dir)
{
	pid_t pid = SAFE_FORK();
	char path[64];
	int fd;

	if (!pid)
		receive(SI_USER, 0);
	if (use_proc_dir) {
		snprintf(path, sizeof(path), "/proc/%d", pid);
		fd = SAFE_OPEN(path, O_RDONLY | O_DIRECTORY);
	} else {
		fd = safe_pidfd_open(pid);
	}
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_PASS(pidfd_send_signal_raw(fd, 0, NULL, 0),
		     "pidfd_send_signal(%s, 0)",
		     use_proc_dir ? "/proc/<pid> fd" : "pidfd");
	TST_EXP_PASS(pidfd_send_signal_raw(fd, SIGUSR1, NULL, 0),
		     "pidfd_send_signal(%s, SIGUSR1, NULL)",
		     use_proc_dir ? "/proc/<pid> fd" : "pidfd");
	reap_child(pid);
	SAFE_CLOSE(fd);
}

static void test_info(void)
{
	pid_t pid = SAFE_FORK();
	siginfo_t info;
	int fd;

	if (!pid)
		receive(SI_QUEUE, 4242);
	fd = safe_pidfd_open(pid);
	memset(&info, 0, sizeof(info));
	info.si_signo = SIGUSR1;
	info.si_code = SI_QUEUE;
	info.si_pid = getpid();
	info.si_uid = getuid();
	info.si_value.sival_int = 4242;
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_PASS(pidfd_send_signal_raw(fd, SIGUSR1, &info, 0),
		     "pidfd_send_signal(pidfd, SIGUSR1, SI_QUEUE info)");
	reap_child(pid);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_plain(0);
		break;
	case 1:
		test_plain(1);
		break;
	case 2:
		test_info();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) I/O signal ownership, F_SETOWN/F_GETOWN, F_SETOWN_EX/
 * F_GETOWN_EX, F_SETSIG/F_GETSIG, and O_ASYNC:
 * - a new fd has no owner (0); a pid set is read back as that pid with
 *   type F_OWNER_PID, a negative process group as that group with type
 *   F_OWNER_PGRP, a thread id through F_SETOWN_EX as F_OWNER_TID;
 * - with O_ASYNC and the caller as owner, data arriving in a pipe sends
 *   SIGIO; after F_SETSIG the chosen signal comes instead, with si_fd the
 *   fd and si_code POLL_IN;
 * - errors: ESRCH for a pid or group no process has (since f73127356f34,
 *   before it the owner was silently cleared), EINVAL for INT_MIN, an
 *   unknown F_SETOWN_EX type or an invalid signal, EFAULT for an
 *   unmapped f_owner_ex.
 */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <unistd.h>
#include "tst_test.h"
#include "fileio.h"
#include "task_wait.h"

static volatile sig_atomic_t got_sig, got_fd, got_code;

static void sig_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	got_sig = sig;
	got_fd = si->si_fd;
	got_code = si->si_code;
}

static void check_owner(int fd, pid_t exp, int exp_type, const char *desc)
{
	struct f_owner_ex ex;

	TST_EXP_VAL(fcntl(fd, F_GETOWN), exp, "F_GETOWN after %s", desc);
	if (fcntl(fd, F_GETOWN_EX, &ex))
		tst_brk(TBROK | TERRNO, "F_GETOWN_EX");
	TST_EXP_EXPR((int)ex.type == exp_type &&
		     ex.pid == (exp < 0 ? -exp : exp),
		     "F_GETOWN_EX after %s: type %d pid %d", desc, ex.type,
		     ex.pid);
}

static void test_owner(int fd)
{
	struct f_owner_ex ex = { F_OWNER_TID, gettid() };

	TST_EXP_EQ_LI(fcntl(fd, F_GETOWN), 0);
	TST_EXP_PASS(fcntl(fd, F_SETOWN, getpid()), "F_SETOWN getpid()");
	check_owner(fd, getpid(), F_OWNER_PID, "F_SETOWN pid");
	TST_EXP_PASS(fcntl(fd, F_SETOWN, -getpgrp()), "F_SETOWN -getpgrp()");
	check_owner(fd, -getpgrp(), F_OWNER_PGRP, "F_SETOWN -pgrp");
	TST_EXP_PASS(fcntl(fd, F_SETOWN_EX, &ex), "F_SETOWN_EX F_OWNER_TID");
	check_owner(fd, gettid(), F_OWNER_TID, "F_SETOWN_EX tid");
}

static void test_signals(int fds[2])
{
	struct sigaction sa = { .sa_sigaction = sig_handler,
				.sa_flags = SA_SIGINFO };
	char c;

	sigaction(SIGIO, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	if (fcntl(fds[0], F_SETOWN, getpid()) ||
	    fcntl(fds[0], F_SETFL, O_ASYNC))
		tst_brk(TBROK | TERRNO, "F_SETOWN/F_SETFL O_ASYNC");

	got_sig = 0;
	SAFE_WRITE(1, fds[1], "x", 1);
	TST_EXP_EXPR(got_sig == SIGIO, "a write into the O_ASYNC pipe sent "
		     "%s (expected SIGIO)", tst_strsig(got_sig));
	SAFE_READ(1, fds[0], &c, 1);

	TST_EXP_PASS(fcntl(fds[0], F_SETSIG, SIGUSR1), "F_SETSIG SIGUSR1");
	TST_EXP_EQ_LI(fcntl(fds[0], F_GETSIG), SIGUSR1);
	got_sig = 0;
	SAFE_WRITE(1, fds[1], "x", 1);
	TST_EXP_EXPR(got_sig == SIGUSR1 && got_fd == fds[0] &&
		     got_code == POLL_IN, "after F_SETSIG a write sent %s, "
		     "si_fd %d, si_code %d (expected SIGUSR1, %d, POLL_IN)",
		     tst_strsig(got_sig), (int)got_fd, (int)got_code, fds[0]);
	SAFE_READ(1, fds[0], &c, 1);
	fcntl(fds[0], F_SETFL, 0);
	signal(SIGIO, SIG_DFL);
	signal(SIGUSR1, SIG_DFL);
}

static void test_errors(int fd)
{
	struct f_owner_ex bad_type = { 99, getpid() };
	struct f_owner_ex no_pid = { F_OWNER_PID, unused_pid() };

	TST_EXP_FAIL(fcntl(fd, F_SETOWN, unused_pid()), ESRCH,
		     "F_SETOWN of a pid no process has");
	TST_EXP_FAIL(fcntl(fd, F_SETOWN, -unused_pid()), ESRCH,
		     "F_SETOWN of a group no process has");
	TST_EXP_FAIL(fcntl(fd, F_SETOWN, INT_MIN), EINVAL, "F_SETOWN INT_MIN");
	TST_EXP_FAIL(fcntl(fd, F_SETOWN_EX, &bad_type), EINVAL,
		     "F_SETOWN_EX type 99");
	TST_EXP_FAIL(fcntl(fd, F_SETOWN_EX, &no_pid), ESRCH,
		     "F_SETOWN_EX of a pid no process has");
	TST_EXP_FAIL(fcntl(fd, F_SETOWN_EX, fio_bad_addr()), EFAULT,
		     "F_SETOWN_EX from an unmapped page");
	TST_EXP_FAIL(fcntl(fd, F_SETSIG, -1), EINVAL, "F_SETSIG -1");
	TST_EXP_FAIL(fcntl(fd, F_SETSIG, 1000), EINVAL, "F_SETSIG 1000");
}

static void run(void)
{
	int fds[2];

	SAFE_PIPE(fds);
	test_owner(fds[0]);
	test_signals(fds);
	test_errors(fds[0]);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static struct tst_test test = {
	.test_all = run,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "f73127356f34"},
		{}
	},
};

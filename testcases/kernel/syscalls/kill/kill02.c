// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() errors and permission rules: EINVAL for an invalid signal; ESRCH
 * for a pid and a process group that do not exist, and for INT_MIN, whose
 * negation is undefined (CVE-2018-10124); as nobody, EPERM towards a root
 * process (also with signal 0) and towards a group of root processes.
 * Allowed as nobody: SIGCONT to a root process in the same session, and
 * any signal to a root process whose saved set-user-ID is nobody.
 *
 * INT_MIN: before 4ea77014af0d (kill_something_info() now returns ESRCH
 * for it first) the kernel negated it to find the process group; on two's
 * complement that is INT_MIN again, no such group, so ESRCH either way.
 * Only a kernel built with CONFIG_UBSAN_SIGNED_OVERFLOW shows the bug, as
 * a "UBSAN:" report on kernel/signal.c in the kernel log (no taint bit),
 * printed before kill() returns: the test reads /dev/kmsg from just
 * before the call and fails on that report. The Debian kernels we run
 * have no UBSAN, so there it passes either way.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "task_wait.h"

static pid_t root_pid;	/* the test process, a group leader */

static void as_nobody(void)
{
	/* out of the test's group, which then holds only root processes */
	if (setpgid(0, 0))
		tst_brk(TBROK | TERRNO, "setpgid(0, 0)");
	tst_drop_privs();
	TST_EXP_FAIL(kill(root_pid, 0), EPERM, "kill(root process, 0) as "
		     "nobody");
	TST_EXP_FAIL(kill(root_pid, SIGUSR1), EPERM, "kill(root process, "
		     "SIGUSR1) as nobody");
	TST_EXP_FAIL(kill(-root_pid, SIGUSR1), EPERM, "kill(-root pgid, "
		     "SIGUSR1) as nobody");
	TST_EXP_PASS(kill(root_pid, SIGCONT), "kill(root process, SIGCONT) "
		     "as nobody in the same session");
	exit(0);
}

static void test_nobody(void)
{
	pid_t pid = SAFE_FORK();
	int status;

	if (!pid)
		as_nobody();
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "the nobody child ended with status 0x%x: a "
			"signal meant for root processes reached it", status);
}

/* A root target whose saved set-user-ID is nobody may be signalled. */
static void test_saved_uid(void)
{
	struct passwd *pw = getpwnam("nobody");
	uid_t nobody = pw ? pw->pw_uid : 65534;
	pid_t target, sender;
	int status;

	target = SAFE_FORK();
	if (!target) {
		if (setresuid(0, 0, nobody))
			tst_brk(TBROK | TERRNO, "setresuid(0, 0, %d)", nobody);
		TST_CHECKPOINT_WAKE(0);
		pause();
		exit(1);
	}
	TST_CHECKPOINT_WAIT(0);
	sender = SAFE_FORK();
	if (!sender) {
		tst_drop_privs();
		TST_EXP_PASS(kill(target, SIGTERM), "kill(root process with "
			     "saved uid nobody, SIGTERM) as nobody");
		exit(0);
	}
	reap_child(sender);
	SAFE_WAITPID(target, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
		     "the target was killed by SIGTERM (status 0x%x)", status);
}

/* /dev/kmsg positioned at its end: the records printed from now on */
static int kmsg_mark(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);

	if (fd < 0) {
		tst_res(TINFO | TERRNO, "open(/dev/kmsg): no UBSAN check");
		return -1;
	}
	SAFE_LSEEK(fd, 0, SEEK_END);
	return fd;
}

/*
 * A UBSAN report is stored in the log by the task that hit the undefined
 * operation, before its system call returns, so the records are all there.
 */
static void kmsg_no_ubsan(int fd, const char *what)
{
	char rec[2048];
	ssize_t n;

	if (fd < 0)
		return;
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* records overwritten: go on */
		if (n < 0 && errno == EAGAIN)
			break;
		if (n <= 0)
			tst_brk(TBROK | TERRNO, "read(/dev/kmsg)");
		rec[n] = 0;
		if (strstr(rec, "UBSAN:") && strstr(rec, "signal.c")) {
			tst_res(TFAIL, "%s: kernel log: %s", what,
				strchr(rec, ';') ? strchr(rec, ';') + 1 : rec);
			SAFE_CLOSE(fd);
			return;
		}
	}
	SAFE_CLOSE(fd);
	tst_res(TPASS, "%s: no UBSAN report on kernel/signal.c", what);
}

static void test_args(void)
{
	pid_t unused = unused_pid();
	int kmsg;

	TST_EXP_FAIL(kill(root_pid, _NSIG + 1), EINVAL, "kill(self, %d)",
		     _NSIG + 1);
	TST_EXP_FAIL(kill(root_pid, -1), EINVAL, "kill(self, -1)");
	TST_EXP_FAIL(kill(unused, SIGUSR1), ESRCH, "kill(pid_max, SIGUSR1)");
	TST_EXP_FAIL(kill(unused, 0), ESRCH, "kill(pid_max, 0)");
	TST_EXP_FAIL(kill(-unused, SIGUSR1), ESRCH, "kill(-pid_max, SIGUSR1)");
	kmsg = kmsg_mark();
	TST_EXP_FAIL(kill(INT_MIN, SIGUSR1), ESRCH, "kill(INT_MIN, SIGUSR1)");
	kmsg_no_ubsan(kmsg, "kill(INT_MIN, SIGUSR1)");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_args();
		break;
	case 1:
		test_nobody();
		break;
	case 2:
		test_saved_uid();
		break;
	}
}

static void setup(void)
{
	root_pid = getpid();
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "4ea77014af0d"},
		{"CVE", "2018-10124"},
		{}
	},
};

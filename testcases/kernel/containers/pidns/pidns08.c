// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pidfds across a pid namespace boundary (kernel/signal.c
 * pidfd_send_signal(), access_pidfd_pidns(); kernel/fork.c
 * pidfd_show_fdinfo(); kernel/pid.c pidfd_open()). The test holds a pidfd
 * of itself, which the namespace's members inherit:
 *  - a member's pidfd_send_signal() through it to the test (outside its
 *    namespace) fails with EINVAL, and the test gets no signal;
 *  - a member's pidfd_open() of the test's pid number is ESRCH (no such
 *    pid in the namespace), of 1 works, and SIGKILL sent to init through
 *    it is dropped (returns 0, init goes on);
 *  - the test's pidfd of init shows "NSpid: <pid> 1" in its fdinfo;
 *    SIGUSR1 through it reaches init's handler with si_pid 0 and si_code
 *    SI_USER;
 *  - SIGKILL through it kills init, whom waitid(P_PIDFD) then reaps
 *    (CLD_KILLED, SIGKILL), and the fdinfo then reads "Pid: -1".
 */
#include <fcntl.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "pidfd_raw.h"

static volatile sig_atomic_t usr1_pid = -1, usr1_code, test_usr1;
static int self_fd = -1;
static pid_t test_pid;

static void init_handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	usr1_pid = si->si_pid;
	usr1_code = si->si_code;
}

static void test_handler(int sig)
{
	(void)sig;
	test_usr1++;
}

static void member_main(void)
{
	int fd;

	TST_EXP_FAIL(pidfd_send_signal_raw(self_fd, SIGUSR1, NULL, 0), EINVAL,
		     "pidfd_send_signal() to a process outside the namespace");
	TST_EXP_FAIL(pidfd_open_raw(test_pid, 0), ESRCH,
		     "pidfd_open(%d) of the outer pid number", (int)test_pid);
	fd = pidfd_open_raw(1, 0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "pidfd_open(1)");
	TST_EXP_PASS(pidfd_send_signal_raw(fd, SIGKILL, NULL, 0),
		     "member's SIGKILL to init through a pidfd");
	SAFE_CLOSE(fd);
	exit(0);
}

static void init_main(void)
{
	struct sigaction sa = {.sa_sigaction = init_handler,
			       .sa_flags = SA_SIGINFO | SA_RESTART};
	pid_t pid;

	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction");
	pid = SAFE_FORK();
	if (!pid)
		member_main();
	NS_REAP(pid);
	/* a SIGKILL taken would have ended init before this */
	tst_res(TPASS, "init lives on after a member's SIGKILL via pidfd");
	TST_CHECKPOINT_WAKE(0);
	/* the test signals us before it wakes this */
	TST_CHECKPOINT_WAIT(1);
	TST_EXP_EXPR(usr1_pid == 0 && usr1_code == SI_USER,
		     "SIGUSR1 via pidfd from the parent namespace: si_pid %d, "
		     "si_code %d (0, SI_USER expected)", (int)usr1_pid,
		     (int)usr1_code);
	TST_CHECKPOINT_WAKE(2);
	for (;;)
		pause();
}

static void fdinfo(int fd, char *buf, size_t size)
{
	char path[64];
	int ffd;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	ffd = SAFE_OPEN(path, O_RDONLY);
	n = read(ffd, buf, size - 1);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "read(%s)", path);
	buf[n] = 0;
	SAFE_CLOSE(ffd);
}

static void run(void)
{
	char buf[512], *p;
	int init_fd, a = 0, b = 0;
	siginfo_t si;
	pid_t init;

	test_usr1 = 0;
	init = SAFE_NS_FORK(CLONE_NEWPID);
	if (!init)
		init_main();
	init_fd = safe_pidfd_open(init);
	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EXPR(!test_usr1, "the test got no SIGUSR1 from the member");

	fdinfo(init_fd, buf, sizeof(buf));
	p = strstr(buf, "NSpid:");
	TST_EXP_EXPR(p && sscanf(p, "NSpid: %d %d", &a, &b) == 2 &&
		     a == init && b == 1, "fdinfo of the pidfd of init "
		     "(%d): NSpid %d %d", (int)init, a, b);

	TST_EXP_PASS(pidfd_send_signal_raw(init_fd, SIGUSR1, NULL, 0),
		     "SIGUSR1 to init through its pidfd");
	TST_CHECKPOINT_WAKE(1);
	TST_CHECKPOINT_WAIT(2);

	TST_EXP_PASS(pidfd_send_signal_raw(init_fd, SIGKILL, NULL, 0),
		     "SIGKILL to init through its pidfd");
	memset(&si, 0, sizeof(si));
	if (waitid(P_PIDFD, init_fd, &si, WEXITED))
		tst_brk(TBROK | TERRNO, "waitid(P_PIDFD)");
	TST_EXP_EXPR(si.si_pid == init && si.si_code == CLD_KILLED &&
		     si.si_status == SIGKILL, "waitid(P_PIDFD) reaped init: "
		     "pid %d, si_code %d, si_status %d", (int)si.si_pid,
		     si.si_code, si.si_status);
	fdinfo(init_fd, buf, sizeof(buf));
	p = strstr(buf, "Pid:");
	a = 0;
	TST_EXP_EXPR(p && sscanf(p, "Pid: %d", &a) == 1 && a == -1,
		     "fdinfo of the reaped init's pidfd: Pid %d", a);
	SAFE_CLOSE(init_fd);
}

static void setup(void)
{
	struct sigaction sa = {.sa_handler = test_handler};

	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction");
	test_pid = getpid();
	if (test_pid <= 2)
		tst_brk(TBROK, "test pid %d could exist inside", (int)test_pid);
	self_fd = safe_pidfd_open(test_pid);
}

static void cleanup(void)
{
	if (self_fd >= 0)
		SAFE_CLOSE(self_fd);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.min_kver = "5.4",
	.needs_kconfigs = (const char *const []) {"CONFIG_PID_NS", NULL},
};

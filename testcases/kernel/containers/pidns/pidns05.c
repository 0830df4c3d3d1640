// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pid namespace nesting and its limits (kernel/pid_namespace.c
 * create_pid_namespace(): MAX_PID_NS_LEVEL is 32; kernel/ucount.c):
 *  - from the test's own level L (0 on the host), a chain of
 *    clone(CLONE_NEWPID) reaches level 32; the process there is pid 1,
 *    its NSpid line in /proc/self/status (the test's /proc) has 33 - L
 *    numbers, ending in 1;
 *  - at level 32 both clone(CLONE_NEWPID) and unshare(CLONE_NEWPID) fail
 *    with ENOSPC, while a plain fork() works (pid 2 there);
 *  - SIGKILL to the chain's level L+1 init kills all the levels below:
 *    once the test has reaped it (killed by SIGKILL), no process of the
 *    chain holds the pipe any more;
 *  - user.max_pid_namespaces, set to 2 in a new user namespace (its own
 *    copy, the system's is untouched), lets its root create two pid
 *    namespaces that live at once and refuses a third with ENOSPC.
 */
#include <poll.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define MAX_LEVEL 32
#define MAXPIDNS "/proc/sys/user/max_pid_namespaces"

static int start_level;
static int chain_fds[2];

/* Number of entries in the NSpid line of /proc/self/status; last in *last */
static int nspid(long *first, long *last)
{
	char line[1024], *p, *end;
	FILE *f = fopen("/proc/self/status", "r");
	int n = 0;
	long v;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "NSpid:", 6))
			continue;
		for (p = line + 6;; p = end) {
			v = strtol(p, &end, 10);
			if (end == p)
				break;
			if (!n)
				*first = v;
			*last = v;
			n++;
		}
	}
	fclose(f);
	return n;
}

/* ret is ns_fork()'s: a child made against the rule exits at once */
static void expect_enospc(pid_t ret, const char *what)
{
	if (!ret)
		_exit(0);
	if (ret > 0) {
		tst_res(TFAIL, "%s succeeded", what);
		reap_child(ret);
	} else if (errno != ENOSPC) {
		tst_res(TFAIL | TERRNO, "%s: expected ENOSPC", what);
	} else {
		tst_res(TPASS, "%s: ENOSPC", what);
	}
}

static void deepest(void)
{
	long first = 0, last = 0;
	int n, status;
	pid_t pid;

	n = nspid(&first, &last);
	TST_EXP_EXPR(n == MAX_LEVEL + 1 - start_level && last == 1 &&
		     first > 1 && getpid() == 1,
		     "at level %d: pid %d, NSpid has %d entries (%d expected), "
		     "the first %ld, the last %ld", MAX_LEVEL, (int)getpid(), n,
		     MAX_LEVEL + 1 - start_level, first, last);
	expect_enospc(ns_fork(CLONE_NEWPID), "clone(CLONE_NEWPID) at level 32");
	TST_EXP_FAIL(unshare(CLONE_NEWPID), ENOSPC,
		     "unshare(CLONE_NEWPID) at level %d", MAX_LEVEL);
	pid = SAFE_FORK();
	if (!pid)
		_exit(0);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(pid == 2 && WIFEXITED(status) && !WEXITSTATUS(status),
		     "fork() at level %d gives pid %d", MAX_LEVEL, (int)pid);
	ns_signal_fd(chain_fds[1]);
	for (;;)
		pause();
}

/* each level makes the next and waits to be killed; the last tests */
static void chain(int level)
{
	pid_t pid;

	for (; level < MAX_LEVEL; level++) {
		pid = ns_fork(CLONE_NEWPID);
		if (pid < 0)
			tst_brk(TBROK | TERRNO, "clone(CLONE_NEWPID) at level %d",
				level);
		if (pid) {
			for (;;)
				pause();
		}
	}
	deepest();
}

static void nesting(void)
{
	struct pollfd pfd;
	pid_t top;
	int n;
	char c;

	SAFE_PIPE(chain_fds);
	top = SAFE_NS_FORK(CLONE_NEWPID);
	if (!top)
		chain(start_level + 1);
	SAFE_CLOSE(chain_fds[1]);
	ns_wait_fd(chain_fds[0]);

	SAFE_KILL(top, SIGKILL);
	reap_child_killed(top, SIGKILL);
	pfd.fd = chain_fds[0];
	pfd.events = POLLIN;
	n = poll(&pfd, 1, 10000 * tst_timeout_mul());
	if (n == 1)
		n = read(chain_fds[0], &c, 1);
	else
		n = -1;
	TST_EXP_EXPR(n == 0, "every level died with the killed top init "
		     "(read() of their pipe returned %d)", n);
	SAFE_CLOSE(chain_fds[0]);
}

static void limit_child(void)
{
	pid_t held[3];
	int hold[2], i;

	if (unshare(CLONE_NEWUSER))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUSER)");
	ns_map_self_root(0, 0);
	SAFE_FILE_PRINTF(MAXPIDNS, "2");
	SAFE_PIPE(hold);
	for (i = 0; i < 2; i++) {
		held[i] = ns_fork(CLONE_NEWPID);
		if (held[i] < 0) {
			tst_res(TFAIL | TERRNO, "pid namespace %d of 2", i + 1);
			break;
		}
		if (!held[i]) {
			char c;

			SAFE_CLOSE(hold[1]);
			_exit(read(hold[0], &c, 1) == 0 ? 0 : 1);
		}
	}
	if (i == 2) {
		tst_res(TPASS, "two pid namespaces under max_pid_namespaces 2");
		expect_enospc(ns_fork(CLONE_NEWPID), "a third pid namespace "
			      "under max_pid_namespaces 2");
	}
	SAFE_CLOSE(hold[1]);
	while (i--)
		reap_child(held[i]);
	exit(0);
}

static void run(void)
{
	pid_t pid;

	nesting();
	pid = SAFE_FORK();
	if (!pid)
		limit_child();
	reap_child(pid);
}

static void setup(void)
{
	long first, last;

	start_level = nspid(&first, &last) - 1;
	if (start_level < 0)
		tst_brk(TCONF, "no NSpid line in /proc/self/status");
	if (start_level >= MAX_LEVEL)
		tst_brk(TCONF, "the test runs at pid namespace level %d",
			start_level);
	tst_res(TINFO, "the test runs at pid namespace level %d", start_level);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_PID_NS", "CONFIG_USER_NS", NULL
	},
};

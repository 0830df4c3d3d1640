// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone() through the C library: a NULL stack is EINVAL and makes no
 * child; a child inherits the environment (a variable set just before is
 * there, and one the child sets is not seen by the parent); a child
 * function that returns makes the child exit with its return value (not
 * a signal); with CLONE_NEWNET (root) the child is in a network namespace
 * of its own (another /proc/self/ns/net, only lo, down) and a sysctl it
 * changes there (net.ipv4.ip_forward) is unchanged in the parent's.
 * Syscalls: clone
 */
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "net_helpers.h"

#define STACK_SIZE (256 * 1024)
#define FORWARD "/proc/sys/net/ipv4/ip_forward"

static char *stack;
static char parent_ns[64];
static int parent_fwd;

static pid_t do_clone(int (*fn)(void *), int flags)
{
	pid_t pid = clone(fn, stack + STACK_SIZE, flags | SIGCHLD, NULL);

	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(%#x)", flags);
	return pid;
}

/* The child's exit status: its exit value, or 1000 + signal. */
static int wait_child(pid_t pid)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (WIFSIGNALED(status))
		return 1000 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

static int nop(void *arg)
{
	(void)arg;
	return 0;
}

static void test_null_stack(void)
{
	TST_EXP_FAIL(clone(nop, NULL, SIGCHLD, NULL), EINVAL,
		     "clone() with a NULL stack");
	TST_EXP_FAIL(waitpid(-1, NULL, WNOHANG | __WALL), ECHILD,
		     "no child was made");
}

static int env_child(void *arg)
{
	const char *v = getenv("LTP_CLONE05");

	(void)arg;
	setenv("LTP_CLONE05_CHILD", "1", 1);
	return v && !strcmp(v, "inherited") ? 0 : 1;
}

static void test_env(void)
{
	int r;

	setenv("LTP_CLONE05", "inherited", 1);
	r = wait_child(do_clone(env_child, 0));
	TST_EXP_EXPR(r == 0, "the child saw LTP_CLONE05=inherited (%d)", r);
	TST_EXP_EXPR(!getenv("LTP_CLONE05_CHILD"), "the child's setenv() is "
		     "not seen by the parent");
}

static int ret7(void *arg)
{
	(void)arg;
	return 7;
}

static void test_return(void)
{
	int r = wait_child(do_clone(ret7, 0));

	TST_EXP_EXPR(r == 7, "a child function returning 7: the child "
		     "exited with 7 (%d; above 1000: a signal)", r);
}

static int netns_child(void *arg)
{
	char ns[64];
	int n = 0, lo = 0, bad = 0;
	FILE *f;

	(void)arg;
	memset(ns, 0, sizeof(ns));
	if (readlink("/proc/self/ns/net", ns, sizeof(ns) - 1) < 0 ||
	    !strcmp(ns, parent_ns))
		bad |= 1;
	/* lo, and the fallback tunnels of loaded tunnel drivers */
	n = net_count_own_ifs(&lo);
	if (n != 1 || !lo)
		bad |= 2;
	/* the opposite of the parent's value, read back */
	f = fopen(FORWARD, "w");
	if (!f || fprintf(f, "%d\n", !parent_fwd) < 0 || fclose(f))
		return bad | 4;
	f = fopen(FORWARD, "r");
	if (!f || fscanf(f, "%d", &n) != 1 || n != !parent_fwd)
		bad |= 8;
	if (f)
		fclose(f);
	return bad;
}

static void test_netns(void)
{
	int r, now;

	if (geteuid()) {
		tst_res(TCONF, "CLONE_NEWNET needs root");
		return;
	}
	SAFE_FILE_SCANF(FORWARD, "%d", &parent_fwd);
	r = wait_child(do_clone(netns_child, CLONE_NEWNET));
	TST_EXP_EXPR(r == 0, "CLONE_NEWNET child: its own namespace, only lo "
		     "in it, ip_forward set to %d there (bits of what failed: "
		     "%d)", !parent_fwd, r);
	SAFE_FILE_SCANF(FORWARD, "%d", &now);
	TST_EXP_EXPR(now == parent_fwd, "the parent's ip_forward is still %d "
		     "(%d)", parent_fwd, now);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_null_stack();
		break;
	case 1:
		test_env();
		break;
	case 2:
		test_return();
		break;
	case 3:
		test_netns();
		break;
	}
}

static void setup(void)
{
	stack = SAFE_MALLOC(STACK_SIZE);
	if (readlink("/proc/self/ns/net", parent_ns, sizeof(parent_ns) - 1) < 0)
		tst_brk(TBROK | TERRNO, "readlink(/proc/self/ns/net)");
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

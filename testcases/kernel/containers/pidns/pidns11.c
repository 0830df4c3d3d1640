// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What clone() and unshare() refuse around pid namespaces (kernel/fork.c
 * copy_process(), kernel/pid_namespace.c copy_pid_ns(), pidns_install()):
 *  - a thread cannot be in another pid or user namespace than its
 *    thread group: clone(CLONE_THREAD | CLONE_SIGHAND | CLONE_VM) with
 *    CLONE_NEWPID or with CLONE_NEWUSER is EINVAL, while the same flags
 *    alone start a thread;
 *  - the init of a pid namespace cannot make a sibling (its parent is
 *    outside): its clone(CLONE_PARENT) is EINVAL (no child appears);
 *    a member's clone(CLONE_PARENT) works, the child's parent is init
 *    (getppid() 1), the member has no child (ECHILD), init reaps both;
 *  - after unshare(CLONE_NEWPID) the caller's pid_for_children differs
 *    from its pid namespace (the link is ENOENT while the new namespace
 *    has no init), so pthread_create() is EINVAL, and a
 *    second unshare(CLONE_NEWPID) is EINVAL; vfork() works (only
 *    threads are refused) and its child is pid 1 of the new namespace;
 *    once that init has exited, fork() is ENOMEM;
 *  - setns() into the caller's own pid namespace takes pid_for_children
 *    back: pthread_create() works and a forked child is in the caller's
 *    namespace (getppid() is the caller's pid, not 0).
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "lapi/sched.h"

#define STACK_SIZE (64 * 1024)

static char *stack;

static int thread_fn(void *arg)
{
	(void)arg;
	/* exit this thread only, never the group */
	syscall(__NR_exit, 0);
	return 0;
}

static void *pthread_fn(void *arg)
{
	return arg;
}

/* fork() whose child, if any, ends at once; returns fork()'s value. */
static pid_t fork_exit(void)
{
	pid_t p = fork();

	if (!p)
		_exit(0);
	if (p > 0)
		reap_child(p);
	return p;
}

static int try_pthread(void)
{
	pthread_t t;
	int ret = pthread_create(&t, NULL, pthread_fn, NULL);

	if (!ret)
		pthread_join(t, NULL);
	return ret;
}

static void thread_flags(void)
{
	const int base = CLONE_THREAD | CLONE_SIGHAND | CLONE_VM |
			 CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID;
	long long deadline;
	volatile pid_t tid = 0;
	int ret;

	TST_EXP_EQ_LI(try_pthread(), 0);
	/* one stack each: a wrongly started thread must not share one */
	ret = clone(thread_fn, stack + STACK_SIZE, base, NULL, &tid, NULL,
		    &tid);
	TST_EXP_EXPR(ret > 0, "clone(CLONE_THREAD | SIGHAND | VM) returned %d",
		     ret);
	/* CLONE_CHILD_CLEARTID zeroes tid when the thread is gone */
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while (ret > 0 && tid && tst_mono_ms() < deadline)
		usleep(1000);
	if (ret > 0 && tid)
		tst_brk(TBROK, "thread %d did not exit", ret);
	TST_EXP_FAIL(clone(thread_fn, stack + 2 * STACK_SIZE,
			   base | CLONE_NEWPID, NULL, &tid, NULL, &tid),
		     EINVAL, "clone(CLONE_THREAD | CLONE_NEWPID)");
	TST_EXP_FAIL(clone(thread_fn, stack + 3 * STACK_SIZE,
			   base | CLONE_NEWUSER, NULL, &tid, NULL, &tid),
		     EINVAL, "clone(CLONE_THREAD | CLONE_NEWUSER)");
}

static void sibling_child(void)
{
	TST_EXP_EQ_LI(getppid(), 1);
	exit(0);
}

static void member(void)
{
	pid_t c = ns_fork(CLONE_PARENT);

	if (!c)
		sibling_child();
	TST_EXP_EXPR(c == 3, "member's clone(CLONE_PARENT) returned %d",
		     (int)c);
	TST_EXP_FAIL(waitpid(-1, NULL, 0), ECHILD,
		     "waitpid() in the member after clone(CLONE_PARENT)");
	exit(0);
}

static void ns_init(void)
{
	int status, reaped = 0;
	pid_t c, m, w;

	c = ns_fork(CLONE_PARENT);
	if (!c)
		exit(0);
	if (c > 0)
		tst_res(TFAIL, "init's clone(CLONE_PARENT) made child %d",
			(int)c);
	else if (errno == EINVAL)
		tst_res(TPASS, "init's clone(CLONE_PARENT): EINVAL");
	else
		tst_res(TFAIL | TERRNO, "init's clone(CLONE_PARENT)");

	m = SAFE_FORK();
	if (!m)
		member();
	while ((w = waitpid(-1, &status, 0)) > 0) {
		reaped++;
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			tst_res(TFAIL, "child %d of init: status 0x%x", (int)w,
				status);
	}
	TST_EXP_EXPR(reaped == 2, "init reaped %d children (member and "
		     "its CLONE_PARENT child)", reaped);
	exit(0);
}

static void unshared(void)
{
	int own = SAFE_OPEN("/proc/self/ns/pid", O_RDONLY);
	pid_t self = getpid();
	int status;
	pid_t p;

	if (unshare(CLONE_NEWPID))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWPID)");
	/* a new namespace without its init yet: the link is empty */
	TST_EXP_FAIL(access("/proc/self/ns/pid_for_children", F_OK), ENOENT,
		     "pid_for_children after unshare(CLONE_NEWPID)");
	TST_EXP_EQ_LI(try_pthread(), EINVAL);
	TST_EXP_FAIL(unshare(CLONE_NEWPID), EINVAL,
		     "second unshare(CLONE_NEWPID)");

	p = vfork();
	if (!p)
		_exit(getpid() == 1 ? 0 : 1);
	if (p < 0)
		tst_brk(TBROK | TERRNO, "vfork()");
	SAFE_WAITPID(p, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "vfork() child is pid 1 of the new namespace (0x%x)",
		     status);
	TST_EXP_FAIL(fork_exit(), ENOMEM, "fork() after the namespace's init "
		     "exited");

	TST_EXP_PASS(setns(own, CLONE_NEWPID),
		     "setns() into the caller's own pid namespace");
	TST_EXP_EXPR(NS_ID(0, "pid_for_children") == NS_ID(0, "pid"),
		     "pid_for_children is the caller's namespace again");
	TST_EXP_EQ_LI(try_pthread(), 0);

	p = SAFE_FORK();
	if (!p) {
		TST_EXP_EQ_LI(getppid(), self);
		exit(0);
	}
	NS_REAP(p);
	SAFE_CLOSE(own);
	exit(0);
}

static void run(void)
{
	pid_t pid;

	thread_flags();

	pid = SAFE_NS_FORK(CLONE_NEWPID);
	if (!pid)
		ns_init();
	NS_REAP(pid);

	pid = SAFE_FORK();
	if (!pid)
		unshared();
	NS_REAP(pid);
}

static void setup(void)
{
	stack = SAFE_MMAP(NULL, 3 * STACK_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_PID_NS", "CONFIG_USER_NS", NULL
	},
};

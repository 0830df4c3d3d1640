// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork() creates a child that is a copy: it returns 0 in the child and the
 * child's pid (its getpid(), and its only thread's tid) in the parent; the
 * child's parent is the caller. Global, heap, stack and MAP_PRIVATE data
 * hold the values from before the fork in the child, and the child's
 * stores to them do not reach the parent, while a MAP_SHARED mapping is
 * shared. The child inherits the signal mask and handlers but no pending
 * signal, no alarm, and no fcntl() record lock of the parent.
 */
#include <signal.h>
#include <stdlib.h>
#include "tst_test.h"
#include "legacy_raw.h"

#define BEFORE	0x1234
#define AFTER	0x4321

static int global_var;
static int *heap_var, *private_map, *shared_map;
static volatile int *child_report;	/* in shared_map: child's findings */

enum {
	SAW_PID, SAW_PPID, SAW_TID, SAW_COPY, SAW_MASK, SAW_HANDLER,
	SAW_PENDING, SAW_ALARM, SAW_LOCK, NR_FINDINGS
};

static void handler(int sig)
{
	(void)sig;
}

static void child(pid_t parent, int *stack_var, int fd)
{
	struct sigaction sa;
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET,
			   .l_len = 1};
	sigset_t set;

	child_report[SAW_PID] = getpid();
	child_report[SAW_PPID] = getppid() == parent;
	child_report[SAW_TID] = gettid() == getpid();
	child_report[SAW_COPY] = global_var == BEFORE && *heap_var == BEFORE &&
				 *stack_var == BEFORE &&
				 *private_map == BEFORE;
	global_var = *heap_var = *stack_var = *private_map = AFTER;
	shared_map[1] = AFTER;

	sigprocmask(SIG_BLOCK, NULL, &set);
	child_report[SAW_MASK] = sigismember(&set, SIGUSR2);
	sigaction(SIGUSR1, NULL, &sa);
	child_report[SAW_HANDLER] = sa.sa_handler == handler;
	sigpending(&set);
	child_report[SAW_PENDING] = sigismember(&set, SIGUSR2);
	child_report[SAW_ALARM] = alarm(0);
	/* the parent's lock is not ours: F_GETLK reports its owner */
	if (fcntl(fd, F_GETLK, &fl))
		tst_brk(TBROK | TERRNO, "fcntl(F_GETLK)");
	child_report[SAW_LOCK] = fl.l_type == F_WRLCK ? fl.l_pid : 0;
	exit(0);
}

static void run(void)
{
	struct sigaction sa = {.sa_handler = handler};
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET,
			   .l_len = 1};
	int stack_var = BEFORE, fd;
	pid_t parent = getpid(), pid;
	sigset_t set;

	global_var = *heap_var = *private_map = BEFORE;
	memset((void *)child_report, 0, NR_FINDINGS * sizeof(int));

	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(SIG_BLOCK, SIGUSR2)");
	if (raise(SIGUSR2))
		tst_brk(TBROK | TERRNO, "raise(SIGUSR2)");
	alarm(100);
	fd = SAFE_OPEN("lockfile", O_RDWR | O_CREAT, 0644);
	if (fcntl(fd, F_SETLK, &fl))
		tst_brk(TBROK | TERRNO, "fcntl(F_SETLK)");

	pid = sys_fork();
	if (!pid)
		child(parent, &stack_var, fd);
	reap_child(pid);
	alarm(0);

	TST_EXP_EXPR(child_report[SAW_PID] == pid, "fork() returned %d to the"
		     " parent, the child's getpid() is %d", pid,
		     child_report[SAW_PID]);
	TST_EXP_EXPR(child_report[SAW_PPID], "the child's getppid() is the "
		     "parent");
	TST_EXP_EXPR(child_report[SAW_TID], "the child's gettid() is its pid");
	TST_EXP_EXPR(child_report[SAW_COPY], "the child saw global, heap, "
		     "stack and MAP_PRIVATE values from before the fork");
	TST_EXP_EXPR(global_var == BEFORE && *heap_var == BEFORE &&
		     stack_var == BEFORE && *private_map == BEFORE,
		     "the child's stores did not reach the parent's copy");
	TST_EXP_EXPR(shared_map[1] == AFTER, "the child's store to MAP_SHARED"
		     " memory reached the parent");
	TST_EXP_EXPR(child_report[SAW_MASK] && child_report[SAW_HANDLER],
		     "the child inherited the signal mask and handler");
	TST_EXP_EXPR(!child_report[SAW_PENDING], "the parent's pending "
		     "SIGUSR2 is not pending in the child");
	TST_EXP_EXPR(!child_report[SAW_ALARM], "the parent's alarm is not "
		     "the child's (alarm(0) returned %d)",
		     child_report[SAW_ALARM]);
	TST_EXP_EXPR(child_report[SAW_LOCK] == parent, "the parent's record "
		     "lock is not inherited: the child sees it held by %d",
		     child_report[SAW_LOCK]);

	SAFE_CLOSE(fd);
	SAFE_UNLINK("lockfile");
	shared_map[1] = 0;
	/* discard the pending SIGUSR2 before unblocking it */
	signal(SIGUSR2, SIG_IGN);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	signal(SIGUSR2, SIG_DFL);
	signal(SIGUSR1, SIG_DFL);
}

static void setup(void)
{
	heap_var = SAFE_MALLOC(sizeof(int));
	private_map = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	shared_map = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	child_report = shared_map + 16;
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

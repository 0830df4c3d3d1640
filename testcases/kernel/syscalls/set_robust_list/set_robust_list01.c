// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * set_robust_list(2) registers the list the kernel walks when the thread
 * dies: a thread registers a list of two locks, the first held by it
 * (futex word = its tid, with FUTEX_WAITERS set by a waiter), the second
 * held by another tid, and a third lock held by it named only in
 * list_op_pending; then it ends with the raw exit syscall, so no C library
 * code touches the locks. The kernel must
 * - set FUTEX_OWNER_DIED (and clear the owner) in the word of each lock
 *   the dead thread held, keeping FUTEX_WAITERS, and wake the main thread
 *   that waits on the first word;
 * - leave the lock held by another tid alone.
 * A thread's list is its own: the main thread's registration is not the
 * new thread's (get_robust_list() of the thread returns the thread's).
 * Syscalls: set_robust_list, get_robust_list, futex
 */
#include <pthread.h>
#include <sys/syscall.h>
#include <time.h>
#include "robust_list.h"
#include "task_wait.h"

static struct robust_list_head head;
static struct rl_lock held, other, pending;
static volatile pid_t thread_tid;

static void *thread_fn(void *arg)
{
	pid_t tid = gettid();

	(void)arg;
	rl_init(&head);
	rl_add(&head, &other);
	rl_add(&head, &held);
	head.list_op_pending = &pending.list;
	held.futex = tid;
	pending.futex = tid;
	other.futex = getpid();
	if (sys_set_robust_list(&head, sizeof(head)))
		tst_brk(TBROK | TERRNO, "set_robust_list() in the thread");
	thread_tid = tid;
	TST_CHECKPOINT_WAKE(0);
	/* die once the main thread sleeps on the held lock */
	wait_task_in_syscall(getpid(), __NR_futex);
	syscall(__NR_exit, 0);
	return NULL;
}

static void run(void)
{
	struct timespec ts = {.tv_sec = 30 * tst_timeout_mul()};
	struct robust_list_head *got = NULL;
	size_t len;
	pthread_t thread;
	uint32_t val;
	int ret;

	thread_tid = 0;
	ret = pthread_create(&thread, NULL, thread_fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(): %s", tst_strerrno(ret));
	TST_CHECKPOINT_WAIT(0);

	TST_EXP_PASS(sys_get_robust_list(thread_tid, &got, &len),
		     "get_robust_list(thread)");
	TST_EXP_EXPR(got == &head, "the thread's registered head %p (%p)",
		     (void *)got, (void *)&head);

	val = thread_tid | FUTEX_WAITERS;
	__atomic_store_n(&held.futex, val, __ATOMIC_SEQ_CST);
	/* a shared (not private) wait: the kernel wakes the robust waiter so */
	ret = syscall(__NR_futex, &held.futex, FUTEX_WAIT, val, &ts, NULL, 0);
	if (ret && errno != EAGAIN)
		tst_res(TFAIL | TERRNO, "waiting on the held lock");
	else
		tst_res(TPASS, "the waiter on the held lock was woken");
	pthread_join(thread, NULL);

	val = __atomic_load_n(&held.futex, __ATOMIC_SEQ_CST);
	TST_EXP_EXPR(val == (FUTEX_OWNER_DIED | FUTEX_WAITERS),
		     "held lock: 0x%x (FUTEX_OWNER_DIED | FUTEX_WAITERS 0x%x)",
		     val, FUTEX_OWNER_DIED | FUTEX_WAITERS);
	val = __atomic_load_n(&pending.futex, __ATOMIC_SEQ_CST);
	TST_EXP_EXPR(val == FUTEX_OWNER_DIED,
		     "list_op_pending lock: 0x%x (FUTEX_OWNER_DIED 0x%x)",
		     val, FUTEX_OWNER_DIED);
	val = __atomic_load_n(&other.futex, __ATOMIC_SEQ_CST);
	TST_EXP_EXPR(val == (uint32_t)getpid(),
		     "lock held by another tid: 0x%x (0x%x, unchanged)", val,
		     (unsigned int)getpid());
}

static struct tst_test test = {
	.test_all = run,
	.needs_checkpoints = 1,
};

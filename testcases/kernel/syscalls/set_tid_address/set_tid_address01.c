// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * set_tid_address(2), raw:
 * - it returns the caller's thread id;
 * - a thread sharing the memory of its parent (clone(CLONE_VM)) that set
 *   its clear_child_tid address to a word of that memory has the word set
 *   to 0 when it exits, and a FUTEX_WAIT sleeping on the word is woken
 *   (kernel/fork.c mm_release());
 * - after set_tid_address(NULL) nothing is written at exit.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"

#define WORD_INIT 0x5eed1234
#define STACK_SIZE (256 * 1024)

static volatile int word, parent_waiting, clear_at_exit;
static volatile long child_ret, child_tid;
static pid_t parent_tid;
static char *stack;
static int self_word;

static char task_state(pid_t tid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return '?';
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return '?';
	buf[n] = 0;
	p = strrchr(buf, ')');
	return p && p[1] && p[2] ? p[2] : '?';
}

static int child_fn(void *arg)
{
	(void)arg;
	child_tid = syscall(__NR_gettid);
	child_ret = syscall(__NR_set_tid_address,
			    clear_at_exit ? (int *)&word : NULL);
	if (clear_at_exit) {
		/* exit only once the parent sleeps on the word */
		while (!parent_waiting)
			sched_yield();
		while (task_state(parent_tid) != 'S')
			sched_yield();
	}
	syscall(__NR_exit, 0);
	return 0;
}

static void one_child(int clear)
{
	struct timespec ts = {.tv_sec = 60};
	int status;
	pid_t pid;
	long ret;

	word = WORD_INIT;
	parent_waiting = 0;
	clear_at_exit = clear;
	child_ret = child_tid = -1;
	parent_tid = syscall(__NR_gettid);

	pid = clone(child_fn, stack + STACK_SIZE,
		    CLONE_VM | CLONE_FS | CLONE_FILES | SIGCHLD, NULL);
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone(CLONE_VM)");

	if (clear) {
		parent_waiting = 1;
		ret = syscall(__NR_futex, &word, FUTEX_WAIT, WORD_INIT, &ts,
			      NULL, 0);
		if (ret == -1 && errno == ETIMEDOUT)
			tst_res(TFAIL, "FUTEX_WAIT on the tid word not woken "
				"by the thread's exit in %ld s",
				(long)ts.tv_sec);
		else if (ret == 0)
			tst_res(TPASS, "FUTEX_WAIT on the tid word woken by "
				"the thread's exit");
		else
			tst_res(TFAIL | TERRNO, "FUTEX_WAIT returned %ld", ret);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "clone child ended with status %#x", status);

	TST_EXP_EXPR(child_ret == child_tid && child_ret == pid,
		     "set_tid_address() returned %ld, the thread's tid %ld "
		     "(clone() returned %d)", child_ret, child_tid, pid);
	if (clear)
		TST_EXP_EXPR(word == 0, "tid word is %#x after the exit, "
			     "expected 0", word);
	else
		TST_EXP_EXPR(word == WORD_INIT, "tid word is %#x after the "
			     "exit of a thread that set NULL, expected %#x",
			     word, WORD_INIT);
}

static void run(void)
{
	TST_EXP_VAL(syscall(__NR_set_tid_address, &self_word),
		    syscall(__NR_gettid), "set_tid_address() in the test");
	one_child(1);
	one_child(0);
}

static void setup(void)
{
	stack = SAFE_MMAP(NULL, STACK_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rt_sigreturn(2) on x86-64, with a signal handler installed by the raw
 * rt_sigaction with SA_RESTORER and the test's own restorer, which makes
 * the raw rt_sigreturn system call from the stack the handler returned on:
 * - the interrupted context is restored from the signal frame: the handler
 *   writes 12345 to the saved RAX of the interrupted tgkill() and that is
 *   what tgkill() returns; it adds SIGUSR2 to the saved signal mask and
 *   SIGUSR2 is blocked afterwards; a variable local to the interrupted
 *   code keeps its value; the test's restorer did run;
 * - rt_sigreturn made where there is no signal frame (the stack pointer
 *   on an unmapped page) kills the caller with SIGSEGV
 *   (arch/x86/kernel/signal.c: badframe -> signal_fault). (Zeroed memory
 *   is not used: it passes as a frame, and the kernel then returns to
 *   ip 0 with a null CS, a general protection fault the runner reports.)
 */
#include <signal.h>
#include <stdlib.h>
#include <ucontext.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "lapi/signal.h"

#define STR_(x) #x
#define STR(x) STR_(x)

void test_restorer(void);
void sigreturn_with_sp(void *sp);
volatile int restorer_ran;

/* Entered by the handler's ret, with the stack at the rt_sigframe. */
asm(".text\n"
    ".globl test_restorer\n"
    "test_restorer:\n"
    "	movl $1, restorer_ran(%rip)\n"
    "	movq $" STR(__NR_rt_sigreturn) ", %rax\n"
    "	syscall\n"
    "	hlt\n"
    ".globl sigreturn_with_sp\n"
    "sigreturn_with_sp:\n"
    "	movq %rdi, %rsp\n"
    "	movq $" STR(__NR_rt_sigreturn) ", %rax\n"
    "	syscall\n"
    "	hlt\n");

static volatile int handled;

static void handler(int sig, siginfo_t *si, void *uc_)
{
	ucontext_t *uc = uc_;

	(void)si;
	if (sig != SIGUSR1)
		return;
	handled++;
	uc->uc_mcontext.gregs[REG_RAX] = 12345;
	sigaddset(&uc->uc_sigmask, SIGUSR2);
}

static void sigreturn_frames(void)
{
	struct ksigaction sa = {
		.sigaction = handler,
		.flags = SA_SIGINFO | SA_RESTORER,
		.restorer = test_restorer,
	};
	sigset_t set;
	volatile long local = 0x1234abcd;
	long ret;

	if (tst_syscall(__NR_rt_sigaction, SIGUSR1, &sa, NULL, 8))
		tst_brk(TBROK | TERRNO, "rt_sigaction(SIGUSR1)");

	sigemptyset(&set);
	if (sigprocmask(SIG_SETMASK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
	restorer_ran = 0;
	handled = 0;

	ret = syscall(__NR_tgkill, getpid(), syscall(__NR_gettid), SIGUSR1);

	TST_EXP_EQ_LI(handled, 1);
	TST_EXP_EQ_LI(restorer_ran, 1);
	TST_EXP_EQ_LI(ret, 12345);
	TST_EXP_EQ_LI(local, 0x1234abcd);
	if (sigprocmask(SIG_SETMASK, NULL, &set))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
	TST_EXP_EXPR(sigismember(&set, SIGUSR2) == 1,
		     "SIGUSR2 blocked by the signal mask of the frame");
	TST_EXP_EXPR(sigismember(&set, SIGUSR1) == 0,
		     "SIGUSR1 unblocked again after the handler");
	sigemptyset(&set);
	if (sigprocmask(SIG_SETMASK, &set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
	signal(SIGUSR1, SIG_DFL);
}

static void no_frame(const char *what, void *sp)
{
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		signal(SIGSEGV, SIG_DFL);
		sigreturn_with_sp(sp);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV)
		tst_res(TPASS, "rt_sigreturn with %s killed the caller by "
			"SIGSEGV", what);
	else if (WIFSIGNALED(status))
		tst_res(TFAIL, "rt_sigreturn with %s: caller killed by %s, "
			"expected SIGSEGV", what, tst_strsig(WTERMSIG(status)));
	else
		tst_res(TFAIL, "rt_sigreturn with %s: caller exited with %d, "
			"expected SIGSEGV", what, WEXITSTATUS(status));
}

static void run(void)
{
	long psz = getpagesize();
	char *p;

	sigreturn_frames();

	p = SAFE_MMAP(NULL, 4 * psz, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		      -1, 0);
	SAFE_MUNMAP(p, 4 * psz);
	no_frame("the stack on an unmapped page", p + 2 * psz);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
};

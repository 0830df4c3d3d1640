// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getcontext()/setcontext()/makecontext()/swapcontext(), which save and
 * restore the signal mask through rt_sigprocmask:
 *  - getcontext() returns 0, and setcontext() resumes there (getcontext()
 *    returning a second time), never returning itself;
 *  - uc_sigmask of getcontext() is the mask the kernel reports
 *    (rt_sigprocmask(SIG_BLOCK, NULL) by the raw syscall);
 *  - setcontext() restores the saved mask in the kernel: signals blocked
 *    and unblocked after getcontext() are back as they were, and a signal
 *    left pending while blocked is delivered when the restored mask
 *    unblocks it;
 *  - it restores the floating point control state too (x86): a rounding
 *    mode set after getcontext() in the x87 control word and in MXCSR is
 *    gone;
 *  - makecontext() runs a function with its arguments on the stack given
 *    (a local of it lies inside that stack), with the mask of the context;
 *    swapcontext() saves the caller so the function can swap back, and
 *    the function's return continues at uc_link.
 * Syscalls: rt_sigprocmask
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>
#include "tst_test.h"

#define STACK_SIZE (64 * 1024)

static ucontext_t main_ctx, func_ctx, link_ctx;
static char *stack;
static volatile int usr2_seen;
static volatile int step;
static volatile uintptr_t func_local;
static volatile long func_args[2];
static volatile int func_usr1_blocked;

#if defined(__x86_64__) || defined(__i386__)
# define HAVE_FP_CONTROL 1
/* The rounding control bits of the x87 control word and of MXCSR. */
static unsigned int fp_rounding(void)
{
	unsigned short cw;
	unsigned int csr;

	__asm__ volatile("fnstcw %0" : "=m"(cw));
	__asm__ volatile("stmxcsr %0" : "=m"(csr));
	return (cw & 0xc00u) << 16 | (csr & 0x6000u);
}

/* Both to round towards +infinity (or to nearest if they already do). */
static void fp_round_other(void)
{
	unsigned short cw;
	unsigned int csr;

	__asm__ volatile("fnstcw %0" : "=m"(cw));
	__asm__ volatile("stmxcsr %0" : "=m"(csr));
	cw = (cw & ~0xc00u) | ((cw & 0xc00u) == 0x800u ? 0 : 0x800u);
	csr = (csr & ~0x6000u) | ((csr & 0x6000u) == 0x4000u ? 0 : 0x4000u);
	__asm__ volatile("fldcw %0" : : "m"(cw));
	__asm__ volatile("ldmxcsr %0" : : "m"(csr));
}
#else
# define HAVE_FP_CONTROL 0
static unsigned int fp_rounding(void)
{
	return 0;
}

static void fp_round_other(void)
{
}
#endif

/* The kernel's mask of the calling thread (64 signals on x86-64). */
static uint64_t kernel_mask(void)
{
	uint64_t m = 0;

	if (syscall(__NR_rt_sigprocmask, SIG_BLOCK, NULL, &m, sizeof(m)))
		tst_brk(TBROK | TERRNO, "rt_sigprocmask()");
	return m;
}

static uint64_t mask_bits(const sigset_t *set)
{
	uint64_t m = 0;
	int sig;

	for (sig = 1; sig <= 64; sig++)
		if (sigismember(set, sig) == 1)
			m |= 1ULL << (sig - 1);
	return m;
}

static void on_usr2(int sig)
{
	(void)sig;
	usr2_seen++;
}

static void block(int how, int sig)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, sig);
	if (sigprocmask(how, &s, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
}

static void test_set_restore(void)
{
	volatile unsigned int round_before = fp_rounding();
	uint64_t before, saved;
	volatile int ret;
	ucontext_t ctx;

	block(SIG_UNBLOCK, SIGUSR2);
	block(SIG_BLOCK, SIGUSR1);
	before = kernel_mask();
	step = 0;
	usr2_seen = 0;
	ret = getcontext(&ctx);
	if (step == 0) {
		TST_EXP_EXPR(ret == 0, "getcontext() returned %d", ret);
		saved = mask_bits(&ctx.uc_sigmask);
		TST_EXP_EXPR(saved == before, "uc_sigmask %#llx is the kernel's "
			     "mask %#llx", (unsigned long long)saved,
			     (unsigned long long)before);
		step = 1;
		block(SIG_UNBLOCK, SIGUSR1);
		block(SIG_BLOCK, SIGUSR2);
		SAFE_KILL(getpid(), SIGUSR2);
		if (usr2_seen)
			tst_brk(TBROK, "SIGUSR2 was delivered while blocked");
		fp_round_other();
		if (HAVE_FP_CONTROL && fp_rounding() == round_before)
			tst_brk(TBROK, "the rounding mode did not change");
		setcontext(&ctx);
		tst_res(TFAIL | TERRNO, "setcontext() returned");
		return;
	}
	TST_EXP_EXPR(step == 1 && ret == 0, "getcontext() returned 0 again "
		     "after setcontext()");
	TST_EXP_EXPR(kernel_mask() == before, "after setcontext() the kernel's "
		     "mask is the saved one again (%#llx, want %#llx)",
		     (unsigned long long)kernel_mask(),
		     (unsigned long long)before);
	TST_EXP_EXPR(usr2_seen == 1, "the SIGUSR2 left pending was delivered "
		     "once the restored mask unblocked it (%d times)",
		     usr2_seen);
	if (HAVE_FP_CONTROL)
		TST_EXP_EXPR(fp_rounding() == round_before, "the rounding mode "
			     "set after getcontext() is undone (%#x, want %#x)",
			     fp_rounding(), round_before);
	else
		tst_res(TCONF, "no check of the floating point control state "
			"on this architecture");
	block(SIG_UNBLOCK, SIGUSR1);
}

static void func(long a, long b)
{
	volatile char local;
	sigset_t cur;

	func_local = (uintptr_t)&local;
	func_args[0] = a;
	func_args[1] = b;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	func_usr1_blocked = sigismember(&cur, SIGUSR1) == 1;
	step = 2;
	swapcontext(&func_ctx, &main_ctx);
	step = 4;
}

static void test_make_swap(void)
{
	uintptr_t lo = (uintptr_t)stack, hi = lo + STACK_SIZE;

	step = 0;
	if (getcontext(&link_ctx))
		tst_brk(TBROK | TERRNO, "getcontext()");
	/* link_ctx resumes here when func returns */
	if (step == 4) {
		tst_res(TPASS, "the function's return continued at uc_link");
		return;
	}
	if (step) {
		tst_res(TFAIL, "uc_link resumed with step %d", step);
		return;
	}
	if (getcontext(&func_ctx))
		tst_brk(TBROK | TERRNO, "getcontext()");
	func_ctx.uc_stack.ss_sp = stack;
	func_ctx.uc_stack.ss_size = STACK_SIZE;
	func_ctx.uc_link = &link_ctx;
	sigemptyset(&func_ctx.uc_sigmask);
	sigaddset(&func_ctx.uc_sigmask, SIGUSR1);
	makecontext(&func_ctx, (void (*)(void))func, 2, 0x1234L, -5L);
	TST_EXP_PASS(swapcontext(&main_ctx, &func_ctx));
	TST_EXP_EXPR(step == 2, "swapcontext() ran the function until it "
		     "swapped back (step %d)", step);
	TST_EXP_EXPR(func_args[0] == 0x1234 && func_args[1] == -5, "its "
		     "arguments were 0x%lx and %ld", func_args[0],
		     func_args[1]);
	TST_EXP_EXPR(func_local >= lo && func_local < hi, "it ran on the given "
		     "stack (a local at %#lx, stack %#lx-%#lx)",
		     (unsigned long)func_local, (unsigned long)lo,
		     (unsigned long)hi);
	TST_EXP_EXPR(func_usr1_blocked, "with the context's mask (SIGUSR1 "
		     "blocked)");
	TST_EXP_EXPR(!(kernel_mask() & (1ULL << (SIGUSR1 - 1))), "swapping "
		     "back restored the caller's mask (SIGUSR1 not blocked)");
	step = 3;
	setcontext(&func_ctx);
	tst_res(TFAIL | TERRNO, "setcontext() returned");
}

static void run(void)
{
	test_set_restore();
	test_make_swap();
}

static void setup(void)
{
	struct sigaction sa = { .sa_handler = on_usr2 };

	if (sigaction(SIGUSR2, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR2)");
	stack = SAFE_MALLOC(STACK_SIZE);
}

static void cleanup(void)
{
	free(stack);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() with SA_SIGINFO for instruction faults: for SIGILL and
 * SIGFPE si_addr is the "address of faulting instruction" and si_code
 * one of the codes of that signal. An undefined instruction (x86-64
 * ud2) raises SIGILL with an ILL_* code (which one printed: Linux uses
 * ILL_ILLOPN), an integer division by zero SIGFPE with FPE_INTDIV
 * ("integer divide by zero"); si_addr is each instruction's address,
 * si_signo the signal. Three faults each, the handler leaving with
 * siglongjmp(). With SIG_DFL the same faults end a child with the
 * signal (RLIMIT_CORE 0, no core).
 */
#include <setjmp.h>

#include "pts_helpers.h"

#ifdef __x86_64__

static sigjmp_buf env;
static siginfo_t got;

/* the faulting instructions, at global labels */
extern const char pts_sa20_ud2[], pts_sa20_div[];

__attribute__((noinline, noclone)) static void do_ud2(void)
{
	__asm__ volatile(".globl pts_sa20_ud2\npts_sa20_ud2:\n\tud2" ::: "memory");
}

__attribute__((noinline, noclone)) static unsigned int do_div(unsigned int n)
{
	unsigned int hi = 0, zero = 0;

	__asm__ volatile(".globl pts_sa20_div\npts_sa20_div:\n\tdivl %2"
			 : "+a"(n), "+d"(hi) : "r"(zero) : "memory");
	return n;
}

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	got = *si;
	siglongjmp(env, 1);
}

static int is_ill_code(int c)
{
	return c == ILL_ILLOPC || c == ILL_ILLOPN || c == ILL_ILLADR ||
	       c == ILL_ILLTRP || c == ILL_PRVOPC || c == ILL_PRVREG ||
	       c == ILL_COPROC || c == ILL_BADSTK;
}

static void dies_of(void (*fault)(void), int sig)
{
	struct rlimit rl = { 0, 0 };
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		setrlimit(RLIMIT_CORE, &rl);
		signal(sig, SIG_DFL);
		fault();
		_exit(PTS_FAIL);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != sig)
		PTS_FAILED("SIG_DFL child: status %#x, expected killed by %s",
			   status, strsignal(sig));
	if (WCOREDUMP(status))
		PTS_FAILED("a core was dumped with RLIMIT_CORE 0");
}

static void div_fault(void)
{
	do_div(7);
}

int main(void)
{
	struct sigaction sa;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	if (sigaction(SIGILL, &sa, NULL) || sigaction(SIGFPE, &sa, NULL))
		PTS_UNRES("sigaction(): %m");

	for (i = 0; i < 3; i++) {
		memset(&got, 0, sizeof(got));
		if (!sigsetjmp(env, 1)) {
			do_ud2();
			PTS_FAILED("ud2 did not fault");
		}
		if (i == 0)
			printf("ud2: si_code %d (ILL_ILLOPC %d, ILL_ILLOPN %d)\n",
			       got.si_code, ILL_ILLOPC, ILL_ILLOPN);
		if (got.si_signo != SIGILL || !is_ill_code(got.si_code) ||
		    got.si_addr != (void *)pts_sa20_ud2)
			PTS_FAILED("ud2: signo %d code %d addr %p, expected SIGILL, an ILL_ code, %p",
				   got.si_signo, got.si_code, got.si_addr,
				   (void *)pts_sa20_ud2);

		memset(&got, 0, sizeof(got));
		if (!sigsetjmp(env, 1)) {
			do_div(7);
			PTS_FAILED("division by zero did not fault");
		}
		if (got.si_signo != SIGFPE || got.si_code != FPE_INTDIV ||
		    got.si_addr != (void *)pts_sa20_div)
			PTS_FAILED("divl: signo %d code %d addr %p, expected SIGFPE FPE_INTDIV (%d) %p",
				   got.si_signo, got.si_code, got.si_addr,
				   FPE_INTDIV, (void *)pts_sa20_div);
	}
	dies_of(do_ud2, SIGILL);
	dies_of(div_fault, SIGFPE);
	PTS_PASSED("SIGILL and SIGFPE carry the faulting instruction's address and their codes");
}

#else

int main(void)
{
	PTS_UNSUPP("the faulting instructions are written for x86-64 only");
}

#endif

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): a handler installed with SA_ONSTACK runs on the
 * alternate stack (a local variable's address lies inside it) and there
 * sigaltstack() reports SS_ONSTACK and refuses any change with EPERM; a
 * handler without SA_ONSTACK runs on the normal stack. The stack set is
 * returned as the old one, SS_DISABLE turns it off (handlers stay on the
 * normal stack), and with SS_AUTODISARM (Linux 4.7) the stack is
 * disarmed while the handler runs and armed again after.
 */
#include <signal.h>
#include <stdlib.h>
#include "tst_test.h"
#include "lapi/signal.h"

#define ALT_SIZE	(64 * 1024)

static char *alt;
static volatile uintptr_t local_addr;
static volatile int in_flags, change_ret, change_errno, try_change;

static void handler(int sig)
{
	stack_t ss = {.ss_sp = alt, .ss_size = ALT_SIZE}, cur;
	int local;

	(void)sig;
	local_addr = (uintptr_t)&local;
	sigaltstack(NULL, &cur);
	in_flags = cur.ss_flags;
	if (try_change) {
		errno = 0;
		change_ret = sigaltstack(&ss, NULL);
		change_errno = errno;
	}
}

static int on_alt(void)
{
	return local_addr >= (uintptr_t)alt &&
	       local_addr < (uintptr_t)alt + ALT_SIZE;
}

static void install(int flags, int change)
{
	struct sigaction sa = {.sa_handler = handler, .sa_flags = flags};

	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
	local_addr = 0;
	in_flags = change_ret = change_errno = 0;
	try_change = change;
}

static void set_stack(int flags)
{
	stack_t ss = {.ss_sp = alt, .ss_size = ALT_SIZE, .ss_flags = flags};

	if (sigaltstack(&ss, NULL))
		tst_brk(TBROK | TERRNO, "sigaltstack(flags 0x%x)", flags);
}

static void test_onstack(void)
{
	stack_t ss = {.ss_sp = alt, .ss_size = ALT_SIZE}, old;

	TST_EXP_PASS(sigaltstack(&ss, NULL));
	TST_EXP_PASS(sigaltstack(NULL, &old));
	TST_EXP_EXPR(old.ss_sp == alt && old.ss_size == ALT_SIZE &&
		     old.ss_flags == 0, "the stack set is reported back "
		     "(flags 0x%x)", old.ss_flags);
	install(SA_ONSTACK, 1);
	raise(SIGUSR1);
	TST_EXP_EXPR(on_alt(), "an SA_ONSTACK handler runs on the alternate "
		     "stack");
	TST_EXP_EXPR(in_flags & SS_ONSTACK, "there sigaltstack() reports "
		     "SS_ONSTACK (flags 0x%x)", in_flags);
	TST_EXP_EXPR(change_ret == -1 && change_errno == EPERM,
		     "and refuses a change with EPERM (returned %d, %s)",
		     change_ret, tst_strerrno(change_errno));

	install(0, 0);
	raise(SIGUSR1);
	TST_EXP_EXPR(!on_alt(), "a handler without SA_ONSTACK runs on the "
		     "normal stack");
}

static void test_disable(void)
{
	stack_t ss = {.ss_flags = SS_DISABLE}, old;

	set_stack(0);
	TST_EXP_PASS(sigaltstack(&ss, &old), "sigaltstack(SS_DISABLE)");
	TST_EXP_EXPR(old.ss_sp == alt, "the old stack is returned");
	sigaltstack(NULL, &old);
	TST_EXP_EXPR(old.ss_flags == SS_DISABLE, "it reports SS_DISABLE "
		     "(flags 0x%x)", old.ss_flags);
	install(SA_ONSTACK, 0);
	raise(SIGUSR1);
	TST_EXP_EXPR(!on_alt(), "with the stack disabled an SA_ONSTACK "
		     "handler runs on the normal stack");
}

static void test_autodisarm(void)
{
	stack_t cur;

	if (tst_kvercmp(4, 7, 0) < 0) {
		tst_res(TCONF, "SS_AUTODISARM is Linux 4.7+");
		return;
	}
	set_stack(SS_AUTODISARM);
	install(SA_ONSTACK, 0);
	raise(SIGUSR1);
	TST_EXP_EXPR(on_alt(), "SS_AUTODISARM: the handler runs on the "
		     "alternate stack");
	TST_EXP_EXPR(in_flags == SS_DISABLE, "which is disarmed meanwhile "
		     "(flags 0x%x)", in_flags);
	sigaltstack(NULL, &cur);
	TST_EXP_EXPR(cur.ss_sp == alt && (cur.ss_flags & SS_AUTODISARM),
		     "after the handler the stack is armed again as set");
}

static void run(unsigned int n)
{
	stack_t off = {.ss_flags = SS_DISABLE};

	switch (n) {
	case 0:
		test_onstack();
		break;
	case 1:
		test_disable();
		break;
	case 2:
		test_autodisarm();
		break;
	}
	sigaltstack(&off, NULL);
	signal(SIGUSR1, SIG_DFL);
}

static void setup(void)
{
	alt = SAFE_MALLOC(ALT_SIZE);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
};

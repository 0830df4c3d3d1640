// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_pgetevents() is io_getevents() with the signal mask replaced for
 * the wait, as pselect() does. Nothing here depends on timing: the
 * signals are raised while blocked, before the call.
 *  - without a sigset, and with a sigset whose sigmask is NULL, it reaps
 *    a completed PWRITE like io_getevents();
 *  - SIGUSR1 and SIGUSR2 pending and blocked, a mask blocking only
 *    SIGUSR2, nothing to reap, timeout 10 s: the call fails with EINTR at
 *    once, the SIGUSR1 handler ran, the SIGUSR2 one did not, and the
 *    caller's mask (both blocked) is back afterwards;
 *  - same with an event ready: the event is returned (res 1), not lost to
 *    EINTR, and the SIGUSR1 handler runs on the way out;
 *  - a mask that blocks both: with nothing to reap and a zero timeout it
 *    returns 0 and no handler runs.
 */
#include <fcntl.h>
#include "aio_raw.h"

#define LEN	512

static aio_context_t ctx;
static int fd = -1;
static char buf[LEN];
static volatile sig_atomic_t got_usr1, got_usr2;
static sigset_t both, only_usr2, orig_mask;

static void handler(int sig)
{
	if (sig == SIGUSR1)
		got_usr1++;
	else
		got_usr2++;
}

static void setup(void)
{
	struct sigaction sa = { .sa_handler = handler };

	ctx = new_aio_context(4);
	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) || sigaction(SIGUSR2, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction()");
	sigemptyset(&both);
	sigaddset(&both, SIGUSR1);
	sigaddset(&both, SIGUSR2);
	sigemptyset(&only_usr2);
	sigaddset(&only_usr2, SIGUSR2);
	if (sigprocmask(SIG_BLOCK, &both, &orig_mask))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
}

static void submit_pwrite(struct iocb *cb, uint64_t data)
{
	init_iocb(cb, IOCB_CMD_PWRITE, fd, buf, LEN, 0, data);
	submit_one(ctx, cb);
}

static void reap(const struct aio_sigset_arg *usig, const char *what)
{
	struct timespec timeout = { .tv_sec = 10 };
	struct io_event ev;
	struct iocb cb;

	submit_pwrite(&cb, 0x1001);
	memset(&ev, 0, sizeof(ev));
	TST_EXP_VAL(sys_io_pgetevents(ctx, 1, 1, &ev, &timeout, usig), 1,
		    "io_pgetevents(%s)", what);
	if (TST_PASS)
		check_event(&ev, &cb, LEN, what);
}

static void raise_both(void)
{
	got_usr1 = got_usr2 = 0;
	SAFE_KILL(getpid(), SIGUSR1);
	SAFE_KILL(getpid(), SIGUSR2);
}

/* the mask is the caller's again; SIGUSR2 is consumed, still pending */
static void check_after(int usr1_runs)
{
	struct timespec zero = { 0, 0 };
	sigset_t now;

	if (sigprocmask(SIG_BLOCK, NULL, &now))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
	TST_EXP_EXPR(sigismember(&now, SIGUSR1) && sigismember(&now, SIGUSR2),
		     "the caller's mask (SIGUSR1, SIGUSR2 blocked) is back");
	TST_EXP_EXPR(got_usr1 == usr1_runs && !got_usr2,
		     "SIGUSR1 handler ran %d times (expected %d), SIGUSR2's "
		     "%d times (expected 0)", (int)got_usr1, usr1_runs,
		     (int)got_usr2);
	TST_EXP_VAL(sigtimedwait(&only_usr2, NULL, &zero), SIGUSR2,
		    "SIGUSR2 is still pending");
	if (!usr1_runs)
		TST_EXP_VAL(sigtimedwait(&both, NULL, &zero), SIGUSR1,
			    "SIGUSR1 is still pending");
}

static void test_unblock_usr1(void)
{
	struct aio_sigset_arg usig = { &only_usr2, KERNEL_SIGSET_SIZE };
	struct timespec timeout = { .tv_sec = 10 };
	struct io_event ev;

	raise_both();
	TST_EXP_FAIL(sys_io_pgetevents(ctx, 1, 1, &ev, &timeout, &usig),
		     EINTR, "io_pgetevents(mask { SIGUSR2 }) with SIGUSR1 "
		     "pending, nothing to reap");
	check_after(1);
}

static void test_event_and_signal(void)
{
	struct aio_sigset_arg usig = { &only_usr2, KERNEL_SIGSET_SIZE };

	raise_both();
	reap(&usig, "mask { SIGUSR2 }, SIGUSR1 pending, an event ready");
	check_after(1);
}

static void test_block_both(void)
{
	struct aio_sigset_arg usig = { &both, KERNEL_SIGSET_SIZE };
	struct timespec zero = { 0, 0 };
	struct io_event ev;

	raise_both();
	TST_EXP_VAL(sys_io_pgetevents(ctx, 1, 1, &ev, &zero, &usig), 0,
		    "io_pgetevents(mask { SIGUSR1, SIGUSR2 }, zero timeout) "
		    "with both pending");
	check_after(0);
}

static void run(void)
{
	struct aio_sigset_arg no_mask = { NULL, KERNEL_SIGSET_SIZE };

	reap(NULL, "no sigset");
	reap(&no_mask, "sigset with a NULL sigmask");
	test_unblock_usr1();
	test_event_and_signal();
	test_block_both();
}

static void cleanup(void)
{
	if (ctx)
		sys_io_destroy(ctx);
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_pgetevents() error paths, each with the errno fs/aio.c gives (6.1
 * and 6.12 alike), all with a live context and a valid events buffer
 * unless named:
 *  - EFAULT for a timeout, a sigset argument, or a sigset's sigmask
 *    outside the address space;
 *  - EINVAL for a sigset size that is not the kernel's (8 bytes), for a
 *    context id 0, a destroyed context, and min_nr > nr;
 *  - EFAULT for an events buffer outside the address space while an
 *    event is ready, and that event is not lost: the next call returns
 *    it.
 * None of these may leave the caller's signal mask changed.
 */
#include <fcntl.h>
#include "aio_raw.h"

#define LEN	512

static aio_context_t ctx, dead_ctx;
static int fd = -1;
static char buf[LEN];
static sigset_t empty, orig_mask;

static void setup(void)
{
	ctx = new_aio_context(4);
	dead_ctx = new_aio_context(1);
	if (sys_io_destroy(dead_ctx))
		tst_brk(TBROK | TERRNO, "io_destroy()");
	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);

	sigemptyset(&empty);
	sigemptyset(&orig_mask);
	sigaddset(&orig_mask, SIGUSR1);
	if (sigprocmask(SIG_SETMASK, &orig_mask, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
}

static void test_pointers(void)
{
	struct aio_sigset_arg usig = { &empty, KERNEL_SIGSET_SIZE };
	struct timespec zero = { 0, 0 };
	struct io_event ev[2];

	TST_EXP_FAIL(sys_io_pgetevents(ctx, 1, 1, ev, (void *)-1, &usig),
		     EFAULT, "io_pgetevents(timeout (void *)-1)");
	TST_EXP_FAIL(sys_io_pgetevents(ctx, 1, 1, ev, &zero, (void *)-1),
		     EFAULT, "io_pgetevents(sigset (void *)-1)");

	usig.sigmask = (void *)-1;
	TST_EXP_FAIL(sys_io_pgetevents(ctx, 1, 1, ev, &zero, &usig), EFAULT,
		     "io_pgetevents(sigset { (void *)-1, 8 })");

	usig.sigmask = &empty;
	usig.sigsetsize = 4;
	TST_EXP_FAIL(sys_io_pgetevents(ctx, 1, 1, ev, &zero, &usig), EINVAL,
		     "io_pgetevents(sigset size 4)");
	usig.sigsetsize = 128;
	TST_EXP_FAIL(sys_io_pgetevents(ctx, 1, 1, ev, &zero, &usig), EINVAL,
		     "io_pgetevents(sigset size 128, glibc's sigset_t)");
}

static void test_args(void)
{
	struct aio_sigset_arg usig = { &empty, KERNEL_SIGSET_SIZE };
	struct timespec zero = { 0, 0 };
	struct io_event ev[2];

	TST_EXP_FAIL(sys_io_pgetevents(0, 1, 1, ev, &zero, &usig), EINVAL,
		     "io_pgetevents(context id 0)");
	TST_EXP_FAIL(sys_io_pgetevents(dead_ctx, 1, 1, ev, &zero, &usig),
		     EINVAL, "io_pgetevents(destroyed context)");
	TST_EXP_FAIL(sys_io_pgetevents(ctx, 2, 1, ev, &zero, &usig), EINVAL,
		     "io_pgetevents(min_nr 2 > nr 1)");
}

static void test_events_efault(void)
{
	struct aio_sigset_arg usig = { &empty, KERNEL_SIGSET_SIZE };
	struct timespec timeout = { .tv_sec = 10 };
	struct io_event ev;
	struct iocb cb;

	init_iocb(&cb, IOCB_CMD_PWRITE, fd, buf, LEN, 0, 0x5555);
	submit_one(ctx, &cb);

	TST_EXP_FAIL(sys_io_pgetevents(ctx, 1, 1, (void *)-1, &timeout,
				       &usig), EFAULT,
		     "io_pgetevents(events (void *)-1) with an event ready");

	memset(&ev, 0, sizeof(ev));
	TST_EXP_VAL(sys_io_pgetevents(ctx, 1, 1, &ev, &timeout, &usig), 1,
		    "io_pgetevents() after the EFAULT");
	if (TST_PASS)
		check_event(&ev, &cb, LEN, "the event refused with EFAULT");
}

static void run(void)
{
	sigset_t now;

	test_pointers();
	test_args();
	test_events_efault();

	if (sigprocmask(SIG_BLOCK, NULL, &now))
		tst_brk(TBROK | TERRNO, "sigprocmask()");
	TST_EXP_EXPR(sigismember(&now, SIGUSR1),
		     "the caller's mask (SIGUSR1 blocked) is unchanged");
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

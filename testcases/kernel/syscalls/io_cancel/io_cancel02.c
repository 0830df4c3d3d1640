// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_cancel() error paths, each with the errno fs/aio.c gives (6.1 and
 * 6.12 alike), around an IOCB_CMD_POLL that stays pending on an empty
 * pipe:
 *  - EFAULT for an iocb pointer outside the address space;
 *  - EINVAL for an iocb whose aio_key is not the one io_submit() set
 *    (KIOCB_KEY, 0), for a context id 0, a destroyed context, and a live
 *    context the request was not submitted to;
 * none of which cancels the request: it is still pending afterwards and
 * io_cancel() with the right context then succeeds with EINPROGRESS,
 * even with a result pointer outside the address space (the kernel no
 * longer writes it: the event goes to the ring).
 */
#include <poll.h>
#include "aio_raw.h"

static aio_context_t ctx, other_ctx, dead_ctx;
static int pipefd[2] = { -1, -1 };

static void setup(void)
{
	ctx = new_aio_context(4);
	other_ctx = new_aio_context(4);
	dead_ctx = new_aio_context(1);
	if (sys_io_destroy(dead_ctx))
		tst_brk(TBROK | TERRNO, "io_destroy()");
	SAFE_PIPE(pipefd);
}

static void run(void)
{
	struct io_event result;
	struct iocb cb, not_submitted;

	init_iocb(&cb, IOCB_CMD_POLL, pipefd[0], NULL, 0, 0, 0x1001);
	cb.aio_buf = POLLIN;
	submit_one(ctx, &cb);

	TST_EXP_FAIL(sys_io_cancel(ctx, (void *)-1, &result), EFAULT,
		     "io_cancel(iocb (void *)-1)");

	init_iocb(&not_submitted, IOCB_CMD_POLL, pipefd[0], NULL, 0, 0, 0);
	not_submitted.aio_key = 1;
	TST_EXP_FAIL(sys_io_cancel(ctx, &not_submitted, &result), EINVAL,
		     "io_cancel(iocb with aio_key 1)");

	TST_EXP_FAIL(sys_io_cancel(0, &cb, &result), EINVAL,
		     "io_cancel(context id 0)");
	TST_EXP_FAIL(sys_io_cancel(dead_ctx, &cb, &result), EINVAL,
		     "io_cancel(destroyed context)");
	TST_EXP_FAIL(sys_io_cancel(other_ctx, &cb, &result), EINVAL,
		     "io_cancel(another live context)");

	expect_no_event(ctx, "after the refused cancellations");
	TST_EXP_FAIL(sys_io_cancel(ctx, &cb, (void *)-1), EINPROGRESS,
		     "io_cancel(its context, result (void *)-1)");
	expect_one_event(ctx, &cb, 0, "the cancelled POLL");
	expect_no_event(other_ctx, "on the other context");
}

static void cleanup(void)
{
	if (ctx)
		sys_io_destroy(ctx);
	if (other_ctx)
		sys_io_destroy(other_ctx);
	if (pipefd[0] >= 0) {
		SAFE_CLOSE(pipefd[0]);
		SAFE_CLOSE(pipefd[1]);
	}
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};

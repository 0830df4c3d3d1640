// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_getevents() error paths, each with its exact errno:
 *  - EINVAL for a context id that is 0, that points at readable memory
 *    which is no context, or that names a destroyed context; and for
 *    min_nr > nr, nr < 0 and min_nr < 0;
 *  - EFAULT for a timeout pointer outside the address space, and for an
 *    events pointer outside it while an event is ready; that event must
 *    not be lost: the next call with a valid buffer returns it.
 */
#include "aio_raw.h"

#define LEN 512

static aio_context_t ctx, dead_ctx;
static uint64_t not_a_ring[64];	/* readable, all zero: no context here */
static int fd = -1;
static char buf[LEN];

static struct io_event *const bad_events = (void *)-1;
static struct timespec *const bad_timeout = (void *)-1;

enum ctx_kind { CTX_ZERO, CTX_PLAIN_MEMORY, CTX_DESTROYED, CTX_LIVE };

static const struct tcase {
	const char *desc;
	enum ctx_kind ctx;
	long min_nr;
	long nr;
} einval_cases[] = {
	{ "context id 0", CTX_ZERO, 1, 1 },
	{ "context id of plain memory", CTX_PLAIN_MEMORY, 1, 1 },
	{ "destroyed context", CTX_DESTROYED, 1, 1 },
	{ "min_nr 2 > nr 1", CTX_LIVE, 2, 1 },
	{ "nr -1", CTX_LIVE, 0, -1 },
	{ "min_nr -1", CTX_LIVE, -1, 1 },
};

static void setup(void)
{
	/* the live context first: a later io_setup could reuse dead_ctx */
	ctx = new_aio_context(4);
	dead_ctx = new_aio_context(1);
	if (sys_io_destroy(dead_ctx))
		tst_brk(TBROK | TERRNO, "io_destroy()");

	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
}

static aio_context_t case_ctx(const struct tcase *tc)
{
	switch (tc->ctx) {
	case CTX_ZERO:
		return 0;
	case CTX_PLAIN_MEMORY:
		return (uintptr_t)not_a_ring;
	case CTX_DESTROYED:
		return dead_ctx;
	default:
		return ctx;
	}
}

static void test_einval(void)
{
	/* zero timeout: a kernel that accepts the call must not block */
	struct timespec zero = { 0, 0 };
	struct io_event ev[2];
	unsigned int i;

	for (i = 0; i < sizeof(einval_cases) / sizeof(einval_cases[0]); i++) {
		const struct tcase *tc = &einval_cases[i];

		TST_EXP_FAIL(sys_io_getevents(case_ctx(tc), tc->min_nr,
					      tc->nr, ev, &zero), EINVAL,
			     "io_getevents(%s, min_nr %ld, nr %ld)", tc->desc,
			     tc->min_nr, tc->nr);
	}
}

static void test_efault(void)
{
	struct timespec timeout = { .tv_sec = 10 };
	struct io_event ev;
	struct iocb cb;

	TST_EXP_FAIL(sys_io_getevents(ctx, 1, 1, &ev, bad_timeout), EFAULT,
		     "io_getevents(timeout (void *)-1)");

	memset(buf, 'x', LEN);
	init_iocb(&cb, IOCB_CMD_PWRITE, fd, buf, LEN, 0, 0x5555);
	submit_one(ctx, &cb);

	TST_EXP_FAIL(sys_io_getevents(ctx, 1, 1, bad_events, &timeout),
		     EFAULT, "io_getevents(events (void *)-1) with an event "
		     "ready");

	memset(&ev, 0, sizeof(ev));
	TST_EXP_VAL(sys_io_getevents(ctx, 1, 1, &ev, &timeout), 1,
		    "io_getevents() after the EFAULT");
	if (TST_PASS)
		TST_EXP_EXPR(ev.obj == (uintptr_t)&cb && ev.data == 0x5555 &&
			     ev.res == LEN,
			     "the event refused with EFAULT is still delivered");
}

static void run(void)
{
	test_einval();
	test_efault();
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

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_setup() error paths, each with the errno fs/aio.c gives (6.1 and
 * 6.12 alike):
 *  - EINVAL for nr_events 0, for a *ctxp that is not 0 (a live
 *    context's id, or 1), which is left as it was, and for nr_events
 *    past the ring's internal limit (1 << 28);
 *  - EAGAIN for nr_events over /proc/sys/fs/aio-max-nr;
 *  - EFAULT for a ctxp outside the address space, and for a ctxp the
 *    kernel can read (0) but cannot write the new id to.
 */
#include "aio_raw.h"

#define AIO_MAX_NR	"/proc/sys/fs/aio-max-nr"
/* the kernel's EINVAL limit: 2 * nr_events io_events in 0x10000000 bytes */
#define RING_LIMIT	(0x10000000U / sizeof(struct io_event) / 2)

static aio_context_t live_ctx;
static aio_context_t *ro_ctxp;
static long page_size;

static void setup(void)
{
	live_ctx = new_aio_context(1);
	page_size = sysconf(_SC_PAGESIZE);
	ro_ctxp = SAFE_MMAP(NULL, page_size, PROT_READ,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void test_einval(void)
{
	aio_context_t ctx = 0;

	TST_EXP_FAIL(sys_io_setup(0, &ctx), EINVAL, "io_setup(0)");

	ctx = live_ctx;
	TST_EXP_FAIL(sys_io_setup(1, &ctx), EINVAL,
		     "io_setup(1) with *ctxp a live context's id");
	TST_EXP_EXPR(ctx == live_ctx, "*ctxp left as it was");

	ctx = 1;
	TST_EXP_FAIL(sys_io_setup(1, &ctx), EINVAL,
		     "io_setup(1) with *ctxp 1");

	ctx = 0;
	TST_EXP_FAIL(sys_io_setup(1U << 28, &ctx), EINVAL,
		     "io_setup(1 << 28)");
}

static void test_eagain(void)
{
	aio_context_t ctx = 0;
	long max_nr;

	SAFE_FILE_SCANF(AIO_MAX_NR, "%ld", &max_nr);
	if (max_nr + 1 > (long)RING_LIMIT) {
		tst_res(TCONF, "%s is %ld: io_setup(%ld) would hit the EINVAL "
			"limit first", AIO_MAX_NR, max_nr, max_nr + 1);
		return;
	}
	TST_EXP_FAIL(sys_io_setup(max_nr + 1, &ctx), EAGAIN,
		     "io_setup(%ld), aio-max-nr %ld", max_nr + 1, max_nr);
}

static void test_efault(void)
{
	TST_EXP_FAIL(sys_io_setup(1, (void *)-1), EFAULT,
		     "io_setup(1, ctxp (void *)-1)");
	TST_EXP_FAIL(sys_io_setup(1, ro_ctxp), EFAULT,
		     "io_setup(1, read-only ctxp)");
}

static void run(void)
{
	test_einval();
	test_eagain();
	test_efault();
}

static void cleanup(void)
{
	if (live_ctx)
		sys_io_destroy(live_ctx);
	if (ro_ctxp)
		SAFE_MUNMAP(ro_ctxp, page_size);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};

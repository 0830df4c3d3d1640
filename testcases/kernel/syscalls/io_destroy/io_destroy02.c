// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_destroy() of what is no context of the caller fails with EINVAL
 * (fs/aio.c, 6.1 and 6.12 alike; io_destroy(2)'s EFAULT is not what the
 * kernel gives for an unmapped id):
 *  - a context id 0, the address of readable memory that holds no
 *    context, an id that is no mapped address, and a context destroyed
 *    before;
 *  - the parent's live context, in a forked child: contexts belong to
 *    the process (mm) that set them up; the child's attempt leaves the
 *    parent's context working.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include "aio_raw.h"

#define LEN	512

static aio_context_t ctx, dead_ctx;
static uint64_t not_a_ring[64];	/* readable, all zero: no context here */
static int fd = -1;
static char buf[LEN];

static void setup(void)
{
	/* the live context first: a later io_setup could reuse dead_ctx */
	ctx = new_aio_context(4);
	dead_ctx = new_aio_context(1);
	if (sys_io_destroy(dead_ctx))
		tst_brk(TBROK | TERRNO, "io_destroy()");
	fd = SAFE_OPEN("aio_file", O_RDWR | O_CREAT | O_TRUNC, 0600);
}

static void test_ids(void)
{
	TST_EXP_FAIL(sys_io_destroy(0), EINVAL, "io_destroy(0)");
	TST_EXP_FAIL(sys_io_destroy((uintptr_t)not_a_ring), EINVAL,
		     "io_destroy(address of plain memory)");
	TST_EXP_FAIL(sys_io_destroy((aio_context_t)-4096), EINVAL,
		     "io_destroy(unmapped address)");
	TST_EXP_FAIL(sys_io_destroy(dead_ctx), EINVAL,
		     "io_destroy(destroyed context)");
}

static void test_other_process(void)
{
	struct iocb cb;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(sys_io_destroy(ctx), EINVAL,
			     "io_destroy(the parent's context) in a child");
		exit(0);
	}
	reap_child(pid);

	init_iocb(&cb, IOCB_CMD_PWRITE, fd, buf, LEN, 0, 0x1001);
	submit_one(ctx, &cb);
	expect_one_event(ctx, &cb, LEN, "PWRITE on the context the child "
			 "tried to destroy");
}

static void run(void)
{
	test_ids();
	test_other_process();
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
	.forks_child = 1,
	.needs_tmpdir = 1,
};

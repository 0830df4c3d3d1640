// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_submit() error paths, each with the errno fs/aio.c gives (6.1 and
 * 6.12 alike), for the first iocb of the list:
 *  - EINVAL for nr -1, for a context id 0 and for a destroyed context;
 *  - EFAULT for an iocb list and for an iocb pointer outside the address
 *    space, and for a pread into a buffer outside it;
 *  - EBADF for a descriptor that is not open, for a pread of a file open
 *    O_WRONLY and for a pwrite of a file open O_RDONLY;
 *  - EINVAL for an unknown opcode (99), a non-zero aio_reserved2, an
 *    aio_nbytes that is negative as ssize_t, and an IOCB_CMD_POLL with an
 *    offset;
 *  - with IOCB_FLAG_RESFD: EBADF for an aio_resfd that is not open and
 *    EINVAL for one that is no eventfd, a regular file
 *    (eventfd_ctx_fdget());
 *  - with IOCB_FLAG_IOPRIO: EINVAL for an aio_reqprio of the invalid class
 *    7 and of class NONE with a level (ioprio_check_cap()); EPERM for the
 *    realtime class as nobody (neither CAP_SYS_ADMIN nor CAP_SYS_NICE),
 *    in a context of its own;
 * and an iocb that was refused leaves no completion event behind (a
 * kernel that took a bad resfd or priority and queued the read anyway
 * fails here, as does one that signalled a wrong eventfd).
 */
#include <fcntl.h>
#include "aio_raw.h"
#include "fd_checks.h"
#include "as_nobody.h"
#include "lapi/ioprio.h"

#define LEN	512

static aio_context_t ctx, dead_ctx;
static int rd_fd = -1, wr_fd = -1, closed_fd = -1;
static char buf[LEN];

enum fd_kind { FD_RD, FD_WR, FD_CLOSED };

static const struct tcase {
	const char *desc;
	int opcode;
	enum fd_kind fd;
	int exp_errno;
	int bad_buf;
	uint32_t reserved2;
	uint64_t nbytes;
	int64_t offset;
	uint32_t aio_flags;
	enum fd_kind resfd;
	uint16_t reqprio;
} tcases[] = {
	{ "pread of a closed fd", IOCB_CMD_PREAD, FD_CLOSED, EBADF, 0, 0,
	  LEN, 0, 0, 0, 0 },
	{ "pread of an O_WRONLY fd", IOCB_CMD_PREAD, FD_WR, EBADF, 0, 0,
	  LEN, 0, 0, 0, 0 },
	{ "pwrite of an O_RDONLY fd", IOCB_CMD_PWRITE, FD_RD, EBADF, 0, 0,
	  LEN, 0, 0, 0, 0 },
	{ "opcode 99", 99, FD_RD, EINVAL, 0, 0, LEN, 0, 0, 0, 0 },
	{ "aio_reserved2 1", IOCB_CMD_PREAD, FD_RD, EINVAL, 0, 1, LEN, 0,
	  0, 0, 0 },
	{ "aio_nbytes -1", IOCB_CMD_PREAD, FD_RD, EINVAL, 0, 0,
	  (uint64_t)-1, 0, 0, 0, 0 },
	{ "poll with aio_offset 1", IOCB_CMD_POLL, FD_RD, EINVAL, 0, 0, 0,
	  1, 0, 0, 0 },
	{ "pread into (void *)-1", IOCB_CMD_PREAD, FD_RD, EFAULT, 1, 0, LEN,
	  0, 0, 0, 0 },
	{ .desc = "IOCB_FLAG_RESFD with a closed aio_resfd",
	  .opcode = IOCB_CMD_PREAD, .fd = FD_RD, .exp_errno = EBADF,
	  .nbytes = LEN, .aio_flags = IOCB_FLAG_RESFD, .resfd = FD_CLOSED },
	{ .desc = "IOCB_FLAG_RESFD with a regular file as aio_resfd",
	  .opcode = IOCB_CMD_PREAD, .fd = FD_RD, .exp_errno = EINVAL,
	  .nbytes = LEN, .aio_flags = IOCB_FLAG_RESFD, .resfd = FD_RD },
	{ .desc = "IOCB_FLAG_IOPRIO with class 7 (invalid)",
	  .opcode = IOCB_CMD_PREAD, .fd = FD_RD, .exp_errno = EINVAL,
	  .nbytes = LEN, .aio_flags = IOCB_FLAG_IOPRIO,
	  .reqprio = IOPRIO_CLASS_INVALID << IOPRIO_CLASS_SHIFT },
	{ .desc = "IOCB_FLAG_IOPRIO with class NONE and level 3",
	  .opcode = IOCB_CMD_PREAD, .fd = FD_RD, .exp_errno = EINVAL,
	  .nbytes = LEN, .aio_flags = IOCB_FLAG_IOPRIO,
	  .reqprio = (IOPRIO_CLASS_NONE << IOPRIO_CLASS_SHIFT) | 3 },
};

static void setup(void)
{
	ctx = new_aio_context(4);
	dead_ctx = new_aio_context(1);
	if (sys_io_destroy(dead_ctx))
		tst_brk(TBROK | TERRNO, "io_destroy()");

	wr_fd = SAFE_OPEN("aio_file", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	SAFE_PWRITE(1, wr_fd, buf, LEN, 0);
	rd_fd = SAFE_OPEN("aio_file", O_RDONLY);
	closed_fd = lowest_free_fd();
}

static int kind_fd(enum fd_kind kind)
{
	switch (kind) {
	case FD_RD:
		return rd_fd;
	case FD_WR:
		return wr_fd;
	default:
		return closed_fd;
	}
}

static void test_args(void)
{
	struct iocb cb, *list[1] = { &cb }, *bad_list[1] = { (void *)-1 };

	init_iocb(&cb, IOCB_CMD_PREAD, rd_fd, buf, LEN, 0, 0);
	TST_EXP_FAIL(sys_io_submit(ctx, -1, list), EINVAL,
		     "io_submit(nr -1)");
	TST_EXP_FAIL(sys_io_submit(0, 1, list), EINVAL,
		     "io_submit(context id 0)");
	TST_EXP_FAIL(sys_io_submit(dead_ctx, 1, list), EINVAL,
		     "io_submit(destroyed context)");
	TST_EXP_FAIL(sys_io_submit(ctx, 1, (void *)-1), EFAULT,
		     "io_submit(iocb list (void *)-1)");
	TST_EXP_FAIL(sys_io_submit(ctx, 1, bad_list), EFAULT,
		     "io_submit({ (void *)-1 })");
}

static void test_iocbs(void)
{
	struct iocb cb, *list[1] = { &cb };
	unsigned int i;

	for (i = 0; i < sizeof(tcases) / sizeof(tcases[0]); i++) {
		const struct tcase *tc = &tcases[i];

		init_iocb(&cb, tc->opcode, kind_fd(tc->fd),
			  tc->bad_buf ? (void *)-1 : buf, 0, tc->offset, i);
		cb.aio_nbytes = tc->nbytes;
		cb.aio_reserved2 = tc->reserved2;
		cb.aio_flags = tc->aio_flags;
		if (tc->aio_flags & IOCB_FLAG_RESFD)
			cb.aio_resfd = kind_fd(tc->resfd);
		cb.aio_reqprio = tc->reqprio;
		TST_EXP_FAIL(sys_io_submit(ctx, 1, list), tc->exp_errno,
			     "io_submit(%s)", tc->desc);
	}
}

static void rt_as_nobody(void)
{
	aio_context_t own = new_aio_context(1);
	struct iocb cb, *list[1] = { &cb };

	init_iocb(&cb, IOCB_CMD_PREAD, rd_fd, buf, LEN, 0, 0);
	cb.aio_flags = IOCB_FLAG_IOPRIO;
	cb.aio_reqprio = IOPRIO_CLASS_RT << IOPRIO_CLASS_SHIFT;
	TST_EXP_FAIL(sys_io_submit(own, 1, list), EPERM,
		     "io_submit(IOCB_FLAG_IOPRIO, realtime class) as nobody");
	expect_no_event(own, "for the refused realtime iocb");
	sys_io_destroy(own);
}

static void run(void)
{
	test_args();
	test_iocbs();
	run_in_nobody_child(rt_as_nobody, "the EPERM check");
	expect_no_event(ctx, "for the refused iocbs");
}

static void cleanup(void)
{
	if (ctx)
		sys_io_destroy(ctx);
	if (rd_fd >= 0)
		SAFE_CLOSE(rd_fd);
	if (wr_fd >= 0)
		SAFE_CLOSE(wr_fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

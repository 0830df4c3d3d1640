// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * io_submit() with RWF_NOWAIT in aio_rw_flags: a read that would block
 * must not block, it completes with -EAGAIN in the event's res.
 *  - eventfd (FMODE_NOWAIT on every kernel): a read of a zero counter is
 *    submitted (io_submit() returns 1) and completes with res -EAGAIN,
 *    the buffer untouched and the counter still 0; with the counter at 5
 *    the same read completes with res 8 and reads 5, and the counter is 0
 *    again; an 4-byte read completes with res -EINVAL (eventfd_read()).
 *  - an empty pipe: pipes have FMODE_NOWAIT since 6.4 (afed6271f5b0, "pipe:
 *    set FMODE_NOWAIT on pipes"), and the read completes with -EAGAIN
 *    there; without c04fe8e32f90 ("pipe: check for IOCB_NOWAIT alongside
 *    O_NONBLOCK") that read slept in io_submit() until a writer came,
 *    which is a failure here (bounded: the submitting child is watched).
 *    Before 6.4 kiocb_set_rw_flags() refuses RWF_NOWAIT on a file without
 *    FMODE_NOWAIT: io_submit() fails with EOPNOTSUPP and no event is
 *    queued. From 6.4 a RWF_NOWAIT read of a pipe with data returns it.
 *  - an rw flag the kernel does not know (bit 31) is EOPNOTSUPP at
 *    submission, and nothing is queued.
 */
#include <poll.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include "aio_raw.h"
#include "lapi/uio.h"

#define BUFLEN		100
#define RWF_UNKNOWN	0x80000000u

static aio_context_t ctx;
static int efd = -1;

static void prep(struct iocb *cb, int fd, void *buf, size_t len,
		 unsigned int rw_flags, uint64_t data)
{
	init_iocb(cb, IOCB_CMD_PREAD, fd, buf, len, 0, data);
	cb->aio_rw_flags = rw_flags;
}

static void check_eventfd(void)
{
	struct iocb cb, *list[1] = { &cb };
	uint64_t val = 0x5a5a5a5a5a5a5a5aULL, one = 5;
	struct pollfd pfd = { .fd = efd, .events = POLLIN };

	prep(&cb, efd, &val, sizeof(val), RWF_NOWAIT, 1);
	TST_EXP_VAL(sys_io_submit(ctx, 1, list), 1,
		    "io_submit(RWF_NOWAIT read of an eventfd at 0)");
	if (!TST_PASS)
		return;
	expect_one_event(ctx, &cb, -EAGAIN, "RWF_NOWAIT read of eventfd 0");
	TST_EXP_EXPR(val == 0x5a5a5a5a5a5a5a5aULL,
		     "the -EAGAIN read left the buffer alone");

	SAFE_WRITE(1, efd, &one, sizeof(one));
	prep(&cb, efd, &val, sizeof(val), RWF_NOWAIT, 2);
	submit_one(ctx, &cb);
	expect_one_event(ctx, &cb, sizeof(val), "RWF_NOWAIT read of eventfd 5");
	TST_EXP_EXPR(val == 5, "the read returned the count (%llu)",
		     (unsigned long long)val);
	TST_EXP_VAL(poll(&pfd, 1, 0), 0, "the read reset the counter");

	prep(&cb, efd, &val, 4, RWF_NOWAIT, 3);
	submit_one(ctx, &cb);
	expect_one_event(ctx, &cb, -EINVAL, "4-byte read of an eventfd");

	prep(&cb, efd, &val, sizeof(val), RWF_UNKNOWN, 4);
	TST_EXP_FAIL(sys_io_submit(ctx, 1, list), EOPNOTSUPP,
		     "io_submit() with rw flag bit 31");
	expect_no_event(ctx, "after the refused submission");
}

/*
 * In a child with only the read end open, so that a kernel that blocks
 * in io_submit() is seen (the parent bounds the wait) and released (the
 * parent closes the write end: the read then returns 0).
 */
static void nowait_child(int rd, int pipe_nowait)
{
	aio_context_t cctx = new_aio_context(2);
	char buf[BUFLEN];
	struct iocb cb, *list[1] = { &cb };
	long ret;

	memset(buf, 'x', sizeof(buf));
	prep(&cb, rd, buf, sizeof(buf), RWF_NOWAIT, 7);
	ret = sys_io_submit(cctx, 1, list);
	if (!pipe_nowait) {
		if (ret == -1 && errno == EOPNOTSUPP)
			tst_res(TPASS, "before 6.4 a pipe refuses RWF_NOWAIT: "
				"io_submit() EOPNOTSUPP");
		else
			tst_res(TFAIL | TERRNO, "RWF_NOWAIT read of a pipe "
				"on a kernel before 6.4: io_submit() returned "
				"%ld, expected -1 EOPNOTSUPP", ret);
		expect_no_event(cctx, "after the refused pipe read");
		exit(0);
	}
	if (ret != 1) {
		tst_res(TFAIL | TERRNO, "io_submit(RWF_NOWAIT read of an "
			"empty pipe) returned %ld", ret);
		exit(0);
	}
	expect_one_event(cctx, &cb, -EAGAIN, "RWF_NOWAIT read of an empty "
			 "pipe");
	TST_EXP_EXPR(buf[0] == 'x', "the -EAGAIN read left the buffer "
		     "alone");
	exit(0);
}

static void check_pipe(void)
{
	int fds[2], status = 0, pipe_nowait = tst_kvercmp(6, 4, 0) >= 0;
	long long deadline;
	pid_t pid, w;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(fds[1]);
		nowait_child(fds[0], pipe_nowait);
	}
	SAFE_CLOSE(fds[0]);
	/* 10 s is only the bound of a kernel that sleeps in io_submit() */
	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while ((w = waitpid(pid, &status, WNOHANG)) == 0 &&
	       tst_mono_ms() < deadline)
		usleep(10000);
	if (w == 0) {
		tst_res(TFAIL, "io_submit(RWF_NOWAIT read of an empty pipe) "
			"still blocked after %.0f s", 10 * tst_timeout_mul());
		SAFE_CLOSE(fds[1]);
		reap_child(pid);
		return;
	}
	SAFE_CLOSE(fds[1]);
	if (w != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "pipe child ended with status 0x%x", status);
}

static void check_pipe_data(void)
{
	struct iocb cb, *list[1] = { &cb };
	char buf[BUFLEN];
	int fds[2];

	if (tst_kvercmp(6, 4, 0) < 0)
		return;
	SAFE_PIPE(fds);
	SAFE_WRITE(1, fds[1], "nowait", 6);
	prep(&cb, fds[0], buf, sizeof(buf), RWF_NOWAIT, 8);
	TST_EXP_VAL(sys_io_submit(ctx, 1, list), 1,
		    "io_submit(RWF_NOWAIT read of a pipe holding 6 bytes)");
	if (TST_PASS) {
		expect_one_event(ctx, &cb, 6, "RWF_NOWAIT read of a pipe with "
				 "data");
		TST_EXP_EXPR(!memcmp(buf, "nowait", 6), "the data read back");
	}
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void run(void)
{
	check_eventfd();
	check_pipe();
	check_pipe_data();
}

static void setup(void)
{
	ctx = new_aio_context(4);
	efd = eventfd(0, 0);
	if (efd < 0)
		tst_brk(TBROK | TERRNO, "eventfd(0, 0)");
}

static void cleanup(void)
{
	if (efd >= 0)
		SAFE_CLOSE(efd);
	if (ctx)
		sys_io_destroy(ctx);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.needs_kconfigs = (const char *[]) { "CONFIG_AIO=y", NULL },
	.tags = (const struct tst_tag[]) {
		/* pipe: check for IOCB_NOWAIT alongside O_NONBLOCK */
		{"linux-git", "c04fe8e32f90"},
		{}
	},
};

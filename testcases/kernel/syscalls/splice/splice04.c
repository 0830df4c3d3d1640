// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * splice(2), tee(2) and vmsplice(2) into a pipe that cannot take data
 * (fs/splice.c wait_for_space(), opipe_prep(), splice_pipe_to_pipe(),
 * link_pipe(), 6.1 and 6.12 alike):
 * - the output pipe is full: with SPLICE_F_NONBLOCK, splice() from a
 *   file, splice() from another pipe and tee() fail with EAGAIN at once;
 *   so do they without the flag when O_NONBLOCK is set on the full pipe's
 *   write end, and splice()/tee() from a pipe also when it is set on the
 *   input pipe only (do_splice() takes O_NONBLOCK of either side);
 *   nothing moves: the input offset pointer, the input pipe's byte count
 *   and the full pipe's byte count are what they were;
 * - one page read out of the full pipe: splice() from a file with
 *   SPLICE_F_NONBLOCK asking for four pages moves exactly the page that
 *   fits, the bytes are the file's, the offset advances by a page;
 * - the output pipe's last reader is gone: vmsplice(), splice() from a
 *   file, splice() from a pipe and tee() fail with EPIPE and send SIGPIPE
 *   to the caller (caught and counted: exactly one per call), also when
 *   the pipe is full and SPLICE_F_NONBLOCK is given (a lost reader comes
 *   before EAGAIN); the input keeps its bytes and the offset stays.
 * Any of these calls that blocks instead is ended by an alarm (EINTR, a
 * failure), so a kernel that ignores the flag fails rather than hangs.
 * Seed-like bugs caught: a splice path that forgot the reader check
 * (writes into a pipe nobody can read, no SIGPIPE) or the NONBLOCK check
 * (the caller sleeps), the vmsplice nr_segs/xattr-size-0 kind of
 * "documented case never exercised".
 * Syscalls: splice, tee, vmsplice
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include "tst_test.h"

#define SRC "splice04_src"
#define SRC_PAGES 8

static long page;
static char *pattern, *buf;
static int src = -1;
static volatile sig_atomic_t sigpipes, alarms;
static unsigned int alarm_secs;

static void on_signal(int sig)
{
	if (sig == SIGPIPE)
		sigpipes++;
	else
		alarms++;
}

static int queued(int fd)
{
	int n;

	if (ioctl(fd, FIONREAD, &n))
		tst_brk(TBROK | TERRNO, "ioctl(%d, FIONREAD)", fd);
	return n;
}

static void set_nonblock(int fd, int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl < 0 ||
	    fcntl(fd, F_SETFL, on ? fl | O_NONBLOCK : fl & ~O_NONBLOCK))
		tst_brk(TBROK | TERRNO, "fcntl(%d, F_SETFL)", fd);
}

/* Fills the pipe with page-sized writes; returns the bytes it holds. */
static int fill(int p[2])
{
	ssize_t ret;

	set_nonblock(p[1], 1);
	while ((ret = write(p[1], pattern, page)) == page)
		;
	if (ret >= 0 || errno != EAGAIN)
		tst_brk(TBROK | TERRNO, "filling the pipe: write() = %zd", ret);
	set_nonblock(p[1], 0);
	return queued(p[0]);
}

static void close_pipe(int p[2])
{
	if (p[0] >= 0)
		SAFE_CLOSE(p[0]);
	if (p[1] >= 0)
		SAFE_CLOSE(p[1]);
}

/* An input pipe holding 100 bytes of the pattern. */
static void make_input(int in[2])
{
	SAFE_PIPE(in);
	SAFE_WRITE(1, in[1], pattern, 100);
}

static void arm(void)
{
	alarms = 0;
	alarm(alarm_secs);
}

static void check_full_case(const char *what, long ret, int full_before,
			    int full_rd, int in_rd, loff_t off)
{
	alarm(0);
	if (ret == -1 && errno == EAGAIN)
		tst_res(TPASS, "%s: EAGAIN", what);
	else if (ret == -1)
		tst_res(TFAIL | TERRNO, "%s: expected EAGAIN%s", what,
			alarms ? " (it blocked until the alarm)" : "");
	else
		tst_res(TFAIL, "%s: returned %ld, expected EAGAIN", what, ret);

	TST_EXP_EQ_LI(queued(full_rd), full_before);
	if (in_rd >= 0)
		TST_EXP_EQ_LI(queued(in_rd), 100);
	else
		TST_EXP_EQ_LI(off, 3);
}

static void full_pipe_cases(void)
{
	int out[2], in[2], full;
	loff_t off;
	long ret;

	SAFE_PIPE(out);
	full = fill(out);
	tst_res(TINFO, "the full pipe holds %d bytes", full);

	off = 3;
	arm();
	ret = splice(src, &off, out[1], NULL, page, SPLICE_F_NONBLOCK);
	check_full_case("splice(file -> full pipe, SPLICE_F_NONBLOCK)",
			ret, full, out[0], -1, off);

	set_nonblock(out[1], 1);
	off = 3;
	arm();
	ret = splice(src, &off, out[1], NULL, page, 0);
	check_full_case("splice(file -> full O_NONBLOCK pipe, flags 0)",
			ret, full, out[0], -1, off);
	set_nonblock(out[1], 0);

	make_input(in);
	arm();
	ret = splice(in[0], NULL, out[1], NULL, 100, SPLICE_F_NONBLOCK);
	check_full_case("splice(pipe -> full pipe, SPLICE_F_NONBLOCK)",
			ret, full, out[0], in[0], 0);

	set_nonblock(in[0], 1);
	arm();
	ret = splice(in[0], NULL, out[1], NULL, 100, 0);
	check_full_case("splice(O_NONBLOCK pipe -> full pipe, flags 0)",
			ret, full, out[0], in[0], 0);

	arm();
	ret = tee(in[0], out[1], 100, 0);
	check_full_case("tee(O_NONBLOCK pipe -> full pipe, flags 0)",
			ret, full, out[0], in[0], 0);
	set_nonblock(in[0], 0);

	arm();
	ret = tee(in[0], out[1], 100, SPLICE_F_NONBLOCK);
	check_full_case("tee(pipe -> full pipe, SPLICE_F_NONBLOCK)",
			ret, full, out[0], in[0], 0);

	set_nonblock(out[1], 1);
	arm();
	ret = tee(in[0], out[1], 100, 0);
	check_full_case("tee(pipe -> full O_NONBLOCK pipe, flags 0)",
			ret, full, out[0], in[0], 0);
	close_pipe(in);

	/* One page free: exactly one page of the file goes in. */
	SAFE_READ(1, out[0], buf, page);
	set_nonblock(out[1], 0);
	off = page;
	arm();
	ret = splice(src, &off, out[1], NULL, 4 * page, SPLICE_F_NONBLOCK);
	alarm(0);
	if (ret != page) {
		tst_res(TFAIL | TERRNO, "splice(file -> pipe with one free "
			"page, 4 pages, NONBLOCK) = %ld, expected %ld",
			ret, page);
	} else {
		tst_res(TPASS, "splice into one free page moved one page");
	}
	TST_EXP_EQ_LI(off, 2 * page);
	TST_EXP_EQ_LI(queued(out[0]), full);

	/* Drain what filled the pipe, the spliced page comes last. */
	while (queued(out[0]) > page)
		SAFE_READ(1, out[0], buf, page);
	SAFE_READ(1, out[0], buf, page);
	TST_EXP_EXPR(!memcmp(buf, pattern + page, page),
		     "the spliced page holds the file's page 1");
	close_pipe(out);
}

static void check_epipe(const char *what, long ret, int before)
{
	alarm(0);
	if (ret == -1 && errno == EPIPE)
		tst_res(TPASS, "%s: EPIPE", what);
	else if (ret == -1)
		tst_res(TFAIL | TERRNO, "%s: expected EPIPE%s", what,
			alarms ? " (it blocked until the alarm)" : "");
	else
		tst_res(TFAIL, "%s: returned %ld, expected EPIPE", what, ret);

	if (sigpipes == before + 1)
		tst_res(TPASS, "%s: one SIGPIPE", what);
	else
		tst_res(TFAIL, "%s: %d SIGPIPE, expected 1", what,
			(int)(sigpipes - before));
}

static void no_reader_cases(int full)
{
	int out[2], in[2], before;
	struct iovec iov;
	const char *tag = full ? "full, " : "";
	char what[128];
	unsigned int flags = full ? SPLICE_F_NONBLOCK : 0;
	loff_t off;
	long ret;

	SAFE_PIPE(out);
	if (full)
		fill(out);
	SAFE_CLOSE(out[0]);
	out[0] = -1;

	iov.iov_base = pattern;
	iov.iov_len = 10;
	before = sigpipes;
	snprintf(what, sizeof(what), "vmsplice(-> %sreaderless pipe)", tag);
	arm();
	ret = vmsplice(out[1], &iov, 1, flags);
	check_epipe(what, ret, before);

	off = 3;
	before = sigpipes;
	snprintf(what, sizeof(what), "splice(file -> %sreaderless pipe)", tag);
	arm();
	ret = splice(src, &off, out[1], NULL, 10, flags);
	check_epipe(what, ret, before);
	TST_EXP_EQ_LI(off, 3);

	make_input(in);
	before = sigpipes;
	snprintf(what, sizeof(what), "splice(pipe -> %sreaderless pipe)", tag);
	arm();
	ret = splice(in[0], NULL, out[1], NULL, 100, flags);
	check_epipe(what, ret, before);
	TST_EXP_EQ_LI(queued(in[0]), 100);

	before = sigpipes;
	snprintf(what, sizeof(what), "tee(pipe -> %sreaderless pipe)", tag);
	arm();
	ret = tee(in[0], out[1], 100, flags);
	check_epipe(what, ret, before);
	TST_EXP_EQ_LI(queued(in[0]), 100);

	close_pipe(in);
	close_pipe(out);
}

static void run(void)
{
	full_pipe_cases();
	no_reader_cases(0);
	no_reader_cases(1);
}

static void setup(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	int i;

	page = sysconf(_SC_PAGESIZE);
	pattern = SAFE_MALLOC(SRC_PAGES * page);
	buf = SAFE_MALLOC(page);
	for (i = 0; i < SRC_PAGES * page; i++)
		pattern[i] = 'a' + (i * 7 + i / page) % 26;

	src = SAFE_OPEN(SRC, O_RDWR | O_CREAT | O_TRUNC, 0644);
	SAFE_WRITE(1, src, pattern, SRC_PAGES * page);

	/* No SA_RESTART: a call the alarm interrupts returns EINTR. */
	if (sigaction(SIGPIPE, &sa, NULL) || sigaction(SIGALRM, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction()");
	alarm_secs = 5 * tst_timeout_mul();
	if (alarm_secs < 5)
		alarm_secs = 5;
}

static void cleanup(void)
{
	alarm(0);
	if (src >= 0)
		SAFE_CLOSE(src);
	free(pattern);
	free(buf);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The STICKY_TIMEOUTS personality bit keeps select(), pselect6() and
 * ppoll() from writing the time left back into their timeout argument
 * (poll_select_finish()). Raw system calls on a pipe, so that the C
 * library does not copy the timeout:
 * - without the bit, a call that times out after 10 ms leaves 0 in it,
 *   and a call that returns at once because the pipe is readable leaves
 *   what was left of a 5 s timeout: less than 5 s, more than 0;
 * - with the bit, both leave the timeout as it was passed.
 * The bit is set and cleared with personality(), which returns the
 * previous persona.
 * Syscalls: personality, select, pselect6, ppoll
 */
#include <poll.h>
#include <sys/personality.h>
#include <sys/select.h>
#include "tst_test.h"
#include "lapi/select.h"

static int fds[2];

enum { SELECT, PSELECT6, PPOLL };
static const char *const names[] = { "select", "pselect6", "ppoll" };

/* one call with timeout sec.nsec; the timeout left in *left_ns */
static long call(int which, long sec, long nsec, long long *left_ns)
{
	struct timespec ts = { sec, nsec };
	struct timeval tv = { sec, nsec / 1000 };
	struct pollfd pfd = { .fd = fds[0], .events = POLLIN };
	struct sigset_argpack pack = { NULL, 0 };
	fd_set set;
	long ret = -1;

	FD_ZERO(&set);
	FD_SET(fds[0], &set);
	switch (which) {
	case SELECT:
#ifdef __NR_select
		ret = syscall(__NR_select, fds[0] + 1, &set, NULL, NULL, &tv);
		ts.tv_sec = tv.tv_sec;
		ts.tv_nsec = tv.tv_usec * 1000;
#else
		tst_brk(TCONF, "no select system call here");
#endif
		break;
	case PSELECT6:
		ret = syscall(__NR_pselect6, fds[0] + 1, &set, NULL, NULL, &ts,
			      &pack);
		break;
	case PPOLL:
		ret = syscall(__NR_ppoll, &pfd, 1, &ts, NULL, 0);
		break;
	}
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "%s()", names[which]);
	*left_ns = ts.tv_sec * 1000000000LL + ts.tv_nsec;
	return ret;
}

static void run(unsigned int n)
{
	int which = n % 3, sticky = n >= 3;
	const char *how = sticky ? "with STICKY_TIMEOUTS" : "without it";
	long long left = -1;
	long ret;
	char c;

	if (personality(PER_LINUX | (sticky ? STICKY_TIMEOUTS : 0)) < 0)
		tst_brk(TBROK | TERRNO, "personality()");
	TEST(personality(0xffffffff));
	if (TST_RET != (PER_LINUX | (sticky ? STICKY_TIMEOUTS : 0)))
		tst_brk(TBROK, "personality is 0x%lx", TST_RET);

	/* nothing to read: times out */
	ret = call(which, 0, 10000000, &left);
	TST_EXP_EXPR(ret == 0 && left == (sticky ? 10000000 : 0),
		     "%s() %s: a 10 ms timeout that expired reads %lld ns",
		     names[which], how, left);

	SAFE_WRITE(1, fds[1], "x", 1);
	ret = call(which, 5, 0, &left);
	TST_EXP_EXPR(ret == 1 &&
		     (sticky ? left == 5000000000LL :
		      left > 0 && left < 5000000000LL),
		     "%s() %s: a 5 s timeout of a call that returned at once "
		     "reads %lld ns", names[which], how, left);
	SAFE_READ(1, fds[0], &c, 1);

	if (personality(PER_LINUX) < 0)
		tst_brk(TBROK | TERRNO, "personality(PER_LINUX)");
}

static void setup(void)
{
	SAFE_PIPE(fds);
}

static void cleanup(void)
{
	personality(PER_LINUX);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.tcnt = 6,
	.test = run,
};

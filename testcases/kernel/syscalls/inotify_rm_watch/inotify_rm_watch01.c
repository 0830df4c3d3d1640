// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * inotify_rm_watch() removes a watch: an IN_IGNORED event for its wd
 * (no name, cookie 0) is queued after the events it already caused, and
 * changes after that report nothing; other watches stay. Errors: EINVAL
 * for a wd removed already, one never given (0, -1, a large number) and a
 * wd of another inotify instance; EINVAL for a descriptor that is not an
 * inotify instance; EBADF for one not open.
 */
#include <limits.h>
#include "time_event.h"
#include "inotify_read.h"

static int fd = -1;

static void test_remove(void)
{
	struct ino_event evs[INO_MAX_EVENTS];
	int wd_a, wd_b, ffd_a, ffd_b, n;

	ffd_a = SAFE_OPEN("a", O_CREAT | O_WRONLY, 0600);
	ffd_b = SAFE_OPEN("b", O_CREAT | O_WRONLY, 0600);
	wd_a = inotify_add_watch(fd, "a", IN_MODIFY);
	wd_b = inotify_add_watch(fd, "b", IN_MODIFY);
	if (wd_a < 0 || wd_b < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");
	SAFE_WRITE(1, ffd_a, "x", 1);
	TST_EXP_PASS(inotify_rm_watch(fd, wd_a), "inotify_rm_watch(wd %d)",
		     wd_a);
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	TST_EXP_EXPR(n == 2 && evs[0].wd == wd_a && evs[0].mask == IN_MODIFY &&
		     evs[1].wd == wd_a && evs[1].mask == IN_IGNORED &&
		     evs[1].len == 0 && evs[1].cookie == 0,
		     "the pending IN_MODIFY, then IN_IGNORED (%d events)", n);

	SAFE_WRITE(1, ffd_a, "y", 1);
	SAFE_WRITE(1, ffd_b, "y", 1);
	n = ino_read_events(fd, evs, INO_MAX_EVENTS);
	TST_EXP_EXPR(n == 1 && evs[0].wd == wd_b && evs[0].mask == IN_MODIFY,
		     "afterwards only the other watch reports (%d events)", n);
	TST_EXP_FAIL(inotify_rm_watch(fd, wd_a), EINVAL,
		     "inotify_rm_watch() of the removed wd");
	inotify_rm_watch(fd, wd_b);
	ino_read_events(fd, evs, INO_MAX_EVENTS);
	SAFE_CLOSE(ffd_a);
	SAFE_CLOSE(ffd_b);
}

static void test_errors(void)
{
	int other, wd_other, p[2], tmp, closed;

	TST_EXP_FAIL(inotify_rm_watch(fd, 0), EINVAL, "inotify_rm_watch(0)");
	TST_EXP_FAIL(inotify_rm_watch(fd, -1), EINVAL,
		     "inotify_rm_watch(-1)");
	TST_EXP_FAIL(inotify_rm_watch(fd, INT_MAX), EINVAL,
		     "inotify_rm_watch(INT_MAX)");

	other = inotify_init1(IN_NONBLOCK);
	if (other < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
	wd_other = inotify_add_watch(other, ".", IN_CREATE);
	if (wd_other < 0)
		tst_brk(TBROK | TERRNO, "inotify_add_watch()");
	TST_EXP_FAIL(inotify_rm_watch(fd, wd_other), EINVAL,
		     "inotify_rm_watch() of another instance's wd");
	TST_EXP_PASS(inotify_rm_watch(other, wd_other),
		     "inotify_rm_watch() by its own instance");
	SAFE_CLOSE(other);

	SAFE_PIPE(p);
	TST_EXP_FAIL(inotify_rm_watch(p[0], 1), EINVAL,
		     "inotify_rm_watch(pipe)");
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
	tmp = SAFE_OPEN("/dev/null", O_RDONLY);
	closed = tmp;
	SAFE_CLOSE(tmp);
	TST_EXP_FAIL(inotify_rm_watch(closed, 1), EBADF,
		     "inotify_rm_watch(descriptor not open)");
}

static void run(unsigned int n)
{
	if (n == 0)
		test_remove();
	else
		test_errors();
}

static void setup(void)
{
	fd = inotify_init1(IN_NONBLOCK);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "inotify_init1()");
}

static void cleanup(void)
{
	if (fd >= 0)
		SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pipes between processes:
 * - a write to a pipe whose read end is closed everywhere kills the
 *   writer with SIGPIPE (default action); with SIGPIPE ignored the write
 *   fails with EPIPE; a writer blocked on a full pipe dies of SIGPIPE
 *   when the last reader closes;
 * - writers blocked on a full pipe can be killed (SIGKILL ends each),
 *   and the pipe then holds exactly the bytes that filled it: a blocked
 *   write of at most PIPE_BUF bytes put nothing in;
 * - eight children each reading one 64-byte record (writes of at most
 *   PIPE_BUF are atomic) get eight distinct records, each whole, of the
 *   eight the parent wrote;
 * - with RLIMIT_NOFILE lowered to 64, pipe() succeeds until every
 *   descriptor below the limit is taken (an odd one left over stays
 *   free), then fails with EMFILE; every fd returned is below the limit.
 */
#include <signal.h>
#include <limits.h>
#include <dirent.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "task_wait.h"

#define READERS 8
#define REC 64

static int *seen;

static void sigpipe(void)
{
	int fds[2];
	pid_t pid;
	char c = 'x';

	SAFE_PIPE(fds);
	SAFE_CLOSE(fds[0]);
	pid = SAFE_FORK();
	if (!pid) {
		signal(SIGPIPE, SIG_DFL);
		write(fds[1], &c, 1);
		exit(0);
	}
	reap_child_killed(pid, SIGPIPE);
	tst_res(TPASS, "write without a reader: the writer died of SIGPIPE");

	signal(SIGPIPE, SIG_IGN);
	TST_EXP_FAIL(write(fds[1], &c, 1), EPIPE,
		     "write without a reader, SIGPIPE ignored");
	signal(SIGPIPE, SIG_DFL);
	SAFE_CLOSE(fds[1]);

	/* a writer asleep on a full pipe when the last reader goes */
	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		static char buf[1 << 16];

		SAFE_CLOSE(fds[0]);
		for (;;)
			write(fds[1], buf, sizeof(buf));
	}
	SAFE_CLOSE(fds[1]);
	wait_task_state(pid, pid, "S");
	SAFE_CLOSE(fds[0]);
	reap_child_killed(pid, SIGPIPE);
	tst_res(TPASS, "blocked writer died of SIGPIPE at the last close");
}

static void kill_blocked(void)
{
	int fds[2], size, i, flags;
	pid_t pids[3];
	char *buf;
	ssize_t got, total = 0;

	SAFE_PIPE(fds);
	size = fcntl(fds[1], F_GETPIPE_SZ);
	buf = SAFE_MALLOC(size);
	memset(buf, 'f', size);
	SAFE_WRITE(1, fds[1], buf, size);
	for (i = 0; i < 3; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			char small[PIPE_BUF];

			memset(small, 'k', sizeof(small));
			write(fds[1], small, sizeof(small));
			exit(0);
		}
		wait_task_state(pids[i], pids[i], "S");
	}
	for (i = 0; i < 3; i++) {
		SAFE_KILL(pids[i], SIGKILL);
		reap_child_killed(pids[i], SIGKILL);
	}
	tst_res(TPASS, "three writers blocked on a full pipe were killed");

	flags = fcntl(fds[0], F_GETFL);
	fcntl(fds[0], F_SETFL, flags | O_NONBLOCK);
	for (;;) {
		got = read(fds[0], buf, size);
		if (got <= 0)
			break;
		for (i = 0; i < got; i++) {
			if (buf[i] != 'f') {
				tst_res(TFAIL, "byte %zd of the pipe is '%c'",
					total + i, buf[i]);
				break;
			}
		}
		total += got;
	}
	TST_EXP_EXPR(got < 0 && errno == EAGAIN,
		     "the drained pipe is empty (EAGAIN)");
	TST_EXP_EQ_LI(total, size);
	free(buf);
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
}

static void readers(void)
{
	int fds[2], i, j, bad = 0;
	pid_t pids[READERS];
	char rec[REC];

	SAFE_PIPE(fds);
	memset(seen, 0, READERS * sizeof(*seen));
	for (i = 0; i < READERS; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			SAFE_CLOSE(fds[1]);
			SAFE_READ(1, fds[0], rec, REC);
			for (j = 1; j < REC; j++) {
				if (rec[j] != rec[0]) {
					tst_res(TFAIL, "reader got a torn "
						"record");
					exit(0);
				}
			}
			if (rec[0] >= 'A' && rec[0] < 'A' + READERS)
				__atomic_fetch_add(&seen[rec[0] - 'A'], 1,
						   __ATOMIC_SEQ_CST);
			else
				tst_res(TFAIL, "reader got '%c'", rec[0]);
			exit(0);
		}
	}
	SAFE_CLOSE(fds[0]);
	for (i = 0; i < READERS; i++) {
		memset(rec, 'A' + i, REC);
		SAFE_WRITE(1, fds[1], rec, REC);
	}
	for (i = 0; i < READERS; i++)
		reap_child(pids[i]);
	SAFE_CLOSE(fds[1]);
	for (i = 0; i < READERS; i++) {
		if (seen[i] != 1) {
			tst_res(TFAIL, "record %c read %d times", 'A' + i,
				seen[i]);
			bad = 1;
		}
	}
	if (!bad)
		tst_res(TPASS, "%d readers got the %d records, each once",
			READERS, READERS);
}

/* Open descriptors below 64 (the lowered limit). */
static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(/proc/self/fd)");
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && atoi(e->d_name) != dirfd(d) &&
		    atoi(e->d_name) < 64)
			n++;
	closedir(d);
	return n;
}

static void fd_limit(void)
{
	struct rlimit old, lim;
	int fds[2], got[64], n = 0, i, expect, high = 0;

	if (getrlimit(RLIMIT_NOFILE, &old))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_NOFILE)");
	lim = old;
	lim.rlim_cur = 64;
	if (setrlimit(RLIMIT_NOFILE, &lim))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, 64)");
	expect = (64 - open_fds()) / 2 * 2;
	while (!pipe(fds)) {
		got[n++] = fds[0];
		got[n++] = fds[1];
		high = fds[0] > high ? fds[0] : high;
		high = fds[1] > high ? fds[1] : high;
	}
	TST_EXP_EXPR(errno == EMFILE, "pipe() at the limit fails with EMFILE "
		     "(%s)", tst_strerrno(errno));
	TST_EXP_EQ_LI(n, expect);
	TST_EXP_EXPR(high < 64, "highest pipe fd %d below the limit 64", high);
	for (i = 0; i < n; i++)
		SAFE_CLOSE(got[i]);
	if (setrlimit(RLIMIT_NOFILE, &old))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE) back");
}

static void (*const cases[])(void) = {
	sigpipe,
	kill_blocked,
	readers,
	fd_limit,
};

static void run(unsigned int n)
{
	cases[n]();
}

static void setup(void)
{
	seen = SAFE_MMAP(NULL, READERS * sizeof(*seen), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) lease breaks: another process's conflicting open() or
 * truncate() of a leased file
 * - sends the holder SIGIO, or the signal chosen with F_SETSIG with
 *   si_fd the leased fd and si_code POLL_MSG;
 * - sleeps until the holder gives way: F_GETLEASE then shows the type the
 *   lease must become (F_UNLCK for a writer, F_RDLCK when a reader meets
 *   a write lease); after F_SETLEASE to that type the breaker's call
 *   completes;
 * - with O_NONBLOCK fails at once with EWOULDBLOCK (the break still
 *   starts: the holder is signalled);
 * - an open for reading does not break a read lease (no signal);
 * - a holder that does nothing loses the lease after
 *   fs/lease-break-time seconds, and the breaker goes on: not sooner
 *   than that, and the lease is then gone (F_GETLEASE F_UNLCK).
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "fcntl_lock.h"
#include "task_wait.h"

#define FNAME "fcntl11_file"
#define BREAK_TIME "/proc/sys/fs/lease-break-time"

enum op { OPEN_RD, OPEN_WR, OPEN_RDWR, TRUNCATE };

static const char *const op_names[] = {
	"open(O_RDONLY)", "open(O_WRONLY)", "open(O_RDWR)", "truncate()"
};

static struct tcase {
	int lease;
	enum op op;
	int sig;		/* F_SETSIG value, 0 for SIGIO */
	int exp_lease;		/* what F_GETLEASE shows during the break */
} tcases[] = {
	{ F_RDLCK, OPEN_WR, 0, F_UNLCK },
	{ F_RDLCK, OPEN_RDWR, SIGUSR1, F_UNLCK },
	{ F_RDLCK, TRUNCATE, 0, F_UNLCK },
	{ F_WRLCK, OPEN_RD, SIGUSR1, F_RDLCK },
	{ F_WRLCK, OPEN_WR, 0, F_UNLCK },
	{ F_WRLCK, TRUNCATE, SIGUSR1, F_UNLCK },
};

static sigset_t sigs;

/* Bounded wait for the break signal; its siginfo is checked. */
static int wait_break_signal(int fd, int exp_sig, long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
	siginfo_t si;
	int sig = sigtimedwait(&sigs, &si, &ts);

	if (sig < 0)
		return 0;
	if (sig != exp_sig)
		tst_res(TFAIL, "lease break sent %s, expected %s",
			tst_strsig(sig), tst_strsig(exp_sig));
	else if (exp_sig != SIGIO && (si.si_fd != fd || si.si_code != POLL_MSG))
		tst_res(TFAIL, "%s with si_fd %d si_code %d, expected fd %d "
			"POLL_MSG", tst_strsig(sig), si.si_fd, si.si_code, fd);
	else
		tst_res(TPASS, "holder got %s", tst_strsig(sig));
	return 1;
}

static int do_op(enum op op, int flags)
{
	static const int modes[] = { O_RDONLY, O_WRONLY, O_RDWR };
	int fd;

	if (op == TRUNCATE)
		return truncate(FNAME, 5);
	fd = open(FNAME, modes[op] | flags);
	if (fd >= 0)
		close(fd);
	return fd < 0 ? -1 : 0;
}

/*
 * Read-only even for a write lease: the holder's own open for writing
 * would forbid the downgrade to a read lease (EAGAIN).
 */
static int take_lease(int lease, int sig)
{
	int fd = SAFE_OPEN(FNAME, O_RDONLY);

	if (fcntl(fd, F_SETSIG, sig))
		tst_brk(TBROK | TERRNO, "F_SETSIG %d", sig);
	if (fcntl(fd, F_SETLEASE, lease))
		tst_brk(TBROK | TERRNO, "F_SETLEASE %s", lock_type_name(lease));
	return fd;
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	int exp_sig = tc->sig ? tc->sig : SIGIO;
	int fd, status;
	pid_t pid;

	tst_res(TINFO, "%s lease, breaker %s", lock_type_name(tc->lease),
		op_names[tc->op]);
	SAFE_FILE_PRINTF(BREAK_TIME, "%d", 600);
	fd = take_lease(tc->lease, tc->sig);

	/* O_NONBLOCK: refused at once, and the break begins */
	if (tc->op != TRUNCATE) {
		TST_EXP_FAIL(do_op(tc->op, O_NONBLOCK), EWOULDBLOCK,
			     "%s | O_NONBLOCK on a leased file",
			     op_names[tc->op]);
		if (!wait_break_signal(fd, exp_sig, 10000 * tst_timeout_mul()))
			tst_res(TFAIL, "no %s after the O_NONBLOCK open",
				tst_strsig(exp_sig));
		SAFE_CLOSE(fd);
		fd = take_lease(tc->lease, tc->sig);
	}

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(do_op(tc->op, 0), "%s after the holder gave way",
			     op_names[tc->op]);
		exit(0);
	}
	if (!wait_break_signal(fd, exp_sig, 10000 * tst_timeout_mul()))
		tst_res(TFAIL, "no %s within 10 s of the breaker's %s",
			tst_strsig(exp_sig), op_names[tc->op]);
	TST_EXP_EQ_LI(fcntl(fd, F_GETLEASE), tc->exp_lease);
	/* the breaker sleeps until the holder acts */
	wait_task_in_syscall(pid, tc->op == TRUNCATE ? __NR_truncate :
			     __NR_openat);
	if (waitpid(pid, &status, WNOHANG))
		tst_res(TFAIL, "breaker finished before the lease was given up");
	else
		tst_res(TPASS, "breaker sleeps in %s", op_names[tc->op]);
	TST_EXP_PASS(fcntl(fd, F_SETLEASE, tc->exp_lease), "F_SETLEASE %s",
		     lock_type_name(tc->exp_lease));
	if (!TST_PASS) {
		/* the last close ends the lease: let the breaker go */
		SAFE_CLOSE(fd);
		reap_child(pid);
		return;
	}
	reap_child(pid);
	TST_EXP_EQ_LI(fcntl(fd, F_GETLEASE), tc->exp_lease);
	SAFE_CLOSE(fd);
}

/* A holder that ignores the break loses the lease after break time. */
static void test_break_time(void)
{
	long long start, took;
	int fd, status;
	pid_t pid;

	tst_res(TINFO, "read lease, holder does not react, break time 1 s");
	SAFE_FILE_PRINTF(BREAK_TIME, "%d", 1);
	fd = take_lease(F_RDLCK, SIGUSR1);
	start = task_wait_now_ms();
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(do_op(OPEN_WR, 0), "open(O_WRONLY) after the "
			     "lease timed out");
		exit(0);
	}
	if (!wait_break_signal(fd, SIGUSR1, 10000 * tst_timeout_mul()))
		tst_res(TFAIL, "no SIGUSR1 within 10 s of the breaker's open");
	SAFE_WAITPID(pid, &status, 0);
	took = task_wait_now_ms() - start;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_res(TFAIL, "breaker ended with status 0x%x", status);
	/* jiffies rounding may end the wait a tick early */
	if (took >= 900)
		tst_res(TPASS, "breaker waited %lld ms (break time 1 s)", took);
	else
		tst_res(TFAIL, "breaker returned after %lld ms, before the "
			"1 s break time", took);
	TST_EXP_EQ_LI(fcntl(fd, F_GETLEASE), F_UNLCK);
	SAFE_CLOSE(fd);
}

/* A reader does not break a read lease. */
static void test_no_break(void)
{
	int fd = take_lease(F_RDLCK, SIGUSR1);
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_EXP_PASS(do_op(OPEN_RD, O_NONBLOCK),
			     "open(O_RDONLY | O_NONBLOCK) beside a read lease");
		exit(0);
	}
	reap_child(pid);
	/* a break would have been signalled before the open returned */
	if (wait_break_signal(fd, SIGUSR1, 0))
		tst_res(TFAIL, "a reader broke the read lease");
	else
		tst_res(TPASS, "no break signal for a reader");
	TST_EXP_EQ_LI(fcntl(fd, F_GETLEASE), F_RDLCK);
	SAFE_CLOSE(fd);
}

static void run_all(unsigned int n)
{
	if (n < sizeof(tcases) / sizeof(tcases[0]))
		run(n);
	else if (n == sizeof(tcases) / sizeof(tcases[0]))
		test_no_break();
	else
		test_break_time();
}

static void setup(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0644);

	SAFE_WRITE(1, fd, "lease data", 10);
	SAFE_CLOSE(fd);
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGIO);
	sigaddset(&sigs, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &sigs, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask");
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]) + 2,
	.test = run_all,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ BREAK_TIME, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};

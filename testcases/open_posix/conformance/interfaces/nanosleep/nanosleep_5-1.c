// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * nanosleep() and clock_nanosleep() are interrupted only by "a signal
 * whose action is to invoke a signal-catching function" delivered to
 * the sleeping thread. With SIGUSR1 blocked in main and caught by
 * another thread, up to three process-directed SIGUSR1 sent during
 * each of main's sleeps (a relative nanosleep() and an absolute
 * clock_nanosleep() on CLOCK_MONOTONIC, 1 s each; each signal once main
 * is seen asleep, at least one) run the handler in that thread only;
 * each sleep returns 0, not before its time, rmtp untouched. A SIGUSR2
 * sent to main with pthread_kill() (caught, unblocked there) does end
 * the next sleep with EINTR.
 */
#include <pthread.h>
#include <sys/syscall.h>

#include "pts_helpers.h"

#define SLEEP_NS 1000000000LL

static volatile int calls, usr2, woke;
static volatile pid_t in_tid, main_tid;
static volatile int stop;
static pthread_t main_thread;

static void on_usr1(int sig)
{
	(void)sig;
	in_tid = pts_gettid();
	calls++;
}

static void on_usr2(int sig)
{
	(void)sig;
	usr2++;
}

static void *catcher(void *arg)
{
	sigset_t set;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	while (!stop)
		pause();
	return NULL;
}

/* is task tid asleep in syscall nr right now? */
static int asleep_in(pid_t tid, long nr)
{
	char path[64], buf[128];
	long got = -2;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)tid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f) || sscanf(buf, "%ld", &got) != 1)
		got = -2;
	fclose(f);
	return got == nr;
}

/*
 * Up to three SIGUSR1 to the process, each once main is seen asleep and
 * the previous one handled; stops when main's sleep is over. Returns how
 * many were sent while main slept.
 */
static int pester(long nr, const char *what)
{
	long long end;
	int sent = 0, want;

	while (sent < 3 && !woke) {
		if (!asleep_in(main_tid, nr)) {
			pts_nap();
			continue;
		}
		want = calls + 1;
		if (kill(getpid(), SIGUSR1))
			PTS_UNRES("kill(): %m");
		sent++;
		end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(10);
		while (calls < want) {
			if (pts_now(CLOCK_MONOTONIC) > end)
				PTS_FAILED("%s: SIGUSR1 %d never handled", what, sent);
			pts_nap();
		}
	}
	return sent;
}

static void *poke_main(void *arg)
{
	(void)arg;
	pts_wait_in_syscall(main_tid, SYS_clock_nanosleep);
	pthread_kill(main_thread, SIGUSR2);
	return NULL;
}

struct job {
	long nr;
	const char *what;
	int sent;
};

static void *pesterer(void *arg)
{
	struct job *j = arg;

	j->sent = pester(j->nr, j->what);
	return NULL;
}

static void check(int r, long long t0, struct timespec *rm, struct job *j)
{
	long long slept = pts_now(CLOCK_MONOTONIC) - t0;
	const char *what = j->what;

	printf("%s: %d SIGUSR1 sent while asleep, slept %lld ms\n", what,
	       j->sent, slept / 1000000);
	if (!j->sent)
		PTS_UNRES("%s: the sleep ended before any signal was sent", what);
	if (r)
		PTS_FAILED("%s returned %d (%s) for a signal caught by another thread",
			   what, r, strerrorname_np(r == -1 ? errno : r));
	if (slept < SLEEP_NS)
		PTS_FAILED("%s returned after %lld ns of %lld", what, slept, SLEEP_NS);
	if (rm->tv_sec != 77 || rm->tv_nsec != 77)
		PTS_FAILED("%s wrote rmtp", what);
	if (in_tid == main_tid)
		PTS_FAILED("%s: the SIGUSR1 handler ran in main", what);
}

int main(void)
{
	struct job jn = { SYS_clock_nanosleep, "nanosleep()", 0 };
	struct job jc = { SYS_clock_nanosleep, "clock_nanosleep(TIMER_ABSTIME)", 0 };
	struct timespec ts, rm;
	struct sigaction sa;
	pthread_t cat, pes;
	sigset_t set;
	long long t0;
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	if (sigaction(SIGUSR1, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	sa.sa_handler = on_usr2;
	if (sigaction(SIGUSR2, &sa, NULL))
		PTS_UNRES("sigaction(): %m");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, NULL))
		PTS_UNRES("sigprocmask(): %m");
	main_tid = pts_gettid();
	main_thread = pthread_self();
	if (pthread_create(&cat, NULL, catcher, NULL))
		PTS_UNRES("pthread_create() failed");

	if (pthread_create(&pes, NULL, pesterer, &jn))
		PTS_UNRES("pthread_create() failed");
	ts = pts_ns_ts(SLEEP_NS);
	rm.tv_sec = rm.tv_nsec = 77;
	t0 = pts_now(CLOCK_MONOTONIC);
	r = nanosleep(&ts, &rm);
	woke = 1;
	pthread_join(pes, NULL);
	check(r, t0, &rm, &jn);
	woke = 0;

	if (pthread_create(&pes, NULL, pesterer, &jc))
		PTS_UNRES("pthread_create() failed");
	t0 = pts_now(CLOCK_MONOTONIC);
	ts = pts_ns_ts(t0 + SLEEP_NS);
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, &rm);
	woke = 1;
	pthread_join(pes, NULL);
	check(r, t0, &rm, &jc);
	if (calls != jn.sent + jc.sent)
		PTS_FAILED("%d SIGUSR1 handled, %d sent", calls, jn.sent + jc.sent);

	/* a signal for main itself does interrupt */
	if (pthread_create(&pes, NULL, poke_main, NULL))
		PTS_UNRES("pthread_create() failed");
	ts = pts_ns_ts(pts_bound_ns(30));
	errno = 0;
	r = nanosleep(&ts, &rm);
	pthread_join(pes, NULL);
	if (r != -1 || errno != EINTR || usr2 != 1)
		PTS_FAILED("nanosleep() with SIGUSR2 sent to main: %d (%s), %d handler calls; expected -1 EINTR, 1",
			   r, strerrorname_np(errno), usr2);
	if (pts_ts_ns(&rm) <= 0 || pts_ts_ns(&rm) > pts_ts_ns(&ts))
		PTS_FAILED("rmtp %lld ns after EINTR, expected in (0, %lld]",
			   pts_ts_ns(&rm), pts_ts_ns(&ts));
	stop = 1;
	pthread_kill(cat, SIGUSR1);
	pthread_join(cat, NULL);
	PTS_PASSED("sleeps not interrupted by signals another thread catches");
}

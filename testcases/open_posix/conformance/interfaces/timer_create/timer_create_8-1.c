// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Timers belong to the process that created them: "Timers are not
 * inherited by the child process" of fork() (the parent's timer ID is
 * invalid in the child, [EINVAL], and the armed timer's signal never
 * reaches the child), and they are deleted by exec (a timer the child
 * created and armed has an invalid ID in the new image). The parent's
 * timer keeps running.
 */
#include "pts_helpers.h"

static int after_exec(timer_t t)
{
	struct itimerspec cur;

	PTS_EXPECT_ERRNO(timer_gettime(t, &cur), EINVAL,
			 "timer_gettime() of a pre-exec timer");
	return PTS_PASS;
}

int main(int argc, char *argv[])
{
	struct itimerspec its = { .it_value = { 0, 200000000 } }, cur;
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL,
				.sigev_signo = SIGRTMIN };
	struct timespec wait = { 0, 400000000 };
	struct timespec lim = pts_ns_ts(pts_bound_ns(10));
	char idbuf[32];
	sigset_t set;
	timer_t t;
	pid_t pid;

	if (argc > 2 && !strcmp(argv[1], "exec-check"))
		return after_exec((timer_t)strtol(argv[2], NULL, 0));
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	if (timer_create(CLOCK_MONOTONIC, &sev, &t))
		PTS_UNRES("timer_create(): %m");
	timer_settime(t, 0, &its, NULL);
	fflush(stdout);
	pid = fork();
	if (!pid) {
		PTS_EXPECT_ERRNO(timer_gettime(t, &cur), EINVAL,
				 "timer_gettime() of the parent's timer in the child");
		errno = 0;
		if (sigtimedwait(&set, NULL, &wait) != -1 || errno != EAGAIN)
			PTS_FAILED("the parent's timer signalled the child");
		_exit(PTS_PASS);
	}
	if (sigtimedwait(&set, NULL, &lim) != SIGRTMIN)
		PTS_FAILED("the parent's timer did not fire: %m");
	pts_reap(pid, "forked child");
	pid = fork();
	if (!pid) {
		/* a timer of the child's own, armed, must not survive exec */
		if (timer_create(CLOCK_MONOTONIC, &sev, &t) ||
		    timer_settime(t, 0, &its, NULL))
			_exit(PTS_UNRESOLVED);
		snprintf(idbuf, sizeof(idbuf), "%ld", (long)t);
		execl("/proc/self/exe", argv[0], "exec-check", idbuf, (char *)NULL);
		_exit(PTS_UNRESOLVED);
	}
	pts_reap(pid, "exec'd child");
	PTS_PASSED("timers not inherited by fork() and gone after exec");
}

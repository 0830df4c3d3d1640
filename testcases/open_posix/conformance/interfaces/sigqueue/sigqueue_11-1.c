// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Signals to a process whose main thread has ended with pthread_exit():
 * the process lives on in its other thread, so its pid still names it.
 * A child's sigqueue(SIGRTMIN, 42) and kill(SIGUSR1) to the process
 * return 0 (not [ESRCH]) while the main thread is a zombie (State Z in
 * /proc/PID/task/PID), and both are delivered to the remaining thread:
 * its sigwaitinfo() returns SIGRTMIN with SI_QUEUE, the value and the
 * child's pid, then SIGUSR1 with SI_USER and that pid.
 */
#include <pthread.h>

#include "pts_helpers.h"

static pid_t main_tid;

/* state letter of thread tid of this process */
static char task_state(pid_t tid)
{
	char path[64], buf[512], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)getpid(),
		 (int)tid);
	f = fopen(path, "r");
	if (!f)
		return '?';
	p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
	fclose(f);
	return p && p[1] && p[2] ? p[2] : '?';
}

static void *survivor(void *arg)
{
	long long end = pts_now(CLOCK_MONOTONIC) + pts_bound_ns(30);
	int p[2], status, r1, r2, i, usr1 = 0, rt = 0;
	union sigval sv = { .sival_int = 42 };
	sigset_t set;
	siginfo_t si;
	pid_t pid;
	char c;

	(void)arg;
	while (task_state(main_tid) != 'Z') {
		if (pts_now(CLOCK_MONOTONIC) > end)
			PTS_UNRES("main thread never became a zombie (%c)",
				  task_state(main_tid));
		pts_nap();
	}
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		r1 = sigqueue(getppid(), SIGRTMIN, sv) ? errno : 0;
		r2 = kill(getppid(), SIGUSR1) ? errno : 0;
		c = (char)(r1 | (r2 << 4));
		_exit(write(p[1], &c, 1) == 1 ? 0 : 1);
	}
	if (waitpid(pid, &status, 0) != pid || status || read(p[0], &c, 1) != 1)
		PTS_UNRES("sender child status 0x%x", status);
	if (c)
		PTS_FAILED("sigqueue() errno %d, kill() errno %d to the process of a zombie main thread",
			   c & 15, (c >> 4) & 15);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGUSR1);
	/* the two in either order (POSIX leaves it open), each once */
	for (i = 0; i < 2; i++) {
		if (sigwaitinfo(&set, &si) == -1)
			PTS_FAILED("sigwaitinfo() number %d: %m", i + 1);
		if (si.si_signo == SIGUSR1 && !usr1++) {
			if (si.si_code != SI_USER || si.si_pid != pid)
				PTS_FAILED("SIGUSR1: code %d, pid %d (child %d)",
					   si.si_code, (int)si.si_pid, (int)pid);
		} else if (si.si_signo == SIGRTMIN && !rt++) {
			if (si.si_code != SI_QUEUE || si.si_pid != pid ||
			    si.si_value.sival_int != 42)
				PTS_FAILED("SIGRTMIN: code %d, value %d, pid %d (child %d)",
					   si.si_code, si.si_value.sival_int,
					   (int)si.si_pid, (int)pid);
		} else {
			PTS_FAILED("signal %d taken twice or unexpected", si.si_signo);
		}
	}
	PTS_PASSED("a process whose main thread exited receives kill() and sigqueue()");
	return NULL;
}

int main(void)
{
	sigset_t set;
	pthread_t t;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	main_tid = pts_gettid();
	if (pthread_create(&t, NULL, survivor, NULL))
		PTS_UNRES("pthread_create(): %m");
	fflush(stdout);
	pthread_exit(NULL);
}

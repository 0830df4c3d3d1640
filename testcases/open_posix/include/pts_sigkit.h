/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Small helpers of the signal tests added with abort_*, pthread_kill_*,
 * sigwait_*, sigset_* and friends: installing a handler, reading a
 * thread's signal masks back from the kernel (/proc/TID/status) and
 * reaping a child that must have died of a given signal.
 */
#ifndef PTS_SIGKIT_H
#define PTS_SIGKIT_H

#include "pts_helpers.h"

/* install fn for sig with flags and an empty sa_mask; TBROK on failure */
static inline void pts_catch(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		PTS_UNRES("sigaction(%d): %s", sig, strerror(errno));
}

/* as pts_catch() for an SA_SIGINFO handler */
static inline void pts_catch_info(int sig, void (*fn)(int, siginfo_t *, void *))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = fn;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		PTS_UNRES("sigaction(%d): %s", sig, strerror(errno));
}

/* block (how SIG_BLOCK) or unblock (SIG_UNBLOCK) one signal in this thread */
static inline void pts_mask1(int how, int sig)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	if (pthread_sigmask(how, &set, NULL))
		PTS_UNRES("pthread_sigmask(%d, %d) failed", how, sig);
}

/*
 * A mask line ("SigBlk", "SigPnd", "ShdPnd") of /proc/PID/task/TID/status,
 * as the kernel keeps it: bit N-1 for signal N.
 */
static inline unsigned long long pts_task_mask(pid_t pid, pid_t tid,
					       const char *field)
{
	char path[96], line[256], fmt[32];
	unsigned long long v;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", (int)pid,
		 (int)tid);
	snprintf(fmt, sizeof(fmt), "%s: %%llx", field);
	f = fopen(path, "r");
	if (!f)
		PTS_UNRES("open %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, fmt, &v) == 1) {
			fclose(f);
			return v;
		}
	}
	fclose(f);
	PTS_UNRES("no %s in %s", field, path);
}

/* the bit of signal sig in a /proc mask */
#define PTS_SIGBIT(sig) (1ULL << ((sig) - 1))

/* reap pid, which must have been terminated by signal sig */
static inline void pts_expect_killed(pid_t pid, int sig, const char *what)
{
	int status;

	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(%s): %s", what, strerror(errno));
	if (!WIFSIGNALED(status) || WTERMSIG(status) != sig) {
		if (WIFEXITED(status))
			PTS_FAILED("%s exited with %d, not killed by signal %d",
				   what, WEXITSTATUS(status), sig);
		PTS_FAILED("%s: wait status 0x%x, not killed by signal %d",
			   what, status, sig);
	}
}

/* fork; the child runs fn() and exits with its value */
static inline pid_t pts_fork_fn(int (*fn)(void))
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid)
		exit(fn());
	return pid;
}

#endif /* PTS_SIGKIT_H */

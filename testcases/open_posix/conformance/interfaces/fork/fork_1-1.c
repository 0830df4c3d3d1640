// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): the child has a new process ID and the parent's ID as its
 * parent process ID; "the set of signals pending for the child process
 * shall be initialized to the empty set"; "alarms ... shall be
 * cleared" (alarm() in the child returns 0) and interval timers reset;
 * "file locks set by the parent process shall not be inherited"; the
 * signal mask and dispositions are inherited.
 */
#include <sys/time.h>

#include "pts_helpers.h"

int main(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	struct itimerval it = { .it_value = { 100, 0 } };
	sigset_t set;
	char path[64];
	pid_t pid, parent = getpid();
	int fd;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR1);
	signal(SIGUSR2, SIG_IGN);
	alarm(100);
	setitimer(ITIMER_VIRTUAL, &it, NULL);
	snprintf(path, sizeof(path), "/tmp/pts_fork_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (fd < 0 || fcntl(fd, F_SETLK, &fl))
		PTS_UNRES("lock: %m");
	fflush(stdout);
	pid = fork();
	if (!pid) {
		struct sigaction sa;
		struct itimerval cur;
		sigset_t pend, mask;
		struct flock q = { .l_type = F_WRLCK, .l_whence = SEEK_SET };

		if (getpid() == parent || getppid() != parent)
			PTS_FAILED("pid %d ppid %d (parent %d)", (int)getpid(),
				   (int)getppid(), (int)parent);
		sigpending(&pend);
		if (sigismember(&pend, SIGUSR1))
			PTS_FAILED("the parent's pending signal is pending in the child");
		sigprocmask(SIG_BLOCK, NULL, &mask);
		if (!sigismember(&mask, SIGUSR1))
			PTS_FAILED("the signal mask was not inherited");
		sigaction(SIGUSR2, NULL, &sa);
		if (sa.sa_handler != SIG_IGN)
			PTS_FAILED("SIG_IGN disposition not inherited");
		if (alarm(0))
			PTS_FAILED("the parent's alarm is set in the child");
		getitimer(ITIMER_VIRTUAL, &cur);
		if (cur.it_value.tv_sec || cur.it_value.tv_usec)
			PTS_FAILED("ITIMER_VIRTUAL inherited");
		if (fcntl(fd, F_GETLK, &q) || q.l_type != F_WRLCK ||
		    q.l_pid != parent)
			PTS_FAILED("the child holds the parent's lock (F_GETLK %d)",
				   q.l_type);
		_exit(PTS_PASS);
	}
	pts_reap(pid, "child");
	if (alarm(0) == 0)
		PTS_FAILED("the parent's alarm was lost");
	PTS_PASSED("new pid, pending signals, alarms and locks not inherited");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() to a stopped process: "While a process is stopped, any
 * additional signals that are sent to the process shall not be delivered
 * until the process is continued, except SIGKILL". A stopped child sent
 * SIGUSR1 (caught) and SIGQUIT (default action: terminate with core;
 * dumping disabled) stays stopped with both pending (/proc ShdPnd, state
 * T, no SIGKILL queued); when continued, SIGQUIT ends it (WTERMSIG;
 * whether the SIGUSR1 handler ran first is unspecified and printed). A
 * second stopped child is sent SIGTERM (default action: terminate, which
 * complete_signal() could take as SIGKILL at once, but not for a
 * stopped task, which wants no signal): it must stay stopped with
 * SIGTERM pending (no SIGKILL queued), and die of SIGTERM once
 * continued.
 */
#include <sys/prctl.h>

#include "pts_helpers.h"

static int wfd;

static void handler(int sig)
{
	(void)sig;
	if (write(wfd, "u", 1) != 1)
		_exit(7);
}

static unsigned long long sigpnd(pid_t pid)
{
	char path[64], line[256];
	unsigned long long v = ~0ULL;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		PTS_UNRES("open %s: %m", path);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "SigPnd: %llx", &v) == 1)
			break;
	fclose(f);
	return v;
}

static pid_t stopped_child(int p[2])
{
	struct sigaction sa = { .sa_handler = handler };
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(p[0]);
		wfd = p[1];
		prctl(PR_SET_DUMPABLE, 0);
		sigemptyset(&sa.sa_mask);
		sigaction(SIGUSR1, &sa, NULL);
		raise(SIGSTOP);
		for (;;)
			pause();
	}
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		PTS_UNRES("child did not stop: %#x", status);
	return pid;
}

#define BIT(s) (1ULL << ((s) - 1))

static char state(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return '?';
	p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
	fclose(f);
	return p && p[1] && p[2] ? p[2] : '?';
}

int main(void)
{
	unsigned long long shd, own;
	int p[2], status;
	pid_t pid;
	char c;

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pid = stopped_child(p);
	kill(pid, SIGUSR1);
	kill(pid, SIGQUIT);
	shd = pts_shared_pending(pid);
	own = sigpnd(pid);
	if (!(shd & BIT(SIGUSR1)) || !(shd & BIT(SIGQUIT)) || (own & BIT(SIGKILL)) ||
	    state(pid) != 'T') {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		PTS_FAILED("stopped child: shared pending %#llx, own %#llx; expected SIGUSR1 and SIGQUIT held",
			   shd, own);
	}
	kill(pid, SIGCONT);
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGQUIT)
		PTS_FAILED("continued child: status %#x, expected killed by SIGQUIT", status);
	close(p[1]);
	printf("INFO: SIGUSR1 handler %s before SIGQUIT ended the child\n",
	       read(p[0], &c, 1) == 1 ? "ran" : "did not run");
	close(p[0]);

	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	pid = stopped_child(p);
	kill(pid, SIGTERM);
	own = sigpnd(pid);
	if ((own & BIT(SIGKILL)) || state(pid) != 'T') {
		waitpid(pid, &status, 0);
		PTS_FAILED("SIGTERM (default action) ended the stopped process at once, as SIGKILL (status %#x)",
			   status);
	}
	shd = pts_shared_pending(pid);
	if (!(shd & BIT(SIGTERM)))
		PTS_FAILED("SIGTERM neither pending nor acted on (shared %#llx)", shd);
	kill(pid, SIGCONT);
	waitpid(pid, &status, 0);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGTERM)
		PTS_FAILED("continued child: status %#x, expected killed by SIGTERM", status);
	PTS_PASSED("signals to a stopped process held until it is continued");
}

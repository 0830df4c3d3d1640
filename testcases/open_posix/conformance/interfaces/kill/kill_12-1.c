// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The default action of each standard signal, taken by a child with
 * every disposition SIG_DFL and nothing blocked, as its parent sees it
 * through waitpid(): T (abnormal termination) and A (abnormal
 * termination, possibly with a core: RLIMIT_CORE is 0 here, the core
 * flag is not asserted) end the child with WTERMSIG the signal; S stops
 * it (WIFSTOPPED, WSTOPSIG the signal; the child is in a process group
 * of its own that is not orphaned, so SIGTSTP/SIGTTIN/SIGTTOU are not
 * discarded); I leaves it running (SIGCHLD, SIGURG, SIGWINCH, and
 * SIGCONT for a running process): it exits 0 when the parent then
 * closes the pipe it is reading.
 */
#include <sys/resource.h>

#include "pts_helpers.h"

struct sigdef {
	int sig;
	char act;
	const char *name;
};

static const struct sigdef defs[] = {
	{ SIGABRT, 'A', "SIGABRT" }, { SIGALRM, 'T', "SIGALRM" },
	{ SIGBUS, 'A', "SIGBUS" }, { SIGCHLD, 'I', "SIGCHLD" },
	{ SIGCONT, 'I', "SIGCONT" }, { SIGFPE, 'A', "SIGFPE" },
	{ SIGHUP, 'T', "SIGHUP" }, { SIGILL, 'A', "SIGILL" },
	{ SIGINT, 'T', "SIGINT" }, { SIGKILL, 'T', "SIGKILL" },
	{ SIGPIPE, 'T', "SIGPIPE" }, { SIGQUIT, 'A', "SIGQUIT" },
	{ SIGSEGV, 'A', "SIGSEGV" }, { SIGSTOP, 'S', "SIGSTOP" },
	{ SIGTERM, 'T', "SIGTERM" }, { SIGTSTP, 'S', "SIGTSTP" },
	{ SIGTTIN, 'S', "SIGTTIN" }, { SIGTTOU, 'S', "SIGTTOU" },
	{ SIGUSR1, 'T', "SIGUSR1" }, { SIGUSR2, 'T', "SIGUSR2" },
	{ SIGPOLL, 'T', "SIGPOLL" }, { SIGPROF, 'T', "SIGPROF" },
	{ SIGSYS, 'A', "SIGSYS" }, { SIGTRAP, 'A', "SIGTRAP" },
	{ SIGURG, 'I', "SIGURG" }, { SIGVTALRM, 'T', "SIGVTALRM" },
	{ SIGXCPU, 'A', "SIGXCPU" }, { SIGXFSZ, 'A', "SIGXFSZ" },
	{ SIGWINCH, 'I', "SIGWINCH" },
};

int main(void)
{
	struct rlimit rl = { 0, 0 };
	unsigned int i;
	int p[2], q[2], status, s;
	sigset_t none;
	pid_t pid;
	char c;

	if (setrlimit(RLIMIT_CORE, &rl))
		PTS_UNRES("setrlimit(RLIMIT_CORE): %s", strerror(errno));
	sigemptyset(&none);
	for (i = 0; i < sizeof(defs) / sizeof(defs[0]); i++) {
		if (pipe(p) || pipe(q))
			PTS_UNRES("pipe(): %s", strerror(errno));
		fflush(stdout);
		pid = fork();
		if (pid < 0)
			PTS_UNRES("fork(): %s", strerror(errno));
		if (!pid) {
			for (s = 1; s < NSIG; s++)
				signal(s, SIG_DFL);
			sigprocmask(SIG_SETMASK, &none, NULL);
			setpgid(0, 0);
			close(p[1]);
			if (write(q[1], "r", 1) != 1)
				_exit(3);
			/* returns 0 at the parent's close: survived */
			_exit(read(p[0], &c, 1) == 0 ? 0 : 4);
		}
		close(p[0]);
		close(q[1]);
		setpgid(pid, pid);
		if (read(q[0], &c, 1) != 1)
			PTS_UNRES("child did not start");
		close(q[0]);
		pts_wait_in_syscall(pid, SYS_read);
		if (kill(pid, defs[i].sig))
			PTS_UNRES("kill(%s): %s", defs[i].name, strerror(errno));
		if (defs[i].act == 'I')
			close(p[1]);
		if (waitpid(pid, &status, WUNTRACED) != pid)
			PTS_UNRES("waitpid(): %s", strerror(errno));
		switch (defs[i].act) {
		case 'T':
		case 'A':
			if (!WIFSIGNALED(status) || WTERMSIG(status) != defs[i].sig)
				PTS_FAILED("%s: status %#x, expected termination by it",
					   defs[i].name, status);
			break;
		case 'S':
			if (!WIFSTOPPED(status) || WSTOPSIG(status) != defs[i].sig)
				PTS_FAILED("%s: status %#x, expected a stop by it",
					   defs[i].name, status);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			break;
		case 'I':
			if (!WIFEXITED(status) || WEXITSTATUS(status))
				PTS_FAILED("%s: status %#x, expected the child to go on and exit 0",
					   defs[i].name, status);
			break;
		}
		if (defs[i].act != 'I')
			close(p[1]);
	}
	PTS_PASSED("default actions: T and A terminate, S stop, I ignored, for all 29 standard signals");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): the child is "an exact copy of the calling process" in what
 * the kernel keeps per process. Set in the parent before the fork and
 * read back in the child:
 * - a caught SIGUSR1 with sa_mask {SIGUSR2} and SA_SIGINFO | SA_RESTART
 *   | SA_NODEFER: the same handler, mask and flags, and the handler runs
 *   in the child on raise();
 * - the nice value 7, the umask 027, the working directory, RLIMIT_NOFILE
 *   77/88 and RLIMIT_CORE 0/4096;
 * - real, effective and saved group IDs 0/0/77 and the supplementary
 *   groups {11, 22, 33};
 * - the process group and the session.
 * The parent's own values are unchanged by what the child then sets.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static volatile sig_atomic_t hits;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)si;
	(void)uc;
	if (sig == SIGUSR1)
		hits++;
}

static char cwd[256];

static int check_child(void)
{
	gid_t groups[8], r, e, s;
	struct sigaction sa;
	struct rlimit rl;
	char here[256];
	mode_t um;
	int n;

	sigaction(SIGUSR1, NULL, &sa);
	if (sa.sa_sigaction != handler ||
	    !(sa.sa_flags & SA_SIGINFO) || !(sa.sa_flags & SA_RESTART) ||
	    !(sa.sa_flags & SA_NODEFER) || !sigismember(&sa.sa_mask, SIGUSR2) ||
	    sigismember(&sa.sa_mask, SIGTERM))
		PTS_FAILED("SIGUSR1 action not inherited: flags %#x", sa.sa_flags);
	raise(SIGUSR1);
	if (hits != 1)
		PTS_FAILED("the inherited handler ran %d times", (int)hits);
	errno = 0;
	if (getpriority(PRIO_PROCESS, 0) != 7 || errno)
		PTS_FAILED("nice %d, expected 7", getpriority(PRIO_PROCESS, 0));
	um = umask(0);
	if (um != 027)
		PTS_FAILED("umask %03o, expected 027", (unsigned int)um);
	if (!getcwd(here, sizeof(here)) || strcmp(here, cwd))
		PTS_FAILED("cwd %s, expected %s", here, cwd);
	getrlimit(RLIMIT_NOFILE, &rl);
	if (rl.rlim_cur != 77 || rl.rlim_max != 88)
		PTS_FAILED("RLIMIT_NOFILE %ld/%ld", (long)rl.rlim_cur, (long)rl.rlim_max);
	getrlimit(RLIMIT_CORE, &rl);
	if (rl.rlim_cur != 0 || rl.rlim_max != 4096)
		PTS_FAILED("RLIMIT_CORE %ld/%ld", (long)rl.rlim_cur, (long)rl.rlim_max);
	if (getresgid(&r, &e, &s) || r != 0 || e != 0 || s != 77)
		PTS_FAILED("gids %d/%d/%d, expected 0/0/77", (int)r, (int)e, (int)s);
	n = getgroups(8, groups);
	if (n != 3 || groups[0] != 11 || groups[1] != 22 || groups[2] != 33)
		PTS_FAILED("%d supplementary groups, expected 11 22 33", n);
	if (getpgrp() != getpgid(getppid()) || getsid(0) != getsid(getppid()))
		PTS_FAILED("group %d/%d or session %d/%d differ from the parent's",
			   (int)getpgrp(), (int)getpgid(getppid()), (int)getsid(0),
			   (int)getsid(getppid()));
	/* changes of the child's own, which the parent must not see */
	if (nice(3) == -1 || setgroups(0, NULL) || chdir("/"))
		PTS_UNRES("child changes: %m");
	return PTS_PASS;
}

int main(void)
{
	gid_t groups[3] = { 11, 22, 33 }, r, e, s;
	struct rlimit rl = { 77, 88 }, rc = { 0, 4096 };
	char dir[64], here[256];
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	snprintf(dir, sizeof(dir), "/tmp/pts_fork11_%d", (int)getpid());
	if (sigaction(SIGUSR1, &sa, NULL) || mkdir(dir, 0700) || chdir(dir) ||
	    !getcwd(cwd, sizeof(cwd)))
		PTS_UNRES("set-up: %m");
	errno = 0;
	if ((nice(7) == -1 && errno) || setrlimit(RLIMIT_NOFILE, &rl) ||
	    setrlimit(RLIMIT_CORE, &rc) || setgroups(3, groups) ||
	    setresgid(0, 0, 77))
		PTS_UNRES("set-up: %m");
	umask(027);
	pts_run_child(check_child, "child");
	errno = 0;
	if (getpriority(PRIO_PROCESS, 0) != 7 || getgroups(0, NULL) != 3 ||
	    getresgid(&r, &e, &s) || s != 77 || !getcwd(here, sizeof(here)) ||
	    strcmp(here, cwd))
		PTS_FAILED("the child's changes reached the parent");
	if (chdir("/") || rmdir(dir))
		PTS_UNRES("clean-up: %m");
	PTS_PASSED("handler and flags, nice, umask, cwd, limits, ids, groups, pgid, sid inherited");
}

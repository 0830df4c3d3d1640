// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wait4() reaps a child and reports it: the pid is returned, the status
 * decodes as exit code or terminating signal, and the rusage is the
 * child's (it touched 4 MiB, without huge pages, and used 20 ms of CPU:
 * ru_maxrss, ru_minflt, ru_utime + ru_stime at least that). WNOHANG
 * returns 0 while the child runs; WUNTRACED reports a stop and WCONTINUED
 * a continue. pid -1 takes any child, pid 0 only one of the caller's
 * process group, and -pgid only one of that group.
 * The rusage covers the reaped child and what it reaped itself, nothing
 * else: after a sibling that touched 8 MiB, an idle child's ru_minflt is
 * below those 2048 pages; a child that reaped a grandchild touching 8 MiB
 * reports at least them, one that exited leaving that grandchild an
 * unreaped zombie (WNOWAIT) does not.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include "tst_test.h"

#define TOUCH_BYTES	(4 << 20)
#define CPU_USEC	20000

static long tv_usec(const struct timeval *tv)
{
	return tv->tv_sec * 1000000L + tv->tv_usec;
}

static void busy_child(void)
{
	char *mem = SAFE_MMAP(NULL, TOUCH_BYTES, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct rusage ru;
	int i;

	/* one fault per 4 KiB page: no transparent huge page may serve it */
	madvise(mem, TOUCH_BYTES, MADV_NOHUGEPAGE);
	for (i = 0; i < TOUCH_BYTES; i += 1024)
		mem[i] = 1;
	do {
		getrusage(RUSAGE_SELF, &ru);
	} while (tv_usec(&ru.ru_utime) + tv_usec(&ru.ru_stime) < CPU_USEC);
	exit(42);
}

static void test_rusage(void)
{
	struct rusage ru;
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid)
		busy_child();
	memset(&ru, 0, sizeof(ru));
	TST_EXP_VAL(wait4(pid, &status, 0, &ru), pid, "wait4(child)");
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 42,
		     "status 0x%x decodes as exit code 42", status);
	TST_EXP_EXPR(ru.ru_maxrss >= TOUCH_BYTES / 1024,
		     "ru_maxrss %ld KiB covers the 4 MiB touched",
		     ru.ru_maxrss);
	TST_EXP_EXPR(ru.ru_minflt >= TOUCH_BYTES / getpagesize(),
		     "ru_minflt %ld counts a fault per page touched",
		     ru.ru_minflt);
	TST_EXP_EXPR(tv_usec(&ru.ru_utime) + tv_usec(&ru.ru_stime) >= CPU_USEC,
		     "ru_utime + ru_stime %ld us covers the child's %d us",
		     tv_usec(&ru.ru_utime) + tv_usec(&ru.ru_stime), CPU_USEC);
}

#define SCOPE_BYTES	(8 << 20)
#define SCOPE_PAGES	(SCOPE_BYTES / getpagesize())

static void toucher(void)
{
	char *mem = SAFE_MMAP(NULL, SCOPE_BYTES, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int i;

	madvise(mem, SCOPE_BYTES, MADV_NOHUGEPAGE);
	for (i = 0; i < SCOPE_BYTES; i += getpagesize())
		mem[i] = 1;
	exit(0);
}

/* A child that forks a toucher and reaps it, or leaves it a zombie. */
static void middle(int reap)
{
	siginfo_t si;
	pid_t pid = SAFE_FORK();

	if (!pid)
		toucher();
	if (reap) {
		reap_child(pid);
		exit(0);
	}
	/* exited but not reaped: its usage is not added to ours */
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(WNOWAIT)");
	exit(0);
}

static long minflt_of(pid_t pid, const char *what)
{
	struct rusage ru;
	int status;

	memset(&ru, 0, sizeof(ru));
	if (wait4(pid, &status, 0, &ru) != pid)
		tst_brk(TBROK | TERRNO, "wait4(%s)", what);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "%s: status 0x%x", what, status);
	return ru.ru_minflt;
}

static void test_rusage_scope(void)
{
	long minflt;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		toucher();
	minflt = minflt_of(pid, "toucher");
	TST_EXP_EXPR(minflt >= SCOPE_PAGES, "a child touching %ld pages: "
		     "ru_minflt %ld", (long)SCOPE_PAGES, minflt);

	pid = SAFE_FORK();
	if (!pid)
		exit(0);
	minflt = minflt_of(pid, "idle child");
	TST_EXP_EXPR(minflt < SCOPE_PAGES, "the next, idle child: ru_minflt "
		     "%ld, without its sibling's %ld pages", minflt,
		     (long)SCOPE_PAGES);

	pid = SAFE_FORK();
	if (!pid)
		middle(1);
	minflt = minflt_of(pid, "child that reaped a toucher");
	TST_EXP_EXPR(minflt >= SCOPE_PAGES, "a child that reaped its own "
		     "toucher: ru_minflt %ld includes the %ld pages", minflt,
		     (long)SCOPE_PAGES);

	pid = SAFE_FORK();
	if (!pid)
		middle(0);
	minflt = minflt_of(pid, "child that left a toucher unreaped");
	TST_EXP_EXPR(minflt < SCOPE_PAGES, "a child that exited leaving its "
		     "toucher unreaped: ru_minflt %ld, without its %ld pages",
		     minflt, (long)SCOPE_PAGES);
}

static void test_signaled(void)
{
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		exit(0);
	}
	SAFE_KILL(pid, SIGTERM);
	TST_EXP_VAL(wait4(pid, &status, 0, NULL), pid, "wait4(killed child)");
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
		     "status 0x%x decodes as killed by SIGTERM", status);
}

static void test_nohang_stop_cont(void)
{
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		TST_CHECKPOINT_WAIT(0);
		raise(SIGSTOP);
		TST_CHECKPOINT_WAIT(0);
		exit(3);
	}
	TST_EXP_VAL(wait4(pid, &status, WNOHANG, NULL), 0,
		    "wait4(WNOHANG) of a running child");
	TST_CHECKPOINT_WAKE(0);
	TST_EXP_VAL(wait4(pid, &status, WUNTRACED, NULL), pid,
		    "wait4(WUNTRACED) of a child stopping itself");
	TST_EXP_EXPR(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP,
		     "status 0x%x decodes as stopped by SIGSTOP", status);
	TST_EXP_VAL(wait4(pid, &status, WNOHANG | WUNTRACED, NULL), 0,
		    "a stop is reported once");
	SAFE_KILL(pid, SIGCONT);
	TST_EXP_VAL(wait4(pid, &status, WCONTINUED, NULL), pid,
		    "wait4(WCONTINUED) after SIGCONT");
	TST_EXP_EXPR(WIFCONTINUED(status), "status 0x%x decodes as continued",
		     status);
	TST_CHECKPOINT_WAKE(0);
	TST_EXP_VAL(wait4(pid, &status, 0, NULL), pid, "wait4() at exit");
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 3,
		     "status 0x%x decodes as exit code 3", status);
}

static void test_groups(void)
{
	pid_t same, other;
	int status;

	same = SAFE_FORK();
	if (!same) {
		TST_CHECKPOINT_WAIT(0);
		exit(1);
	}
	other = SAFE_FORK();
	if (!other) {
		if (setpgid(0, 0))
			tst_brk(TBROK | TERRNO, "setpgid(0, 0)");
		TST_CHECKPOINT_WAIT(1);
		exit(2);
	}
	/* both sides set the group: no race with the wait below */
	if (setpgid(other, other))
		tst_brk(TBROK | TERRNO, "setpgid(%d, %d)", other, other);

	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAKE(1);
	TST_EXP_VAL(wait4(-other, &status, 0, NULL), other,
		    "wait4(-pgid) reaps the child in that group");
	TST_EXP_VAL(wait4(0, &status, 0, NULL), same,
		    "wait4(0) reaps the child in the caller's group");
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 1,
		     "and its status says so (0x%x)", status);

	same = SAFE_FORK();
	if (!same)
		exit(5);
	TST_EXP_VAL(wait4(-1, &status, 0, NULL), same,
		    "wait4(-1) reaps any child");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_rusage();
		break;
	case 1:
		test_signaled();
		break;
	case 2:
		test_nohang_stop_cont();
		break;
	case 3:
		test_groups();
		break;
	case 4:
		test_rusage_scope();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * waitpid() over children of every kind at once: exits with codes 0, 1
 * and 255; killed by SIGKILL and SIGTERM (no core); killed by SIGSEGV and
 * SIGABRT, whose default action dumps core, with RLIMIT_CORE 0 and not
 * dumpable (no core bit); killed by SIGQUIT with a core file written to
 * the tmpdir when core_pattern is a plain file name (core bit set); a
 * child that forks and reaps grandchildren of its own; a child that
 * leaves an orphan grandchild behind; a child stopped by SIGSTOP
 * (WUNTRACED reports it once) and continued by SIGCONT (WCONTINUED
 * reports it once). While every child is blocked, WNOHANG returns 0
 * whatever the other flags. Then waitpid(-1) returns each of our pids
 * exactly once with its status, never a grandchild's, and ECHILD after
 * the last one (with and without WNOHANG).
 * Syscalls: wait4
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "tst_test.h"

enum kind { EXIT, SIGNAL, FORKER, ORPHANER, STOPPER };

struct kid {
	enum kind kind;
	int val;	/* exit code or signal */
	int core;	/* core bit expected */
	pid_t pid;
	int reaped;
};

#define KID(k, v, c) { .kind = (k), .val = (v), .core = (c) }

static struct kid kids[] = {
	KID(EXIT, 0, 0), KID(EXIT, 1, 0), KID(EXIT, 255, 0),
	KID(SIGNAL, SIGKILL, 0), KID(SIGNAL, SIGTERM, 0),
	KID(SIGNAL, SIGSEGV, 0), KID(SIGNAL, SIGABRT, 0),
	KID(SIGNAL, SIGQUIT, 1),
	KID(FORKER, 3, 0), KID(ORPHANER, 4, 0), KID(STOPPER, 5, 0),
};

#define NKIDS ARRAY_SIZE(kids)

static int core_ok;
static int ready[2];

static void no_core(void)
{
	struct rlimit rl = { 0, 0 };

	if (setrlimit(RLIMIT_CORE, &rl) || prctl(PR_SET_DUMPABLE, 0))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_CORE)/PR_SET_DUMPABLE");
}

static void child(struct kid *k)
{
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
	pid_t pid;
	int i, st;

	if (k->kind != SIGNAL)
		SAFE_CLOSE(ready[1]);
	SAFE_CLOSE(ready[0]);
	switch (k->kind) {
	case SIGNAL:
		if (k->core) {
			if (setrlimit(RLIMIT_CORE, &rl))
				tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_CORE)");
		} else {
			no_core();
		}
		/* set up: the parent may kill us now */
		SAFE_WRITE(1, ready[1], "x", 1);
		for (;;)
			pause();
	case FORKER:
		TST_CHECKPOINT_WAIT(0);
		for (i = 0; i < 20; i++) {
			pid = fork();
			if (pid < 0)
				exit(101);
			if (!pid)
				_exit(i);
			if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
			    WEXITSTATUS(st) != i)
				exit(102);
		}
		exit(k->val);
	case ORPHANER:
		TST_CHECKPOINT_WAIT(0);
		pid = fork();
		if (pid < 0)
			exit(101);
		if (!pid)
			_exit(77);
		exit(k->val);
	default:
		TST_CHECKPOINT_WAIT(0);
		exit(k->val);
	}
}

static struct kid *find(pid_t pid)
{
	unsigned int i;

	for (i = 0; i < NKIDS; i++)
		if (kids[i].pid == pid)
			return &kids[i];
	return NULL;
}

static void stop_cont(pid_t pid)
{
	int st;

	SAFE_KILL(pid, SIGSTOP);
	TST_EXP_VAL(waitpid(pid, &st, WUNTRACED), pid, "waitpid(WUNTRACED)");
	TST_EXP_EXPR(WIFSTOPPED(st) && WSTOPSIG(st) == SIGSTOP,
		     "status 0x%x: stopped by SIGSTOP", st);
	TST_EXP_VAL(waitpid(-1, &st, WNOHANG | WUNTRACED), 0,
		    "the stop is reported once");
	SAFE_KILL(pid, SIGCONT);
	TST_EXP_VAL(waitpid(pid, &st, WCONTINUED), pid, "waitpid(WCONTINUED)");
	TST_EXP_EXPR(WIFCONTINUED(st), "status 0x%x: continued", st);
	TST_EXP_VAL(waitpid(-1, &st, WNOHANG | WUNTRACED | WCONTINUED), 0,
		    "the continue is reported once");
}

static int check_status(struct kid *k, int st)
{
	if (k->kind == SIGNAL)
		return WIFSIGNALED(st) && WTERMSIG(st) == k->val &&
		       !!WCOREDUMP(st) == k->core;
	return WIFEXITED(st) && WEXITSTATUS(st) == k->val;
}

static void run(void)
{
	unsigned int i, nsig = 0, nwake = 0, left = NKIDS, bad = 0;
	struct kid *k;
	char buf[NKIDS];
	pid_t pid;
	int st;

	SAFE_PIPE(ready);

	for (i = 0; i < NKIDS; i++) {
		kids[i].reaped = 0;
		if (kids[i].kind == SIGNAL && kids[i].core && !core_ok) {
			kids[i].pid = -1;
			kids[i].reaped = 1;
			left--;
			continue;
		}
		kids[i].pid = SAFE_FORK();
		if (!kids[i].pid)
			child(&kids[i]);
		if (kids[i].kind == SIGNAL)
			nsig++;
		else
			nwake++;
	}

	TST_EXP_VAL(waitpid(-1, &st, WNOHANG), 0,
		    "waitpid(-1, WNOHANG) with every child blocked");
	TST_EXP_VAL(waitpid(-1, &st, WNOHANG | WUNTRACED | WCONTINUED), 0,
		    "waitpid(-1, WNOHANG | WUNTRACED | WCONTINUED) likewise");

	for (i = 0; i < NKIDS; i++)
		if (kids[i].kind == STOPPER)
			stop_cont(kids[i].pid);

	/* a byte from each signal child once its core limits are set */
	SAFE_CLOSE(ready[1]);
	for (i = 0; i < nsig; i++)
		SAFE_READ(1, ready[0], buf, 1);
	SAFE_CLOSE(ready[0]);
	TST_CHECKPOINT_WAKE2(0, nwake);
	for (i = 0; i < NKIDS; i++)
		if (kids[i].kind == SIGNAL && kids[i].pid > 0)
			SAFE_KILL(kids[i].pid, kids[i].val);

	while (left) {
		pid = waitpid(-1, &st, 0);
		if (pid < 0) {
			tst_res(TFAIL | TERRNO, "waitpid(-1) with %u children left",
				left);
			return;
		}
		k = find(pid);
		if (!k) {
			tst_res(TFAIL, "waitpid(-1) returned %d, not our child", pid);
			bad++;
			continue;
		}
		if (k->reaped) {
			tst_res(TFAIL, "pid %d reported a second time", pid);
			bad++;
			continue;
		}
		k->reaped = 1;
		left--;
		if (!check_status(k, st)) {
			tst_res(TFAIL, "pid %d (kind %d, %d%s): status 0x%x", pid,
				k->kind, k->val, k->core ? ", core" : "", st);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "each of %u children reaped once with its status",
			nsig + nwake);
	TST_EXP_FAIL(waitpid(-1, &st, 0), ECHILD, "waitpid(-1) with none left");
	TST_EXP_FAIL(waitpid(-1, &st, WNOHANG), ECHILD,
		     "waitpid(-1, WNOHANG) with none left");
}

static void setup(void)
{
	char pat[256] = "";
	FILE *f = fopen("/proc/sys/kernel/core_pattern", "r");

	if (f) {
		if (!fgets(pat, sizeof(pat), f))
			pat[0] = 0;
		fclose(f);
	}
	pat[strcspn(pat, "\n")] = 0;
	core_ok = pat[0] && !strchr(pat, '|') && !strchr(pat, '/');
	if (!core_ok)
		tst_res(TINFO, "core_pattern '%s' is not a plain file name: "
			"no child dumps core", pat);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_tmpdir = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 freezer against signals, ptrace and vfork (kernel/signal.c:
 * get_signal() takes the freezer trap before it dequeues any signal but
 * SIGKILL; ptrace_stop() and wait_for_vfork_done() count as frozen):
 *  - signals sent to a frozen process stay pending (ShdPnd): its SIGUSR1
 *    handler does not run and SIGSTOP does not stop it (state S, no stop
 *    reported); SIGCONT discards the pending SIGSTOP and is not queued
 *    itself; after the thaw the handler runs once and the process is not
 *    stopped; a SIGSTOP left pending over the thaw stops it then
 *    (CLD_STOPPED, state T) and the cgroup reads "frozen 0";
 *  - a frozen process can be traced: PTRACE_SEIZE and PTRACE_INTERRUPT
 *    give a PTRACE_EVENT_STOP trap, the cgroup stays "frozen 1";
 *    PTRACE_CONT and PTRACE_DETACH send it back into the freezer, never
 *    into its own code;
 *  - a cgroup whose process sits in a ptrace stop freezes; after the
 *    thaw the tracee is still in that stop (state t, PTRACE_GETSIGINFO
 *    works) until it is detached;
 *  - a process waiting in vfork() for its child counts as frozen: the
 *    cgroup reaches "frozen 1" and the child makes no progress; after the
 *    thaw the child exits and the parent returns from vfork().
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "cg_freezer.h"
#include "task_wait.h"

struct shared {
	volatile unsigned long count;
	volatile int usr1;
	volatile int go;
};

static struct shared *sh;

static void on_usr1(int sig)
{
	(void)sig;
	sh->usr1++;
}

static pid_t start_spinner(const char *rel)
{
	sh->usr1 = 0;
	return cg_start_spinner(rel, on_usr1);
}

/* The process's shared pending signal mask (ShdPnd in its status). */
static unsigned long long shd_pending(pid_t pid)
{
	char path[64], line[256];
	unsigned long long mask;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "ShdPnd: %llx", &mask) == 1) {
			fclose(f);
			return mask;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no ShdPnd in %s", path);
}

#define SIGBIT(sig) (1ULL << ((sig) - 1))

/* A stop (or ptrace trap) reported by waitpid() within 10 s (scaled). */
static int wait_stop(pid_t pid, int *status)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	pid_t ret;

	for (;;) {
		ret = waitpid(pid, status, WUNTRACED | WNOHANG);
		if (ret < 0)
			tst_brk(TBROK | TERRNO, "waitpid(%d)", (int)pid);
		if (ret == pid)
			return 1;
		if (tst_mono_ms() > deadline)
			return 0;
		usleep(1000);
	}
}

static int stop_reported(pid_t pid)
{
	int status;

	return waitpid(pid, &status, WUNTRACED | WCONTINUED | WNOHANG) == pid;
}

static void signals(void)
{
	unsigned long long pnd;
	int status;
	pid_t pid;

	cg_mkdir("s");
	pid = start_spinner("s");
	if (!cg_spin_advances())
		tst_brk(TBROK, "the spinner does not run");
	cg_freeze("s", 1);
	TST_EXP_EXPR(cg_spin_stays(), "no progress while s is frozen");

	SAFE_KILL(pid, SIGUSR1);
	SAFE_KILL(pid, SIGSTOP);
	pnd = shd_pending(pid);
	TST_EXP_EXPR(pnd == (SIGBIT(SIGUSR1) | SIGBIT(SIGSTOP)),
		     "SIGUSR1 and SIGSTOP pending in the frozen process "
		     "(ShdPnd %llx)", pnd);
	TST_EXP_EXPR(cg_spin_stays() && sh->usr1 == 0,
		     "frozen: no progress, the handler did not run (%d)",
		     sh->usr1);
	TST_EXP_EXPR(task_state(pid, pid) == 'S' && !stop_reported(pid),
		     "the frozen process is not stopped by SIGSTOP (state %c)",
		     task_state(pid, pid));
	TST_EXP_EQ_LI(cg_read_key("s", "cgroup.events", "frozen"), 1);

	SAFE_KILL(pid, SIGCONT);
	pnd = shd_pending(pid);
	TST_EXP_EXPR(pnd == SIGBIT(SIGUSR1),
		     "SIGCONT discarded the pending SIGSTOP and is not queued "
		     "(ShdPnd %llx)", pnd);

	cg_freeze("s", 0);
	TST_EXP_EXPR(cg_spin_advances(), "the thawed process runs");
	TST_EXP_EXPR(sh->usr1 == 1 && shd_pending(pid) == 0,
		     "after the thaw the SIGUSR1 handler ran once (%d), "
		     "nothing pending", sh->usr1);
	TST_EXP_EXPR(!stop_reported(pid) && task_state(pid, pid) != 'T',
		     "the process was not stopped");

	/* A SIGSTOP still pending at the thaw takes effect then. */
	cg_freeze("s", 1);
	SAFE_KILL(pid, SIGSTOP);
	TST_EXP_EXPR(cg_spin_stays(), "no progress while frozen with SIGSTOP pending");
	CG_WRITE("s", "cgroup.freeze", "0");
	if (!wait_stop(pid, &status)) {
		tst_res(TFAIL, "no stop reported after the thaw");
	} else {
		TST_EXP_EXPR(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP,
			     "the SIGSTOP left pending stops the process at "
			     "the thaw (status %#x)", status);
	}
	cg_wait_event("s", "frozen", 0);
	TST_EXP_EXPR(task_state(pid, pid) == 'T' && cg_spin_stays(),
		     "stopped (state %c), 'frozen 0' once thawed",
		     task_state(pid, pid));
	SAFE_KILL(pid, SIGCONT);
	TST_EXP_EXPR(cg_spin_advances(), "SIGCONT resumes it");

	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_rmdir("s");
}

static void ptrace_ok(int req, pid_t pid, void *data, const char *name)
{
	if (ptrace(req, pid, NULL, data))
		tst_brk(TBROK | TERRNO, "%s(%d)", name, (int)pid);
}

/* PTRACE_INTERRUPT and the PTRACE_EVENT_STOP trap it must give. */
static void interrupt(pid_t pid)
{
	int status;

	ptrace_ok(PTRACE_INTERRUPT, pid, NULL, "PTRACE_INTERRUPT");
	if (!wait_stop(pid, &status))
		tst_brk(TFAIL, "no trap after PTRACE_INTERRUPT within 10 s");
	TST_EXP_EXPR(WIFSTOPPED(status) &&
		     status >> 8 == (SIGTRAP | PTRACE_EVENT_STOP << 8),
		     "PTRACE_INTERRUPT: PTRACE_EVENT_STOP trap (status %#x)",
		     status);
}

static void traced_frozen(void)
{
	pid_t pid;

	cg_mkdir("p");
	pid = start_spinner("p");
	if (!cg_spin_advances())
		tst_brk(TBROK, "the spinner does not run");
	cg_freeze("p", 1);

	ptrace_ok(PTRACE_SEIZE, pid, NULL, "PTRACE_SEIZE");
	interrupt(pid);
	cg_wait_event("p", "frozen", 1);
	TST_EXP_EXPR(task_state(pid, pid) == 't' && cg_spin_stays(),
		     "traced while frozen: in a ptrace stop (%c), 'frozen 1'",
		     task_state(pid, pid));

	ptrace_ok(PTRACE_CONT, pid, NULL, "PTRACE_CONT");
	cg_wait_event("p", "frozen", 1);
	TST_EXP_EXPR(cg_spin_stays(), "PTRACE_CONT of a frozen tracee: no progress, "
		     "'frozen 1'");

	interrupt(pid);
	ptrace_ok(PTRACE_DETACH, pid, NULL, "PTRACE_DETACH");
	cg_wait_event("p", "frozen", 1);
	TST_EXP_EXPR(cg_spin_stays(), "detached while frozen: no progress, "
		     "'frozen 1'");

	cg_freeze("p", 0);
	TST_EXP_EXPR(cg_spin_advances(), "the thawed process runs");
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_rmdir("p");
}

static void frozen_traced(void)
{
	siginfo_t si;
	pid_t pid;

	cg_mkdir("t");
	pid = start_spinner("t");
	if (!cg_spin_advances())
		tst_brk(TBROK, "the spinner does not run");
	ptrace_ok(PTRACE_SEIZE, pid, NULL, "PTRACE_SEIZE");
	interrupt(pid);
	TST_EXP_EQ_LI(cg_read_key("t", "cgroup.events", "frozen"), 0);

	cg_freeze("t", 1);
	tst_res(TPASS, "a cgroup with a tracee in a ptrace stop freezes");
	cg_freeze("t", 0);
	TST_EXP_EXPR(task_state(pid, pid) == 't' && cg_spin_stays(),
		     "after the thaw the tracee is still in its ptrace stop "
		     "(state %c)", task_state(pid, pid));
	TST_EXP_PASS(ptrace(PTRACE_GETSIGINFO, pid, NULL, &si),
		     "PTRACE_GETSIGINFO of the tracee after the thaw");
	ptrace_ok(PTRACE_DETACH, pid, NULL, "PTRACE_DETACH");
	TST_EXP_EXPR(cg_spin_advances(), "the detached process runs");

	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_rmdir("t");
}

static void vforker(void)
{
	int status;
	pid_t pid;

	cg_enter("v");
	pid = vfork();
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "vfork");
	if (!pid) {
		while (!sh->go)
			sh->count++;
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid)
		tst_brk(TBROK | TERRNO, "waitpid(vfork child)");
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "the vfork child exited 0 (status %#x)", status);
	exit(0);
}

static void vfork_frozen(void)
{
	pid_t pid;

	cg_mkdir("v");
	sh->count = 0;
	sh->go = 0;
	pid = SAFE_FORK();
	if (!pid)
		vforker();
	if (!cg_spin_advances())
		tst_brk(TBROK, "the vfork child does not run");
	wait_task_state(pid, pid, "D");

	cg_freeze("v", 1);
	TST_EXP_EXPR(cg_spin_stays(), "the cgroup with a process waiting in vfork() "
		     "freezes, its child makes no progress");
	cg_freeze("v", 0);
	TST_EXP_EXPR(cg_spin_advances(), "the thawed vfork child runs");
	sh->go = 1;
	reap_child(pid);
	cg_rmdir("v");
}

static void run(void)
{
	signals();
	traced_frozen();
	frozen_traced();
	vfork_frozen();
}

static void setup(void)
{
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	cg_spin_init(&sh->count);
	cg_setup(NULL, 0);
	cg_require_file("cgroup.freeze", "kernel before 5.2");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", NULL
	},
};

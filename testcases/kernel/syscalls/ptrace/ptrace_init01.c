// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Root may trace init (pid 1): kernels before 2.6.26 refused
 * PTRACE_ATTACH to it with EPERM. PTRACE_ATTACH succeeds, init stops with
 * SIGSTOP (sent with the kernel's privilege, so init's immunity to
 * signals it has no handler for does not drop it), /proc/1/status names us
 * as TracerPid, init is in tracing stop ('t') and PTRACE_GETREGS reads its
 * user registers (a 64-bit user %cs); PTRACE_DETACH lets it go: TracerPid
 * 0 and init leaves the stop. PTRACE_SEIZE of init succeeds too, without
 * stopping it; PTRACE_INTERRUPT stops it with PTRACE_EVENT_STOP and
 * PTRACE_DETACH releases it again.
 * Signals init receives meanwhile (SIGCHLD of orphans it reaps) stop it
 * too: they are handed back to it with PTRACE_CONT, not swallowed.
 * Init is stopped for a moment, so the test runs alone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/user.h>
#include "ptrace_raw.h"
#include "task_wait.h"

#define USER_CS 0x33

static long tracer_of_init(void)
{
	char line[128];
	long tracer = -1;
	FILE *f = fopen("/proc/1/status", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/1/status)");
	while (fgets(line, sizeof(line), f))
		sscanf(line, "TracerPid: %ld", &tracer);
	fclose(f);
	return tracer;
}

/*
 * Wait for init to stop by sig (with ptrace event ev), handing any other
 * signal it stops for back to it. Bounded on the clock.
 */
static int wait_init_stop(int sig, int ev, const char *what)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	int status;
	pid_t ret;

	for (;;) {
		ret = waitpid(1, &status, __WALL | WNOHANG);
		if (ret < 0)
			tst_brk(TBROK | TERRNO, "waitpid(1)");
		if (ret == 1) {
			if (!WIFSTOPPED(status)) {
				tst_res(TFAIL, "%s: init %s", what,
					ptrace_status_str(status));
				return 1;
			}
			if (WSTOPSIG(status) == sig && (status >> 16) == ev) {
				tst_res(TPASS, "%s: init %s", what,
					ptrace_status_str(status));
				return 0;
			}
			tst_res(TINFO, "%s: init %s on the way, passed on",
				what, ptrace_status_str(status));
			PTRACE_OK(PTRACE_CONT, 1, 0,
				  (status >> 16) ? 0 : WSTOPSIG(status));
			continue;
		}
		if (tst_mono_ms() > deadline) {
			tst_res(TFAIL, "%s: init did not stop in 10 s", what);
			return 1;
		}
		usleep(1000);
	}
}

static void wait_init_running(void)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	char state;

	while ((state = task_state(1, 1)) == 't' || state == 'T') {
		if (tst_mono_ms() > deadline) {
			tst_res(TFAIL, "init still in state '%c' 10 s after "
				"PTRACE_DETACH", state);
			return;
		}
		usleep(1000);
	}
	tst_res(TPASS, "init left the stop (state '%c')", state);
}

static void detach(const char *what)
{
	TST_EXP_PASS(sys_ptrace(PTRACE_DETACH, 1, 0, 0), "PTRACE_DETACH "
		     "from init (%s)", what);
	TST_EXP_EQ_LI(tracer_of_init(), 0);
	wait_init_running();
}

static void run(void)
{
	struct user_regs_struct regs;

	TST_EXP_PASS(sys_ptrace(PTRACE_ATTACH, 1, 0, 0),
		     "PTRACE_ATTACH to init");
	if (!TST_PASS)
		return;
	if (wait_init_stop(SIGSTOP, 0, "PTRACE_ATTACH")) {
		sys_ptrace(PTRACE_DETACH, 1, 0, 0);
		return;
	}
	TST_EXP_EQ_LI(tracer_of_init(), getpid());
	TST_EXP_EXPR(task_state(1, 1) == 't', "init is in tracing stop "
		     "(state '%c')", task_state(1, 1));
	TST_EXP_PASS(sys_ptrace(PTRACE_GETREGS, 1, 0, (unsigned long)&regs),
		     "PTRACE_GETREGS of init");
	TST_EXP_EXPR(regs.cs == USER_CS, "init's %%cs is 0x%llx (64-bit user "
		     "0x%x)", regs.cs, USER_CS);
	detach("attached");

	TST_EXP_PASS(sys_ptrace(PTRACE_SEIZE, 1, 0, 0),
		     "PTRACE_SEIZE of init");
	if (!TST_PASS)
		return;
	TST_EXP_EQ_LI(tracer_of_init(), getpid());
	TST_EXP_PASS(sys_ptrace(PTRACE_INTERRUPT, 1, 0, 0),
		     "PTRACE_INTERRUPT of init");
	if (wait_init_stop(SIGTRAP, PTRACE_EVENT_STOP, "PTRACE_INTERRUPT")) {
		sys_ptrace(PTRACE_DETACH, 1, 0, 0);
		return;
	}
	detach("seized");
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.exclusive = 1,
};

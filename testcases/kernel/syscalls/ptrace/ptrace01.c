// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ptrace() requests on x86-64, each through the raw syscall:
 * a child that called PTRACE_TRACEME stops with SIGTRAP after execve();
 * PTRACE_PEEKDATA reads a variable of a stopped tracee (the value it set),
 * PTRACE_POKEDATA changes it and the tracee sees the new value after
 * PTRACE_CONT; at the first PTRACE_SYSCALL stop (with
 * PTRACE_O_TRACESYSGOOD: SIGTRAP | 0x80) of a child calling raw getppid()
 * PTRACE_GETREGS shows orig_rax == __NR_getppid, and at the exit stop rax
 * is the parent's pid; PTRACE_ATTACH stops a running child with SIGSTOP and
 * makes the caller its TracerPid, PTRACE_DETACH lets it go; PTRACE_SEIZE
 * does not stop it, PTRACE_INTERRUPT then stops it with
 * PTRACE_EVENT_STOP; with PTRACE_O_TRACEEXIT an exiting tracee stops with
 * PTRACE_EVENT_EXIT and PTRACE_GETEVENTMSG gives its wait status.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include "task_wait.h"

#define OLD_VAL 0x1122334455667788L
#define NEW_VAL 0x0badc0ffee0ddf00L

static volatile long shared_var = OLD_VAL;

static long sys_ptrace(long req, pid_t pid, unsigned long addr,
		       unsigned long data)
{
	return syscall(__NR_ptrace, req, (long)pid, addr, data);
}

/* TRACEME, then stop with SIGSTOP on return from kill(): no other call. */
static void traceme_and_stop(void)
{
	if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
	syscall(__NR_kill, syscall(__NR_getpid), SIGSTOP);
}

static void wait_stop(pid_t pid, int sig, int event, const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != sig ||
	    (status >> 16) != event) {
		tst_res(TFAIL, "%s: wait status 0x%x, expected a stop by %s "
			"event %d", what, status, tst_strsig(sig), event);
		kill(pid, SIGKILL);
		SAFE_WAITPID(pid, &status, 0);
		tst_brk(TBROK, "%s: tracee not where expected", what);
	}
	tst_res(TPASS, "%s: stopped by %s (event %d)", what, tst_strsig(sig),
		event);
}

static void wait_exit(pid_t pid, int code, const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == code,
		     "%s: tracee exited with %d (wait status 0x%x)", what,
		     code, status);
}

static void test_exec_stop(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
		execlp("true", "true", (char *)NULL);
		tst_brk(TBROK | TERRNO, "execlp(true)");
	}
	wait_stop(pid, SIGTRAP, 0, "TRACEME + execve");
	TST_EXP_PASS(sys_ptrace(PTRACE_CONT, pid, 0, 0));
	wait_exit(pid, 0, "after execve stop and PTRACE_CONT");
}

static void test_peek_poke(void)
{
	unsigned long addr = (unsigned long)&shared_var;
	long val = 0;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		shared_var = OLD_VAL;
		traceme_and_stop();
		exit(shared_var == NEW_VAL ? 0 : 1);
	}
	wait_stop(pid, SIGSTOP, 0, "TRACEME + SIGSTOP");
	shared_var = 0;
	TST_EXP_PASS(sys_ptrace(PTRACE_PEEKDATA, pid, addr,
				(unsigned long)&val));
	TST_EXP_EQ_LI(val, OLD_VAL);
	TST_EXP_PASS(sys_ptrace(PTRACE_POKEDATA, pid, addr, NEW_VAL));
	TST_EXP_PASS(sys_ptrace(PTRACE_PEEKDATA, pid, addr,
				(unsigned long)&val));
	TST_EXP_EQ_LI(val, NEW_VAL);
	TST_EXP_EQ_LI(shared_var, 0);
	shared_var = OLD_VAL;
	TST_EXP_PASS(sys_ptrace(PTRACE_CONT, pid, 0, 0));
	wait_exit(pid, 0, "tracee saw the poked value");
}

static void test_syscall_stop(void)
{
	struct user_regs_struct regs;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		traceme_and_stop();
		syscall(__NR_getppid);
		exit(0);
	}
	wait_stop(pid, SIGSTOP, 0, "TRACEME + SIGSTOP");
	TST_EXP_PASS(sys_ptrace(PTRACE_SETOPTIONS, pid, 0,
				PTRACE_O_TRACESYSGOOD));
	TST_EXP_PASS(sys_ptrace(PTRACE_SYSCALL, pid, 0, 0));
	wait_stop(pid, SIGTRAP | 0x80, 0, "syscall-entry stop");
	TST_EXP_PASS(sys_ptrace(PTRACE_GETREGS, pid, 0,
				(unsigned long)&regs));
	TST_EXP_EQ_LI(regs.orig_rax, __NR_getppid);
	TST_EXP_PASS(sys_ptrace(PTRACE_SYSCALL, pid, 0, 0));
	wait_stop(pid, SIGTRAP | 0x80, 0, "syscall-exit stop");
	TST_EXP_PASS(sys_ptrace(PTRACE_GETREGS, pid, 0,
				(unsigned long)&regs));
	TST_EXP_EQ_LI(regs.orig_rax, __NR_getppid);
	TST_EXP_EQ_LI(regs.rax, getpid());
	TST_EXP_PASS(sys_ptrace(PTRACE_CONT, pid, 0, 0));
	wait_exit(pid, 0, "after PTRACE_SYSCALL stops");
}

static long tracer_pid(pid_t pid)
{
	char path[64], line[128];
	long tracer = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f))
		sscanf(line, "TracerPid: %ld", &tracer);
	fclose(f);
	return tracer;
}

static void test_attach_seize(void)
{
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		for (;;)
			pause();
	}
	wait_task_state(pid, pid, "S");

	TST_EXP_PASS(sys_ptrace(PTRACE_ATTACH, pid, 0, 0));
	wait_stop(pid, SIGSTOP, 0, "PTRACE_ATTACH");
	TST_EXP_EQ_LI(tracer_pid(pid), getpid());
	TST_EXP_PASS(sys_ptrace(PTRACE_DETACH, pid, 0, 0));
	TST_EXP_EQ_LI(tracer_pid(pid), 0);
	wait_task_state(pid, pid, "S");

	TST_EXP_PASS(sys_ptrace(PTRACE_SEIZE, pid, 0, 0));
	TST_EXP_EQ_LI(tracer_pid(pid), getpid());
	TST_EXP_VAL(waitpid(pid, &status, WNOHANG), 0,
		    "no stop after PTRACE_SEIZE");
	TST_EXP_EXPR(task_state(pid, pid) == 'S',
		     "seized child still sleeps in pause()");
	TST_EXP_PASS(sys_ptrace(PTRACE_INTERRUPT, pid, 0, 0));
	wait_stop(pid, SIGTRAP, PTRACE_EVENT_STOP, "PTRACE_INTERRUPT");
	TST_EXP_PASS(sys_ptrace(PTRACE_DETACH, pid, 0, 0));
	TST_EXP_EQ_LI(tracer_pid(pid), 0);

	SAFE_KILL(pid, SIGKILL);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		     "detached child ran on until SIGKILL");
}

static void test_exit_event(void)
{
	unsigned long msg = 0;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		traceme_and_stop();
		exit(7);
	}
	wait_stop(pid, SIGSTOP, 0, "TRACEME + SIGSTOP");
	TST_EXP_PASS(sys_ptrace(PTRACE_SETOPTIONS, pid, 0,
				PTRACE_O_TRACEEXIT));
	TST_EXP_PASS(sys_ptrace(PTRACE_CONT, pid, 0, 0));
	wait_stop(pid, SIGTRAP, PTRACE_EVENT_EXIT, "PTRACE_O_TRACEEXIT");
	TST_EXP_PASS(sys_ptrace(PTRACE_GETEVENTMSG, pid, 0,
				(unsigned long)&msg));
	TST_EXP_EQ_LI(msg, 7 << 8);
	TST_EXP_PASS(sys_ptrace(PTRACE_CONT, pid, 0, 0));
	wait_exit(pid, 7, "after PTRACE_EVENT_EXIT");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_exec_stop();
		break;
	case 1:
		test_peek_poke();
		break;
	case 2:
		test_syscall_stop();
		break;
	case 3:
		test_attach_seize();
		break;
	case 4:
		test_exit_event();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.forks_child = 1,
};

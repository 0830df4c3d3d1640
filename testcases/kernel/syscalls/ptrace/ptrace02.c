// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ptrace() errors on x86-64 (raw syscall), as kernel/ptrace.c returns them:
 * ESRCH for a pid that cannot exist, for PTRACE_PEEKDATA on a child that
 * is not traced and on a seized tracee that is running (not stopped);
 * EPERM for PTRACE_ATTACH to oneself, to a child already traced, for a
 * second PTRACE_TRACEME, and as nobody for PTRACE_ATTACH and PTRACE_SEIZE
 * to init (pid 1); EIO for PTRACE_PEEKDATA and PTRACE_POKEDATA at an
 * unmapped address of a stopped tracee, for an unknown request, for
 * PTRACE_INTERRUPT on a tracee not attached with PTRACE_SEIZE and for
 * PTRACE_SEIZE with an unknown option or addr != 0; EFAULT for
 * PTRACE_PEEKDATA storing into a PROT_NONE page of the tracer; EINVAL for
 * PTRACE_SETOPTIONS with an unknown option.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "as_nobody.h"
#include "task_wait.h"

#define UNKNOWN_REQUEST 0x3039
#define UNKNOWN_OPTION (1UL << 29)

static volatile long shared_var = 42;
/* PROT_NONE here, unmapped in the tracee */
static unsigned long unmapped;

static long sys_ptrace(long req, pid_t pid, unsigned long addr,
		       unsigned long data)
{
	return syscall(__NR_ptrace, req, (long)pid, addr, data);
}

static pid_t sleeping_child(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		for (;;)
			pause();
	}
	wait_task_state(pid, pid, "S");
	return pid;
}

static void kill_child(pid_t pid)
{
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
}

static void test_esrch(void)
{
	unsigned long addr = (unsigned long)&shared_var;
	long val;
	pid_t pid;

	TST_EXP_FAIL(sys_ptrace(PTRACE_ATTACH, unused_pid(), 0, 0), ESRCH,
		     "PTRACE_ATTACH to a pid that cannot exist");

	pid = sleeping_child();
	TST_EXP_FAIL(sys_ptrace(PTRACE_PEEKDATA, pid, addr,
				(unsigned long)&val), ESRCH,
		     "PTRACE_PEEKDATA on a child not traced");
	TST_EXP_PASS(sys_ptrace(PTRACE_SEIZE, pid, 0, 0));
	TST_EXP_FAIL(sys_ptrace(PTRACE_PEEKDATA, pid, addr,
				(unsigned long)&val), ESRCH,
		     "PTRACE_PEEKDATA on a running seized tracee");
	TST_EXP_FAIL(sys_ptrace(PTRACE_CONT, pid, 0, 0), ESRCH,
		     "PTRACE_CONT on a running seized tracee");
	TST_EXP_FAIL(sys_ptrace(PTRACE_ATTACH, pid, 0, 0), EPERM,
		     "PTRACE_ATTACH to a child already traced");
	kill_child(pid);
}

static void test_eperm(void)
{
	pid_t pid;

	TST_EXP_FAIL(sys_ptrace(PTRACE_ATTACH, getpid(), 0, 0), EPERM,
		     "PTRACE_ATTACH to oneself");
	TST_EXP_FAIL(sys_ptrace(PTRACE_SEIZE, getpid(), 0, 0), EPERM,
		     "PTRACE_SEIZE of oneself");

	pid = SAFE_FORK();
	if (!pid) {
		if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
		TST_EXP_FAIL(sys_ptrace(PTRACE_TRACEME, 0, 0, 0), EPERM,
			     "second PTRACE_TRACEME");
		exit(0);
	}
	reap_child(pid);
}

static void attach_init_as_nobody(void)
{
	TST_EXP_FAIL(sys_ptrace(PTRACE_ATTACH, 1, 0, 0), EPERM,
		     "PTRACE_ATTACH to init as nobody");
	TST_EXP_FAIL(sys_ptrace(PTRACE_SEIZE, 1, 0, 0), EPERM,
		     "PTRACE_SEIZE of init as nobody");
}

static void test_stopped_tracee(void)
{
	unsigned long addr = (unsigned long)&shared_var;
	long val;
	int status;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		/* unmapped in the tracee, PROT_NONE in the tracer */
		SAFE_MUNMAP((void *)unmapped, getpagesize());
		if (sys_ptrace(PTRACE_TRACEME, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
		syscall(__NR_kill, syscall(__NR_getpid), SIGSTOP);
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP) {
		kill_child(pid);
		tst_brk(TBROK, "tracee not stopped by SIGSTOP: 0x%x", status);
	}

	TST_EXP_FAIL(sys_ptrace(PTRACE_PEEKDATA, pid, unmapped,
				(unsigned long)&val), EIO,
		     "PTRACE_PEEKDATA at an unmapped tracee address");
	TST_EXP_FAIL(sys_ptrace(PTRACE_POKEDATA, pid, unmapped, 1), EIO,
		     "PTRACE_POKEDATA at an unmapped tracee address");
	TST_EXP_FAIL(sys_ptrace(PTRACE_PEEKDATA, pid, addr, unmapped),
		     EFAULT, "PTRACE_PEEKDATA into a PROT_NONE result address");
	TST_EXP_FAIL(sys_ptrace(UNKNOWN_REQUEST, pid, 0, 0), EIO,
		     "unknown request 0x%x", UNKNOWN_REQUEST);
	TST_EXP_FAIL(sys_ptrace(PTRACE_INTERRUPT, pid, 0, 0), EIO,
		     "PTRACE_INTERRUPT on a tracee not seized");
	TST_EXP_FAIL(sys_ptrace(PTRACE_SETOPTIONS, pid, 0, UNKNOWN_OPTION),
		     EINVAL, "PTRACE_SETOPTIONS with unknown option 0x%lx",
		     UNKNOWN_OPTION);
	/* the tracee is still fine: it reads and exits */
	TST_EXP_PASS(sys_ptrace(PTRACE_PEEKDATA, pid, addr,
				(unsigned long)&val));
	TST_EXP_EQ_LI(val, 42);
	TST_EXP_PASS(sys_ptrace(PTRACE_CONT, pid, 0, 0));
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "tracee exited 0 (wait status 0x%x)", status);
}

static void test_seize_flags(void)
{
	pid_t pid = sleeping_child();

	TST_EXP_FAIL(sys_ptrace(PTRACE_SEIZE, pid, 0, UNKNOWN_OPTION), EIO,
		     "PTRACE_SEIZE with unknown option 0x%lx",
		     UNKNOWN_OPTION);
	TST_EXP_FAIL(sys_ptrace(PTRACE_SEIZE, pid, 1, 0), EIO,
		     "PTRACE_SEIZE with addr != 0");
	kill_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_esrch();
		break;
	case 1:
		test_eperm();
		run_in_nobody_child(attach_init_as_nobody,
				    "PTRACE_ATTACH to init as nobody");
		break;
	case 2:
		test_stopped_tracee();
		break;
	case 3:
		test_seize_flags();
		break;
	}
}

static void setup(void)
{
	void *p = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	unmapped = (unsigned long)p;
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

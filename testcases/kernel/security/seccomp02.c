// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * seccomp filter actions and stacking (kernel/seccomp.c), each case in a
 * child with no_new_privs and RLIMIT_CORE 0:
 *  - SECCOMP_RET_TRAP: the call does not run and SIGSYS arrives with
 *    si_code SYS_SECCOMP, si_errno the 16 data bits, si_syscall the
 *    number, si_arch AUDIT_ARCH_X86_64 and si_call_addr set (a trapped
 *    mkdir() creates nothing); with SIGSYS
 *    ignored or blocked the signal is forced: the process dies of it;
 *  - SECCOMP_RET_ERRNO: data 5000 is capped at MAX_ERRNO (4095); data 0
 *    makes mkdir() return 0 without creating the directory;
 *  - stacking: every filter runs and the lowest action wins; between
 *    equal actions the newest filter's data wins (ERRNO 1 then ERRNO 2
 *    gives errno 2); a later ALLOW or LOG does not undo an ERRNO, a
 *    later TRAP overrides it; a forked child inherits the whole stack;
 *  - SECCOMP_RET_LOG runs the call (getppid() gives the real parent);
 *  - SECCOMP_RET_KILL_THREAD in a second thread ends only that thread
 *    (pthread_join() returns, the process exits normally); alone, the
 *    process dies of SIGSYS; SECCOMP_RET_KILL_PROCESS from a second
 *    thread kills the whole process with SIGSYS;
 *  - /proc/sys/kernel/seccomp/actions_avail lists exactly the eight
 *    actions in order.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "seccomp_raw.h"

#ifndef SYS_SECCOMP
# define SYS_SECCOMP 1	/* si_code of a seccomp SIGSYS */
#endif

#define AVAIL "/proc/sys/kernel/seccomp/actions_avail"
#define DIRNAME "seccomp02_dir"

static volatile sig_atomic_t got_sig;
static siginfo_t last_info;

static void on_sigsys(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	got_sig = sig;
	last_info = *si;
}

static void prepare(void)
{
	struct rlimit rl = { 0, 0 };

	if (setrlimit(RLIMIT_CORE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_CORE)");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_NO_NEW_PRIVS");
}

static void catch_sigsys(void)
{
	struct sigaction sa = { .sa_sigaction = on_sigsys,
				.sa_flags = SA_SIGINFO };

	if (sigaction(SIGSYS, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGSYS)");
	got_sig = 0;
}

static void check_trap_info(int nr, unsigned int data, const char *what)
{
	TST_EXP_EXPR(got_sig == SIGSYS && last_info.si_code == SYS_SECCOMP &&
		     last_info.si_errno == (int)data &&
		     last_info.si_syscall == nr &&
		     last_info.si_arch == AUDIT_ARCH_X86_64 &&
		     last_info.si_call_addr,
		     "%s: SIGSYS (got %d) code %d errno 0x%x syscall %d arch "
		     "0x%x addr %p", what, (int)got_sig, last_info.si_code,
		     last_info.si_errno, last_info.si_syscall,
		     last_info.si_arch, last_info.si_call_addr);
}

static void trap(void)
{
	struct stat st;

	prepare();
	catch_sigsys();
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_TRAP | 0x1234, 0);
	syscall(__NR_getppid);
	check_trap_info(__NR_getppid, 0x1234, "RET_TRAP | 0x1234");
	catch_sigsys();
	seccomp_one_ok(__NR_mkdir, SECCOMP_RET_TRAP | 0xffff, 0);
	syscall(__NR_mkdir, DIRNAME, 0755);
	check_trap_info(__NR_mkdir, 0xffff, "RET_TRAP | 0xffff on mkdir");
	TST_EXP_FAIL(stat(DIRNAME, &st), ENOENT,
		     "the directory the trapped mkdir() named");
	exit(0);
}

/* SIGSYS ignored (ign) or blocked: the trap is forced on the process. */
static void trap_forced(int ign)
{
	sigset_t set;

	prepare();
	if (ign) {
		signal(SIGSYS, SIG_IGN);
	} else {
		sigemptyset(&set);
		sigaddset(&set, SIGSYS);
		sigprocmask(SIG_BLOCK, &set, NULL);
	}
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_TRAP, 0);
	syscall(__NR_getppid);
	exit(0);
}

static void errno_data(void)
{
	struct stat st;

	prepare();
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_ERRNO | 5000, 0);
	TST_EXP_FAIL(syscall(__NR_getppid), 4095,
		     "RET_ERRNO | 5000 capped at MAX_ERRNO");
	seccomp_one_ok(__NR_mkdir, SECCOMP_RET_ERRNO | 0, 0);
	TST_EXP_PASS(syscall(__NR_mkdir, DIRNAME, 0755),
		     "mkdir() under RET_ERRNO | 0");
	TST_EXP_FAIL(stat(DIRNAME, &st), ENOENT,
		     "the directory RET_ERRNO | 0 'created'");
	exit(0);
}

static void stacking(void)
{
	pid_t pid;

	prepare();
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_ERRNO | 1, 0);
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_ERRNO | 2, 0);
	TST_EXP_FAIL(syscall(__NR_getppid), 2,
		     "ERRNO 1 then ERRNO 2: the newest one's data");
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_ALLOW, 0);
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_LOG, 0);
	TST_EXP_FAIL(syscall(__NR_getppid), 2,
		     "a later ALLOW and LOG leave ERRNO in force");
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(syscall(__NR_getppid), 2,
			     "a forked child inherits the stack");
		exit(0);
	}
	reap_child(pid);
	catch_sigsys();
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_TRAP | 7, 0);
	syscall(__NR_getppid);
	check_trap_info(__NR_getppid, 7, "a later TRAP overrides ERRNO");
	exit(0);
}

static void log_action(void)
{
	pid_t ppid = getppid();

	prepare();
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_LOG, 0);
	TST_EXP_VAL(syscall(__NR_getppid), ppid, "getppid() under RET_LOG");
	exit(0);
}

static void *killed_thread(void *arg)
{
	(void)arg;
	syscall(__NR_getppid);
	return (void *)1L;
}

static void kill_thread(int multi, unsigned int action)
{
	pthread_t th;
	void *ret = NULL;

	prepare();
	seccomp_one_ok(__NR_getppid, action, 0);
	if (!multi) {
		syscall(__NR_getppid);
		exit(1);
	}
	if (pthread_create(&th, NULL, killed_thread, NULL))
		tst_brk(TBROK, "pthread_create");
	pthread_join(th, &ret);
	/* only KILL_THREAD gets here, and the thread never returned */
	exit(ret == NULL ? 0 : 2);
}

static void expect_signaled(pid_t pid, int sig, const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == sig,
		     "%s: killed by %s (status 0x%x)", what, strsignal(sig),
		     status);
}

static void expect_exit0(pid_t pid, const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		     "%s: exited 0 (status 0x%x)", what, status);
}

static void avail(void)
{
	char buf[256] = "";
	const char *want = "kill_process kill_thread trap errno user_notif "
			   "trace log allow";

	SAFE_FILE_SCANF(AVAIL, "%255[^\n]", buf);
	TST_EXP_EXPR(!strcmp(buf, want), "actions_avail '%s'", buf);
}

static void run(unsigned int n)
{
	pid_t pid;

	switch (n) {
	case 0:
		pid = SAFE_FORK();
		if (!pid)
			trap();
		reap_child(pid);
		pid = SAFE_FORK();
		if (!pid)
			trap_forced(1);
		expect_signaled(pid, SIGSYS, "RET_TRAP with SIGSYS ignored");
		pid = SAFE_FORK();
		if (!pid)
			trap_forced(0);
		expect_signaled(pid, SIGSYS, "RET_TRAP with SIGSYS blocked");
		break;
	case 1:
		pid = SAFE_FORK();
		if (!pid)
			errno_data();
		reap_child(pid);
		break;
	case 2:
		pid = SAFE_FORK();
		if (!pid)
			stacking();
		reap_child(pid);
		pid = SAFE_FORK();
		if (!pid)
			log_action();
		reap_child(pid);
		break;
	case 3:
		pid = SAFE_FORK();
		if (!pid)
			kill_thread(1, SECCOMP_RET_KILL_THREAD);
		expect_exit0(pid, "KILL_THREAD in a second thread");
		pid = SAFE_FORK();
		if (!pid)
			kill_thread(0, SECCOMP_RET_KILL_THREAD);
		expect_signaled(pid, SIGSYS, "KILL_THREAD, single thread");
		pid = SAFE_FORK();
		if (!pid)
			kill_thread(1, SECCOMP_RET_KILL_PROCESS);
		expect_signaled(pid, SIGSYS, "KILL_PROCESS in a second thread");
		break;
	case 4:
		avail();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *[]) { "CONFIG_SECCOMP_FILTER=y", NULL },
};

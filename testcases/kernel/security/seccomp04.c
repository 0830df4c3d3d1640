// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * seccomp filters and threads, and SECCOMP_RET_TRACE (kernel/seccomp.c):
 *  - a filter installed by one thread applies to it only; another thread
 *    created before keeps calling getppid() freely;
 *  - SECCOMP_FILTER_FLAG_TSYNC gives the filter to that thread too, with
 *    the installer's no_new_privs (PR_GET_NO_NEW_PRIVS 1 in the thread,
 *    which never set it) and PR_GET_SECCOMP 2;
 *  - TSYNC fails when a thread has a filter of its own that is not an
 *    ancestor of the caller's: seccomp() returns that thread's tid, with
 *    TSYNC_ESRCH -1 ESRCH, and the caller gets no filter;
 *  - RET_TRACE without a tracer, and with a tracer that did not ask for
 *    PTRACE_O_TRACESECCOMP: the call fails with ENOSYS;
 *  - with PTRACE_O_TRACESECCOMP the tracee stops with
 *    PTRACE_EVENT_SECCOMP, PTRACE_GETEVENTMSG gives the filter's 16 data
 *    bits and orig_rax the syscall; the tracer skipping the call (orig_rax
 *    -1, rax 4242) makes getppid() return 4242; changing it to gettid
 *    makes getppid() return the tracee's tid (the filters run again on
 *    the new number and allow it).
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "seccomp_raw.h"

#define TRACE_DATA 0x42

static int to_main[2], to_thread[2];
static pid_t thread_tid;

struct thread_res {
	long ppid_ret, ppid_err, nnp, mode;
};

static void *thread_fn(void *arg)
{
	struct thread_res *r = arg;
	int own = r->mode;
	char c;

	thread_tid = gettid();
	if (own && seccomp_one(__NR_getppid, SECCOMP_RET_ERRNO | 6, 0))
		return NULL;
	/* wait until the main thread has (tried to) set its filter */
	if (write(to_main[1], "r", 1) != 1 || read(to_thread[0], &c, 1) != 1)
		return NULL;
	errno = 0;
	r->ppid_ret = syscall(__NR_getppid);
	r->ppid_err = errno;
	r->nnp = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	r->mode = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
	return r;
}

/* own: the thread installs a filter of its own first; flags of main's. */
static void threads(int own, unsigned int flags)
{
	struct thread_res r = { .mode = own };
	pid_t ppid = getppid();
	pthread_t th;
	long ret;
	char c;

	SAFE_PIPE(to_main);
	SAFE_PIPE(to_thread);
	if (pthread_create(&th, NULL, thread_fn, &r))
		tst_brk(TBROK, "pthread_create");
	if (read(to_main[0], &c, 1) != 1)
		tst_brk(TBROK, "the thread did not start");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_NO_NEW_PRIVS");
	ret = seccomp_one(__NR_getppid, SECCOMP_RET_ERRNO | 5, flags);
	SAFE_WRITE(1, to_thread[1], "g", 1);
	pthread_join(th, NULL);

	if (!own && !flags) {
		TST_EXP_EXPR(!ret && r.ppid_ret == ppid && r.nnp == 0 &&
			     r.mode == 0, "no TSYNC: the other thread got "
			     "ppid %ld, nnp %ld, seccomp mode %ld",
			     r.ppid_ret, r.nnp, r.mode);
		TST_EXP_FAIL(syscall(__NR_getppid), EIO, "the installer");
	} else if (!own) {
		TST_EXP_EXPR(!ret && r.ppid_ret == -1 && r.ppid_err == EIO &&
			     r.nnp == 1 && r.mode == 2, "TSYNC: seccomp() %ld, "
			     "the other thread's getppid %ld errno %s, nnp %ld,"
			     " mode %ld", ret, r.ppid_ret,
			     tst_strerrno(r.ppid_err), r.nnp, r.mode);
	} else if (flags & SECCOMP_FILTER_FLAG_TSYNC_ESRCH) {
		TST_EXP_EXPR(ret == -1 && errno == ESRCH, "TSYNC_ESRCH against "
			     "a thread's own filter: %ld (%s)", ret,
			     tst_strerrno(errno));
	} else {
		TST_EXP_EXPR(ret == thread_tid, "TSYNC against a thread's own "
			     "filter returns its tid %d: %ld", (int)thread_tid,
			     ret);
	}
	if (own) {
		TST_EXP_EXPR(r.ppid_ret == -1 && r.ppid_err == 6,
			     "the thread keeps its own filter (errno %s)",
			     tst_strerrno(r.ppid_err));
		TST_EXP_VAL(syscall(__NR_getppid), ppid,
			    "the failed TSYNC left the caller unfiltered");
	}
	exit(0);
}

static void trace_child(int stop)
{
	pid_t self = getpid();

	if (stop) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PTRACE_TRACEME");
		raise(SIGSTOP);
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_NO_NEW_PRIVS");
	seccomp_one_ok(__NR_getppid, SECCOMP_RET_TRACE | TRACE_DATA, 0);
	if (stop != 2) {
		TST_EXP_FAIL(syscall(__NR_getppid), ENOSYS, "RET_TRACE %s",
			     stop ? "with a tracer without TRACESECCOMP" :
			     "without a tracer");
		exit(0);
	}
	TST_EXP_VAL(syscall(__NR_getppid), 4242, "getppid() the tracer "
		    "skipped with rax 4242");
	TST_EXP_VAL(syscall(__NR_getppid), self, "getppid() the tracer "
		    "turned into gettid");
	exit(0);
}

static void wait_stop(pid_t pid, int event, const char *what)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSTOPPED(status))
		tst_brk(TBROK, "%s: status 0x%x", what, status);
	if (event && (status >> 8) != (SIGTRAP | (event << 8)))
		tst_brk(TBROK, "%s: stop 0x%x, not the seccomp event", what,
			status >> 8);
}

static void tracer_stop(pid_t pid, long nr, long rax)
{
	struct user_regs_struct regs;
	unsigned long msg = 0;

	wait_stop(pid, PTRACE_EVENT_SECCOMP, "seccomp stop");
	if (ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg) ||
	    ptrace(PTRACE_GETREGS, pid, 0, &regs))
		tst_brk(TBROK | TERRNO, "ptrace(GETEVENTMSG/GETREGS)");
	TST_EXP_EXPR(msg == TRACE_DATA && regs.orig_rax == __NR_getppid,
		     "PTRACE_EVENT_SECCOMP: message 0x%lx, orig_rax %llu",
		     msg, (unsigned long long)regs.orig_rax);
	regs.orig_rax = nr;
	regs.rax = rax;
	if (ptrace(PTRACE_SETREGS, pid, 0, &regs) ||
	    ptrace(PTRACE_CONT, pid, 0, 0))
		tst_brk(TBROK | TERRNO, "ptrace(SETREGS/CONT)");
}

static void traced(int with_option)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		trace_child(1 + with_option);
	wait_stop(pid, 0, "initial stop");
	if (ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL |
		   (with_option ? PTRACE_O_TRACESECCOMP : 0)) ||
	    ptrace(PTRACE_CONT, pid, 0, 0))
		tst_brk(TBROK | TERRNO, "ptrace(SETOPTIONS/CONT)");
	if (with_option) {
		tracer_stop(pid, -1, 4242);
		tracer_stop(pid, __NR_gettid, 0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	static const struct { int own; unsigned int flags; } tc[] = {
		{ 0, 0 },
		{ 0, SECCOMP_FILTER_FLAG_TSYNC },
		{ 1, SECCOMP_FILTER_FLAG_TSYNC },
		{ 1, SECCOMP_FILTER_FLAG_TSYNC |
		     SECCOMP_FILTER_FLAG_TSYNC_ESRCH },
	};
	pid_t pid;

	if (n < ARRAY_SIZE(tc)) {
		pid = SAFE_FORK();
		if (!pid)
			threads(tc[n].own, tc[n].flags);
		reap_child(pid);
		return;
	}
	if (n == ARRAY_SIZE(tc)) {
		pid = SAFE_FORK();
		if (!pid)
			trace_child(0);
		reap_child(pid);
		return;
	}
	traced(n - ARRAY_SIZE(tc) - 1);
}

static struct tst_test test = {
	.tcnt = 7,
	.test = run,
	.forks_child = 1,
	.needs_root = 1,
	.needs_kconfigs = (const char *[]) { "CONFIG_SECCOMP_FILTER=y", NULL },
};

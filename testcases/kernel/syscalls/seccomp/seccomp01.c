// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * seccomp(), each mode in a child (a filter cannot be removed):
 * SECCOMP_SET_MODE_STRICT leaves read, write and _exit allowed (a child
 * writes to a pipe and exits with its own status) and kills on any other
 * call with SIGKILL (getpid after a write). SECCOMP_SET_MODE_FILTER with
 * no_new_privs: a BPF program returning SECCOMP_RET_ERRNO | ENOMSG for
 * getpid makes getpid fail with ENOMSG while getppid works, the filter
 * is inherited by a forked grandchild, PR_GET_SECCOMP says 2 and
 * SECCOMP_SET_MODE_STRICT is then EINVAL; SECCOMP_RET_KILL_PROCESS kills
 * with SIGSYS. SECCOMP_GET_ACTION_AVAIL: 0 for the eight known actions,
 * EOPNOTSUPP for an unknown one. EINVAL for an unknown operation, strict
 * mode with flags or an argument, unknown filter flags, a program of 0
 * or 4097 instructions and one the checker rejects (a jump past the
 * end), ACTION_AVAIL with flags; EFAULT for an unmapped program header,
 * instructions or action; EACCES for an unprivileged caller without
 * no_new_privs.
 */
#include <stddef.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include "time_event.h"
#include "lapi/seccomp.h"

static void *bad_addr;

static long sys_seccomp(unsigned int op, unsigned int flags, void *args)
{
	return syscall(__NR_seccomp, op, flags, args);
}

/* Return action for syscall nr, allow everything else. */
#define FILTER(SYS_NR, ACTION) { \
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, \
		 offsetof(struct seccomp_data, arch)), \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0), \
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW), \
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, \
		 offsetof(struct seccomp_data, nr)), \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (SYS_NR), 0, 1), \
	BPF_STMT(BPF_RET | BPF_K, (ACTION)), \
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW), \
}

static struct sock_filter getpid_errno[] =
	FILTER(__NR_getpid, SECCOMP_RET_ERRNO | ENOMSG);
static struct sock_filter getppid_kill[] =
	FILTER(__NR_getppid, SECCOMP_RET_KILL_PROCESS);

static struct sock_fprog prog(struct sock_filter *f, unsigned short len)
{
	struct sock_fprog p = { .len = len, .filter = f };

	return p;
}

static int wait_status(pid_t pid)
{
	int status;

	SAFE_WAITPID(pid, &status, 0);
	return status;
}

static void test_strict(void)
{
	int pipefd[2], status;
	char c = 0;
	pid_t pid;

	SAFE_PIPE(pipefd);
	pid = SAFE_FORK();
	if (!pid) {
		if (sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, NULL))
			syscall(__NR_exit, 1);
		if (write(pipefd[1], "w", 1) != 1)
			syscall(__NR_exit, 2);
		syscall(__NR_exit, 42);
	}
	status = wait_status(pid);
	SAFE_READ(1, pipefd[0], &c, 1);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 42 && c == 'w',
		     "strict mode: write() and _exit(42) allowed (status 0x%x)",
		     status);

	pid = SAFE_FORK();
	if (!pid) {
		if (sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, NULL))
			syscall(__NR_exit, 1);
		if (write(pipefd[1], "g", 1) != 1)
			syscall(__NR_exit, 2);
		syscall(__NR_getpid);
		syscall(__NR_exit, 0);
	}
	status = wait_status(pid);
	SAFE_READ(1, pipefd[0], &c, 1);
	TST_EXP_EXPR(c == 'g' && WIFSIGNALED(status) &&
		     WTERMSIG(status) == SIGKILL,
		     "strict mode: getpid() after write() killed the child "
		     "with SIGKILL (status 0x%x)", status);
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);
}

/* Child results, reported by the parent: the child cannot call getpid. */
struct filter_result {
	long install, getpid_ret, getpid_err, getppid_ret, get_seccomp;
	long strict_ret, strict_err, grandchild;
};

static void filter_child(int fd)
{
	struct sock_fprog p = prog(getpid_errno, ARRAY_SIZE(getpid_errno));
	struct filter_result r;
	int status;
	pid_t pid;

	memset(&r, 0, sizeof(r));
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	r.install = sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p);
	errno = 0;
	r.getpid_ret = syscall(__NR_getpid);
	r.getpid_err = errno;
	r.getppid_ret = syscall(__NR_getppid);
	r.get_seccomp = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
	errno = 0;
	r.strict_ret = sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, NULL);
	r.strict_err = errno;
	pid = fork();
	if (!pid)
		_exit(syscall(__NR_getpid) == -1 && errno == ENOMSG ? 7 : 8);
	waitpid(pid, &status, 0);
	r.grandchild = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	if (write(fd, &r, sizeof(r)) != sizeof(r))
		_exit(1);
	_exit(0);
}

static void test_filter(void)
{
	struct sock_fprog p = prog(getppid_kill, ARRAY_SIZE(getppid_kill));
	struct filter_result r;
	struct rlimit core = {0, 0};
	int pipefd[2], status;
	pid_t pid;

	SAFE_PIPE(pipefd);
	pid = SAFE_FORK();
	if (!pid)
		filter_child(pipefd[1]);
	status = wait_status(pid);
	memset(&r, 0, sizeof(r));
	SAFE_READ(1, pipefd[0], &r, sizeof(r));
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status) && !r.install,
		     "SECCOMP_SET_MODE_FILTER with no_new_privs returned %ld",
		     r.install);
	TST_EXP_EXPR(r.getpid_ret == -1 && r.getpid_err == ENOMSG,
		     "getpid() under the filter: %ld, %s", r.getpid_ret,
		     tst_strerrno(r.getpid_err));
	TST_EXP_EXPR(r.getppid_ret == getpid(), "getppid() allowed (%ld)",
		     r.getppid_ret);
	TST_EXP_EXPR(r.get_seccomp == 2, "PR_GET_SECCOMP says %ld",
		     r.get_seccomp);
	TST_EXP_EXPR(r.strict_ret == -1 && r.strict_err == EINVAL,
		     "SECCOMP_SET_MODE_STRICT under a filter: %ld, %s",
		     r.strict_ret, tst_strerrno(r.strict_err));
	TST_EXP_EXPR(r.grandchild == 7, "a forked grandchild inherits the "
		     "filter (exit %ld)", r.grandchild);
	SAFE_CLOSE(pipefd[0]);
	SAFE_CLOSE(pipefd[1]);

	pid = SAFE_FORK();
	if (!pid) {
		setrlimit(RLIMIT_CORE, &core);
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		if (sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p))
			_exit(1);
		syscall(__NR_getppid);
		_exit(0);
	}
	status = wait_status(pid);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS,
		     "SECCOMP_RET_KILL_PROCESS killed the child with SIGSYS "
		     "(status 0x%x)", status);
}

static void test_action_avail(void)
{
	static const struct {
		unsigned int action;
		const char *name;
	} actions[] = {
		{SECCOMP_RET_KILL_PROCESS, "SECCOMP_RET_KILL_PROCESS"},
		{SECCOMP_RET_KILL_THREAD, "SECCOMP_RET_KILL_THREAD"},
		{SECCOMP_RET_TRAP, "SECCOMP_RET_TRAP"},
		{SECCOMP_RET_ERRNO, "SECCOMP_RET_ERRNO"},
		{SECCOMP_RET_USER_NOTIF, "SECCOMP_RET_USER_NOTIF"},
		{SECCOMP_RET_TRACE, "SECCOMP_RET_TRACE"},
		{SECCOMP_RET_LOG, "SECCOMP_RET_LOG"},
		{SECCOMP_RET_ALLOW, "SECCOMP_RET_ALLOW"},
	};
	unsigned int i, a;

	for (i = 0; i < ARRAY_SIZE(actions); i++) {
		a = actions[i].action;
		TST_EXP_PASS(sys_seccomp(SECCOMP_GET_ACTION_AVAIL, 0, &a),
			     "SECCOMP_GET_ACTION_AVAIL(%s)", actions[i].name);
	}
	a = 0x12340000;
	TST_EXP_FAIL(sys_seccomp(SECCOMP_GET_ACTION_AVAIL, 0, &a), EOPNOTSUPP,
		     "SECCOMP_GET_ACTION_AVAIL(0x12340000)");
	a = SECCOMP_RET_ALLOW;
	TST_EXP_FAIL(sys_seccomp(SECCOMP_GET_ACTION_AVAIL, 1, &a), EINVAL,
		     "SECCOMP_GET_ACTION_AVAIL with flags 1");
	TST_EXP_FAIL(sys_seccomp(SECCOMP_GET_ACTION_AVAIL, 0, bad_addr), EFAULT,
		     "SECCOMP_GET_ACTION_AVAIL(unmapped action)");
}

static void errors_child(void)
{
	struct sock_filter big[BPF_MAXINSNS + 1];
	struct sock_filter jump_out[] = {
		BPF_JUMP(BPF_JMP | BPF_JA, 5, 0, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog p = prog(getpid_errno, ARRAY_SIZE(getpid_errno));
	unsigned int i;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_SET_NO_NEW_PRIVS)");
	TST_EXP_FAIL(sys_seccomp(100, 0, NULL), EINVAL, "seccomp(op 100)");
	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_STRICT, 1, NULL), EINVAL,
		     "SECCOMP_SET_MODE_STRICT with flags 1");
	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_STRICT, 0, &p), EINVAL,
		     "SECCOMP_SET_MODE_STRICT with an argument");
	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_FILTER, 1U << 31, &p),
		     EINVAL, "SECCOMP_SET_MODE_FILTER with flags 1 << 31");
	p.len = 0;
	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p), EINVAL,
		     "SECCOMP_SET_MODE_FILTER, 0 instructions");
	for (i = 0; i < ARRAY_SIZE(big); i++)
		big[i] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
						      SECCOMP_RET_ALLOW);
	p = prog(big, ARRAY_SIZE(big));
	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p), EINVAL,
		     "SECCOMP_SET_MODE_FILTER, %u instructions", p.len);
	p = prog(jump_out, ARRAY_SIZE(jump_out));
	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p), EINVAL,
		     "SECCOMP_SET_MODE_FILTER, a jump past the end");
	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, bad_addr), EFAULT,
		     "SECCOMP_SET_MODE_FILTER, unmapped program header");
	p = prog(bad_addr, 4);
	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p), EFAULT,
		     "SECCOMP_SET_MODE_FILTER, unmapped instructions");
	TST_EXP_EXPR(prctl(PR_GET_SECCOMP, 0, 0, 0, 0) == 0,
		     "no failed call installed a filter");
}

static void unprivileged(void)
{
	struct sock_fprog p = prog(getpid_errno, ARRAY_SIZE(getpid_errno));

	TST_EXP_FAIL(sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &p), EACCES,
		     "SECCOMP_SET_MODE_FILTER unprivileged, no no_new_privs");
}

static void test_errors(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		errors_child();
		exit(0);
	}
	reap_child(pid);
	if (geteuid()) {
		pid = SAFE_FORK();
		if (!pid) {
			unprivileged();
			exit(0);
		}
		reap_child(pid);
	} else {
		tev_as_nobody(unprivileged);
	}
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_strict();
		break;
	case 1:
		test_filter();
		break;
	case 2:
		test_action_avail();
		break;
	default:
		test_errors();
	}
}

static void setup(void)
{
	bad_addr = tev_bad_addr();
	if (syscall(__NR_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, NULL) == -1 &&
	    errno == ENOSYS)
		tst_brk(TCONF, "the kernel has no seccomp()");
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The setrlimit(2) system call (called raw: the C library may route
 * setrlimit() through prlimit64) changes limits the kernel enforces:
 * - RLIMIT_NOFILE soft 8: opens fill the free fds below 8, then EMFILE;
 *   dup2() to fd 8 is EBADF; raising the soft limit lets open() use 8;
 * - RLIMIT_FSIZE 4096 with SIGXFSZ ignored: a write across the limit is
 *   cut at 4096 bytes, the next one is EFBIG; with the default action the
 *   writer is killed by SIGXFSZ;
 * - a soft limit above the hard limit is EINVAL;
 * - without CAP_SYS_RESOURCE (nobody) raising the hard limit is EPERM,
 *   lowering it works and is for good; root may raise it (when it holds
 *   CAP_SYS_RESOURCE, which root in a container may lack: then EPERM is
 *   expected), but not the RLIMIT_NOFILE hard limit above fs.nr_open
 *   (EPERM);
 * - a resource number of RLIM_NLIMITS is EINVAL, an unmapped limit
 *   pointer EFAULT.
 * New limits are read back through /proc/self/limits.
 */
#include <signal.h>
#include <sys/wait.h>
#include "rlimit_proc.h"
#include "proc_ids.h"
#include "cap_check.h"

#define FNAME "setrlimit01_file"

#ifdef __NR_setrlimit
static long sys_setrlimit(unsigned int res, unsigned long soft,
			  unsigned long hard)
{
	struct rlimit rl = { soft, hard };

	return tst_syscall(__NR_setrlimit, res, &rl);
}

static void nofile_enforced(void)
{
	int fd, last = -1;
	struct rlimit rl;

	getrlimit(RLIMIT_NOFILE, &rl);
	TST_EXP_PASS(sys_setrlimit(RLIMIT_NOFILE, 8, rl.rlim_max),
		     "setrlimit(RLIMIT_NOFILE, 8)");
	check_proc_rlimit(0, RLIMIT_NOFILE, 8, rl.rlim_max);

	while ((fd = open("/dev/null", O_RDONLY)) >= 0)
		last = fd;
	if (errno == EMFILE && last == 7)
		tst_res(TPASS, "open() used fds up to 7, then EMFILE");
	else
		tst_res(TFAIL | TERRNO, "open() stopped after fd %d", last);
	TST_EXP_FAIL(dup2(0, 8), EBADF, "dup2(0, 8) with RLIMIT_NOFILE 8");

	TST_EXP_PASS(sys_setrlimit(RLIMIT_NOFILE, 9, rl.rlim_max),
		     "setrlimit(RLIMIT_NOFILE, 9)");
	TST_EXP_VAL(open("/dev/null", O_RDONLY), 8, "open() after raising");
}

static void fsize_enforced(void)
{
	static char buf[8192];
	unsigned long long soft, hard;
	long set, w1, w2;
	int fd, status, e1, e2;
	struct rlimit rl;
	pid_t pid;

	fd = SAFE_OPEN(FNAME, O_CREAT | O_TRUNC | O_WRONLY, 0644);
	getrlimit(RLIMIT_FSIZE, &rl);

	/*
	 * stdout may be a file already longer than 4096 bytes: nothing is
	 * reported until the soft limit is lifted again.
	 */
	set = sys_setrlimit(RLIMIT_FSIZE, 4096, rl.rlim_max);
	e1 = errno;
	if (set) {
		errno = e1;
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_FSIZE, 4096)");
	}
	proc_rlimit(0, RLIMIT_FSIZE, &soft, &hard);

	pid = fork();
	if (!pid) {
		/* default action of SIGXFSZ: killed (and maybe a core) */
		pwrite(fd, buf, 1, 4096);
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);

	signal(SIGXFSZ, SIG_IGN);
	errno = 0;
	w1 = write(fd, buf, sizeof(buf));
	e1 = errno;
	errno = 0;
	w2 = write(fd, buf, 1);
	e2 = errno;
	sys_setrlimit(RLIMIT_FSIZE, rl.rlim_max, rl.rlim_max);
	signal(SIGXFSZ, SIG_DFL);

	TST_EXP_EXPR(soft == 4096, "/proc/self/limits: RLIMIT_FSIZE soft %llu",
		     soft);
	if (pid < 0)
		tst_brk(TBROK, "fork() failed");
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ,
		     "a write beyond RLIMIT_FSIZE kills with SIGXFSZ "
		     "(status %#x)", status);
	TST_EXP_EXPR(w1 == 4096, "write(8192) with RLIMIT_FSIZE 4096 "
		     "returned %ld (%s)", w1, tst_strerrno(e1));
	TST_EXP_EXPR(w2 == -1 && e2 == EFBIG, "write() at the limit returned "
		     "%ld, %s (expected EFBIG)", w2, tst_strerrno(e2));
	SAFE_CLOSE(fd);
}

static void soft_above_hard(void)
{
	TST_EXP_FAIL(sys_setrlimit(RLIMIT_NOFILE, 20, 10), EINVAL,
		     "setrlimit(RLIMIT_NOFILE, soft 20, hard 10)");
	TST_EXP_FAIL(sys_setrlimit(RLIMIT_CPU, RLIM_INFINITY, 10), EINVAL,
		     "setrlimit(RLIMIT_CPU, soft unlimited, hard 10)");
}

static void nobody_cannot_raise(void)
{
	if (sys_setrlimit(RLIMIT_NOFILE, 64, 128))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, 64, 128)");
	tst_drop_privs();

	TST_EXP_FAIL(sys_setrlimit(RLIMIT_NOFILE, 64, 256), EPERM,
		     "nobody: raise RLIMIT_NOFILE hard 128 -> 256");
	check_proc_rlimit(0, RLIMIT_NOFILE, 64, 128);
	TST_EXP_PASS(sys_setrlimit(RLIMIT_NOFILE, 64, 100),
		     "nobody: lower RLIMIT_NOFILE hard 128 -> 100");
	check_proc_rlimit(0, RLIMIT_NOFILE, 64, 100);
	TST_EXP_FAIL(sys_setrlimit(RLIMIT_NOFILE, 64, 128), EPERM,
		     "nobody: raise the hard limit back to 128");
	TST_EXP_PASS(sys_setrlimit(RLIMIT_NOFILE, 100, 100),
		     "nobody: raise the soft limit up to the hard one");
	check_proc_rlimit(0, RLIMIT_NOFILE, 100, 100);
}

static void root_raises_hard(void)
{
	unsigned long hard = 1024;
	long nr_open;

	if (sys_setrlimit(RLIMIT_NOFILE, 64, 128))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, 64, 128)");
	if (has_effective_cap(CAP_SYS_RESOURCE)) {
		TST_EXP_PASS(sys_setrlimit(RLIMIT_NOFILE, 64, hard),
			     "root: raise RLIMIT_NOFILE hard 128 -> 1024");
	} else {
		tst_res(TINFO, "root lacks CAP_SYS_RESOURCE (a container?)");
		hard = 128;
		TST_EXP_FAIL(sys_setrlimit(RLIMIT_NOFILE, 64, 1024), EPERM,
			     "root without CAP_SYS_RESOURCE: raise hard limit");
	}
	check_proc_rlimit(0, RLIMIT_NOFILE, 64, hard);

	SAFE_FILE_SCANF("/proc/sys/fs/nr_open", "%ld", &nr_open);
	TST_EXP_FAIL(sys_setrlimit(RLIMIT_NOFILE, 64, nr_open + 1), EPERM,
		     "root: RLIMIT_NOFILE hard fs.nr_open + 1 (%ld)",
		     nr_open + 1);
	check_proc_rlimit(0, RLIMIT_NOFILE, 64, hard);
}

static void bad_arguments(void)
{
	TST_EXP_FAIL(sys_setrlimit(RLIMIT_NLIMITS, 1, 1), EINVAL,
		     "setrlimit(RLIM_NLIMITS)");
	TST_EXP_FAIL(tst_syscall(__NR_setrlimit, RLIMIT_NOFILE,
				 unmapped_addr()), EFAULT,
		     "setrlimit(RLIMIT_NOFILE, unmapped)");
}

static void (*const cases[])(void) = {
	nofile_enforced,
	fsize_enforced,
	soft_above_hard,
	nobody_cannot_raise,
	root_raises_hard,
	bad_arguments,
};

static void run(unsigned int n)
{
	if (!SAFE_FORK()) {
		cases[n]();
		exit(0);
	}
	tst_reap_children();
}

static void setup(void)
{
	/* no core file of the SIGXFSZ case in the tmpdir */
	struct rlimit no_core = { 0, 0 };

	setrlimit(RLIMIT_CORE, &no_core);
}

static struct tst_test test = {
	.tcnt = sizeof(cases) / sizeof(cases[0]),
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};
#else
static void run(void)
{
	tst_res(TCONF, "this architecture has no setrlimit syscall "
		"(prlimit64 only)");
}

static struct tst_test test = {
	.test_all = run,
};
#endif

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 freezer: inheritance of the freeze through the hierarchy and
 * stopped tasks (kernel/cgroup/freezer.c, cgroup_create()):
 *  - an empty cgroup reads "frozen 1" as soon as 1 is written to its
 *    cgroup.freeze; a child cgroup created inside it reads "frozen 1" at
 *    once while its own cgroup.freeze reads 0, and a spinning process
 *    moved into that child leaves it "frozen 1" and makes no progress
 *    while it is checked;
 *  - writing 0 to the child's cgroup.freeze does not thaw it while the
 *    parent is frozen; thawing the parent does ("frozen 0", the process
 *    advances);
 *  - a child frozen by its own cgroup.freeze stays frozen when the
 *    parent is frozen and thawed again;
 *  - a process stopped by SIGSTOP counts as frozen: its cgroup reaches
 *    "frozen 1"; after the thaw it is still stopped (state T) until
 *    SIGCONT, after which it runs to exit 0.
 */

#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"

static volatile unsigned long *count;

/* The counter advances within 10 s (scaled) */
static int advances(void)
{
	unsigned long c0 = *count;
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();

	while (*count == c0) {
		if (tst_mono_ms() > deadline)
			return 0;
		usleep(1000);
	}
	return 1;
}

/* The counter stays the same over 100 ms, a window of observation */
static int stays(void)
{
	unsigned long c0 = *count;

	usleep(100000);
	return *count == c0;
}

static char proc_state(pid_t pid)
{
	char path[64], buf[512], *p;
	int fd, len;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[len] = 0;
	p = strrchr(buf, ')');
	return p && p[1] ? p[2] : '?';
}

static void hierarchy(void)
{
	pid_t pid;

	cg_mkdir("f");
	TST_EXP_PASS(cg_try_write("f", "cgroup.freeze", "1"),
		     "freeze the empty cgroup f");
	TST_EXP_EQ_LI(cg_read_key("f", "cgroup.events", "frozen"), 1);
	cg_mkdir("f/n");
	TST_EXP_EQ_LI(cg_read_key("f/n", "cgroup.events", "frozen"), 1);
	TST_EXP_EQ_LI(cg_read_num("f/n", "cgroup.freeze"), 0);

	*count = 0;
	pid = SAFE_FORK();
	if (!pid) {
		for (;;)
			(*count)++;
	}
	TST_EXP_EXPR(advances(), "the spinner runs before joining f/n");
	CG_WRITE("f/n", "cgroup.procs", "%d", (int)pid);
	cg_wait_event("f/n", "frozen", 1);
	TST_EXP_EXPR(stays(), "no progress in f/n (frozen by f)");

	TST_EXP_PASS(cg_try_write("f/n", "cgroup.freeze", "0"),
		     "write 0 to f/n/cgroup.freeze");
	TST_EXP_EQ_LI(cg_read_key("f/n", "cgroup.events", "frozen"), 1);
	TST_EXP_EXPR(stays(), "still no progress: f is frozen");

	CG_WRITE("f", "cgroup.freeze", "0");
	cg_wait_event("f/n", "frozen", 0);
	TST_EXP_EXPR(advances(), "the spinner runs once f is thawed");

	CG_WRITE("f/n", "cgroup.freeze", "1");
	cg_wait_event("f/n", "frozen", 1);
	CG_WRITE("f", "cgroup.freeze", "1");
	cg_wait_event("f", "frozen", 1);
	CG_WRITE("f", "cgroup.freeze", "0");
	cg_wait_event("f", "frozen", 0);
	TST_EXP_EQ_LI(cg_read_key("f/n", "cgroup.events", "frozen"), 1);
	TST_EXP_EXPR(stays(), "f/n frozen by itself stays frozen after f's "
		     "thaw");
	CG_WRITE("f/n", "cgroup.freeze", "0");
	cg_wait_event("f/n", "frozen", 0);
	TST_EXP_EXPR(advances(), "the spinner runs once f/n is thawed");

	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_rmdir("f/n");
	cg_rmdir("f");
}

static void stopped(void)
{
	siginfo_t si;
	pid_t pid;

	cg_mkdir("s");
	*count = 0;
	pid = SAFE_FORK();
	if (!pid) {
		cg_enter("s");
		while (*count < 2)
			(*count)++;
		raise(SIGSTOP);
		*count = 100;
		exit(0);
	}
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, pid, &si, WSTOPPED))
		tst_brk(TBROK | TERRNO, "waitid(WSTOPPED)");
	if (si.si_code != CLD_STOPPED)
		tst_brk(TBROK, "child not stopped (si_code %d)", si.si_code);

	TST_EXP_PASS(cg_try_write("s", "cgroup.freeze", "1"),
		     "freeze s with a stopped process");
	cg_wait_event("s", "frozen", 1);
	tst_res(TPASS, "s reads 'frozen 1' with its process stopped");
	CG_WRITE("s", "cgroup.freeze", "0");
	cg_wait_event("s", "frozen", 0);
	TST_EXP_EXPR(proc_state(pid) == 'T' && *count == 2,
		     "after the thaw the process is still stopped (state %c)",
		     proc_state(pid));
	SAFE_KILL(pid, SIGCONT);
	reap_child(pid);
	TST_EXP_EQ_LI(*count, 100);
	cg_rmdir("s");
}

static void run(void)
{
	hierarchy();
	stopped();
}

static void setup(void)
{
	char path[PATH_MAX];

	cg_setup(NULL, 0);
	cg_path(path, sizeof(path), "", "cgroup.freeze");
	if (access(path, F_OK))
		tst_brk(TCONF, "no cgroup.freeze (5.2+)");
	count = SAFE_MMAP(NULL, sizeof(*count), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", NULL
	},
};

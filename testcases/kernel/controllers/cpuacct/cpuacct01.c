// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v1 cpuacct accounting of CPU time burnt by known tasks, in a
 * hierarchy "cpuacct" of the test's own (ltp_PID with children a and b):
 * - a: one thread of a process spins in user space on CPU 0 for 300 ms
 *   of its own CPU time, while a second thread of the same process, left
 *   in the hierarchy's root and pinned to CPU 1, reads the spinner's
 *   thread CPU clock in a loop (each read brings the spinner's runtime up
 *   to date from CPU 1); b: a process pinned to CPU 1 spends 300 ms in
 *   read()s of /dev/zero (system time).
 * - usage of a and b is at least the CPU time each burner measured after
 *   joining its cgroup and at most the burning thread's whole CPU time
 *   plus 50 ms for its exit (the reader's time is not a's);
 *   usage_percpu of a is all on CPU 0 and of b all on CPU 1 (every other
 *   CPU exactly 0: a runtime update made from another CPU is charged to
 *   the task's CPU, 248cc9993d1c); the per-CPU values sum to usage, the
 *   parent's usage and each of its per-CPU values are exactly a's plus
 *   b's; usage_percpu_user/sys sum to usage_user/sys and are the columns
 *   of usage_all; the spinner's usage_user > usage_sys, the reader's the
 *   other way round;
 * - cpuacct.stat (USER_HZ) is usage split in the ratio of usage_user to
 *   usage_sys (cputime_adjust(), 8c92606ab810; usage_user/sys are the
 *   same per-CPU cpustat, dd02d4234c9a), within one tick;
 * - a new cgroup reads 0 everywhere; writing 0 to a's cpuacct.usage
 *   zeroes all of a's counters and leaves the parent's; 1, -1 and a word
 *   are EINVAL and change nothing; usage_user is read-only (EINVAL).
 * TCONF with fewer than 2 CPUs or without a v1 cpuacct hierarchy.
 */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "cgroup_v1.h"

#define MNT "acct"
#define BURN_NS 300000000LL
#define SLACK_NS 2000000LL
#define EXIT_NS 50000000LL
#define MAX_CPUS 64
#define NSEC_PER_TICK (1000000000LL / 100)

struct shared {
	long long burnt_ns, thread_ns;
	volatile int go, stop;
	clockid_t spin_clock;
};

struct cg_acct {
	unsigned long long usage, user, sys;
	unsigned long long pc[MAX_CPUS], pc_user[MAX_CPUS], pc_sys[MAX_CPUS];
	unsigned long long stat_user, stat_sys;
};

static char base[64], dir_a[80], dir_b[80], dir_c[80];
static const char *dirs[] = {base, dir_a, dir_b, dir_c};
static struct shared *sh;
static int ncpus;

static void path_of(char *buf, size_t size, const char *dir, const char *file)
{
	snprintf(buf, size, "%s/cpuacct.%s", dir, file);
}

static unsigned long long read_u64(const char *dir, const char *file)
{
	char path[128];
	unsigned long long val;

	path_of(path, sizeof(path), dir, file);
	SAFE_FILE_SCANF(path, "%llu", &val);
	return val;
}

/* the per-CPU values of a usage_percpu* file; their count is ncpus */
static int read_percpu(const char *dir, const char *file,
		       unsigned long long *val)
{
	char path[128];
	FILE *f;
	int n = 0;

	path_of(path, sizeof(path), dir, file);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (n < MAX_CPUS && fscanf(f, "%llu", &val[n]) == 1)
		n++;
	fclose(f);
	return n;
}

static void read_acct(const char *dir, struct cg_acct *c)
{
	char path[128];
	int n;

	c->usage = read_u64(dir, "usage");
	c->user = read_u64(dir, "usage_user");
	c->sys = read_u64(dir, "usage_sys");
	n = read_percpu(dir, "usage_percpu", c->pc);
	if (n != ncpus)
		tst_brk(TBROK, "%s/cpuacct.usage_percpu: %d values, want %d",
			dir, n, ncpus);
	read_percpu(dir, "usage_percpu_user", c->pc_user);
	read_percpu(dir, "usage_percpu_sys", c->pc_sys);
	path_of(path, sizeof(path), dir, "stat");
	SAFE_FILE_SCANF(path, "user %llu system %llu", &c->stat_user,
			&c->stat_sys);
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(CPU %d)", cpu);
}

static long long cpu_ns(clockid_t clk)
{
	struct timespec ts;

	if (clock_gettime(clk, &ts))
		tst_brk(TBROK | TERRNO, "clock_gettime(%d)", (int)clk);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* move the calling thread (v1 allows one thread) into dir */
static void enter_thread(const char *dir)
{
	char path[128], tid[16];
	int err;

	snprintf(path, sizeof(path), "%s/tasks", dir);
	snprintf(tid, sizeof(tid), "%d", (int)syscall(SYS_gettid));
	err = cg1_write(path, tid);
	if (err)
		tst_brk(TBROK, "write %s to %s: %s", tid, path,
			tst_strerrno(err));
}

/* in the hierarchy's root, on CPU 1: update the spinner's runtime */
static void *remote_reader(void *arg)
{
	(void)arg;
	enter_thread(MNT);
	pin(1);
	while (!sh->go)
		usleep(1000);
	while (!sh->stop)
		cpu_ns(sh->spin_clock);
	return NULL;
}

static void spin_user(void)
{
	pthread_t reader;
	volatile unsigned long x = 0;
	long long t0;
	int i;

	if (pthread_create(&reader, NULL, remote_reader, NULL))
		tst_brk(TBROK, "pthread_create()");
	pin(0);
	enter_thread(dir_a);
	if (pthread_getcpuclockid(pthread_self(), &sh->spin_clock))
		tst_brk(TBROK, "pthread_getcpuclockid()");
	t0 = cpu_ns(CLOCK_THREAD_CPUTIME_ID);
	sh->go = 1;
	do {
		for (i = 0; i < 1000000; i++)
			x += i;
	} while (cpu_ns(CLOCK_THREAD_CPUTIME_ID) - t0 < BURN_NS);
	sh->burnt_ns = cpu_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
	sh->stop = 1;
	pthread_join(reader, NULL);
	sh->thread_ns = cpu_ns(CLOCK_THREAD_CPUTIME_ID);
}

static void spin_sys(void)
{
	static char buf[1 << 20];
	int fd = SAFE_OPEN("/dev/zero", O_RDONLY);
	long long t0;

	memset(buf, 1, sizeof(buf));
	pin(1);
	enter_thread(dir_b);
	t0 = cpu_ns(CLOCK_THREAD_CPUTIME_ID);
	do {
		SAFE_READ(1, fd, buf, sizeof(buf));
	} while (cpu_ns(CLOCK_THREAD_CPUTIME_ID) - t0 < BURN_NS);
	sh->burnt_ns = cpu_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
	SAFE_CLOSE(fd);
	sh->thread_ns = cpu_ns(CLOCK_THREAD_CPUTIME_ID);
}

/*
 * Run fn in a child: the CPU time its burning thread measured inside its
 * cgroup, and a bound of all it can have run there: the thread's whole
 * CPU time before its exit plus EXIT_NS for the exit itself (not the
 * process's rusage: the reader thread is not in the cgroup).
 */
static void burn(void (*fn)(void), long long *inside, long long *most)
{
	int status;
	pid_t pid;

	memset(sh, 0, sizeof(*sh));
	pid = SAFE_FORK();
	if (!pid) {
		fn();
		exit(0);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "burner ended with status 0x%x", status);
	*inside = sh->burnt_ns;
	*most = sh->thread_ns + EXIT_NS;
}

/*
 * Wait until usage stops changing: a task counts its last slice at its
 * final schedule, which may come after its parent reaped it.
 */
static void wait_stable(const char *dir)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	unsigned long long prev = read_u64(dir, "usage"), cur;

	for (;;) {
		usleep(200000);
		cur = read_u64(dir, "usage");
		if (cur == prev)
			return;
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "%s/cpuacct.usage still moving after "
				"10 s (%llu)", dir, cur);
		prev = cur;
	}
}

static unsigned long long sum(const unsigned long long *v)
{
	unsigned long long s = 0;
	int i;

	for (i = 0; i < ncpus; i++)
		s += v[i];
	return s;
}

/* usage_all: header, then "cpu user system" rows equal to the per-CPU files */
static void check_usage_all(const char *dir, const struct cg_acct *c)
{
	char path[128], head[64];
	unsigned long long u, s;
	int cpu, i, bad = 0;
	FILE *f;

	path_of(path, sizeof(path), dir, "usage_all");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	if (!fgets(head, sizeof(head), f))
		tst_brk(TBROK, "%s empty", path);
	for (i = 0; i < ncpus; i++) {
		if (fscanf(f, "%d %llu %llu", &cpu, &u, &s) != 3 || cpu != i ||
		    u != c->pc_user[i] || s != c->pc_sys[i])
			bad = 1;
	}
	fclose(f);
	TST_EXP_EXPR(!strcmp(head, "cpu user system\n") && !bad,
		     "%s: header 'cpu user system', a row per CPU equal to "
		     "usage_percpu_user/sys", path);
}

/* what cputime_adjust() makes of the cpustat and usage, in USER_HZ */
static void expect_stat(const struct cg_acct *c, unsigned long long *eu,
			unsigned long long *es)
{
	unsigned long long st;

	if (!c->sys)
		st = 0;
	else if (!c->user)
		st = c->usage;
	else
		st = (unsigned __int128)c->sys * c->usage / (c->sys + c->user);
	if (st > c->usage)
		st = c->usage;
	*es = st / NSEC_PER_TICK;
	*eu = (c->usage - st) / NSEC_PER_TICK;
}

static int near(unsigned long long a, unsigned long long b)
{
	return a + 1 >= b && b + 1 >= a;
}

static void check_group(const char *dir, const struct cg_acct *c, int cpu,
			long long inside, long long most)
{
	unsigned long long eu, es;
	int i, others = 0;

	for (i = 0; i < ncpus; i++) {
		if (i != cpu && c->pc[i])
			others = 1;
	}
	TST_EXP_EXPR((long long)c->usage + SLACK_NS >= inside &&
		     (long long)c->usage <= most,
		     "%s usage %llu ns: >= %lld burnt inside, <= %lld (the "
		     "thread's CPU time + 50 ms for its exit)", dir, c->usage,
		     inside, most);
	TST_EXP_EXPR(c->pc[cpu] && !others, "%s usage_percpu on CPU %d "
		     "only (%llu), other CPUs 0", dir, cpu, c->pc[cpu]);
	TST_EXP_EXPR(sum(c->pc) == c->usage && sum(c->pc_user) == c->user &&
		     sum(c->pc_sys) == c->sys, "%s: per-CPU values sum to "
		     "usage %llu, usage_user %llu, usage_sys %llu", dir,
		     c->usage, c->user, c->sys);
	check_usage_all(dir, c);
	expect_stat(c, &eu, &es);
	TST_EXP_EXPR(near(c->stat_user, eu) && near(c->stat_sys, es),
		     "%s cpuacct.stat user %llu system %llu (want %llu %llu "
		     "+-1: usage split as usage_user:usage_sys)", dir,
		     c->stat_user, c->stat_sys, eu, es);
}

static void reset(const char *dir)
{
	char path[128];
	int err;

	path_of(path, sizeof(path), dir, "usage");
	err = cg1_write(path, "0");
	if (err)
		tst_brk(TBROK, "write 0 to %s: %s", path, tst_strerrno(err));
}

static void check_zero(const char *dir, const char *when, int with_stat)
{
	struct cg_acct c;

	read_acct(dir, &c);
	TST_EXP_EXPR(!c.usage && !c.user && !c.sys && !sum(c.pc) &&
		     !sum(c.pc_user) && !sum(c.pc_sys) &&
		     (!with_stat || (!c.stat_user && !c.stat_sys)), "%s %s: every counter 0 (usage %llu, user "
		     "%llu, sys %llu)", dir, when, c.usage, c.user, c.sys);
}

static void check_bad_write(const char *dir, const char *file,
			    const char *val)
{
	char path[128];
	unsigned long long before = read_u64(dir, "usage");
	int err;

	path_of(path, sizeof(path), dir, file);
	err = cg1_write(path, val);
	TST_EXP_EXPR(err == EINVAL && read_u64(dir, "usage") == before,
		     "write '%s' to %s: EINVAL (%s), usage kept",
		     val, path, tst_strerrno(err));
}

static void run(void)
{
	struct cg_acct a, b, p;
	long long a_in, a_most, b_in, b_most;
	int i, bad = 0;

	/* fresh cgroups each iteration: cpuacct.stat remembers its answers */
	for (i = 0; i < 4; i++)
		SAFE_MKDIR(dirs[i], 0755);
	check_zero(dir_c, "new", 1);
	burn(spin_user, &a_in, &a_most);
	burn(spin_sys, &b_in, &b_most);
	wait_stable(base);
	read_acct(dir_a, &a);
	read_acct(dir_b, &b);
	read_acct(base, &p);

	check_group(dir_a, &a, 0, a_in, a_most);
	check_group(dir_b, &b, 1, b_in, b_most);
	TST_EXP_EXPR(a.user > a.sys && b.sys > b.user, "user spinner: "
		     "usage_user %llu > usage_sys %llu; /dev/zero reader: "
		     "usage_sys %llu > usage_user %llu", a.user, a.sys, b.sys,
		     b.user);
	for (i = 0; i < ncpus; i++) {
		if (p.pc[i] != a.pc[i] + b.pc[i])
			bad = 1;
	}
	TST_EXP_EXPR(p.usage == a.usage + b.usage && !bad &&
		     p.user == a.user + b.user && p.sys == a.sys + b.sys,
		     "parent usage %llu = a %llu + b %llu, per CPU and "
		     "user/sys too", p.usage, a.usage, b.usage);

	check_bad_write(dir_b, "usage", "1");
	check_bad_write(dir_b, "usage", "-1");
	check_bad_write(dir_b, "usage", "zero");
	check_bad_write(dir_b, "usage_user", "0");

	reset(dir_a);
	/* cpuacct.stat keeps its last answer (prev_cputime), not checked */
	check_zero(dir_a, "after writing 0 to cpuacct.usage", 0);
	TST_EXP_EXPR(read_u64(base, "usage") == p.usage,
		     "parent usage kept (%llu) after a's reset", p.usage);
	for (i = 3; i >= 0; i--)
		SAFE_RMDIR(dirs[i]);
}

static void setup(void)
{
	unsigned long long pc[MAX_CPUS];
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) || !CPU_ISSET(0, &set) ||
	    !CPU_ISSET(1, &set))
		tst_brk(TCONF, "needs CPUs 0 and 1 online and allowed");
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	mnt_private_ns();
	cg1_mount(MNT, "cpuacct");
	snprintf(base, sizeof(base), MNT "/ltp_%d", getpid());
	snprintf(dir_a, sizeof(dir_a), "%s/a", base);
	snprintf(dir_b, sizeof(dir_b), "%s/b", base);
	snprintf(dir_c, sizeof(dir_c), "%s/c", base);
	SAFE_MKDIR(base, 0755);
	ncpus = read_percpu(base, "usage_percpu", pc);
	SAFE_RMDIR(base);
	if (ncpus < 2 || ncpus >= MAX_CPUS)
		tst_brk(TBROK, "usage_percpu lists %d CPUs", ncpus);
}

static void cleanup(void)
{
	if (base[0])
		cg1_rmdir_all(dirs, 4);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	/* its v1 hierarchy is a line in every process's /proc/PID/cgroup */
	.exclusive = 1,
	.timeout = 120,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "248cc9993d1c"},
		{"linux-git", "dd02d4234c9a"},
		{"linux-git", "8c92606ab810"},
		{}
	},
};

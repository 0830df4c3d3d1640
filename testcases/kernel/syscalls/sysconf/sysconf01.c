// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sysconf(3) values against the kernel's own answers:
 *  - upstream's 54 names each give a value, or -1 with errno left alone
 *    (no limit); an unknown name is EINVAL;
 *  - _SC_PAGESIZE and _SC_CLK_TCK are AT_PAGESZ and AT_CLKTCK of the aux
 *    vector the kernel wrote (/proc/self/auxv); _SC_MINSIGSTKSZ is its
 *    AT_MINSIGSTKSZ, and a handler runs on an alternate stack of
 *    _SC_SIGSTKSZ bytes above a PROT_NONE page without touching it;
 *  - _SC_NPROCESSORS_ONLN is the number of CPUs in
 *    /sys/devices/system/cpu/online and of cpuN lines in /proc/stat;
 *    _SC_NPROCESSORS_CONF the number in /sys/devices/system/cpu/present
 *    and of cpuN directories there, at least _SC_NPROCESSORS_ONLN;
 *  - _SC_PHYS_PAGES is sysinfo()'s totalram * mem_unit / the page size,
 *    and MemTotal of /proc/meminfo; 0 < _SC_AVPHYS_PAGES <= it;
 *  - _SC_OPEN_MAX follows RLIMIT_NOFILE: after setrlimit() to 200 it is
 *    200, and the kernel gives descriptor 199 (dup2()) but not 200
 *    (EBADF); raised to /proc/sys/fs/nr_open, it is that;
 *  - _SC_CHILD_MAX follows RLIMIT_NPROC: after setrlimit() to 4 it is 4,
 *    and under a uid of its own (no other process) the kernel lets the
 *    process fork 3 children and refuses the 4th (EAGAIN); with
 *    RLIM_INFINITY it is -1, errno left alone;
 *  - _SC_ARG_MAX is a quarter of RLIMIT_STACK, at least 128 KiB and at
 *    most 6 MiB (the kernel's limit: 3/4 of _STK_LIM) for stacks of 256
 *    KiB, 1 MiB, 8 MiB and RLIM_INFINITY; execve() of /bin/true with
 *    arguments 64 KiB short of it succeeds, 4 KiB past it fails with
 *    E2BIG;
 *  - _SC_SIGQUEUE_MAX is RLIMIT_SIGPENDING: set to 5, a uid of its own
 *    queues 5 real-time signals and the 6th is EAGAIN;
 *  - _SC_NGROUPS_MAX is /proc/sys/kernel/ngroups_max: setgroups() takes
 *    that many groups and refuses one more with EINVAL;
 *  - _SC_MQ_PRIO_MAX is 32768: mq_send() takes priority 32767, not 32768
 *    (EINVAL).
 * Syscalls: sysinfo, prlimit64
 */
#include <dirent.h>
#include <elf.h>
#include <fcntl.h>
#include <grp.h>
#include <mqueue.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "task_wait.h"
#include "proc_auxv.h"

#ifndef AT_MINSIGSTKSZ
# define AT_MINSIGSTKSZ 51
#endif

#define SC(name) { name, #name }

static const struct {
	int name;
	const char *str;
} names[] = {
	SC(_SC_CLK_TCK), SC(_SC_ARG_MAX), SC(_SC_CHILD_MAX), SC(_SC_OPEN_MAX),
	SC(_SC_JOB_CONTROL), SC(_SC_SAVED_IDS), SC(_SC_VERSION),
	SC(_SC_PASS_MAX), SC(_SC_LOGIN_NAME_MAX), SC(_SC_XOPEN_VERSION),
	SC(_SC_TZNAME_MAX), SC(_SC_STREAM_MAX), SC(_SC_XOPEN_CRYPT),
	SC(_SC_XOPEN_ENH_I18N), SC(_SC_XOPEN_SHM), SC(_SC_XOPEN_XCU_VERSION),
	SC(_SC_ATEXIT_MAX), SC(_SC_2_C_BIND), SC(_SC_2_C_DEV),
	SC(_SC_2_C_VERSION), SC(_SC_2_CHAR_TERM), SC(_SC_2_FORT_DEV),
	SC(_SC_2_FORT_RUN), SC(_SC_2_LOCALEDEF), SC(_SC_2_SW_DEV),
	SC(_SC_2_UPE), SC(_SC_2_VERSION), SC(_SC_BC_BASE_MAX),
	SC(_SC_BC_DIM_MAX), SC(_SC_BC_SCALE_MAX), SC(_SC_BC_STRING_MAX),
	SC(_SC_COLL_WEIGHTS_MAX), SC(_SC_EXPR_NEST_MAX), SC(_SC_LINE_MAX),
	SC(_SC_RE_DUP_MAX), SC(_SC_XOPEN_UNIX), SC(_SC_PAGESIZE),
	SC(_SC_PHYS_PAGES), SC(_SC_AVPHYS_PAGES), SC(_SC_AIO_MAX),
	SC(_SC_AIO_PRIO_DELTA_MAX), SC(_SC_SEMAPHORES), SC(_SC_SEM_NSEMS_MAX),
	SC(_SC_SEM_VALUE_MAX), SC(_SC_MEMORY_PROTECTION), SC(_SC_FSYNC),
	SC(_SC_TIMERS), SC(_SC_TIMER_MAX), SC(_SC_MAPPED_FILES),
	SC(_SC_THREAD_PRIORITY_SCHEDULING), SC(_SC_XOPEN_LEGACY),
	SC(_SC_MEMLOCK), SC(_SC_XBS5_ILP32_OFF32), SC(_SC_XBS5_ILP32_OFFBIG),
};

static long sc(int name)
{
	long v;

	errno = 0;
	v = sysconf(name);
	if (v == -1 && errno)
		tst_res(TFAIL | TERRNO, "sysconf(%d)", name);
	return v;
}

static void set_limit(int res, rlim_t cur, rlim_t max)
{
	struct rlimit rl = { cur, max };

	if (setrlimit(res, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit(%d, %lu)", res,
			(unsigned long)cur);
}

static void test_names(void)
{
	unsigned int i, bad = 0;
	long v;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		errno = 0;
		v = sysconf(names[i].name);
		if (v == -1 && errno) {
			tst_res(TFAIL | TERRNO, "sysconf(%s)", names[i].str);
			bad++;
		}
	}
	if (!bad)
		tst_res(TPASS, "sysconf() of the %zu names: a value, or -1 with "
			"errno left alone", ARRAY_SIZE(names));
	TST_EXP_FAIL(sysconf(-1), EINVAL, "sysconf(-1)");
	TST_EXP_FAIL(sysconf(123456), EINVAL, "sysconf(123456)");
}

/* ---- the aux vector ---- */

static volatile int on_alt;
static char *alt;
static size_t alt_size;

static void on_usr1(int sig)
{
	volatile char here;

	(void)sig;
	on_alt = (char *)&here >= alt && (char *)&here < alt + alt_size;
}

/* in a child: a frame that overran the stack would be a SIGSEGV */
static void alt_stack(void)
{
	struct sigaction sa = { .sa_handler = on_usr1, .sa_flags = SA_ONSTACK };
	long ps = getpagesize();
	stack_t ss;
	char *map;

	/* a PROT_NONE page, then the alternate stack */
	alt_size = sc(_SC_SIGSTKSZ);
	map = SAFE_MMAP(NULL, alt_size + 2 * ps, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	SAFE_MPROTECT(map, ps, PROT_NONE);
	alt = map + ps;
	ss.ss_sp = alt;
	ss.ss_size = alt_size;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		tst_brk(TBROK | TERRNO, "sigaltstack(%zu)", alt_size);
	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction()");
	raise(SIGUSR1);
	TST_EXP_EXPR(on_alt, "a handler ran on an alternate stack of "
		     "_SC_SIGSTKSZ (%zu) bytes above a PROT_NONE page",
		     alt_size);
}

static void test_auxv(void)
{
	unsigned long min = proc_auxv(AT_MINSIGSTKSZ);

	TST_EXP_EXPR((unsigned long)sc(_SC_PAGESIZE) == proc_auxv(AT_PAGESZ),
		     "_SC_PAGESIZE %ld is AT_PAGESZ %lu", sc(_SC_PAGESIZE),
		     proc_auxv(AT_PAGESZ));
	TST_EXP_EXPR((unsigned long)sc(_SC_CLK_TCK) == proc_auxv(AT_CLKTCK),
		     "_SC_CLK_TCK %ld is AT_CLKTCK %lu", sc(_SC_CLK_TCK),
		     proc_auxv(AT_CLKTCK));
	if (!min) {
		tst_res(TCONF, "the kernel gives no AT_MINSIGSTKSZ");
		return;
	}
	TST_EXP_EXPR((unsigned long)sc(_SC_MINSIGSTKSZ) == min,
		     "_SC_MINSIGSTKSZ %ld is AT_MINSIGSTKSZ %lu",
		     sc(_SC_MINSIGSTKSZ), min);
	run_in_child(alt_stack);
}

/* ---- CPUs and memory ---- */

static int count_cpulist(const char *path)
{
	char line[4096], *p;
	long a, b;
	int n = 0;
	FILE *f = fopen(path, "r");

	if (!f || !fgets(line, sizeof(line), f))
		tst_brk(TBROK | TERRNO, "read %s", path);
	fclose(f);
	for (p = line; *p && *p != '\n';) {
		a = b = strtol(p, &p, 10);
		if (*p == '-')
			b = strtol(p + 1, &p, 10);
		n += b - a + 1;
		if (*p == ',')
			p++;
	}
	return n;
}

static int count_proc_stat_cpus(void)
{
	char line[1024];
	FILE *f = fopen("/proc/stat", "r");
	int n = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/stat)");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "cpu", 3) && line[3] >= '0' && line[3] <= '9')
			n++;
	fclose(f);
	return n;
}

static int count_cpu_dirs(void)
{
	DIR *d = opendir("/sys/devices/system/cpu");
	struct dirent *e;
	char *end;
	int n = 0;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(/sys/devices/system/cpu)");
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "cpu", 3) || e->d_type != DT_DIR)
			continue;
		strtoul(e->d_name + 3, &end, 10);
		if (end != e->d_name + 3 && !*end)
			n++;
	}
	closedir(d);
	return n;
}

static void test_cpus_memory(void)
{
	long onln = sc(_SC_NPROCESSORS_ONLN), conf = sc(_SC_NPROCESSORS_CONF);
	long phys = sc(_SC_PHYS_PAGES), avphys = sc(_SC_AVPHYS_PAGES);
	long ps = getpagesize(), memtotal;
	struct sysinfo si;

	TST_EXP_EXPR(onln == count_cpulist("/sys/devices/system/cpu/online") &&
		     onln == count_proc_stat_cpus(), "_SC_NPROCESSORS_ONLN %ld "
		     "is the kernel's online CPUs (sysfs %d, /proc/stat %d)",
		     onln, count_cpulist("/sys/devices/system/cpu/online"),
		     count_proc_stat_cpus());
	TST_EXP_EXPR(conf == count_cpu_dirs() &&
		     conf == count_cpulist("/sys/devices/system/cpu/present") &&
		     conf >= onln, "_SC_NPROCESSORS_CONF %ld is the kernel's "
		     "present CPUs (%d cpuN directories)", conf,
		     count_cpu_dirs());
	if (syscall(__NR_sysinfo, &si))
		tst_brk(TBROK | TERRNO, "sysinfo()");
	memtotal = tst_read_meminfo("MemTotal:");
	TST_EXP_EXPR((unsigned long long)phys ==
		     (unsigned long long)si.totalram * si.mem_unit / ps &&
		     (unsigned long long)phys == memtotal * 1024ULL / ps,
		     "_SC_PHYS_PAGES %ld is sysinfo()'s totalram and MemTotal "
		     "(%ld kB)", phys, memtotal);
	TST_EXP_EXPR(avphys > 0 && avphys <= phys, "0 < _SC_AVPHYS_PAGES %ld "
		     "<= _SC_PHYS_PAGES", avphys);
}

/* ---- limits ---- */

static void open_max(void)
{
	long nr_open;

	int fd = SAFE_OPEN("/dev/null", O_RDONLY);

	set_limit(RLIMIT_NOFILE, 200, 200);
	TST_EXP_VAL(sysconf(_SC_OPEN_MAX), 200, "_SC_OPEN_MAX after "
		    "RLIMIT_NOFILE 200");
	TST_EXP_VAL(dup2(fd, 199), 199, "dup2(fd, 199)");
	TST_EXP_FAIL(dup2(fd, 200), EBADF, "dup2(fd, 200)");
	SAFE_FILE_SCANF("/proc/sys/fs/nr_open", "%ld", &nr_open);
	set_limit(RLIMIT_NOFILE, nr_open, nr_open);
	TST_EXP_VAL(sysconf(_SC_OPEN_MAX), nr_open, "_SC_OPEN_MAX after "
		    "RLIMIT_NOFILE nr_open");
}

static void child_max(void)
{
	int p[2], n = 0, i;
	pid_t pids[8];
	char c;

	set_limit(RLIMIT_NPROC, RLIM_INFINITY, RLIM_INFINITY);
	errno = 0;
	TST_EXP_EXPR(sysconf(_SC_CHILD_MAX) == -1 && !errno, "_SC_CHILD_MAX is "
		     "-1, errno left alone, for RLIM_INFINITY");
	drop_to_own_uid();
	set_limit(RLIMIT_NPROC, 4, 4);
	TST_EXP_VAL(sysconf(_SC_CHILD_MAX), 4, "_SC_CHILD_MAX after "
		    "RLIMIT_NPROC 4");
	SAFE_PIPE(p);
	for (i = 0; i < 8; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			break;
		if (!pids[i]) {
			SAFE_CLOSE(p[1]);
			_exit(read(p[0], &c, 1) ? 1 : 0);
		}
		n++;
	}
	TST_EXP_EXPR(n == 3 && errno == EAGAIN, "the kernel let a process of "
		     "a uid alone fork %d children under RLIMIT_NPROC 4, then "
		     "%s", n, tst_strerrno(errno));
	SAFE_CLOSE(p[1]);
	for (i = 0; i < n; i++)
		reap_child(pids[i]);
}

/* exec /bin/true with argument strings of total bytes of 4 KiB each */
static int exec_args(size_t total)
{
	size_t nargs = total / 4096 + 1, i;
	char **argv = SAFE_MALLOC((nargs + 2) * sizeof(char *));
	char *envp[] = { NULL };
	char *s = SAFE_MALLOC(4096);
	int status;
	pid_t pid;

	memset(s, 'x', 4095);
	s[4095] = 0;
	argv[0] = "true";
	for (i = 1; i < nargs; i++)
		argv[i] = s;
	argv[nargs] = NULL;
	pid = SAFE_FORK();
	if (!pid) {
		execve("/bin/true", argv, envp);
		_exit(errno);
	}
	SAFE_WAITPID(pid, &status, 0);
	free(argv);
	free(s);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void arg_max_for(rlim_t stack, long want)
{
	int r;

	set_limit(RLIMIT_STACK, stack, RLIM_INFINITY);
	TST_EXP_VAL(sysconf(_SC_ARG_MAX), want, "_SC_ARG_MAX for RLIMIT_STACK "
		    "%lu", (unsigned long)stack);
	r = exec_args(want - 64 * 1024);
	TST_EXP_EXPR(r == 0, "execve() with %ld bytes of arguments: %s",
		     want - 64 * 1024, r ? tst_strerrno(r) : "ran");
	r = exec_args(want + 4096);
	TST_EXP_EXPR(r == E2BIG, "execve() with %ld bytes of arguments: %s",
		     want + 4096, r ? tst_strerrno(r) : "ran");
}

static void arg_max(void)
{
	if (access("/bin/true", X_OK)) {
		tst_res(TCONF, "no /bin/true to execute");
		return;
	}
	arg_max_for(256 * 1024, 128 * 1024);
	arg_max_for(1024 * 1024, 256 * 1024);
	arg_max_for(8 * 1024 * 1024, 2 * 1024 * 1024);
	arg_max_for(RLIM_INFINITY, 6 * 1024 * 1024);
}

static void sigqueue_max(void)
{
	union sigval v = { 0 };
	sigset_t s;
	int i;

	sigemptyset(&s);
	sigaddset(&s, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &s, NULL);
	drop_to_own_uid();
	set_limit(RLIMIT_SIGPENDING, 5, 5);
	TST_EXP_VAL(sysconf(_SC_SIGQUEUE_MAX), 5, "_SC_SIGQUEUE_MAX after "
		    "RLIMIT_SIGPENDING 5");
	for (i = 0; i < 5; i++)
		if (sigqueue(getpid(), SIGRTMIN, v))
			break;
	TST_EXP_EXPR(i == 5, "5 real-time signals queued (%d)", i);
	TST_EXP_FAIL(sigqueue(getpid(), SIGRTMIN, v), EAGAIN,
		     "sigqueue() of a 6th");
}

static void ngroups_max(void)
{
	long max, n = sc(_SC_NGROUPS_MAX);
	gid_t *g;
	long i;

	SAFE_FILE_SCANF("/proc/sys/kernel/ngroups_max", "%ld", &max);
	TST_EXP_EXPR(n == max, "_SC_NGROUPS_MAX %ld is "
		     "/proc/sys/kernel/ngroups_max %ld", n, max);
	g = SAFE_MALLOC((max + 1) * sizeof(gid_t));
	for (i = 0; i <= max; i++)
		g[i] = i + 1;
	TST_EXP_PASS(setgroups(max, g), "setgroups() of %ld groups", max);
	TST_EXP_FAIL(setgroups(max + 1, g), EINVAL, "setgroups() of %ld "
		     "groups", max + 1);
	free(g);
}

static void mq_prio_max(void)
{
	struct mq_attr attr = { .mq_maxmsg = 2, .mq_msgsize = 8 };
	char name[64];
	mqd_t q;

	TST_EXP_VAL(sysconf(_SC_MQ_PRIO_MAX), 32768);
	snprintf(name, sizeof(name), "/ltp_sysconf01_%d", getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
	if (q == (mqd_t)-1)
		tst_brk(TBROK | TERRNO, "mq_open()");
	mq_unlink(name);
	TST_EXP_PASS(mq_send(q, "x", 1, 32767), "mq_send() at priority "
		     "32767");
	TST_EXP_FAIL(mq_send(q, "x", 1, 32768), EINVAL, "mq_send() at "
		     "priority 32768");
	mq_close(q);
}

static void run(void)
{
	test_names();
	test_auxv();
	test_cpus_memory();
	run_in_child(open_max);
	run_in_child(child_max);
	run_in_child(arg_max);
	run_in_child(sigqueue_max);
	run_in_child(ngroups_max);
	mq_prio_max();
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
};

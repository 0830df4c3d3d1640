// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pressure stall information of a cgroup (cpu.pressure, memory.pressure,
 * io.pressure, cgroup.pressure; kernel/sched/psi.c, kernel/cgroup/cgroup.c):
 *  - a new cgroup's six "total=" values (some and full of cpu, memory,
 *    io) read 0;
 *  - a cgroup whose only process is asleep in read() gains nothing in
 *    any of them over 200 ms, and a memory.pressure trigger
 *    "some 50000 1000000" there raises no POLLPRI in 600 ms;
 *  - two busy loops of one cgroup pinned to one CPU: one of them always
 *    waits, so cpu.pressure "some" grows by at least half of the time
 *    that passed (read inside the two readings);
 *  - a trigger "some 100000 1000000" on that cgroup's cpu.pressure
 *    raises POLLPRI; a second trigger on the same descriptor is EBUSY;
 *    a window of 0 or over 10 s, a threshold of 0 or over the window, a
 *    word other than some/full are EINVAL; poll() of a descriptor
 *    without a trigger returns POLLERR | POLLPRI at once;
 *  - a process allowed no swap whose usage is 1.5 x its memory.high
 *    is held 2 s at its next charge (the capped penalty): memory.pressure
 *    "some" and "full" of its cgroup (it is alone there) grow by at
 *    least 1.5 s;
 *  - cgroup.pressure (6.3, Debian's 6.1 has it) reads 1; 2 and -1 are
 *    ERANGE, a word EINVAL; 0 hides cpu/memory/io.pressure (open ENOENT,
 *    a read on a descriptor opened before ENODEV) and 1 brings them back.
 */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "cpu_pin.h"
#include "cgroup2.h"

#define MB (1024 * 1024)
#define STALL_MS 1900

static const char *const res_files[] = {
	"cpu.pressure", "memory.pressure", "io.pressure"
};

static long long *stall_ms;

/* "total=" of the some (full 0) or full (1) line; -1 when absent. */
static long long psi_total(const char *rel, const char *file, int full)
{
	char path[PATH_MAX], line[256];
	long long val = -1;
	char *t;
	FILE *f;

	cg_path(path, sizeof(path), rel, file);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, full ? "full " : "some ", 5))
			continue;
		t = strstr(line, "total=");
		if (t)
			val = atoll(t + 6);
	}
	fclose(f);
	if (val < 0)
		tst_brk(TBROK, "no %s total in %s", full ? "full" : "some",
			path);
	return val;
}

static void all_totals(const char *rel, long long *v)
{
	int i;

	for (i = 0; i < 6; i++)
		v[i] = psi_total(rel, res_files[i / 2], i % 2);
}

static int open_psi(const char *rel, const char *file)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, file);
	return SAFE_OPEN(path, O_RDWR | O_NONBLOCK);
}

static int trig_err(int fd, const char *trig)
{
	return write(fd, trig, strlen(trig) + 1) < 0 ? errno : 0;
}

static pid_t child_in(const char *rel, int cpu, int spin)
{
	pid_t pid = SAFE_FORK();
	int p[2];
	char c;

	if (!pid) {
		/* pinned after the move: cg_enter() can reset the affinity */
		cg_enter(rel);
		if (cpu >= 0)
			pin_to_cpu(cpu);
		TST_CHECKPOINT_WAKE(0);
		if (spin)
			spin_on_cpu(cpu);
		SAFE_PIPE(p);
		SAFE_READ(1, p[0], &c, 1);
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	return pid;
}

static void fresh_and_idle(void)
{
	long long a[6], b[6];
	struct pollfd pfd;
	pid_t pid;
	int i, ok = 1;

	cg_mkdir("s");
	all_totals("s", a);
	for (i = 0; i < 6; i++)
		ok &= !a[i];
	TST_EXP_EXPR(ok, "new cgroup: cpu %lld/%lld memory %lld/%lld io "
		     "%lld/%lld (some/full totals) all 0", a[0], a[1], a[2],
		     a[3], a[4], a[5]);

	pid = child_in("s", -1, 0);
	wait_task_in_syscall(pid, __NR_read);
	all_totals("s", a);
	pfd.fd = open_psi("s", "memory.pressure");
	pfd.events = POLLPRI;
	TST_EXP_PASS(trig_err(pfd.fd, "some 50000 1000000"),
		     "memory.pressure trigger some 50000 1000000");
	usleep(200000);
	all_totals("s", b);
	for (i = 0; i < 6; i++)
		TST_EXP_EXPR(a[i] == b[i], "sleeping task: %s %s total %lld "
			     "-> %lld", res_files[i / 2], i % 2 ? "full" :
			     "some", a[i], b[i]);
	TST_EXP_VAL(poll(&pfd, 1, 600), 0, "poll() of the trigger of a "
		    "sleeping cgroup");
	SAFE_CLOSE(pfd.fd);
	SAFE_KILL(pid, SIGKILL);
	reap_child_killed(pid, SIGKILL);
	cg_rmdir("s");
}

static void cpu_contention(void)
{
	long long t0, t1, w0, w1, deadline;
	struct pollfd pfd;
	pid_t p1, p2;
	int fd, ret;

	cg_mkdir("h");
	p1 = child_in("h", 0, 1);
	p2 = child_in("h", 0, 1);

	t0 = psi_total("h", "cpu.pressure", 0);
	w0 = tst_mono_ns() / 1000;
	usleep(500000);
	w1 = tst_mono_ns() / 1000;
	t1 = psi_total("h", "cpu.pressure", 0);
	TST_EXP_EXPR(t1 - t0 >= (w1 - w0) / 2, "two loops on one CPU: "
		     "cpu.pressure some +%lld us in more than %lld us",
		     t1 - t0, w1 - w0);

	fd = open_psi("h", "cpu.pressure");
	pfd.fd = fd;
	pfd.events = POLLPRI;
	ret = poll(&pfd, 1, 0);
	TST_EXP_EXPR(ret == 1 && pfd.revents == (POLLERR | POLLPRI),
		     "poll() without a trigger: %d, revents 0x%x (POLLERR | "
		     "POLLPRI 0x%x)", ret, pfd.revents, POLLERR | POLLPRI);

	TST_EXP_EQ_LI(trig_err(fd, "some 100000 0"), EINVAL);
	TST_EXP_EQ_LI(trig_err(fd, "some 100000 10000001"), EINVAL);
	TST_EXP_EQ_LI(trig_err(fd, "some 0 1000000"), EINVAL);
	TST_EXP_EQ_LI(trig_err(fd, "some 1000001 1000000"), EINVAL);
	TST_EXP_EQ_LI(trig_err(fd, "half 100000 1000000"), EINVAL);
	TST_EXP_EQ_LI(trig_err(fd, "some 100000 1000000"), 0);
	TST_EXP_EQ_LI(trig_err(fd, "some 200000 1000000"), EBUSY);

	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	do {
		pfd.revents = 0;
		ret = poll(&pfd, 1, 100);
	} while (!(pfd.revents & POLLPRI) && tst_mono_ms() < deadline);
	TST_EXP_EXPR(pfd.revents & POLLPRI, "cpu.pressure trigger "
		     "\"some 100000 1000000\" under contention: POLLPRI "
		     "(revents 0x%x)", pfd.revents);
	SAFE_CLOSE(fd);

	SAFE_KILL(p1, SIGKILL);
	SAFE_KILL(p2, SIGKILL);
	reap_child_killed(p1, SIGKILL);
	reap_child_killed(p2, SIGKILL);
	cg_rmdir("h");
}

static void memory_stall(void)
{
	long long some0, full0, some, full;
	size_t psize = getpagesize();
	pid_t pid;

	cg_mkdir("m");
	cg_no_swap("m");
	*stall_ms = 0;
	pid = SAFE_FORK();
	if (!pid) {
		char *mem = SAFE_MMAP(NULL, 16 * MB, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		long long t, ms;
		size_t off;

		madvise(mem, 16 * MB, MADV_NOHUGEPAGE);
		cg_enter("m");
		memset(mem, 1, 12 * MB);
		TST_CHECKPOINT_WAKE_AND_WAIT(0);
		for (off = 12 * MB; off < 13 * MB; off += psize) {
			t = tst_mono_ms();
			mem[off] = 1;
			ms = tst_mono_ms() - t;
			if (ms > *stall_ms)
				*stall_ms = ms;
			if (ms >= STALL_MS)
				break;
		}
		exit(0);
	}
	TST_CHECKPOINT_WAIT(0);
	/* usage 12 MiB: 1.5 x high, the penalty is its 2 s cap */
	CG_WRITE("m", "memory.high", "%d", 8 * MB);
	/*
	 * A total is the stall time of each CPU weighted by the cgroup's
	 * non-idle time there since the previous reading, so the baseline
	 * is read now, with the child asleep: its earlier time on other
	 * CPUs (the 12 MiB memset) would otherwise dilute the 2 s.
	 */
	some0 = psi_total("m", "memory.pressure", 0);
	full0 = psi_total("m", "memory.pressure", 1);
	TST_CHECKPOINT_WAKE(0);
	reap_child(pid);
	some = psi_total("m", "memory.pressure", 0) - some0;
	full = psi_total("m", "memory.pressure", 1) - full0;
	tst_res(TINFO, "longest fault over memory.high %lld ms", *stall_ms);
	TST_EXP_EXPR(some >= 1500000 && full >= 1500000, "held over "
		     "memory.high: memory.pressure some +%lld us, full +%lld "
		     "us (>= 1.5 s)", some, full);
	TST_EXP_EXPR(cg_read_key("m", "memory.events", "high") > 0,
		     "memory.events high %lld",
		     cg_read_key("m", "memory.events", "high"));
	cg_rmdir("m");
}

static void pressure_switch(void)
{
	char path[PATH_MAX];
	char buf[256];
	int fd, i;

	cg_path(path, sizeof(path), "", "cgroup.pressure");
	if (access(path, F_OK)) {
		tst_res(TCONF, "no cgroup.pressure (6.3)");
		return;
	}
	cg_mkdir("e");
	TST_EXP_EQ_LI(cg_read_num("e", "cgroup.pressure"), 1);
	TST_EXP_EQ_LI(cg_write_err("e", "cgroup.pressure", "2"), ERANGE);
	TST_EXP_EQ_LI(cg_write_err("e", "cgroup.pressure", "-1"), ERANGE);
	TST_EXP_EQ_LI(cg_write_err("e", "cgroup.pressure", "on"), EINVAL);
	TST_EXP_EQ_LI(cg_read_num("e", "cgroup.pressure"), 1);

	fd = open_psi("e", "cpu.pressure");
	TST_EXP_EQ_LI(cg_write_err("e", "cgroup.pressure", "0"), 0);
	TST_EXP_EQ_LI(cg_read_num("e", "cgroup.pressure"), 0);
	for (i = 0; i < 3; i++) {
		cg_path(path, sizeof(path), "e", res_files[i]);
		TST_EXP_FAIL(open(path, O_RDONLY), ENOENT,
			     "open(%s) with cgroup.pressure 0", res_files[i]);
	}
	TST_EXP_FAIL(read(fd, buf, sizeof(buf)), ENODEV,
		     "read() of cpu.pressure opened before it was hidden");
	SAFE_CLOSE(fd);
	TST_EXP_EQ_LI(cg_write_err("e", "cgroup.pressure", "1"), 0);
	for (i = 0; i < 3; i++) {
		cg_path(path, sizeof(path), "e", res_files[i]);
		TST_EXP_EXPR(!access(path, R_OK), "%s back with "
			     "cgroup.pressure 1", res_files[i]);
	}
	cg_rmdir("e");
}

static void run(void)
{
	fresh_and_idle();
	cpu_contention();
	memory_stall();
	pressure_switch();
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	stall_ms = SAFE_MMAP(NULL, sizeof(*stall_ms), PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	cg_setup(ctrls, 1);
	cg_require_file("cpu.pressure", "PSI off (psi=0 or CONFIG_PSI=n)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.timeout = 60,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_PSI", "CONFIG_MEMCG", NULL
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CPU hotplug through /sys/devices/system/cpu/cpu1/online:
 *  - "0" takes CPU 1 offline: online reads 0, the "online" list is "0",
 *    "offline" lists 1, sysconf(_SC_NPROCESSORS_ONLN) is one less, the
 *    test's own sched_getaffinity() no longer has CPU 1 and
 *    sched_setaffinity() to CPU 1 alone is EINVAL; "0" again is
 *    accepted and changes nothing; "2" and "x" are EINVAL;
 *  - a task pinned to CPU 1, spinning and waiting on a timerfd, is
 *    moved off it: its affinity is widened to hold CPU 0, it runs on
 *    CPU 0 and keeps making progress, and its timer, armed on CPU 1,
 *    still fires exactly once (hrtimers are migrated when a CPU dies);
 *  - "1" brings it back: online reads 1, the list is "0-1", the test's
 *    affinity has CPU 1 again and a new task pinned there runs on it;
 *  - on x86, CPU 0 has no "online" file (it cannot be taken offline).
 * CPU 1 is put back online in cleanup whatever happened.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include "tst_test.h"

#define CPU1 "/sys/devices/system/cpu/cpu1/online"

struct shared {
	volatile unsigned long spins;
	volatile int cpu;		/* where the spinner runs now */
	volatile int armed;		/* its timer is armed */
	volatile int fired_cpu;		/* where it was when the timer fired */
	volatile unsigned long long expirations;
};

static struct shared *sh;
static int offline;

static int write_online(const char *val)
{
	int fd = SAFE_OPEN(CPU1, O_WRONLY);
	ssize_t ret = write(fd, val, strlen(val));
	int err = errno;

	SAFE_CLOSE(fd);
	errno = err;
	return ret == (ssize_t)strlen(val) ? 0 : -1;
}

static int read_int(const char *path)
{
	int v;

	SAFE_FILE_SCANF(path, "%d", &v);
	return v;
}

static void read_str(const char *path, char *buf, size_t size)
{
	int fd = SAFE_OPEN(path, O_RDONLY);
	ssize_t len = SAFE_READ(0, fd, buf, size - 1);

	SAFE_CLOSE(fd);
	buf[len] = 0;
	buf[strcspn(buf, "\n")] = 0;
}

static int pin(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

/* Pinned to CPU 1: spin until the timer, armed there, fires. */
static void spinner(unsigned int timer_ms)
{
	struct itimerspec its = {
		.it_value = {timer_ms / 1000, (timer_ms % 1000) * 1000000L},
	};
	unsigned long long n = 0;
	int tfd;

	if (pin(0, 1))
		tst_brk(TBROK | TERRNO, "sched_setaffinity(CPU 1)");
	sh->cpu = sched_getcpu();
	tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
	if (tfd < 0 || timerfd_settime(tfd, 0, &its, NULL))
		tst_brk(TBROK | TERRNO, "timerfd");
	sh->armed = 1;
	for (;;) {
		sh->spins++;
		sh->cpu = sched_getcpu();
		if (read(tfd, &n, sizeof(n)) == sizeof(n))
			break;
	}
	sh->fired_cpu = sh->cpu;
	sh->expirations = n;
	exit(0);
}

/* Wait until cond(): a bounded poll, as the kernel moves at its pace. */
#define WAIT_FOR(cond, what) do {					\
	long long dl_ = tst_mono_ms() + 20000LL * tst_timeout_mul();	\
	while (!(cond)) {						\
		if (tst_mono_ms() > dl_)				\
			tst_brk(TBROK, "%s: not after 20 s", what);	\
		usleep(1000);						\
	}								\
} while (0)

static int own_has_cpu1(cpu_set_t *set)
{
	CPU_ZERO(set);
	if (sched_getaffinity(0, sizeof(*set), set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	return CPU_ISSET(1, set);
}

static void check_offline(void)
{
	char list[64];
	cpu_set_t set;

	TST_EXP_EQ_LI(read_int(CPU1), 0);
	read_str("/sys/devices/system/cpu/online", list, sizeof(list));
	TST_EXP_EXPR(!strcmp(list, "0"), "online CPUs '%s'", list);
	read_str("/sys/devices/system/cpu/offline", list, sizeof(list));
	TST_EXP_EXPR(!strcmp(list, "1"), "offline CPUs '%s'", list);
	TST_EXP_EQ_LI(sysconf(_SC_NPROCESSORS_ONLN), 1);
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity()");
	TST_EXP_EXPR(CPU_ISSET(0, &set) && !CPU_ISSET(1, &set) &&
		     CPU_COUNT(&set) == 1, "own affinity is CPU 0 only "
		     "(%d CPUs)", CPU_COUNT(&set));
	TST_EXP_FAIL(pin(0, 1), EINVAL, "sched_setaffinity(CPU 1 offline)");
}

static void run(void)
{
	unsigned int timer_ms = 4000 * tst_timeout_mul();
	unsigned long spins;
	cpu_set_t set;
	char list[64];
	pid_t pid;
	int cpus = sysconf(_SC_NPROCESSORS_ONLN);

	memset(sh, 0, sizeof(*sh));
	pid = SAFE_FORK();
	if (!pid)
		spinner(timer_ms);
	WAIT_FOR(sh->armed && sh->spins > 1000, "spinner started on CPU 1");
	TST_EXP_EQ_LI(sh->cpu, 1);

	TST_EXP_PASS(write_online("0"), "write 0 to cpu1/online");
	offline = TST_PASS;
	if (!offline) {
		SAFE_KILL(pid, SIGKILL);
		SAFE_WAITPID(pid, NULL, 0);
		return;
	}
	if (sh->fired_cpu || sh->expirations)
		tst_brk(TBROK, "the timer fired before the CPU went offline; "
			"the offline took over %u ms", timer_ms);
	check_offline();
	TST_EXP_EQ_LI(cpus - 1, sysconf(_SC_NPROCESSORS_ONLN));
	TST_EXP_PASS(write_online("0"), "write 0 to cpu1/online again");
	TST_EXP_EQ_LI(read_int(CPU1), 0);
	TST_EXP_FAIL(write_online("2"), EINVAL, "write 2 to cpu1/online");
	TST_EXP_FAIL(write_online("x"), EINVAL, "write x to cpu1/online");

	/* the spinner goes on, on CPU 0, with CPU 0 in its affinity */
	CPU_ZERO(&set);
	TST_EXP_PASS(sched_getaffinity(pid, sizeof(set), &set),
		     "sched_getaffinity(spinner)");
	TST_EXP_EXPR(CPU_ISSET(0, &set), "the spinner's affinity was "
		     "widened to CPU 0 (%d CPUs)", CPU_COUNT(&set));
	spins = sh->spins;
	WAIT_FOR(sh->spins > spins + 1000 || sh->expirations,
		 "spinner progress after the offline");
	tst_res(TPASS, "the spinner ran on after the offline, on CPU %d",
		sh->cpu);

	reap_child(pid);
	TST_EXP_EXPR(sh->expirations == 1 && sh->fired_cpu == 0,
		     "its timer fired %llu time(s), seen on CPU %d",
		     sh->expirations, sh->fired_cpu);

	TST_EXP_PASS(write_online("1"), "write 1 to cpu1/online");
	if (TST_PASS)
		offline = 0;
	TST_EXP_EQ_LI(read_int(CPU1), 1);
	read_str("/sys/devices/system/cpu/online", list, sizeof(list));
	TST_EXP_EXPR(!strcmp(list, "0-1"), "online CPUs '%s'", list);
	TST_EXP_EQ_LI(sysconf(_SC_NPROCESSORS_ONLN), cpus);
	TST_EXP_PASS(write_online("1"), "write 1 to cpu1/online again");
	/* the scheduler may take CPU 1 as active a little after "online" */
	WAIT_FOR(own_has_cpu1(&set), "CPU 1 back in the own affinity");
	tst_res(TPASS, "own affinity has CPU 1 again (%d CPUs)",
		CPU_COUNT(&set));

	pid = SAFE_FORK();
	if (!pid) {
		if (pin(0, 1))
			tst_brk(TBROK | TERRNO, "sched_setaffinity(CPU 1)");
		if (sched_getcpu() != 1) {
			tst_res(TFAIL, "a task pinned to CPU 1 runs on %d",
				sched_getcpu());
			exit(1);
		}
		tst_res(TPASS, "a new task pinned to CPU 1 runs there");
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	if (access(CPU1, W_OK))
		tst_brk(TCONF | TERRNO, "%s: CPU 1 cannot be hotplugged", CPU1);
	if (read_int(CPU1) != 1)
		tst_brk(TCONF, "CPU 1 is offline already");
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
#ifdef __x86_64__
	TST_EXP_FAIL(access("/sys/devices/system/cpu/cpu0/online", F_OK),
		     ENOENT, "cpu0/online on x86");
#endif
}

static void cleanup(void)
{
	if (offline && write_online("1"))
		tst_res(TWARN | TERRNO, "CPU 1 could not be put back online");
}

static struct tst_test test = {
	.needs_root = 1,
	.min_cpus = 2,
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.forks_child = 1,
	.exclusive = 1,
	.timeout = 120,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SCHED_DEADLINE beyond admission (sched_setattr02 has the arguments and
 * the admission test): what the kernel does with an admitted task.
 *  - Runtime enforcement: a task with runtime 10 ms every 100 ms that
 *    spins gets about 10% of a CPU; over a window of 2 s it must get at
 *    most half of it (a kernel that does not throttle gives it all).
 *    Stolen or late time only lowers its share, so load cannot fail it.
 *  - SCHED_FLAG_DL_OVERRUN: the same spinner, with the flag, is sent
 *    SIGXCPU when it exhausts its runtime (waited for on the clock, 10 s
 *    times LTP_TIMEOUT_MUL).
 *  - The global RT bandwidth bounds deadline admission: with a task of
 *    30% admitted (blocked), lowering sched_rt_runtime_us to 10% of the
 *    period (0.1 x CPUs < 0.3) is EBUSY and leaves the value as it was;
 *    40% is accepted.
 * Root; the sysctls are saved and restored.
 */
#include <signal.h>
#include <sys/wait.h>
#include "sched_common.h"
#include "sched_setparam.h"
#include "lapi/sched.h"

#define MS	1000000ULL
#define RUNTIME	"/proc/sys/kernel/sched_rt_runtime_us"
#define PERIOD	"/proc/sys/kernel/sched_rt_period_us"

struct shared {
	volatile uint64_t cpu_ns, wall_ns;
	volatile int got_xcpu, ready;
};

static struct shared *sh;

static long set_dl(uint64_t runtime, uint64_t deadline, uint64_t period,
		   uint64_t flags)
{
	struct sched_attr a = {
		.size = SCHED_ATTR_SIZE_VER0,
		.sched_policy = SCHED_DEADLINE,
		.sched_flags = flags,
		.sched_runtime = runtime,
		.sched_deadline = deadline,
		.sched_period = period,
	};

	return sys_sched_setattr(0, &a, 0);
}

static void on_xcpu(int sig)
{
	(void)sig;
	sh->got_xcpu = 1;
}

static void enforcement(void)
{
	uint64_t t0, c0, now;
	pid_t pid = SAFE_FORK();

	if (!pid) {
		if (set_dl(10 * MS, 100 * MS, 100 * MS, 0))
			tst_brk(TBROK | TERRNO, "sched_setattr(DEADLINE)");
		t0 = tst_mono_ns();
		c0 = thread_cpu_ns();
		do {
			now = tst_mono_ns();
		} while (now - t0 < 2000 * MS);
		sh->cpu_ns = thread_cpu_ns() - c0;
		sh->wall_ns = now - t0;
		exit(0);
	}
	reap_child(pid);
	if (sh->cpu_ns * 2 <= sh->wall_ns)
		tst_res(TPASS, "deadline task of 10%% spun %llu ms of CPU in "
			"%llu ms", (unsigned long long)(sh->cpu_ns / MS),
			(unsigned long long)(sh->wall_ns / MS));
	else
		tst_res(TFAIL, "deadline task of 10%% got %llu ms of CPU in "
			"%llu ms: runtime not enforced",
			(unsigned long long)(sh->cpu_ns / MS),
			(unsigned long long)(sh->wall_ns / MS));
}

static void overrun(void)
{
	uint64_t t0, limit = 10000 * MS * tst_timeout_mul();
	pid_t pid;

	sh->got_xcpu = 0;
	pid = SAFE_FORK();
	if (!pid) {
		if (signal(SIGXCPU, on_xcpu) == SIG_ERR)
			tst_brk(TBROK | TERRNO, "signal(SIGXCPU)");
		if (set_dl(5 * MS, 100 * MS, 100 * MS, SCHED_FLAG_DL_OVERRUN))
			tst_brk(TBROK | TERRNO,
				"sched_setattr(DEADLINE, DL_OVERRUN)");
		t0 = tst_mono_ns();
		while (!sh->got_xcpu && tst_mono_ns() - t0 < limit)
			;
		exit(0);
	}
	reap_child(pid);
	if (sh->got_xcpu)
		tst_res(TPASS, "SCHED_FLAG_DL_OVERRUN: SIGXCPU on overrun");
	else
		tst_res(TFAIL, "SCHED_FLAG_DL_OVERRUN: no SIGXCPU in %llu ms "
			"of spinning", (unsigned long long)(limit / MS));
}

static void global_bw(void)
{
	long period, before, after;
	int fds[2], fd;
	char c;
	pid_t pid;

	SAFE_FILE_SCANF(PERIOD, "%ld", &period);
	SAFE_FILE_SCANF(RUNTIME, "%ld", &before);
	SAFE_PIPE(fds);
	sh->ready = 0;
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(fds[1]);
		if (set_dl(30 * MS, 100 * MS, 100 * MS, 0))
			tst_brk(TBROK | TERRNO, "sched_setattr(DEADLINE 30%%)");
		sh->ready = 1;
		if (read(fds[0], &c, 1) < 0)
			tst_brk(TBROK | TERRNO, "read");
		exit(0);
	}
	SAFE_CLOSE(fds[0]);
	wait_flag(&sh->ready, 1);

	fd = SAFE_OPEN(RUNTIME, O_WRONLY);
	TEST(dprintf(fd, "%ld", period / 10));
	if (TST_RET < 0 && errno == EBUSY)
		tst_res(TPASS, "sched_rt_runtime_us = 10%% of the period with "
			"30%% of deadline bandwidth in use: EBUSY");
	else
		tst_res(TFAIL | TERRNO, "sched_rt_runtime_us = 10%% with 30%% "
			"in use returned %ld", TST_RET);
	SAFE_CLOSE(fd);
	SAFE_FILE_SCANF(RUNTIME, "%ld", &after);
	TST_EXP_EQ_LI(after, before);

	fd = SAFE_OPEN(RUNTIME, O_WRONLY);
	TST_EXP_POSITIVE(dprintf(fd, "%ld", period * 4 / 10),
			 "sched_rt_runtime_us = 40%% with 30%% in use");
	SAFE_CLOSE(fd);
	SAFE_FILE_SCANF(RUNTIME, "%ld", &after);
	TST_EXP_EQ_LI(after, period * 4 / 10);

	SAFE_CLOSE(fds[1]);
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		enforcement();
		break;
	case 1:
		overrun();
		break;
	case 2:
		global_bw();
		break;
	}
}

static void setup(void)
{
	sh = shared_alloc(sizeof(*sh));
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 60,
	.save_restore = (const struct tst_path_val[]) {
		{ RUNTIME, NULL, 0 },
		{ PERIOD, NULL, 0 },
		{ NULL, NULL, 0 }
	},
};

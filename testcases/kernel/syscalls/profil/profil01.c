// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profil(3) samples the program counter on SIGPROF from an ITIMER_PROF
 * timer it arms, and gives both back when turned off. With a SIGPROF
 * handler of the test's own and an ITIMER_PROF of 100 s (that never
 * expires here) in place:
 *  - profil() returns 0; the kernel then has ITIMER_PROF armed with an
 *    interval of 1 s / AT_CLKTCK (the aux vector's clock tick, 10 ms at
 *    USER_HZ 100), and a SIGPROF action that is not the test's, with
 *    SA_SIGINFO and SA_RESTART and every signal the kernel lets be
 *    blocked in its mask;
 *  - spinning in a loop (upstream's), the buffer over the loop's code
 *    fills: 10 samples come within a CPU time budget, most of them on the
 *    loop's first 4 KiB;
 *  - profil(NULL, 0, 0, 0) returns 0 and the kernel has the test's
 *    timer back (no interval, a value of at most 100 s and more than 100
 *    s less what the test spent) and the test's SIGPROF handler; the
 *    buffer does not change any more while the loop spins on.
 * Syscalls: setitimer, getitimer, rt_sigaction
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include "tst_test.h"

#define BUFLEN (32 * 1024)
#define SAMPLES 10

static unsigned short *buf, *copy;
static unsigned short *volatile off;
static volatile int data[8];
static volatile int own_sigprof;

static void on_sigprof(int sig)
{
	(void)sig;
	own_sigprof++;
}

/* the kernel's struct sigaction (rt_sigaction) */
struct ksa {
	void *handler;
	unsigned long flags;
	void *restorer;
	unsigned long mask;
};

static struct ksa kernel_sigprof(void)
{
	struct ksa a;

	if (syscall(__NR_rt_sigaction, SIGPROF, NULL, &a, 8))
		tst_brk(TBROK | TERRNO, "rt_sigaction()");
	return a;
}

static struct itimerval kernel_itimer(void)
{
	struct itimerval it;

	if (syscall(__NR_getitimer, ITIMER_PROF, &it))
		tst_brk(TBROK | TERRNO, "getitimer()");
	return it;
}

static double cpu_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* upstream's busy loop, a million rounds */
static __attribute__((noinline)) void spin(void)
{
	int n;

	for (n = 0; n < 1000000; n++) {
		if (data[0])
			data[0] = -data[7];
		else
			data[1] = data[0] / 2;
		if (data[2])
			data[2] = data[1] * 2;
		else
			data[3] = data[2] + data[0];
		if (data[4])
			data[4] = data[3] - data[1];
		else
			data[5] = data[4] * data[2];
		if (data[6])
			data[6] = data[5] + data[3];
		else
			data[7] = data[6] - data[4];
	}
}

static unsigned long sum(size_t from, size_t to)
{
	unsigned long s = 0;
	size_t i;

	for (i = from; i < to; i++)
		s += buf[i];
	return s;
}

static void run(void)
{
	size_t offset = (size_t)spin - BUFLEN / 2;
	unsigned long clktck = getauxval(AT_CLKTCK), total, on_spin;
	struct itimerval it, old = {
		.it_value = { .tv_sec = 100 },
	};
	double budget = 5 * tst_timeout_mul(), t0;
	struct ksa a;

	if (!clktck)
		tst_brk(TBROK, "no AT_CLKTCK in the aux vector");
	if (setitimer(ITIMER_PROF, &old, NULL))
		tst_brk(TBROK | TERRNO, "setitimer()");
	memset(buf, 0, BUFLEN * sizeof(*buf));
	t0 = cpu_secs();
	TST_EXP_PASS(profil(buf, BUFLEN * sizeof(*buf), offset, 2 * 65536));

	it = kernel_itimer();
	TST_EXP_EXPR(it.it_interval.tv_sec == 0 &&
		     it.it_interval.tv_usec == (long)(1000000 / clktck) &&
		     (it.it_value.tv_sec || it.it_value.tv_usec),
		     "the kernel's ITIMER_PROF: interval %ld.%06ld s, 1 s / "
		     "AT_CLKTCK %lu", (long)it.it_interval.tv_sec,
		     (long)it.it_interval.tv_usec, clktck);
	a = kernel_sigprof();
	TST_EXP_EXPR(a.handler != (void *)on_sigprof &&
		     a.handler != SIG_DFL && a.handler != SIG_IGN &&
		     (a.flags & (SA_SIGINFO | SA_RESTART)) ==
		     (SA_SIGINFO | SA_RESTART) &&
		     (a.mask & (1UL << (SIGUSR1 - 1))) &&
		     (a.mask & (1UL << (SIGALRM - 1))) &&
		     !(a.mask & (1UL << (SIGKILL - 1))) &&
		     !(a.mask & (1UL << (SIGSTOP - 1))),
		     "the kernel's SIGPROF action is profil()'s: flags %#lx, "
		     "mask %#lx", a.flags, a.mask);

	do {
		spin();
		total = sum(0, BUFLEN);
	} while (total < SAMPLES && cpu_secs() - t0 < budget);
	on_spin = sum(BUFLEN / 2, BUFLEN / 2 + 4096);
	if (total < SAMPLES)
		tst_res(TFAIL, "%lu samples in %.1f s of CPU time", total,
			cpu_secs() - t0);
	else
		TST_EXP_EXPR(2 * on_spin > total, "%lu samples after %.2f s of "
			     "CPU time, %lu on the loop", total,
			     cpu_secs() - t0, on_spin);

	/* NULL turns it off (the header declares the buffer nonnull) */
	TST_EXP_PASS(profil(off, 0, 0, 0), "profil(NULL, 0, 0, 0)");
	it = kernel_itimer();
	TST_EXP_EXPR(!it.it_interval.tv_sec && !it.it_interval.tv_usec &&
		     it.it_value.tv_sec <= 100 &&
		     it.it_value.tv_sec >= 100 - (long)(cpu_secs() - t0) - 2,
		     "the test's ITIMER_PROF is back: %ld.%06ld s left",
		     (long)it.it_value.tv_sec, (long)it.it_value.tv_usec);
	a = kernel_sigprof();
	TST_EXP_EXPR(a.handler == (void *)on_sigprof, "the test's SIGPROF "
		     "handler is back");
	memcpy(copy, buf, BUFLEN * sizeof(*buf));
	t0 = cpu_secs();
	do {
		spin();
	} while (cpu_secs() - t0 < 0.2);
	TST_EXP_EXPR(!memcmp(copy, buf, BUFLEN * sizeof(*buf)) && !own_sigprof,
		     "no sample is taken after profiling stopped");
	old.it_value.tv_sec = 0;
	setitimer(ITIMER_PROF, &old, NULL);
}

static void setup(void)
{
	struct sigaction sa = { .sa_handler = on_sigprof };

	if (sigaction(SIGPROF, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGPROF)");
	buf = SAFE_MALLOC(BUFLEN * sizeof(*buf));
	copy = SAFE_MALLOC(BUFLEN * sizeof(*buf));
}

static void cleanup(void)
{
	free(buf);
	free(copy);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
};

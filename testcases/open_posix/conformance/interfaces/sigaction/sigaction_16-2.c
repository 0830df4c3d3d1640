// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SA_RESTART and the waits with a timeout: "if a function specified as
 * interruptible is interrupted by this signal, the function shall
 * restart and shall not fail with [EINTR] unless otherwise specified"
 * ("If an interruptible function which uses a timeout is restarted, the
 * duration of the timeout following the restart is set to an
 * unspecified value that does not exceed the original duration").
 * nanosleep() and clock_nanosleep() on CLOCK_MONOTONIC (an hour each),
 * each blocked in a thread of its own, take a SIGUSR1 caught with
 * SA_RESTART in that thread: each should be asleep in the kernel again
 * afterwards; a restarted call is then ended by a SIGURG caught
 * without SA_RESTART ([EINTR]). sigwaitinfo() and sigtimedwait() (an
 * hour) are treated the same way, but for them POSIX leaves it to the
 * system's documentation whether [EINTR] makes the call fail: either
 * outcome is printed (a restarted wait is ended by the SIGUSR2 it
 * waits for and must return it).
 *
 * Linux fails the sleeps with EINTR: they return -ERESTART_RESTARTBLOCK
 * (relative) or -ERESTARTNOHAND, which the signal delivery turns into
 * -EINTR whatever SA_RESTART says (kernel/time/hrtimer.c and
 * arch/x86/kernel/signal.c, 6.1 and 6.12; signal(7) lists them as never
 * restarted). Reported as a known issue (TCONF), never a pass; any other
 * return (0 early, EAGAIN, another error) fails.
 */
#include "pts_sarestart.h"
#include "pts_sigkit.h"

static sigset_t usr2;

static void *do_sigwaitinfo(void *arg)
{
	struct pts_op *o = arg;

	o->tid = pts_gettid();
	o->ret = sigwaitinfo(&usr2, NULL);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void *do_sigtimedwait(void *arg)
{
	struct timespec hour = { 3600, 0 };
	struct pts_op *o = arg;

	o->tid = pts_gettid();
	o->ret = sigtimedwait(&usr2, NULL, &hour);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void *do_nanosleep(void *arg)
{
	struct timespec hour = { 3600, 0 };
	struct pts_op *o = arg;

	o->tid = pts_gettid();
	o->ret = nanosleep(&hour, NULL);
	o->err = errno;
	o->returned = 1;
	return NULL;
}

static void *do_clock_nanosleep(void *arg)
{
	struct timespec hour = { 3600, 0 };
	struct pts_op *o = arg;

	o->tid = pts_gettid();
	o->err = clock_nanosleep(CLOCK_MONOTONIC, 0, &hour, NULL);
	o->ret = o->err ? -1 : 0;
	o->returned = 1;
	return NULL;
}

static void urg(int sig)
{
	(void)sig;
}

int main(void)
{
	struct pts_op ops[] = {
		{ "sigwaitinfo()", SYS_rt_sigtimedwait, do_sigwaitinfo, 0, 0, 0, 0 },
		{ "sigtimedwait(1 h)", SYS_rt_sigtimedwait, do_sigtimedwait, 0, 0, 0, 0 },
		{ "nanosleep(1 h)", SYS_clock_nanosleep, do_nanosleep, 0, 0, 0, 0 },
		{ "clock_nanosleep(1 h)", SYS_clock_nanosleep, do_clock_nanosleep,
		  0, 0, 0, 0 },
	};
	char eintr[160] = "";
	unsigned int i;
	pthread_t t;

	pts_sa_restart_usr1();
	pts_catch(SIGURG, urg, 0);
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	pts_mask1(SIG_BLOCK, SIGUSR2);
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		struct pts_op *o = &ops[i];

		pts_handled_by = 0;
		if (pthread_create(&t, NULL, o->fn, o))
			PTS_UNRES("pthread_create()");
		pts_wait_flag((volatile int *)&o->tid, "the thread's start");
		pts_wait_in_syscall(o->tid, o->nr);
		pthread_kill(t, SIGUSR1);
		pts_wait_flag((volatile int *)&pts_handled_by, "the handler");
		if (!pts_op_asleep(o) && !o->returned)
			PTS_UNRES("%s neither returned nor slept again", o->name);
		if (o->returned) {
			if (o->ret != -1 || o->err != EINTR)
				PTS_FAILED("%s returned %ld (%s) after the handler", o->name,
					   o->ret, strerrorname_np(o->err) ?: "0");
			pthread_join(t, NULL);
			if (i < 2) {
				printf("INFO: %s failed with EINTR (documented by the "
				       "system, allowed)\n", o->name);
				continue;
			}
			snprintf(eintr + strlen(eintr), sizeof(eintr) - strlen(eintr),
				 "%s%s", *eintr ? ", " : "", o->name);
			continue;
		}
		printf("INFO: %s restarted\n", o->name);
		/* restarted: end it the way its kind allows */
		pthread_kill(t, i < 2 ? SIGUSR2 : SIGURG);
		pthread_join(t, NULL);
		if (i < 2 ? o->ret != SIGUSR2 : (o->ret != -1 || o->err != EINTR))
			PTS_FAILED("restarted %s ended with %ld (%s)", o->name, o->ret,
				   strerrorname_np(o->err) ?: "0");
	}
	if (*eintr)
		PTS_KNOWN_ISSUE("SA_RESTART, timed waits",
				"EINTR after a SA_RESTART handler from %s", eintr);
	PTS_PASSED("nanosleep() and clock_nanosleep() restarted after a "
		   "SA_RESTART handler");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): POSIX defines the constant MINSIGSTKSZ as the minimum
 * stack size for a signal handler, so an alternate stack of exactly
 * MINSIGSTKSZ bytes must be accepted and usable. On x86 CPUs with large
 * register state (AVX-512, AMX) the signal frame is bigger than the
 * constant (2048) and Linux refuses such a stack with ENOMEM, checking
 * the real frame size (AT_MINSIGSTKSZ): a known deviation, reported as
 * TCONF (PTS_UNTESTED) with the sizes; where the kernel accepts the
 * stack (its check is against the constant) but the frame does not fit,
 * the delivery kills the process with SIGSEGV: the same deviation. sysconf(_SC_MINSIGSTKSZ), the
 * size glibc offers instead, must always be accepted.
 *
 * Compiled without _GNU_SOURCE so that MINSIGSTKSZ is the POSIX constant
 * and not glibc's dynamic sysconf() value.
 */
#undef _GNU_SOURCE
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/wait.h>
#include <unistd.h>

#include "posixtest.h"

static volatile int ran;

static void handler(int sig)
{
	(void)sig;
	ran = 1;
}

/*
 * In a child: 0 when a handler ran on a size byte alternate stack, the
 * errno of a refused sigaltstack(), -signal when the child was killed
 * (the kernel could not fit the signal frame: SIGSEGV).
 */
static int try(long size)
{
	struct sigaction sa;
	stack_t ss;
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %s", strerror(errno));
	if (!pid) {
		ss.ss_sp = malloc(size);
		ss.ss_size = size;
		ss.ss_flags = 0;
		if (sigaltstack(&ss, NULL))
			_exit(errno);
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = handler;
		sa.sa_flags = SA_ONSTACK;
		sigaction(SIGUSR1, &sa, NULL);
		raise(SIGUSR1);
		_exit(ran ? 0 : 255);
	}
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %s", strerror(errno));
	if (WIFSIGNALED(status))
		return -WTERMSIG(status);
	if (WEXITSTATUS(status) == 255)
		PTS_FAILED("the handler did not run on a %ld byte stack", size);
	return WEXITSTATUS(status);
}

int main(void)
{
	long dyn = sysconf(_SC_MINSIGSTKSZ);
	int err;

	printf("MINSIGSTKSZ %d, sysconf(_SC_MINSIGSTKSZ) %ld, AT_MINSIGSTKSZ %lu\n",
	       (int)MINSIGSTKSZ, dyn, getauxval(AT_MINSIGSTKSZ));
	if (dyn > 0 && (err = try(dyn)))
		PTS_FAILED("a sysconf(_SC_MINSIGSTKSZ) = %ld stack: %s %d", dyn,
			   err < 0 ? "killed by signal" : "errno", err < 0 ? -err : err);
	err = try(MINSIGSTKSZ);
	if (err == ENOMEM || err == -SIGSEGV) {
		printf("KNOWN ISSUE (sigaltstack MINSIGSTKSZ): ");
		PTS_EXIT(PTS_UNTESTED,
			 "a MINSIGSTKSZ (%d) stack %s: the signal frame needs %lu",
			 (int)MINSIGSTKSZ, err == ENOMEM ? "refused with ENOMEM" :
			 "accepted but the handler's delivery was killed by SIGSEGV",
			 getauxval(AT_MINSIGSTKSZ));
	}
	if (err)
		PTS_FAILED("a MINSIGSTKSZ stack: %s %d",
			   err < 0 ? "killed by signal" : "errno", err < 0 ? -err : err);
	PTS_PASSED("MINSIGSTKSZ (%d) and sysconf (%ld) stacks accepted and used",
		   (int)MINSIGSTKSZ, dyn);
}

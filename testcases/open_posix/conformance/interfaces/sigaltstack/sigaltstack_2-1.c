// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack() errors: [ENOMEM] for a size less than MINSIGSTKSZ (1024
 * bytes, below it on every architecture),
 * [EINVAL] for ss_flags other than 0 or SS_DISABLE, and [EPERM] for an
 * attempt to change the alternate stack while running on it. SS_DISABLE
 * disables it (read back as SS_DISABLE).
 */
#include "pts_helpers.h"

#define SIZE (64 * 1024)

static volatile int eperm_errno = -1;
static char *base;

static void handler(int sig)
{
	stack_t ss = { .ss_sp = base, .ss_size = SIZE, .ss_flags = 0 };

	(void)sig;
	errno = 0;
	if (sigaltstack(&ss, NULL) == -1)
		eperm_errno = errno;
	else
		eperm_errno = 0;
}

int main(void)
{
	stack_t ss, got;
	struct sigaction sa;

	base = malloc(SIZE);
	ss.ss_sp = base;
	ss.ss_flags = 0;
	ss.ss_size = 1024;
	PTS_EXPECT_ERRNO(sigaltstack(&ss, NULL), ENOMEM,
			 "sigaltstack(1024 bytes)");
	ss.ss_size = SIZE;
	ss.ss_flags = 0x1234;
	PTS_EXPECT_ERRNO(sigaltstack(&ss, NULL), EINVAL,
			 "sigaltstack(bad ss_flags)");
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("sigaltstack(): %m");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	if (eperm_errno != EPERM)
		PTS_FAILED("changing the stack while on it: errno %d, expected EPERM",
			   eperm_errno);
	ss.ss_flags = SS_DISABLE;
	if (sigaltstack(&ss, NULL))
		PTS_FAILED("sigaltstack(SS_DISABLE): %m");
	sigaltstack(NULL, &got);
	if (!(got.ss_flags & SS_DISABLE))
		PTS_FAILED("SS_DISABLE not reported after disabling");
	PTS_PASSED("ENOMEM, EINVAL, EPERM and SS_DISABLE as specified");
}

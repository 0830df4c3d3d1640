// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigprocmask(): SIG_BLOCK adds to the mask, SIG_UNBLOCK removes,
 * SIG_SETMASK replaces, each returning the previous mask in oset; and
 * "it is not possible to block those signals which cannot be ignored":
 * SIGKILL and SIGSTOP asked for are silently left out. An invalid how
 * fails with [EINVAL] and leaves the mask unchanged.
 */
#include "pts_helpers.h"

static sigset_t cur(void)
{
	sigset_t s;

	sigprocmask(SIG_BLOCK, NULL, &s);
	return s;
}

int main(void)
{
	sigset_t a, b, old, s;

	sigemptyset(&a);
	sigprocmask(SIG_SETMASK, &a, NULL);
	sigaddset(&a, SIGUSR1);
	sigemptyset(&b);
	sigaddset(&b, SIGUSR2);

	sigprocmask(SIG_BLOCK, &a, NULL);
	if (sigprocmask(SIG_BLOCK, &b, &old))
		PTS_FAILED("SIG_BLOCK: %m");
	if (!sigismember(&old, SIGUSR1) || sigismember(&old, SIGUSR2))
		PTS_FAILED("SIG_BLOCK returned a wrong old mask");
	s = cur();
	if (!sigismember(&s, SIGUSR1) || !sigismember(&s, SIGUSR2))
		PTS_FAILED("SIG_BLOCK did not add to the mask");
	if (sigprocmask(SIG_UNBLOCK, &a, &old) || !sigismember(&old, SIGUSR1))
		PTS_FAILED("SIG_UNBLOCK: %m or wrong old mask");
	s = cur();
	if (sigismember(&s, SIGUSR1) || !sigismember(&s, SIGUSR2))
		PTS_FAILED("SIG_UNBLOCK removed the wrong signals");
	if (sigprocmask(SIG_SETMASK, &a, NULL))
		PTS_FAILED("SIG_SETMASK: %m");
	s = cur();
	if (!sigismember(&s, SIGUSR1) || sigismember(&s, SIGUSR2))
		PTS_FAILED("SIG_SETMASK did not replace the mask");

	sigfillset(&a);
	sigprocmask(SIG_SETMASK, &a, NULL);
	s = cur();
	if (sigismember(&s, SIGKILL) || sigismember(&s, SIGSTOP))
		PTS_FAILED("SIGKILL or SIGSTOP got blocked");
	if (!sigismember(&s, SIGTERM) || !sigismember(&s, SIGRTMAX))
		PTS_FAILED("a full set did not block SIGTERM and SIGRTMAX");

	PTS_EXPECT_ERRNO(sigprocmask(SIG_BLOCK + SIG_UNBLOCK + SIG_SETMASK + 7,
				     &b, NULL), EINVAL, "sigprocmask(bad how)");
	s = cur();
	if (!sigismember(&s, SIGTERM))
		PTS_FAILED("a failed call changed the mask");
	PTS_PASSED("SIG_BLOCK/UNBLOCK/SETMASK, SIGKILL/SIGSTOP and EINVAL");
}

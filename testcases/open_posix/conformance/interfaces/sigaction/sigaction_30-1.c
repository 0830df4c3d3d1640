// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaction() returns -1 with [EINVAL] for a sig that is not a valid
 * signal number (0, -1, SIGRTMAX + 1, INT_MAX, INT_MIN), whether act is
 * given or only oact is asked for, and then stores nothing in oact; and
 * for an attempt to catch or ignore SIGKILL or SIGSTOP. Asking for the
 * action of SIGKILL or SIGSTOP (act NULL) is no error and reports
 * SIG_DFL; setting them to SIG_DFL is neither catching nor ignoring, so
 * POSIX requires no error there (Linux refuses any act: printed).
 */
#include <limits.h>

#include "pts_helpers.h"

static void h(int sig)
{
	(void)sig;
}

int main(void)
{
	const int bad[] = { 0, -1, SIGRTMAX + 1, INT_MAX, INT_MIN };
	const int fixed[] = { SIGKILL, SIGSTOP };
	struct sigaction sa, o;
	char what[80];
	unsigned int i, j;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&o, 0x5a, sizeof(o));
		snprintf(what, sizeof(what), "sigaction(%d, NULL, &o)", bad[i]);
		PTS_EXPECT_ERRNO(sigaction(bad[i], NULL, &o), EINVAL, what);
		snprintf(what, sizeof(what), "sigaction(%d, &handler, &o)", bad[i]);
		PTS_EXPECT_ERRNO(sigaction(bad[i], &sa, &o), EINVAL, what);
		for (j = 0; j < sizeof(o); j++)
			if (((unsigned char *)&o)[j] != 0x5a)
				PTS_FAILED("sigaction(%d) wrote oact on failure", bad[i]);
	}
	for (i = 0; i < 2; i++) {
		int s = fixed[i];

		sa.sa_handler = h;
		snprintf(what, sizeof(what), "catching signal %d", s);
		PTS_EXPECT_ERRNO(sigaction(s, &sa, NULL), EINVAL, what);
		sa.sa_handler = SIG_IGN;
		snprintf(what, sizeof(what), "ignoring signal %d", s);
		PTS_EXPECT_ERRNO(sigaction(s, &sa, NULL), EINVAL, what);
		memset(&o, 0x5a, sizeof(o));
		if (sigaction(s, NULL, &o))
			PTS_FAILED("querying signal %d: %m", s);
		if (o.sa_handler != SIG_DFL)
			PTS_FAILED("signal %d reports an action other than SIG_DFL", s);
		sa.sa_handler = SIG_DFL;
		errno = 0;
		printf("INFO: setting signal %d to SIG_DFL: %d (%s)\n", s,
		       sigaction(s, &sa, NULL), strerrorname_np(errno) ?: "0");
	}
	PTS_PASSED("EINVAL for invalid numbers (oact untouched) and for catching "
		   "or ignoring SIGKILL/SIGSTOP; their query reports SIG_DFL");
}

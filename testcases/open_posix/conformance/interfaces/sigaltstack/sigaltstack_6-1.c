// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack() fails with [EINVAL] when "the ss_flags member pointed to
 * by ss contains flags other than SS_DISABLE": SS_ONSTACK, an output-only
 * flag, given in ss_flags. Linux accepts SS_ONSTACK as if 0
 * (do_sigaltstack() lets 0, SS_ONSTACK and SS_DISABLE through):
 * reported as a known issue, after checking that the stack so set is
 * established exactly like one set with flags 0 (read back with
 * ss_sp and ss_size, not SS_DISABLE). Linux's own SS_AUTODISARM
 * extension is only printed.
 */
#include "pts_helpers.h"

#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)
#endif

int main(void)
{
	static char stk[65536];
	stack_t ss = { .ss_sp = stk, .ss_size = sizeof(stk), .ss_flags = SS_ONSTACK };
	stack_t cur;
	int r;

	errno = 0;
	r = sigaltstack(&ss, NULL);
	if (r == -1 && errno == EINVAL) {
		if (sigaltstack(NULL, &cur) || !(cur.ss_flags & SS_DISABLE))
			PTS_FAILED("a refused stack was established");
		PTS_PASSED("SS_ONSTACK in ss_flags refused with EINVAL");
	}
	if (r)
		PTS_FAILED("sigaltstack(SS_ONSTACK): %m, expected EINVAL");
	if (sigaltstack(NULL, &cur) || cur.ss_sp != stk || cur.ss_size != sizeof(stk) ||
	    (cur.ss_flags & (SS_DISABLE | SS_ONSTACK)))
		PTS_FAILED("the stack accepted with SS_ONSTACK reads back sp %p size %zu flags %#x",
			   cur.ss_sp, cur.ss_size, cur.ss_flags);
	ss.ss_flags = SS_AUTODISARM;
	errno = 0;
	r = sigaltstack(&ss, NULL);
	printf("INFO: SS_AUTODISARM (Linux extension): %s\n",
	       r ? strerrorname_np(errno) : "accepted");
	PTS_KNOWN_ISSUE("sigaltstack SS_ONSTACK",
			"ss_flags SS_ONSTACK accepted as 0 instead of EINVAL");
}

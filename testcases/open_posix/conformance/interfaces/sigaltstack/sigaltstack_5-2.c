// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): oss receives the alternate stack in effect before the
 * call. Replacing stack A (64 KiB) by stack B (32 KiB) returns A's
 * address, size and flags 0 in oss; B read back; disabling returns B in
 * oss; a call with ss NULL returns SS_DISABLE and changes nothing.
 */
#include "pts_sigkit.h"

static char a[65536], b[32768];

int main(void)
{
	stack_t ss, oss;

	ss.ss_sp = a;
	ss.ss_size = sizeof(a);
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("sigaltstack(A): %s", strerror(errno));
	ss.ss_sp = b;
	ss.ss_size = sizeof(b);
	memset(&oss, 0x5a, sizeof(oss));
	if (sigaltstack(&ss, &oss))
		PTS_FAILED("sigaltstack(B): %s", strerror(errno));
	if (oss.ss_sp != a || oss.ss_size != sizeof(a) || oss.ss_flags)
		PTS_FAILED("oss: %p/%zu/0x%x, expected A %p/%zu/0", oss.ss_sp,
			   oss.ss_size, oss.ss_flags, (void *)a, sizeof(a));
	ss.ss_flags = SS_DISABLE;
	if (sigaltstack(&ss, &oss))
		PTS_FAILED("SS_DISABLE: %s", strerror(errno));
	if (oss.ss_sp != b || oss.ss_size != sizeof(b) || oss.ss_flags)
		PTS_FAILED("oss after B: %p/%zu/0x%x", oss.ss_sp, oss.ss_size,
			   oss.ss_flags);
	if (sigaltstack(NULL, &oss) || !(oss.ss_flags & SS_DISABLE))
		PTS_FAILED("not disabled: flags 0x%x", oss.ss_flags);
	if (sigaltstack(NULL, &oss) || !(oss.ss_flags & SS_DISABLE))
		PTS_FAILED("a NULL ss changed the state");
	PTS_PASSED("oss returned the previous stack each time");
}

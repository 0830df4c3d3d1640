// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack(): "there are no alternate signal stacks in the new
 * process image" after an exec. A process with an enabled alternate
 * stack (read back: flags 0, its sp and size) execs itself: the new
 * image reads SS_DISABLE.
 */
#include "pts_sigkit.h"

int main(int argc, char *argv[])
{
	static char stk[65536];
	stack_t ss, old;

	if (argc > 1) {
		if (sigaltstack(NULL, &old))
			PTS_UNRES("sigaltstack(): %s", strerror(errno));
		printf("after exec: ss_flags 0x%x\n", old.ss_flags);
		if (!(old.ss_flags & SS_DISABLE))
			PTS_FAILED("an alternate stack survived the exec");
		PTS_PASSED("no alternate stack after exec");
	}
	ss.ss_sp = stk;
	ss.ss_size = sizeof(stk);
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL) || sigaltstack(NULL, &old))
		PTS_UNRES("sigaltstack(): %s", strerror(errno));
	if (old.ss_flags || old.ss_sp != stk || old.ss_size != sizeof(stk))
		PTS_UNRES("the stack did not read back");
	fflush(stdout);
	execl("/proc/self/exe", argv[0], "child", (char *)NULL);
	PTS_UNRES("execl(): %s", strerror(errno));
}

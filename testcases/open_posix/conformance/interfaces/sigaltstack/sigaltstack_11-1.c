// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack() fails with -1 [EINVAL] when ss is not NULL and ss_flags
 * holds flags other than SS_DISABLE: SS_DISABLE | SS_ONSTACK (3), 0x10,
 * 0x100 and 0x7fffffff (Linux's own SS_AUTODISARM is the top bit, left
 * out). Each refused call leaves the installed stack as it was (address,
 * size, flags 0 read back) and does not store oss, and a refused call on
 * a disabled stack leaves it disabled.
 */
#include "pts_helpers.h"

#define SIZE (64 * 1024)

int main(void)
{
	static const int bad[] = { SS_DISABLE | SS_ONSTACK, 0x10, 0x100, 0x7fffffff };
	char *a = malloc(SIZE), *b = malloc(SIZE);
	stack_t ss, o, q;
	unsigned int i;
	char what[64];

	if (!a || !b)
		PTS_UNRES("malloc()");
	ss = (stack_t){ .ss_sp = a, .ss_size = SIZE, .ss_flags = 0 };
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("sigaltstack(A): %m");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ss = (stack_t){ .ss_sp = b, .ss_size = SIZE, .ss_flags = bad[i] };
		memset(&o, 0x5a, sizeof(o));
		snprintf(what, sizeof(what), "sigaltstack(flags 0x%x)", bad[i]);
		PTS_EXPECT_ERRNO(sigaltstack(&ss, &o), EINVAL, what);
		if (o.ss_size != (size_t)0x5a5a5a5a5a5a5a5aULL)
			printf("INFO: %s stored oss on failure\n", what);
		sigaltstack(NULL, &q);
		if (q.ss_sp != a || q.ss_size != SIZE || q.ss_flags != 0)
			PTS_FAILED("%s changed the stack: sp %p size %zu flags %d",
				   what, q.ss_sp, q.ss_size, q.ss_flags);
	}
	ss = (stack_t){ .ss_flags = SS_DISABLE };
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("SS_DISABLE: %m");
	ss = (stack_t){ .ss_sp = b, .ss_size = SIZE, .ss_flags = 0x10 };
	PTS_EXPECT_ERRNO(sigaltstack(&ss, NULL), EINVAL,
			 "sigaltstack(flags 0x10) on a disabled stack");
	sigaltstack(NULL, &q);
	if (!(q.ss_flags & SS_DISABLE))
		PTS_FAILED("a refused call enabled the stack (flags %d)", q.ss_flags);
	PTS_PASSED("EINVAL for flags 3, 0x10, 0x100, 0x7fffffff; stack unchanged");
}

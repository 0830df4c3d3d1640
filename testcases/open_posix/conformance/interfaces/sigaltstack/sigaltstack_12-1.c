// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack() fails with -1 [ENOMEM] when "the size of the alternate
 * stack area is less than MINSIGSTKSZ": sizes 0, 1, 1024 and 2047, all
 * below the smallest MINSIGSTKSZ any Linux architecture has (2048, the
 * kernel's own limit on x86; under _GNU_SOURCE glibc's MINSIGSTKSZ is
 * sysconf(_SC_SIGSTKSZ), larger still: both printed). A refused call
 * leaves the installed stack exactly as it was, also a disabled one, and
 * SS_DISABLE with a size of 0 is no error (the size is ignored).
 */
#include "pts_helpers.h"

#define SIZE (64 * 1024)

static void expect_a(void *a)
{
	stack_t q;

	if (sigaltstack(NULL, &q) || q.ss_sp != a || q.ss_size != SIZE ||
	    q.ss_flags != 0)
		PTS_FAILED("stack changed by a refused call: sp %p size %zu flags %d",
			   q.ss_sp, q.ss_size, q.ss_flags);
}

int main(void)
{
	static const size_t small[] = { 0, 1, 1024, 2047 };
	char *a = malloc(SIZE), *b = malloc(SIZE);
	stack_t ss, q;
	unsigned int i;
	char what[64];

	if (!a || !b)
		PTS_UNRES("malloc()");
	printf("INFO: MINSIGSTKSZ %ld, sysconf(_SC_MINSIGSTKSZ) %ld\n",
	       (long)MINSIGSTKSZ, sysconf(_SC_MINSIGSTKSZ));
	ss = (stack_t){ .ss_sp = a, .ss_size = SIZE, .ss_flags = 0 };
	if (sigaltstack(&ss, NULL))
		PTS_UNRES("sigaltstack(A): %m");
	for (i = 0; i < sizeof(small) / sizeof(small[0]); i++) {
		ss = (stack_t){ .ss_sp = b, .ss_size = small[i], .ss_flags = 0 };
		snprintf(what, sizeof(what), "sigaltstack(size %zu)", small[i]);
		PTS_EXPECT_ERRNO(sigaltstack(&ss, NULL), ENOMEM, what);
		expect_a(a);
	}
	ss = (stack_t){ .ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE };
	if (sigaltstack(&ss, NULL))
		PTS_FAILED("SS_DISABLE with size 0: %m");
	ss = (stack_t){ .ss_sp = b, .ss_size = 2047, .ss_flags = 0 };
	PTS_EXPECT_ERRNO(sigaltstack(&ss, NULL), ENOMEM,
			 "sigaltstack(size 2047) on a disabled stack");
	if (sigaltstack(NULL, &q) || !(q.ss_flags & SS_DISABLE))
		PTS_FAILED("a refused call enabled the stack (flags %d)", q.ss_flags);
	PTS_PASSED("ENOMEM for sizes 0, 1, 1024, 2047; stack unchanged");
}

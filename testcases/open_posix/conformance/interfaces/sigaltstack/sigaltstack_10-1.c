// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sigaltstack() "shall return 0 upon successful completion", for every
 * form of a successful call: installing a stack (oss NULL), a query (ss
 * NULL), installing the same stack again, both pointers NULL, replacing
 * it with both pointers given (the old stack stored, the new one
 * installed) and disabling it; each stack is read back exactly, and each
 * call returns exactly 0, not just "not -1".
 */
#include "pts_helpers.h"

#define SIZE (64 * 1024)

static void expect0(int r, const char *what)
{
	if (r != 0)
		PTS_FAILED("%s returned %d (%m), expected 0", what, r);
}

static void expect_stack(const stack_t *s, void *sp, size_t size, int flags,
			 const char *what)
{
	if (s->ss_sp != sp || s->ss_size != size || s->ss_flags != flags)
		PTS_FAILED("%s: sp %p size %zu flags %d; expected %p %zu %d", what,
			   s->ss_sp, s->ss_size, s->ss_flags, sp, size, flags);
}

int main(void)
{
	char *a = malloc(SIZE), *b = malloc(SIZE / 2);
	stack_t ss, q;

	if (!a || !b)
		PTS_UNRES("malloc()");
	ss = (stack_t){ .ss_sp = a, .ss_size = SIZE, .ss_flags = 0 };
	expect0(sigaltstack(&ss, NULL), "sigaltstack(A, NULL)");
	expect0(sigaltstack(NULL, &q), "sigaltstack(NULL, &q)");
	expect_stack(&q, a, SIZE, 0, "query after installing A");
	expect0(sigaltstack(&ss, NULL), "sigaltstack(A) again");
	expect0(sigaltstack(NULL, NULL), "sigaltstack(NULL, NULL)");

	/* both pointers: B goes in, A comes out */
	ss = (stack_t){ .ss_sp = b, .ss_size = SIZE / 2, .ss_flags = 0 };
	memset(&q, 0, sizeof(q));
	expect0(sigaltstack(&ss, &q), "sigaltstack(B, &q)");
	expect_stack(&q, a, SIZE, 0, "oss of the call installing B");
	sigaltstack(NULL, &q);
	expect_stack(&q, b, SIZE / 2, 0, "stack after installing B");

	ss = (stack_t){ .ss_flags = SS_DISABLE };
	expect0(sigaltstack(&ss, &q), "sigaltstack(SS_DISABLE)");
	expect_stack(&q, b, SIZE / 2, 0, "oss of the disabling call");
	sigaltstack(NULL, &q);
	if (!(q.ss_flags & SS_DISABLE))
		PTS_FAILED("flags %d after disabling, no SS_DISABLE", q.ss_flags);
	PTS_PASSED("0 for install, query, repeat, NULL/NULL, in-place and disable");
}

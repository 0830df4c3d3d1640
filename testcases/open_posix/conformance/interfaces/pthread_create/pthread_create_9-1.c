// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_create(): "The floating-point environment shall be inherited
 * from the calling thread." On x86_64 that environment is the SSE
 * control/status register MXCSR (rounding control and the sticky
 * exception flags) and the x87 control word (its rounding control),
 * copied by the kernel from the creator at clone(). For each rounding
 * direction the creator sets both rounding controls and (but for
 * round-to-nearest) the divide-by-zero and inexact flags; the new
 * thread reads MXCSR and the x87 control word back unchanged, and its
 * 1/3 in double (SSE) and long double (x87) rounds as the creator's.
 * (The fenv.h functions live in libm, which these programs do not
 * link: the registers are read directly.)
 */
#include <pthread.h>

#include "pts_helpers.h"

#if defined(__x86_64__)

#define MXCSR_RC_SHIFT 13
#define X87_RC_SHIFT 10
#define MXCSR_ZE 0x04
#define MXCSR_PE 0x20
#define MXCSR_FLAGS 0x3f

struct env {
	unsigned int mxcsr;
	unsigned short cw;
	double d;
	long double ld;
};

static volatile double one = 1.0, three = 3.0;
static volatile long double lone = 1.0L, lthree = 3.0L;

static void measure(struct env *e)
{
	__asm__ volatile ("stmxcsr %0" : "=m" (e->mxcsr));
	__asm__ volatile ("fnstcw %0" : "=m" (e->cw));
	e->d = one / three;
	e->ld = lone / lthree;
}

static void *child(void *arg)
{
	measure(arg);
	return NULL;
}

int main(void)
{
	static const char *const names[] = {
		"to nearest", "downward", "upward", "toward zero"
	};
	unsigned int rc, mx, mx0;
	unsigned short cw, cw0;
	struct env want, got;
	pthread_t t;

	__asm__ volatile ("stmxcsr %0" : "=m" (mx0));
	__asm__ volatile ("fnstcw %0" : "=m" (cw0));
	for (rc = 3; rc <= 3; rc--) {
		mx = (mx0 & ~(3u << MXCSR_RC_SHIFT) & ~MXCSR_FLAGS) |
		     rc << MXCSR_RC_SHIFT;
		if (rc)
			mx |= MXCSR_ZE | MXCSR_PE;
		cw = (cw0 & ~(3u << X87_RC_SHIFT)) | rc << X87_RC_SHIFT;
		__asm__ volatile ("ldmxcsr %0" : : "m" (mx));
		__asm__ volatile ("fldcw %0" : : "m" (cw));
		if (pthread_create(&t, NULL, child, &got) ||
		    pthread_join(t, NULL))
			PTS_UNRES("pthread_create() or pthread_join()");
		/* the creator's own results (the division sets PE here) */
		measure(&want);
		if (got.mxcsr != mx)
			PTS_FAILED("%s: the new thread's MXCSR is %#x, the creator's was %#x",
				   names[rc], got.mxcsr, mx);
		if (got.cw != cw)
			PTS_FAILED("%s: the new thread's x87 control word is %#x, the creator's was %#x",
				   names[rc], got.cw, cw);
		if (got.d != want.d || got.ld != want.ld)
			PTS_FAILED("%s: 1/3 rounds differently in the new thread (%a vs %a, %La vs %La)",
				   names[rc], got.d, want.d, got.ld, want.ld);
		printf("%s: MXCSR %#x and x87 cw %#x inherited, 1/3 = %a\n",
		       names[rc], got.mxcsr, got.cw, got.d);
	}
	__asm__ volatile ("ldmxcsr %0" : : "m" (mx0));
	__asm__ volatile ("fldcw %0" : : "m" (cw0));
	PTS_PASSED("the new thread inherits rounding modes and exception flags");
}

#else

int main(void)
{
	PTS_UNSUPP("the floating-point registers are read on x86_64 only");
}

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's taint bits (include/linux/panic.h) as the letters of an
 * oops's "Tainted:" line and a few words each, so that a record says
 * "W (a kernel warning)" rather than 512.
 */
#ifndef TAINT_FLAGS_H
#define TAINT_FLAGS_H

#include "strbuf.h"

/*
 * Append the set bits of mask as "W O" (letters, in bit order; unknown
 * bits as "bit N"); with names, as "W (kernel warning), O (...)".
 * Nothing is appended for 0.
 */
void taint_describe(struct strbuf *sb, unsigned long mask, int names);

/*
 * The mask of taint letters such as "OE" (a test's expected_taint). A
 * character that is no taint letter is ignored and stored in *bad (when
 * bad is not NULL; 0 when all were known).
 */
unsigned long taint_mask(const char *letters, char *bad);

#endif /* TAINT_FLAGS_H */

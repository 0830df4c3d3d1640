/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Finds the counts of the "Summary:" block a library test prints last:
 *   Summary:
 *   passed   3
 *   failed   0
 *   ...
 * The scan runs on the output stream as it arrives, so the counts are
 * found even when the block lies beyond the capture cap.
 */
#ifndef SUMMARY_SCAN_H
#define SUMMARY_SCAN_H

#include <stddef.h>

#include "test_result.h"

struct summary_scan {
	char line[64];		/* longer lines cannot be summary lines */
	size_t len;
	int too_long;
	int in_block;
	struct test_counts counts;	/* of the last block seen */
};

void summary_feed(struct summary_scan *s, const char *data, size_t len);
/* Call at end of output: handles a last line without a newline. */
void summary_finish(struct summary_scan *s);

#endif /* SUMMARY_SCAN_H */

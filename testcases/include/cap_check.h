/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whether the test process holds a capability in its effective set. Root
 * in a container may lack some (CAP_SYS_RESOURCE often): a test expects
 * the privileged result with it and the refusal without it, so both
 * answers are checked rather than skipped.
 */
#ifndef CAP_CHECK_H
#define CAP_CHECK_H

#include <stdio.h>
#include <linux/capability.h>
#include "tst_test.h"

static inline int has_effective_cap(int cap)
{
	unsigned long long eff = 0;
	char line[128];
	int found = 0;
	FILE *f;

	f = fopen("/proc/self/status", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1) {
			found = 1;
			break;
		}
	fclose(f);
	if (!found)
		tst_brk(TBROK, "no CapEff line in /proc/self/status");
	return !!(eff & (1ULL << cap));
}

#endif /* CAP_CHECK_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the affinity tests: the Cpus_allowed_list of /proc/PID/status
 * parsed into a cpu_set_t, the reference the syscalls are compared with.
 */
#ifndef AFFINITY_H
#define AFFINITY_H

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tst_test.h"

/* "0-3,5,7-8" into set; returns the number of CPUs */
static inline int proc_cpus_allowed(pid_t pid, cpu_set_t *set)
{
	char path[64], line[4096], *p, *end;
	FILE *f;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/status");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Cpus_allowed_list:", 18))
			break;
	fclose(f);
	if (strncmp(line, "Cpus_allowed_list:", 18))
		tst_brk(TBROK, "no Cpus_allowed_list in %s", path);

	CPU_ZERO(set);
	for (p = line + 18; *p;) {
		long lo, hi;

		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (*p == '\n' || !*p)
			break;
		lo = hi = strtol(p, &end, 10);
		if (end == p)
			tst_brk(TBROK, "cannot parse '%s'", line);
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		for (; lo <= hi && lo < CPU_SETSIZE; lo++)
			CPU_SET(lo, set);
		p = end;
	}
	return CPU_COUNT(set);
}

#endif /* AFFINITY_H */

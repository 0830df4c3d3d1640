/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The resource limits of a task as /proc/PID/limits shows them: one line
 * per resource, in resource-number order, after a header line; "unlimited"
 * stands for RLIM_INFINITY. The rlimit tests compare each syscall's view
 * with this one, which the kernel prints straight from signal->rlim.
 */
#ifndef RLIMIT_PROC_H
#define RLIMIT_PROC_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "tst_test.h"

/* The name column of /proc/PID/limits is this wide. */
#define LIMITS_NAME_WIDTH 25

static inline unsigned long long limits_value(const char *s)
{
	if (!strcmp(s, "unlimited"))
		return RLIM_INFINITY;
	return strtoull(s, NULL, 10);
}

/* soft and hard limit of resource res of pid (0: self) per /proc. */
static inline void proc_rlimit(pid_t pid, int res, unsigned long long *soft,
			       unsigned long long *hard)
{
	char path[64], line[256], s[32], h[32];
	int i = -1;
	FILE *f;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/limits", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/limits");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (i++ != res)
			continue;
		fclose(f);
		if (strlen(line) <= LIMITS_NAME_WIDTH ||
		    sscanf(line + LIMITS_NAME_WIDTH, "%31s %31s", s, h) != 2)
			tst_brk(TBROK, "%s: cannot parse '%s'", path, line);
		*soft = limits_value(s);
		*hard = limits_value(h);
		return;
	}
	fclose(f);
	tst_brk(TBROK, "%s has no line for resource %d", path, res);
}

/* Assert that pid's resource res is soft/hard in /proc. */
#define check_proc_rlimit(pid, res, soft, hard) \
	check_proc_rlimit_(__FILE__, __LINE__, (pid), (res), (soft), (hard))

static inline void check_proc_rlimit_(const char *file, int line, pid_t pid,
				      int res, unsigned long long soft,
				      unsigned long long hard)
{
	unsigned long long s, h;

	proc_rlimit(pid, res, &s, &h);
	if (s == soft && h == hard)
		tst_res_(file, line, TPASS, "/proc/%d/limits resource %d: "
			 "%llu %llu", (int)pid, res, s, h);
	else
		tst_res_(file, line, TFAIL, "/proc/%d/limits resource %d: "
			 "%llu %llu, expected %llu %llu", (int)pid, res, s, h,
			 soft, hard);
}

#endif /* RLIMIT_PROC_H */

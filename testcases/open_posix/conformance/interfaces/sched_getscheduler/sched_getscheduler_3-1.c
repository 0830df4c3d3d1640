// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sched_getscheduler(): the values it returns are the policy constants
 * of <sched.h>, and for each process the one the scheduler applies.
 * The constants are distinct (SCHED_OTHER, SCHED_FIFO, SCHED_RR, and
 * Linux's SCHED_BATCH, SCHED_IDLE, SCHED_DEADLINE); for every process
 * in /proc (kernel threads included, those gone meanwhile skipped, at
 * least 2 seen) the value returned is one of them and equals the policy
 * field (41) of /proc/PID/stat read before and after (when both
 * agree; Linux's SCHED_RESET_ON_FORK flag, which a process may add
 * to its policy, is printed and masked). A child set to each of
 * SCHED_FIFO, SCHED_RR, SCHED_BATCH and
 * SCHED_IDLE in turn reads that constant back.
 */
#include <dirent.h>
#include <sched.h>

#include "pts_helpers.h"

#ifndef SCHED_RESET_ON_FORK
#define SCHED_RESET_ON_FORK 0x40000000
#endif

static int known(int p)
{
	return p == SCHED_OTHER || p == SCHED_FIFO || p == SCHED_RR ||
	       p == SCHED_BATCH || p == SCHED_IDLE || p == 6;
}

/* field 41 of /proc/PID/stat, -1 when the process is gone */
static long long policy_of(pid_t pid)
{
	char path[64], buf[1024], *q;
	long long v = -1;
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	q = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
	fclose(f);
	/* field 3 starts two characters after the ')' */
	for (i = 2; q && i < 41; i++)
		q = strchr(q + 1, ' ');
	if (q)
		v = strtoll(q + 1, NULL, 10);
	return v;
}

static int set_and_get(void)
{
	static const int pol[] = { SCHED_FIFO, SCHED_RR, SCHED_BATCH, SCHED_IDLE };
	unsigned int i;

	for (i = 0; i < 4; i++) {
		struct sched_param sp = { .sched_priority = i < 2 ? 3 : 0 };

		if (sched_setscheduler(0, pol[i], &sp))
			PTS_UNRES("sched_setscheduler(%d): %m", pol[i]);
		if (sched_getscheduler(0) != pol[i])
			PTS_FAILED("set %d, read %d", pol[i], sched_getscheduler(0));
	}
	return PTS_PASS;
}

int main(void)
{
	const int c[] = { SCHED_OTHER, SCHED_FIFO, SCHED_RR, SCHED_BATCH, SCHED_IDLE };
	unsigned int i, j, seen = 0;
	struct dirent *d;
	DIR *dir;

	for (i = 0; i < 5; i++)
		for (j = i + 1; j < 5; j++)
			if (c[i] == c[j])
				PTS_FAILED("policy constants %u and %u are equal", i, j);
	pts_need_sched_fifo();
	dir = opendir("/proc");
	if (!dir)
		PTS_UNRES("opendir(/proc): %m");
	while ((d = readdir(dir))) {
		pid_t pid = atoi(d->d_name);
		long long k1, k2;
		int p;

		if (pid <= 0)
			continue;
		k1 = policy_of(pid);
		p = sched_getscheduler(pid);
		k2 = policy_of(pid);
		if (k1 < 0 || k2 < 0 || (p == -1 && errno == ESRCH))
			continue;
		/* Linux ORs in its own flag for a policy set with it */
		if (p != -1 && (p & SCHED_RESET_ON_FORK)) {
			printf("INFO: pid %d: SCHED_RESET_ON_FORK | %d\n", (int)pid,
			       p & ~SCHED_RESET_ON_FORK);
			p &= ~SCHED_RESET_ON_FORK;
		}
		if (p == -1 || !known(p))
			PTS_FAILED("sched_getscheduler(%d) returned %d (%m)", (int)pid, p);
		if (k1 == k2 && p != k1)
			PTS_FAILED("pid %d: sched_getscheduler() %d, kernel policy %lld",
				   (int)pid, p, k1);
		seen++;
	}
	closedir(dir);
	if (seen < 2)
		PTS_UNRES("only %u processes seen", seen);
	pts_run_child(set_and_get, "child setting each policy");
	PTS_PASSED("%u processes: a <sched.h> policy each, the kernel's", seen);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the sched_setparam tests: raw
 * sched_getattr()/sched_setattr() (struct sched_attr: lapi/sched.h),
 * and one function that reads a task's policy and priority through every
 * interface the kernel offers, so each test asserts all of them at once.
 */
#ifndef SCHED_SETPARAM_H
#define SCHED_SETPARAM_H

#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tst_test.h"
#include "lapi/sched.h"

static inline long sys_sched_getattr(pid_t pid, struct sched_attr *attr,
				     unsigned int size, unsigned int flags)
{
	return tst_syscall(__NR_sched_getattr, pid, attr, size, flags);
}

static inline long sys_sched_setattr(pid_t pid, struct sched_attr *attr,
				     unsigned int flags)
{
	return tst_syscall(__NR_sched_setattr, pid, attr, flags);
}

static inline const char *policy_name(int policy)
{
	switch (policy) {
	case SCHED_OTHER:
		return "SCHED_OTHER";
	case SCHED_FIFO:
		return "SCHED_FIFO";
	case SCHED_RR:
		return "SCHED_RR";
	case SCHED_BATCH:
		return "SCHED_BATCH";
	case SCHED_IDLE:
		return "SCHED_IDLE";
	default:
		return "???";
	}
}

/*
 * Set-up step, not the call under test: a failure is TBROK. A root task
 * refused an RT policy sits in a cgroup without RT runtime (RT group
 * scheduling), which is a property of the system: TCONF with the reason.
 */
static inline void set_policy(pid_t pid, int policy, int prio)
{
	struct sched_param p = { .sched_priority = prio };

	if (!sched_setscheduler(pid, policy, &p))
		return;

	if (errno == EPERM && geteuid() == 0 &&
	    (policy == SCHED_FIFO || policy == SCHED_RR)) {
		tst_brk(TCONF | TERRNO, "sched_setscheduler(%d, %s, %d) refused "
			"to root: this cgroup has no RT runtime "
			"(CONFIG_RT_GROUP_SCHED)", (int)pid, policy_name(policy),
			prio);
	}
	tst_brk(TBROK | TERRNO, "sched_setscheduler(%d, %s, %d)", (int)pid,
		policy_name(policy), prio);
}

/*
 * Fields 40 (rt_priority) and 41 (policy) of /proc/PID/stat: the values the
 * task really holds, with no syscall in between that could hide them.
 */
static inline void read_stat_sched(pid_t pid, long *rt_prio, long *policy)
{
	char path[64], buf[1024], *p;
	int fd, field;
	ssize_t len;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = SAFE_OPEN(path, O_RDONLY);
	len = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[len] = '\0';

	/* comm may hold spaces and ')': fields restart after the last ')' */
	p = strrchr(buf, ')');
	if (!p)
		tst_brk(TBROK, "%s: no ')' in '%s'", path, buf);
	p++;
	/* p is at the space before field 3 */
	for (field = 3; field < 40; field++) {
		p = strchr(p + 1, ' ');
		if (!p)
			tst_brk(TBROK, "%s: only %d fields", path, field);
	}
	if (sscanf(p, " %ld %ld", rt_prio, policy) != 2)
		tst_brk(TBROK, "%s: cannot parse fields 40-41 of '%s'", path,
			buf);
}

/*
 * Assert that pid runs policy at priority prio as seen by
 * sched_getscheduler(), sched_getparam(), sched_getattr() and /proc.
 * Results name the caller's line, not this header's.
 */
#define check_sched(pid, policy, prio) \
	check_sched_(__FILE__, __LINE__, (pid), (policy), (prio))

static inline void check_sched_(const char *file, int line, pid_t pid,
				int policy, int prio)
{
	struct sched_param p = { .sched_priority = -1 };
	struct sched_attr attr;
	long ret, stat_prio, stat_policy;

	ret = sched_getscheduler(pid);
	if (ret == -1)
		tst_res_(file, line, TFAIL | TERRNO, "sched_getscheduler(%d)",
			 (int)pid);
	else if (ret != policy)
		tst_res_(file, line, TFAIL, "sched_getscheduler(%d) = %ld, "
			 "expected %s (%d)", (int)pid, ret,
			 policy_name(policy), policy);
	else
		tst_res_(file, line, TPASS, "sched_getscheduler(%d) = %s",
			 (int)pid, policy_name(policy));

	if (sched_getparam(pid, &p))
		tst_res_(file, line, TFAIL | TERRNO, "sched_getparam(%d)",
			 (int)pid);
	else if (p.sched_priority != prio)
		tst_res_(file, line, TFAIL, "sched_getparam(%d) reports "
			 "priority %d, expected %d", (int)pid,
			 p.sched_priority, prio);
	else
		tst_res_(file, line, TPASS, "sched_getparam(%d) reports "
			 "priority %d", (int)pid, prio);

	/* poison: any field the kernel leaves alone shows up as 0xff.. */
	memset(&attr, 0xff, sizeof(attr));
	if (sys_sched_getattr(pid, &attr, sizeof(attr), 0)) {
		tst_res_(file, line, TFAIL | TERRNO, "sched_getattr(%d, size "
			 "%zu)", (int)pid, sizeof(attr));
	} else if (attr.size < SCHED_ATTR_SIZE_VER0 ||
		   attr.size > sizeof(attr)) {
		tst_res_(file, line, TFAIL, "sched_getattr(%d) size field %u, "
			 "expected %d..%zu", (int)pid, attr.size,
			 SCHED_ATTR_SIZE_VER0, sizeof(attr));
	} else if ((int)attr.sched_policy != policy ||
		   attr.sched_priority != (uint32_t)prio) {
		tst_res_(file, line, TFAIL, "sched_getattr(%d) reports policy "
			 "%u priority %u, expected %s (%d) priority %d",
			 (int)pid, attr.sched_policy, attr.sched_priority,
			 policy_name(policy), policy, prio);
	} else {
		tst_res_(file, line, TPASS, "sched_getattr(%d) reports %s "
			 "priority %d (size %u)", (int)pid,
			 policy_name(policy), prio, attr.size);
	}

	read_stat_sched(pid ? pid : getpid(), &stat_prio, &stat_policy);
	if (stat_policy != policy || stat_prio != prio)
		tst_res_(file, line, TFAIL, "/proc/%d/stat holds policy %ld "
			 "rt_priority %ld, expected %d and %d",
			 pid ? (int)pid : getpid(), stat_policy, stat_prio,
			 policy, prio);
	else
		tst_res_(file, line, TPASS, "/proc/%d/stat holds policy %d "
			 "rt_priority %d", pid ? (int)pid : getpid(), policy,
			 prio);
}

#endif /* SCHED_SETPARAM_H */

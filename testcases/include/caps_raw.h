/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Raw capget()/capset() (the C library has no wrapper; libcap hides the
 * version protocol these tests check) and the capability sets of a task
 * as /proc/PID/status shows them, the reference the syscalls must match.
 */
#ifndef CAPS_RAW_H
#define CAPS_RAW_H

#include <stdio.h>
#include <stdint.h>
#include <linux/capability.h>
#include "tst_test.h"

struct cap_sets {
	uint64_t eff, prm, inh;
};

static inline long sys_capget(struct __user_cap_header_struct *hdr,
			      struct __user_cap_data_struct *data)
{
	return tst_syscall(__NR_capget, hdr, data);
}

static inline long sys_capset(struct __user_cap_header_struct *hdr,
			      const struct __user_cap_data_struct *data)
{
	return tst_syscall(__NR_capset, hdr, data);
}

/* The CapEff, CapPrm and CapInh lines of /proc/PID/status (0: self). */
static inline void proc_cap_sets(pid_t pid, struct cap_sets *s)
{
	unsigned long long v;
	char path[64], line[256];
	int found = 0;
	FILE *f;

	s->eff = s->prm = s->inh = 0;
	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/status");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "CapEff: %llx", &v) == 1) {
			s->eff = v;
			found++;
		} else if (sscanf(line, "CapPrm: %llx", &v) == 1) {
			s->prm = v;
			found++;
		} else if (sscanf(line, "CapInh: %llx", &v) == 1) {
			s->inh = v;
			found++;
		}
	}
	fclose(f);
	if (found != 3)
		tst_brk(TBROK, "%s lacks CapEff/CapPrm/CapInh", path);
}

/* Version 3 capget() of pid (0: self) into s; -1 with errno on failure. */
static inline int capget_v3(pid_t pid, struct cap_sets *s)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3, .pid = pid,
	};
	struct __user_cap_data_struct d[2];

	if (sys_capget(&hdr, d))
		return -1;
	s->eff = d[0].effective | (uint64_t)d[1].effective << 32;
	s->prm = d[0].permitted | (uint64_t)d[1].permitted << 32;
	s->inh = d[0].inheritable | (uint64_t)d[1].inheritable << 32;
	return 0;
}

/* Version 3 capset() of the calling task. */
static inline long capset_v3(const struct cap_sets *s)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0,
	};
	struct __user_cap_data_struct d[2] = {
		{ (uint32_t)s->eff, (uint32_t)s->prm, (uint32_t)s->inh },
		{ s->eff >> 32, s->prm >> 32, s->inh >> 32 },
	};

	return sys_capset(&hdr, d);
}

#define CAP_BIT(c) (1ULL << (c))

/*
 * Clear the caps in mask (CAP_BIT()s) from the calling task's effective
 * set only: root keeps its uid and the permitted set, so what is checked
 * is the capability, not the uid.
 */
static inline void drop_eff_caps(uint64_t mask)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget");
	s.eff &= ~mask;
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset");
}

#endif /* CAPS_RAW_H */

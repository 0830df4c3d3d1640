/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * khugepaged's sysfs knobs and the waits the khugepaged tests share: for
 * a range to be collapsed, and for khugepaged to finish full scans (so
 * that a range it left alone was looked at and refused). The waits are
 * bounded by 60 s times LTP_TIMEOUT_MUL: khugepaged under TCG is slow.
 */
#ifndef KHUGEPAGED_H
#define KHUGEPAGED_H

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include "tst_test.h"
#include "vm_helpers.h"
#include "thp_common.h"

#define KHP_DIR		THP_DIR "khugepaged/"

static inline long khp_read(const char *name)
{
	char path[128];
	long val;

	snprintf(path, sizeof(path), KHP_DIR "%s", name);
	SAFE_FILE_SCANF(path, "%ld", &val);
	return val;
}

static inline void khp_write(const char *name, size_t val)
{
	char path[128];

	snprintf(path, sizeof(path), KHP_DIR "%s", name);
	SAFE_FILE_PRINTF(path, "%zu", val);
}

/* write() of val to knob name: 0, or -1 with its errno */
static inline int khp_try_write(const char *name, size_t val)
{
	char path[128], buf[32];
	int fd, len, ret, err;

	snprintf(path, sizeof(path), KHP_DIR "%s", name);
	fd = SAFE_OPEN(path, O_WRONLY);
	len = snprintf(buf, sizeof(buf), "%zu", val);
	ret = write(fd, buf, len);
	err = errno;
	SAFE_CLOSE(fd);
	errno = err;
	return ret == len ? 0 : -1;
}

/* 1 once AnonHugePages of the mapping at a reads kb, 0 at the deadline. */
static inline int khp_wait_huge_kb(char *a, long kb)
{
	long long deadline = tst_mono_ms() + 60000 * tst_timeout_mul();

	while (smaps_kb(a, "AnonHugePages") != kb) {
		if (tst_mono_ms() > deadline)
			return 0;
		usleep(20000);
	}
	return 1;
}

/* Wait for n more full scans of khugepaged; TBROK if they never come. */
static inline void khp_wait_full_scans(long n)
{
	long long deadline = tst_mono_ms() + 60000 * tst_timeout_mul();
	long until = khp_read("full_scans") + n;

	while (khp_read("full_scans") < until) {
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "khugepaged did not finish %ld full "
				"scans in 60 s x LTP_TIMEOUT_MUL", n);
		usleep(20000);
	}
}

#endif /* KHUGEPAGED_H */

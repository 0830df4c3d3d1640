/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of ksm03, ksm04 and ksm_zero01: the /sys/kernel/mm/ksm
 * counters, the per-process /proc/PID/ksm_stat fields, and a bounded wait
 * for ksmd to settle on the expected counts.
 *
 * ksmd merges a page only when its checksum was the same on two
 * consecutive full scans, so after any change the counts are final once
 * three full scans have ended (the first may have been under way when the
 * change was made). ksm_settle() waits at least that long, then until the
 * counts are the expected ones, at most 60 s times LTP_TIMEOUT_MUL.
 * ksmd scans (and full_scans moves) only while some process has
 * mergeable memory (it drops an mm whose mergeable areas are gone): a
 * test that settles with none calls ksm_keep_scanning() first.
 */
#ifndef KSM_HELPERS_H
#define KSM_HELPERS_H

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "tst_test.h"

#define KSM "/sys/kernel/mm/ksm/"

/* The knobs every KSM test sets: ksmd running, scanning fast. */
#define KSM_SAVE_RESTORE \
	{KSM "run", "1", TST_SR_TCONF_MISSING}, \
	{KSM "sleep_millisecs", "10", TST_SR_TCONF_MISSING}, \
	{KSM "pages_to_scan", "4000", TST_SR_TCONF_MISSING}, \
	{KSM "use_zero_pages", "0", TST_SR_SKIP_MISSING}, \
	{KSM "smart_scan", "0", TST_SR_SKIP_MISSING}

static inline long ksm_val(const char *name)
{
	char path[128];
	long val;

	snprintf(path, sizeof(path), KSM "%s", name);
	if (!tst_file_read_long(path, &val))
		tst_brk(TBROK, "cannot read %s", path);
	return val;
}

/* -1 when the file is missing (older kernels). */
static inline long ksm_val_opt(const char *name)
{
	char path[128];
	long val;

	snprintf(path, sizeof(path), KSM "%s", name);
	if (access(path, F_OK) || !tst_file_read_long(path, &val))
		return -1;
	return val;
}

static inline void ksm_set(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), KSM "%s", name);
	SAFE_FILE_PRINTF(path, "%s", val);
}

/* Write a knob: 0, or -1 with errno (EINVAL, EBUSY...). */
static inline int ksm_write(const char *name, const char *val)
{
	char path[128];
	int fd, ret, err;

	snprintf(path, sizeof(path), KSM "%s", name);
	fd = SAFE_OPEN(path, O_WRONLY);
	ret = write(fd, val, strlen(val));
	err = errno;
	SAFE_CLOSE(fd);
	errno = err;
	return ret < 0 ? -1 : 0;
}

/* A field of /proc/PID/ksm_stat ("ksm_rmap_items"...); -1 if absent. */
static inline long ksm_stat(pid_t pid, const char *field)
{
	char path[64], line[128];
	size_t flen = strlen(field);
	long val = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/ksm_stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, field, flen) && line[flen] == ' ')
			val = strtol(line + flen + 1, NULL, 10);
	fclose(f);
	return val;
}

static inline long ksm_merging(pid_t pid)
{
	char path[64];
	long val;

	snprintf(path, sizeof(path), "/proc/%d/ksm_merging_pages", (int)pid);
	if (access(path, F_OK) || !tst_file_read_long(path, &val))
		return -1;
	return val;
}

/*
 * Wake ksmd: writing run's own value does nothing else. __ksm_enter()
 * reads whether the mm list is empty before it takes ksm_mmlist_lock
 * and wakes ksmd only if it was: when ksmd drops the last (exited) mm in
 * between and goes to sleep on an empty list, the new mm is queued
 * without a wakeup, and ksmd sleeps until an mm registers on an empty
 * list again, which never happens while this one stays (6.1 and 6.12;
 * seen once in a default scenario, ksm_exit01: 0 full scans in 80 s).
 * A test that registers and then waits for ksmd calls this first.
 */
static inline void ksm_wake(void)
{
	if (ksm_val("run") == 1)
		ksm_set("run", "1");
}

/*
 * Start from no KSM page at all: run 2 unmerges every page and drops the
 * stable tree, stale nodes of exited processes too (ksmd prunes those only
 * while it scans, and it scans only while some process is registered, so
 * they can linger in pages_shared between tests); then ksmd runs again.
 */
static inline void ksm_reset(void)
{
	ksm_set("run", "2");
	if (ksm_val("pages_shared") || ksm_val("pages_sharing"))
		tst_brk(TBROK, "KSM pages left after run 2");
	ksm_set("run", "1");
}

/*
 * Wait until pages_shared and pages_sharing are base_shared + shared and
 * base_sharing + sharing, and at least three full scans have ended since
 * the call; report the result (TPASS/TFAIL), return whether they match.
 */
static inline int ksm_settle(long base_shared, long shared,
			     long base_sharing, long sharing, const char *what)
{
	long long deadline = tst_mono_ms() + 60000 * tst_timeout_mul();
	long scans0 = ksm_val("full_scans"), s, g;
	int ok;

	ksm_wake();
	for (;;) {
		int scanned = ksm_val("full_scans") >= scans0 + 3;

		s = ksm_val("pages_shared") - base_shared;
		g = ksm_val("pages_sharing") - base_sharing;
		ok = s == shared && g == sharing;
		if ((ok && scanned) || tst_mono_ms() > deadline)
			break;
		usleep(5000);
	}
	TST_EXP_EXPR(ok, "%s: pages_shared +%ld (expected +%ld), "
		     "pages_sharing +%ld (expected +%ld), after %ld full scans",
		     what, s, shared, g, sharing,
		     ksm_val("full_scans") - scans0);
	return ok;
}

/*
 * Map a mergeable page no other page is like (never merged; not inherited
 * by children, MADV_DONTFORK), so that ksmd keeps this process on its
 * list and goes on scanning.
 */
static inline void ksm_keep_scanning(void)
{
	size_t psz = getpagesize(), i;
	unsigned char *keep = SAFE_MMAP(NULL, psz, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	for (i = 0; i < psz; i++)
		keep[i] = i * 13 + i / 256 + 0x3c;
	if (madvise(keep, psz, MADV_DONTFORK))
		tst_brk(TBROK | TERRNO, "madvise(MADV_DONTFORK)");
	if (madvise(keep, psz, MADV_MERGEABLE))
		tst_brk(TBROK | TERRNO, "madvise(MADV_MERGEABLE)");
	ksm_wake();
}

/* Wait for n more full scans of ksmd (bounded). */
static inline void ksm_wait_scans(long n)
{
	long long deadline = tst_mono_ms() + 60000 * tst_timeout_mul();
	long scans0 = ksm_val("full_scans");

	ksm_wake();
	while (ksm_val("full_scans") < scans0 + n) {
		if (tst_mono_ms() > deadline)
			tst_brk(TBROK, "ksmd ended no %ld full scans in 60 s "
				"(x%.1f)", n, tst_timeout_mul());
		usleep(5000);
	}
}

#endif /* KSM_HELPERS_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A private cgroup v2 directory for a controller test.
 *
 * cg_setup() finds the cgroup2 mount (or mounts cgroup2 on the test's
 * tmpdir when the system has none, unmounted again by cg_cleanup()),
 * checks that the root offers each controller the test needs (TCONF
 * naming the missing one: it is bound to a v1 hierarchy or not built),
 * enables them in the root's cgroup.subtree_control, and makes the
 * test's own cgroup ltp_NAME_PID under the root; with for_children the
 * same controllers are enabled in its subtree_control too (then, by the
 * no-internal-process rule, only its children can hold processes when
 * a domain controller such as memory is among them). Paths given to the
 * other helpers are relative to that cgroup ("" is the cgroup itself).
 *
 * Controllers enabled in the root are left enabled: another test may be
 * using them at the same time, and enabling them changes no limit.
 *
 * cg_cleanup() kills what is still in the test's cgroups, moves nothing
 * back (the processes are the test's own children and are reaped), and
 * removes the directories depth first.
 */
#ifndef CGROUP2_H
#define CGROUP2_H

#include <dirent.h>
#include <limits.h>
#include <mntent.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "task_wait.h"

static char cg_root[PATH_MAX];
static char cg_base[PATH_MAX];
static int cg_mounted;

static inline void cg_path(char *buf, size_t size, const char *rel,
			   const char *file)
{
	if (snprintf(buf, size, "%s%s%s%s%s", cg_base, *rel ? "/" : "", rel,
		     file ? "/" : "", file ? file : "") >= (int)size)
		tst_brk(TBROK, "cgroup path %s/%s too long", cg_base, rel);
}

/* Write a string to a cgroup file; -1 with errno on failure. */
/*
 * The cgroup v2 line ("0::PATH", newline cut) of a /proc/PID/cgroup file
 * into buf; empty when it has none. Not simply its first line: every v1
 * hierarchy mounted on the machine (another test's named one, a
 * distribution's controllers) adds a line of its own, possibly first.
 */
static inline void cg_v2_line(const char *path, char *buf, size_t size)
{
	char line[PATH_MAX + 8];
	FILE *f = fopen(path, "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	buf[0] = 0;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "0::", 3))
			continue;
		line[strcspn(line, "\n")] = 0;
		if (strlen(line) >= size)
			tst_brk(TBROK, "%s: cgroup line longer than %zu bytes",
				path, size - 1);
		memcpy(buf, line, strlen(line) + 1);
		break;
	}
	fclose(f);
}

static inline int cg_try_write(const char *rel, const char *file,
			       const char *fmt, ...)
{
	char path[PATH_MAX], buf[256];
	ssize_t len, ret;
	va_list va;
	int fd, err;

	va_start(va, fmt);
	vsnprintf(buf, sizeof(buf), fmt, va);
	va_end(va);
	cg_path(path, sizeof(path), rel, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	len = strlen(buf);
	ret = write(fd, buf, len);
	err = errno;
	close(fd);
	errno = err;
	return ret == len ? 0 : -1;
}

/* Write val: 0 on success, else the errno of the failure. */
static inline int cg_write_err(const char *rel, const char *file,
			       const char *val)
{
	return cg_try_write(rel, file, "%s", val) ? errno : 0;
}

#define CG_WRITE(rel, file, fmt, ...) do { \
	if (cg_try_write((rel), (file), (fmt), ##__VA_ARGS__)) \
		tst_brk(TBROK | TERRNO, "write " fmt " to %s/%s", \
			##__VA_ARGS__, (rel), (file)); \
} while (0)

/* The value after "key " in a flat keyed file (cpu.stat, memory.events). */
static inline long long cg_read_key(const char *rel, const char *file,
				    const char *key)
{
	char path[PATH_MAX], name[64];
	long long val;
	FILE *f;

	cg_path(path, sizeof(path), rel, file);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fscanf(f, "%63s %lld", name, &val) == 2) {
		if (!strcmp(name, key)) {
			fclose(f);
			return val;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no key '%s' in %s", key, path);
}

/*
 * Poll key of rel's flat-keyed file (memory.stat, ...) until it is within
 * [lo, hi] and return it; after a bounded, multiplier-scaled wait return
 * the last value read, for the caller to judge. For counters the kernel
 * brings up to date lazily (memory.stat is flushed within 2 s).
 */
static inline long long cg_wait_key(const char *rel, const char *file,
				    const char *key, long long lo, long long hi)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	long long val;

	for (;;) {
		val = cg_read_key(rel, file, key);
		if ((val >= lo && val <= hi) || tst_mono_ms() > deadline)
			return val;
		usleep(10000);
	}
}

/*
 * The hugetlb controller's name for the default huge page size, as in its
 * files "hugetlb.<name>.max": 2MB, 1GB, 64KB. Returns the size in bytes.
 */
static inline long cg_hugetlb_size_name(char *name, size_t len)
{
	long kb = tst_read_meminfo("Hugepagesize:");

	if (kb >= 1024 * 1024)
		snprintf(name, len, "%ldGB", kb / 1024 / 1024);
	else if (kb >= 1024)
		snprintf(name, len, "%ldMB", kb / 1024);
	else
		snprintf(name, len, "%ldKB", kb);
	return kb * 1024;
}

/* A single-number file (memory.current, pids.current). */
static inline long long cg_read_num(const char *rel, const char *file)
{
	char path[PATH_MAX];
	long long val;

	cg_path(path, sizeof(path), rel, file);
	SAFE_FILE_SCANF(path, "%lld", &val);
	return val;
}

static inline void cg_mkdir(const char *rel)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, NULL);
	SAFE_MKDIR(path, 0755);
}

static inline void cg_rmdir(const char *rel)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), rel, NULL);
	SAFE_RMDIR(path);
}

/* Move the calling process into the cgroup rel. */
static inline void cg_enter(const char *rel)
{
	CG_WRITE(rel, "cgroup.procs", "0");
}

/*
 * Poll "key val" in the flat keyed cgroup.events of rel, bounded by 10 s
 * (times LTP_TIMEOUT_MUL); not reaching it is a TFAIL that stops the test.
 */
static inline void cg_wait_event(const char *rel, const char *key, int val)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();

	while (cg_read_key(rel, "cgroup.events", key) != val) {
		if (tst_mono_ms() > deadline)
			tst_brk(TFAIL, "cgroup '%s': no '%s %d' in "
				"cgroup.events after 10 s", rel, key, val);
		usleep(1000);
	}
}

/*
 * Keep the memory of the cgroup rel out of swap (memory.swap.max 0). A
 * kernel without memory.swap.max will do only while no swap is on.
 */
static inline void cg_no_swap(const char *rel)
{
	if (!cg_try_write(rel, "memory.swap.max", "0"))
		return;
	if (errno != ENOENT)
		tst_brk(TBROK | TERRNO, "write memory.swap.max");
	if (tst_read_meminfo("SwapTotal:"))
		tst_brk(TCONF, "swap is on and the kernel has no "
			"memory.swap.max to keep the test from it");
}

/*
 * Page cache charged to the cgroup rel: a child in rel writes mb MiB of
 * the byte c to file (in the working directory) and syncs it, so the
 * pages are clean and reclaimable; the child is reaped.
 */
static inline void cg_page_cache(const char *rel, const char *file, int mb,
				 int c)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		size_t len = 1024 * 1024;
		char *buf = SAFE_MALLOC(len);
		int i, fd;

		cg_enter(rel);
		memset(buf, c, len);
		fd = SAFE_OPEN(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		for (i = 0; i < mb; i++)
			SAFE_WRITE(1, fd, buf, len);
		SAFE_FSYNC(fd);
		SAFE_CLOSE(fd);
		exit(0);
	}
	reap_child(pid);
}

/*
 * Whether the kernel was booted with the word (nokmem, nosocket) in its
 * cgroup.memory= option, which turns that part of memory accounting off.
 */
static inline int cg_memory_off(const char *word)
{
	char cmdline[4096] = "", *opt, *end;
	int fd = SAFE_OPEN("/proc/cmdline", O_RDONLY);

	if (read(fd, cmdline, sizeof(cmdline) - 1) < 0)
		tst_brk(TBROK | TERRNO, "read(/proc/cmdline)");
	SAFE_CLOSE(fd);
	for (opt = cmdline; (opt = strstr(opt, "cgroup.memory=")); opt = end) {
		opt += strlen("cgroup.memory=");
		end = opt + strcspn(opt, " \n");
		for (; opt < end; opt += strcspn(opt, ", \n")) {
			opt += *opt == ',';
			if (!strncmp(opt, word, strlen(word)) &&
			    strchr(", \n", opt[strlen(word)]))
				return 1;
		}
	}
	return 0;
}

/* TCONF, with why, when the test's cgroup lacks the interface file. */
static inline void cg_require_file(const char *file, const char *why)
{
	char path[PATH_MAX];

	cg_path(path, sizeof(path), "", file);
	if (access(path, F_OK))
		tst_brk(TCONF, "no %s: %s", file, why);
}

static inline int cg_has_word(const char *path, const char *word)
{
	char w[64];
	int found = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (!found && fscanf(f, "%63s", w) == 1)
		found = !strcmp(w, word);
	fclose(f);
	return found;
}

static inline void cg_find_root(void)
{
	struct mntent *mnt;
	FILE *f = setmntent("/proc/self/mounts", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "setmntent(/proc/self/mounts)");
	while ((mnt = getmntent(f))) {
		if (!strcmp(mnt->mnt_type, "cgroup2")) {
			snprintf(cg_root, sizeof(cg_root), "%s", mnt->mnt_dir);
			break;
		}
	}
	endmntent(f);
	if (cg_root[0])
		return;
	if (!tst_fs_is_supported("cgroup2"))
		tst_brk(TCONF, "cgroup2 is not supported by the kernel");
	if (!tst_tmpdir_path)
		tst_brk(TBROK, "no cgroup2 mount and no tmpdir to mount one");
	snprintf(cg_root, sizeof(cg_root), "%s/cgroup2", tst_tmpdir_path);
	SAFE_MKDIR(cg_root, 0755);
	SAFE_MOUNT("cgroup2", cg_root, "cgroup2", 0, NULL);
	cg_mounted = 1;
	tst_res(TINFO, "mounted cgroup2 on %s", cg_root);
}

static inline void cg_setup(const char *const *controllers, int for_children)
{
	char path[PATH_MAX + 32];
	const char *const *c;

	cg_find_root();
	snprintf(path, sizeof(path), "%s/cgroup.controllers", cg_root);
	for (c = controllers; c && *c; c++)
		if (!cg_has_word(path, *c))
			tst_brk(TCONF, "controller '%s' is not offered by the "
				"cgroup v2 root %s (used by a v1 hierarchy?)",
				*c, cg_root);
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", cg_root);
	for (c = controllers; c && *c; c++)
		if (!cg_has_word(path, *c))
			SAFE_FILE_PRINTF(path, "+%s", *c);

	if (snprintf(cg_base, sizeof(cg_base), "%s/ltp_%s_%d", cg_root,
		     program_invocation_short_name, (int)getpid()) >=
	    (int)sizeof(cg_base))
		tst_brk(TBROK, "cgroup path under %s too long", cg_root);
	SAFE_MKDIR(cg_base, 0755);
	for (c = controllers; for_children && c && *c; c++)
		CG_WRITE("", "cgroup.subtree_control", "+%s", *c);
}

/* Kill the processes of a cgroup and remove it, children first. */
static inline void cg_remove(const char *path)
{
	char sub[PATH_MAX + 300];
	struct dirent *de;
	DIR *dir = opendir(path);
	int pid, tries;
	FILE *f;

	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		cg_remove(sub);
	}
	closedir(dir);
	for (tries = 0; tries < 100; tries++) {
		snprintf(sub, sizeof(sub), "%s/cgroup.procs", path);
		f = fopen(sub, "r");
		while (f && fscanf(f, "%d", &pid) == 1)
			kill(pid, SIGKILL);
		if (f)
			fclose(f);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (!rmdir(path) || errno == ENOENT)
			return;
		usleep(100000);
	}
	tst_res(TWARN | TERRNO, "rmdir(%s)", path);
}

static inline void cg_cleanup(void)
{
	if (cg_base[0])
		cg_remove(cg_base);
	if (cg_mounted && umount(cg_root))
		tst_res(TWARN | TERRNO, "umount(%s)", cg_root);
}

#endif /* CGROUP2_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers of the cpuset tests that take CPU 1 offline and back
 * (cpuset04, cpuset05): cgroup file strings read and waited for (the
 * cpuset update may come from a work item after the write to
 * /sys/devices/system/cpu/cpu1/online returned, as on 6.1), a task's
 * affinity as a CPU list, a spinner whose progress is watched, CPU 1's
 * state, and cph_cleanup(), which brings CPU 1 back online. The test's
 * cgroup ("" in the helpers, printed as b) has cpuset enabled for its
 * children; NULL names the root cgroup.
 */
#ifndef CPUSET_HOTPLUG_H
#define CPUSET_HOTPLUG_H

#include <sched.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "cgroup2.h"

#define CPU1_ONLINE "/sys/devices/system/cpu/cpu1/online"

static char root_eff[256];
static int cpu1_off;
static volatile unsigned long *count;

static inline void read_str(const char *path, char *buf, size_t size)
{
	int fd = SAFE_OPEN(path, O_RDONLY);
	int len = SAFE_READ(0, fd, buf, size - 1);

	buf[len] = 0;
	buf[strcspn(buf, "\n")] = 0;
	SAFE_CLOSE(fd);
}

static inline void cg_str(const char *rel, const char *file, char *buf,
			  size_t size)
{
	char path[PATH_MAX + 64];

	if (rel)
		cg_path(path, sizeof(path), rel, file);
	else
		snprintf(path, sizeof(path), "%s/%s", cg_root, file);
	read_str(path, buf, size);
}

/* rel as printed: "" is the test's cgroup b, NULL the root cgroup */
static inline const char *who(const char *rel)
{
	if (!rel)
		return "(root)";
	return *rel ? rel : "b";
}

/*
 * Wait until file of rel (NULL: the root cgroup) reads want; the update
 * may come from a work item after the hotplug write returned (6.1).
 */
static inline int wait_str(const char *rel, const char *file, const char *want)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	char buf[256];

	for (;;) {
		cg_str(rel, file, buf, sizeof(buf));
		if (!strcmp(buf, want))
			return 1;
		if (tst_mono_ms() > deadline) {
			tst_res(TFAIL, "%s/%s reads '%s', not '%s', after 10 s",
				who(rel), file, buf, want);
			return 0;
		}
		usleep(10000);
	}
}

static inline void expect_str(const char *rel, const char *file, const char *want)
{
	char buf[256];

	cg_str(rel, file, buf, sizeof(buf));
	TST_EXP_EXPR(!strcmp(buf, want), "%s/%s reads '%s' (expected '%s')",
		     who(rel), file, buf, want);
}

/* The affinity as a CPU list string like the cgroup files print. */
static inline void affinity_str(pid_t pid, char *buf, size_t size)
{
	cpu_set_t set;
	int i, first = -1, len = 0;

	if (sched_getaffinity(pid, sizeof(set), &set))
		tst_brk(TBROK | TERRNO, "sched_getaffinity(%d)", (int)pid);
	buf[0] = 0;
	for (i = 0; i <= CPU_SETSIZE; i++) {
		int in = i < CPU_SETSIZE && CPU_ISSET(i, &set);

		if (in && first < 0)
			first = i;
		if (in || first < 0)
			continue;
		len += snprintf(buf + len, size - len, "%s%d", len ? "," : "",
				first);
		if (i - 1 > first)
			len += snprintf(buf + len, size - len, "-%d", i - 1);
		first = -1;
	}
}

static inline void affinity_is(pid_t pid, const char *want, const char *who)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	char buf[256];

	for (;;) {
		affinity_str(pid, buf, sizeof(buf));
		if (!strcmp(buf, want) || tst_mono_ms() > deadline)
			break;
		usleep(10000);
	}
	TST_EXP_EXPR(!strcmp(buf, want), "%s: affinity '%s' (expected '%s')",
		     who, buf, want);
}

static inline int runs(void)
{
	unsigned long c0 = *count;
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();

	while (*count == c0) {
		if (tst_mono_ms() > deadline)
			return 0;
		usleep(1000);
	}
	return 1;
}

static inline void cpu1_set(int online)
{
	SAFE_FILE_PRINTF(CPU1_ONLINE, "%d", online);
	cpu1_off = !online;
}

/* Take CPU 1 offline; 0, or EBUSY when the kernel refuses. */
static inline int cpu1_try_off(void)
{
	int fd = SAFE_OPEN(CPU1_ONLINE, O_WRONLY);
	int ret = write(fd, "0", 1);
	int err = errno;

	SAFE_CLOSE(fd);
	if (ret == 1) {
		cpu1_off = 1;
		return 0;
	}
	if (err != EBUSY)
		tst_brk(TBROK, "write 0 to %s: %s", CPU1_ONLINE,
			tst_strerrno(err));
	return err;
}

static inline pid_t spinner(const char *rel)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		for (;;)
			(*count)++;
	}
	CG_WRITE(rel, "cgroup.procs", "%d", (int)pid);
	return pid;
}

/*
 * The root's effective CPUs without CPU 1, as the kernel prints them,
 * found by taking CPU 1 offline once (into rest), then back online.
 */
static inline void cph_calibrate(char *rest, size_t size)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();

	cpu1_set(0);
	for (;;) {
		cg_str(NULL, "cpuset.cpus.effective", rest, size);
		if (strcmp(rest, root_eff))
			break;
		if (tst_mono_ms() > deadline)
			tst_brk(TFAIL, "the root's cpuset.cpus.effective still "
				"'%s' 10 s after CPU 1 went offline", rest);
		usleep(10000);
	}
	tst_res(TINFO, "root's effective CPUs '%s', without CPU 1 '%s'",
		root_eff, rest);
	cpu1_set(1);
	if (!wait_str(NULL, "cpuset.cpus.effective", root_eff))
		tst_brk(TBROK, "CPU 1 back online");
}

static inline void cph_setup(void)
{
	static const char *const ctrls[] = {"cpuset", NULL};
	char buf[16];

	if (access(CPU1_ONLINE, W_OK))
		tst_brk(TCONF, "CPU 1 cannot be taken offline (no %s)",
			CPU1_ONLINE);
	read_str(CPU1_ONLINE, buf, sizeof(buf));
	if (strcmp(buf, "1"))
		tst_brk(TCONF, "CPU 1 is offline");
	count = SAFE_MMAP(NULL, sizeof(*count), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	cg_setup(ctrls, 1);
	cg_str(NULL, "cpuset.cpus.effective", root_eff, sizeof(root_eff));
	if (!strcmp(root_eff, "1"))
		tst_brk(TCONF, "CPU 1 is the root's only CPU");
}

static inline void cph_cleanup(void)
{
	int fd;

	cg_cleanup();
	if (!cpu1_off)
		return;
	fd = open(CPU1_ONLINE, O_WRONLY);
	if (fd < 0 || write(fd, "1", 1) != 1)
		tst_res(TWARN | TERRNO, "could not bring CPU 1 back online");
	if (fd >= 0)
		close(fd);
}

#endif /* CPUSET_HOTPLUG_H */

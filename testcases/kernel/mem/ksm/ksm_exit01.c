// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Processes registered with KSM exiting while ksmd scans (ksmd run 1,
 * sleep_millisecs 0, pages_to_scan 100; the sysfs values saved and
 * restored: exclusive). When the only registered mm left the list in
 * __ksm_exit() just as scan_get_next_rmap_item() moved on from the list
 * head, ksmd took the head for a slot and dereferenced its NULL mm: an
 * oops that killed ksmd (CVE-2011-2183, fixed by 2b472611a32a "ksm: fix
 * NULL pointer dereference in scan_get_next_rmap_item()"; upstream LTP's
 * ksm05).
 * The test process itself never registers (a registered mm forks
 * registered children and would always be on the list).
 * For a time budget, one child after another maps a page, marks it
 * MADV_MERGEABLE (0), writes it and exits at once, so that it is the
 * only mm ksmd knows when it leaves: every child exits 0. Afterwards
 * ksmd still works: in another child, 16 identical pages marked
 * MADV_MERGEABLE are merged (/proc/self/ksm_merging_pages reaches 16)
 * with their contents unchanged, and with them registered full_scans
 * keeps growing (ksmd sleeps while no mm is registered). The kernel
 * gains no D or W taint.
 * ksmd is woken (ksm_wake()) every 16 children and after the 16 pages
 * are registered: a registration can miss waking it (a lost wakeup in
 * __ksm_enter(), see ksm_helpers.h), and a ksmd asleep would neither
 * race with the exits nor merge the pages. A ksmd that oopsed stays dead.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "task_wait.h"
#include "ksm_helpers.h"

#define NPAGES 16

static long psz;

static void child(void)
{
	char *p = SAFE_MMAP(NULL, psz, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (madvise(p, psz, MADV_MERGEABLE)) {
		tst_res(TFAIL | TERRNO, "madvise(MADV_MERGEABLE) in a child");
		_exit(1);
	}
	p[0] = 1;
	_exit(0);
}

/* Wait, bounded, until the file reads at least want; what it read. */
static long wait_at_least(const char *path, long want)
{
	long long end = tst_mono_ms() + 10000 * tst_timeout_mul();
	long v;

	for (;;) {
		if (!tst_file_read_long(path, &v))
			tst_brk(TBROK, "cannot read %s", path);
		if (v >= want || tst_mono_ms() > end)
			return v;
		usleep(10000);
	}
}

/*
 * When ksmd makes no progress, say where it sleeps: its state, wchan and
 * kernel stack, and which tasks are runnable, so that a stall (seen once
 * in a whole default scenario run, 0 full scans in 80 s) can be traced.
 */
static void show_file(const char *pid, const char *name)
{
	char path[300], buf[2048];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%s/%s", pid, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n > 0) {
		buf[n] = 0;
		tst_res(TINFO, "%s:\n%s", path, buf);
	}
}

static void show_ksmd(void)
{
	char path[300], comm[32];
	struct dirent *de;
	DIR *d = opendir("/proc");
	FILE *f;

	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strcmp(comm, "ksmd\n")) {
			show_file(de->d_name, "stat");
			show_file(de->d_name, "wchan");
			show_file(de->d_name, "stack");
		}
		fclose(f);
	}
	closedir(d);
	show_file("self", "../loadavg");
}

/* In a child, so that the test process never registers with KSM. */
static void check_ksmd(void)
{
	long scans, v;
	int i, bad = 0;
	char *p;

	p = SAFE_MMAP(NULL, NPAGES * psz, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(p, 0x5a, NPAGES * psz);
	TST_EXP_PASS(madvise(p, NPAGES * psz, MADV_MERGEABLE),
		     "madvise(MADV_MERGEABLE) of %d identical pages", NPAGES);
	ksm_wake();
	v = wait_at_least("/proc/self/ksm_merging_pages", NPAGES);
	TST_EXP_EXPR(v == NPAGES, "ksm_merging_pages %ld (expected %d)", v,
		     NPAGES);
	if (v != NPAGES)
		show_ksmd();
	for (i = 0; i < NPAGES * psz; i++)
		if (p[i] != 0x5a)
			bad++;
	TST_EXP_EXPR(!bad, "merged pages keep their contents (%d bytes "
		     "differ)", bad);

	/* ksmd runs only while some mm is registered: this one is */
	scans = ksm_val("full_scans");
	v = wait_at_least(KSM "full_scans", scans + 2);
	TST_EXP_EXPR(v >= scans + 2, "ksmd still scans: full_scans %ld, then "
		     "%ld", scans, v);
	_exit(0);
}

static void run(void)
{
	long long end;
	int n = 0;
	pid_t pid;

	end = tst_mono_ms() + (long long)(2000 * tst_timeout_mul());
	do {
		pid = SAFE_FORK();
		if (!pid)
			child();
		reap_child(pid);
		if (++n % 16 == 0)
			ksm_wake();
	} while (n < 20000 && tst_mono_ms() < end);
	tst_res(TINFO, "%d children marked a page mergeable and exited", n);

	pid = SAFE_FORK();
	if (!pid)
		check_ksmd();
	reap_child(pid);
}

static void setup(void)
{
	psz = sysconf(_SC_PAGESIZE);
	if (access("/proc/self/ksm_merging_pages", F_OK))
		tst_brk(TCONF, "no /proc/PID/ksm_merging_pages (before 5.19)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.save_restore = (const struct tst_path_val[]) {
		{KSM "run", "1", TST_SR_TCONF_MISSING},
		{KSM "sleep_millisecs", "0", TST_SR_TCONF_MISSING},
		{KSM "pages_to_scan", "100", TST_SR_TCONF_MISSING},
		{NULL, NULL, 0}
	},
	.needs_kconfigs = (const char *const []) {
		"CONFIG_KSM", NULL
	},
	.tags = (const struct tst_tag[]) {
		{"linux-git", "2b472611a32a"},
		{"CVE", "2011-2183"},
		{}
	},
};

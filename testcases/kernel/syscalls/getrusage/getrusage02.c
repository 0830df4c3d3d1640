// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ru_maxrss follows the resident set's high-water mark (kB), of the
 * caller and of its waited-for descendants. In a fresh process:
 * - RUSAGE_CHILDREN shows 0 before any child was waited for;
 * - after waiting for a child that touched 64 MiB: at least 64 MiB and
 *   less than 128 MiB;
 * - a child that touched 128 MiB and is a zombie not yet waited for does
 *   not count: the value is unchanged until the wait, then at least
 *   128 MiB;
 * - a grandchild's 192 MiB reach the grandparent through the child that
 *   waited for it (the child's own RUSAGE_CHILDREN shows it too);
 * - a forked child starts with RUSAGE_CHILDREN 0 (not inherited), and
 *   its RUSAGE_SELF peak is at least the resident size it shares;
 * - a child reaped automatically because SIGCHLD is ignored adds
 *   nothing;
 * - RUSAGE_SELF grows to at least the 64 MiB the process touches itself.
 *
 * ru_maxrss was filled in by 1f10206cf8e9 ("getrusage: fill ru_maxrss
 * value").
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "task_wait.h"

#define MB 1024L	/* ru_maxrss is in kB */

static long maxrss(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru))
		tst_brk(TBROK | TERRNO, "getrusage(%d)", who);
	return ru.ru_maxrss;
}

static void touch_mb(long mb)
{
	char *p = SAFE_MMAP(NULL, mb << 20, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long i;

	for (i = 0; i < mb << 20; i += 4096)
		p[i] = 1;
}

static pid_t consumer(long mb)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		touch_mb(mb);
		exit(0);
	}
	return pid;
}

static void subject(void)
{
	long before, v;
	pid_t pid;

	TST_EXP_EQ_LI(maxrss(RUSAGE_CHILDREN), 0);

	reap_child(consumer(64));
	v = maxrss(RUSAGE_CHILDREN);
	TST_EXP_EXPR(v >= 64 * MB && v < 128 * MB,
		     "children's peak %ld kB after a 64 MiB child", v);

	before = v;
	pid = consumer(128);
	wait_task_state(pid, pid, "Z");
	TST_EXP_EQ_LI(maxrss(RUSAGE_CHILDREN), before);
	reap_child(pid);
	v = maxrss(RUSAGE_CHILDREN);
	TST_EXP_EXPR(v >= 128 * MB, "children's peak %ld kB after waiting "
		     "for the 128 MiB zombie", v);

	pid = SAFE_FORK();
	if (!pid) {
		reap_child(consumer(192));
		v = maxrss(RUSAGE_CHILDREN);
		TST_EXP_EXPR(v >= 192 * MB, "the child's children's peak "
			     "%ld kB", v);
		exit(0);
	}
	reap_child(pid);
	v = maxrss(RUSAGE_CHILDREN);
	TST_EXP_EXPR(v >= 192 * MB, "a grandchild's 192 MiB reach the "
		     "grandparent: %ld kB", v);

	touch_mb(64);
	before = maxrss(RUSAGE_SELF);
	TST_EXP_EXPR(before >= 64 * MB, "own peak %ld kB after touching "
		     "64 MiB", before);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_EQ_LI(maxrss(RUSAGE_CHILDREN), 0);
		v = maxrss(RUSAGE_SELF);
		TST_EXP_EXPR(v >= 64 * MB, "a forked child's own peak %ld kB "
			     "(parent's %ld kB)", v, before);
		exit(0);
	}
	reap_child(pid);

	before = maxrss(RUSAGE_CHILDREN);
	signal(SIGCHLD, SIG_IGN);
	pid = consumer(256);
	/* with SIGCHLD ignored the wait ends with ECHILD once it is gone */
	TST_EXP_FAIL(waitpid(pid, NULL, 0), ECHILD,
		     "waitpid() of an auto-reaped child");
	signal(SIGCHLD, SIG_DFL);
	TST_EXP_EQ_LI(maxrss(RUSAGE_CHILDREN), before);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		subject();
		exit(0);
	}
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.forks_child = 1,
	.min_mem_avail_mb = 600,
	.tags = (const struct tst_tag[]) {
		/* getrusage: fill ru_maxrss value */
		{"linux-git", "1f10206cf8e9"},
		{}
	},
};

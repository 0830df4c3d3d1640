// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pids.peak and where a refused fork is counted, in a hierarchy p/c, p/d
 * below the test's cgroup (kernel/cgroup/pids.c):
 *  - a new cgroup's pids.peak reads 0; five processes moved into p/c
 *    from outside make pids.current and pids.peak of p/c, p and the
 *    test's cgroup read exactly 5 (the watermark is raised at every level
 *    a charge passes);
 *  - once they are reaped pids.current is 0 and pids.peak stays 5;
 *  - two processes in p/d make p/d's peak 2 and leave p's at 5;
 *  - with pids.max 2 on p and those two in p/d, a third process moved
 *    into p/d has its fork() refused with EAGAIN; p/d's peak reads 3,
 *    or 4 (the refused fork was charged to p/d on its way up to p's
 *    limit, and the watermark is raised there before the refusal). Where pids.events.local exists (6.12), the event is
 *    the limit's: "max" 1 in p's events.local and events and in the
 *    test cgroup's (hierarchical) events, 0 in p/d's events and
 *    events.local and in the test cgroup's events.local (with the
 *    pids_localevents mount option, events of p/d count the failed fork
 *    instead). Before (6.1) "max" is counted in the forking cgroup's
 *    pids.events only: p/d 1, p 0;
 *  - the root cgroup has no pids.peak.
 */
#include <errno.h>
#include <mntent.h>
#include "tst_test.h"
#include "cgroup2.h"

#define NC 5

static int local_events_opt(void)
{
	struct mntent *mnt;
	FILE *f = setmntent("/proc/self/mounts", "r");
	int found = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "setmntent(/proc/self/mounts)");
	while ((mnt = getmntent(f)))
		if (!strcmp(mnt->mnt_type, "cgroup2") &&
		    hasmntopt(mnt, "pids_localevents"))
			found = 1;
	endmntent(f);
	return found;
}

/* n children enter rel and wait on the release pipe. */
static void start(const char *rel, int n, pid_t *pids, int *release)
{
	int ready[2], i;
	char c;

	SAFE_PIPE(ready);
	SAFE_PIPE(release);
	for (i = 0; i < n; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			SAFE_CLOSE(ready[0]);
			SAFE_CLOSE(release[1]);
			cg_enter(rel);
			SAFE_WRITE(1, ready[1], "x", 1);
			SAFE_READ(0, release[0], &c, 1);
			exit(0);
		}
	}
	SAFE_CLOSE(ready[1]);
	SAFE_CLOSE(release[0]);
	for (i = 0; i < n; i++)
		SAFE_READ(1, ready[0], &c, 1);
	SAFE_CLOSE(ready[0]);
}

static void stop(int n, pid_t *pids, int release)
{
	int i;

	SAFE_CLOSE(release);
	for (i = 0; i < n; i++)
		reap_child(pids[i]);
}

static void check(const char *rel, const char *file, const char *key,
		  long long val)
{
	long long got = key ? cg_read_key(rel, file, key) :
			cg_read_num(rel, file);

	TST_EXP_EXPR(got == val, "%s/%s%s%s: %lld (expected %lld)",
		     *rel ? rel : ".", file, key ? " " : "", key ? key : "",
		     got, val);
}

static void run(void)
{
	pid_t pids[NC], fpid;
	int rel[2], st, fork_err, has_local;
	long long ev0, evl0;
	char path[PATH_MAX + 16];

	cg_mkdir("p");
	CG_WRITE("p", "cgroup.subtree_control", "+pids");
	cg_mkdir("p/c");
	cg_mkdir("p/d");
	check("p/c", "pids.peak", NULL, 0);

	start("p/c", NC, pids, rel);
	check("p/c", "pids.current", NULL, NC);
	check("p/c", "pids.peak", NULL, NC);
	check("p", "pids.peak", NULL, NC);
	check("", "pids.peak", NULL, NC);
	check("p/d", "pids.peak", NULL, 0);
	stop(NC, pids, rel[1]);
	check("p/c", "pids.current", NULL, 0);
	check("p/c", "pids.peak", NULL, NC);
	check("p", "pids.peak", NULL, NC);

	/*
	 * Two in p/d at p's pids.max 2; a third moved in (migration is not
	 * limited) has its fork() refused and exits with its errno.
	 */
	CG_WRITE("p", "pids.max", "2");
	start("p/d", 2, pids, rel);
	check("p/d", "pids.peak", NULL, 2);
	check("p", "pids.peak", NULL, NC);
	check("p/c", "pids.peak", NULL, NC);
	ev0 = cg_read_key("", "pids.events", "max");
	cg_path(path, sizeof(path), "", "pids.events.local");
	has_local = !access(path, F_OK);
	evl0 = has_local ? cg_read_key("", "pids.events.local", "max") : 0;
	fpid = SAFE_FORK();
	if (!fpid) {
		pid_t pid;

		cg_enter("p/d");
		pid = fork();
		if (!pid)
			_exit(0);
		if (pid > 0) {
			SAFE_WAITPID(pid, NULL, 0);
			exit(0);
		}
		exit(errno);
	}
	SAFE_WAITPID(fpid, &st, 0);
	fork_err = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	TST_EXP_EXPR(fork_err == EAGAIN, "fork() in p/d at p's pids.max 2: "
		     "%s", fork_err < 0 ? "child died" : tst_strerrno(fork_err));
	/*
	 * pids_try_charge() raises the watermark of each level below the
	 * limit it passed before the limit refused the fork, so p/d may
	 * read one more than it ever held.
	 */
	st = cg_read_num("p/d", "pids.peak");
	TST_EXP_EXPR(st == 3 || st == 4, "p/d/pids.peak: %d (3 held, 4 "
		     "with the refused fork's charge)", st);
	stop(2, pids, rel[1]);

	if (has_local && local_events_opt()) {
		tst_res(TINFO, "pids_localevents: events count the forking "
			"cgroup's failures");
		check("p/d", "pids.events", "max", 1);
		check("p", "pids.events", "max", 0);
	} else if (has_local) {
		check("p", "pids.events.local", "max", 1);
		check("p", "pids.events", "max", 1);
		TST_EXP_EQ_LI(cg_read_key("", "pids.events", "max") - ev0, 1);
		TST_EXP_EQ_LI(cg_read_key("", "pids.events.local", "max") -
			      evl0, 0);
		check("p/d", "pids.events", "max", 0);
		check("p/d", "pids.events.local", "max", 0);
	} else {
		tst_res(TINFO, "no pids.events.local: events are the forking "
			"cgroup's");
		check("p/d", "pids.events", "max", 1);
		check("p", "pids.events", "max", 0);
	}

	snprintf(path, sizeof(path), "%s/pids.peak", cg_root);
	TST_EXP_FAIL(access(path, F_OK), ENOENT, "root cgroup's pids.peak");

	cg_rmdir("p/c");
	cg_rmdir("p/d");
	cg_rmdir("p");
}

static void setup(void)
{
	static const char *const ctrls[] = {"pids", NULL};

	cg_setup(ctrls, 1);
	cg_require_file("pids.peak", "pids.peak not in this kernel");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_CGROUPS", "CONFIG_CGROUP_PIDS", NULL
	},
};

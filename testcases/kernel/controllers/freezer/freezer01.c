// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cgroup v1 freezer (legacy freezer.state), in a "freezer" hierarchy
 * of the test's own (ltp_PID/p holding a sleeper, ltp_PID/p/c a spinner):
 * - the root has no freezer.state (ENOENT); a new cgroup is THAWED with
 *   self_freezing 0 and parent_freezing 0;
 * - FROZEN written to p reaches FROZEN (FREEZING meanwhile) in p and c;
 *   the spinner makes no progress; p self_freezing 1, c parent_freezing 1
 *   and self_freezing 0;
 * - "FREEZING", "frozen" and "\n" are EINVAL, the state kept;
 * - a cgroup made inside the frozen p is FROZEN at once (parent_freezing
 *   1); THAWED written to c does not thaw it under p;
 * - c frozen by itself too stays FROZEN (self_freezing 1, parent_freezing
 *   0) when p is thawed, while p's sleeper and the new cgroup are THAWED;
 * - the spinner moved to the thawed p runs again, moved back into c it
 *   stops and c reads FROZEN again; SIGKILLed while frozen it is dead
 *   once c is thawed (THAWED, self_freezing 0); p's sleeper dies of
 *   SIGTERM after p's thaw.
 * Catches a freeze not reaching descendants or cgroups made later, a
 * child's own write overriding its parent's freeze, a parent's thaw
 * clearing a child's own freeze, migration not freezing or thawing the
 * task, unkillable frozen tasks.
 * TCONF without a v1 freezer hierarchy (CONFIG_CGROUP_FREEZER, or bound
 * elsewhere).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "cgroup_v1.h"

#define MNT "frz"

static char base[32], dir_p[48], dir_c[64], dir_d[64];
static const char *dirs[] = {base, dir_p, dir_c, dir_d};
static volatile unsigned long *count;
static pid_t spinner, sleeper;

static void file_of(char *buf, size_t size, const char *dir, const char *file)
{
	snprintf(buf, size, "%s/%s", dir, file);
}

static void read_state(const char *dir, char *buf, size_t size)
{
	char path[128], fmt[16];

	file_of(path, sizeof(path), dir, "freezer.state");
	snprintf(fmt, sizeof(fmt), "%%%zus", size - 1);
	SAFE_FILE_SCANF(path, fmt, buf);
}

static int read_flag(const char *dir, const char *file)
{
	char path[128];
	int val;

	file_of(path, sizeof(path), dir, file);
	SAFE_FILE_SCANF(path, "%d", &val);
	return val;
}

static int write_state(const char *dir, const char *state)
{
	char path[128];

	file_of(path, sizeof(path), dir, "freezer.state");
	return cg1_write(path, state);
}

static void set_state(const char *dir, const char *state)
{
	int err = write_state(dir, state);

	if (err)
		tst_brk(TBROK, "write %s to %s/freezer.state: %s", state, dir,
			tst_strerrno(err));
}

/* poll freezer.state (reading it settles FREEZING into FROZEN) */
static void expect_state(const char *dir, const char *want)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	char cur[16];

	for (;;) {
		read_state(dir, cur, sizeof(cur));
		if (!strcmp(cur, want) || tst_mono_ms() > deadline)
			break;
		usleep(10000);
	}
	TST_EXP_EXPR(!strcmp(cur, want), "%s/freezer.state %s (want %s)",
		     dir, cur, want);
}

static void expect_flags(const char *dir, int self, int parent)
{
	int s = read_flag(dir, "freezer.self_freezing");
	int p = read_flag(dir, "freezer.parent_freezing");

	TST_EXP_EXPR(s == self && p == parent, "%s self_freezing %d "
		     "parent_freezing %d (want %d %d)", dir, s, p, self,
		     parent);
}

/* the spinner's counter does not move over 500 ms */
static void expect_still(const char *why)
{
	unsigned long before = *count;

	usleep(500000);
	TST_EXP_EXPR(*count == before, "spinner makes no progress %s "
		     "(%lu -> %lu)", why, before, *count);
}

/* the spinner's counter moves within 10 s */
static void expect_running(const char *why)
{
	long long deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	unsigned long before = *count;

	while (*count == before && tst_mono_ms() < deadline)
		usleep(10000);
	TST_EXP_EXPR(*count != before, "spinner runs %s", why);
}

static void move(pid_t pid, const char *dir)
{
	char path[128], val[16];
	int err;

	file_of(path, sizeof(path), dir, "cgroup.procs");
	snprintf(val, sizeof(val), "%d", (int)pid);
	err = cg1_write(path, val);
	if (err)
		tst_brk(TBROK, "write %s to %s: %s", val, path,
			tst_strerrno(err));
}

static void bad_write(const char *state)
{
	char cur[16];
	int err = write_state(dir_p, state);

	read_state(dir_p, cur, sizeof(cur));
	TST_EXP_EXPR(err == EINVAL && !strcmp(cur, "FROZEN"),
		     "write '%.*s' to freezer.state: EINVAL (%s), state %s",
		     (int)strcspn(state, "\n"), state, tst_strerrno(err),
		     cur);
}

static void run(void)
{
	TST_EXP_EXPR(access(MNT "/freezer.state", F_OK) && errno == ENOENT,
		     "no freezer.state in the hierarchy's root (ENOENT)");
	expect_state(dir_p, "THAWED");
	expect_flags(dir_p, 0, 0);

	sleeper = SAFE_FORK();
	if (!sleeper) {
		for (;;)
			pause();
	}
	spinner = SAFE_FORK();
	if (!spinner) {
		for (;;)
			(*count)++;
	}
	move(sleeper, dir_p);
	move(spinner, dir_c);
	expect_running("before the freeze");

	set_state(dir_p, "FROZEN");
	expect_state(dir_p, "FROZEN");
	expect_state(dir_c, "FROZEN");
	expect_flags(dir_p, 1, 0);
	expect_flags(dir_c, 0, 1);
	expect_still("in the frozen c");

	bad_write("FREEZING");
	bad_write("frozen");
	/* a lone newline: empty once stripped */
	bad_write("\n");

	SAFE_MKDIR(dir_d, 0755);
	expect_state(dir_d, "FROZEN");
	expect_flags(dir_d, 0, 1);

	set_state(dir_c, "THAWED");
	expect_state(dir_c, "FROZEN");
	expect_still("after THAWED in c under the frozen p");

	set_state(dir_c, "FROZEN");
	set_state(dir_p, "THAWED");
	expect_state(dir_p, "THAWED");
	expect_state(dir_d, "THAWED");
	expect_state(dir_c, "FROZEN");
	expect_flags(dir_c, 1, 0);
	expect_flags(dir_d, 0, 0);
	expect_still("in c frozen by itself after p's thaw");

	move(spinner, dir_p);
	expect_running("after its move from the frozen c to p");
	move(spinner, dir_c);
	expect_state(dir_c, "FROZEN");
	expect_still("after its move back into the frozen c");

	/* a frozen task dies of SIGKILL once thawed at the latest */
	SAFE_KILL(spinner, SIGKILL);
	set_state(dir_c, "THAWED");
	reap_child_killed(spinner, SIGKILL);
	spinner = 0;
	expect_state(dir_c, "THAWED");
	expect_flags(dir_c, 0, 0);

	/* the thawed sleeper takes a signal's default action */
	SAFE_KILL(sleeper, SIGTERM);
	reap_child_killed(sleeper, SIGTERM);
	sleeper = 0;
	SAFE_RMDIR(dir_d);
}

static void setup(void)
{
	count = SAFE_MMAP(NULL, sizeof(*count), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	mnt_private_ns();
	cg1_mount(MNT, "freezer");
	snprintf(base, sizeof(base), MNT "/ltp_%d", getpid());
	snprintf(dir_p, sizeof(dir_p), "%s/p", base);
	snprintf(dir_c, sizeof(dir_c), "%s/c", dir_p);
	snprintf(dir_d, sizeof(dir_d), "%s/d", dir_p);
	SAFE_MKDIR(base, 0755);
	SAFE_MKDIR(dir_p, 0755);
	SAFE_MKDIR(dir_c, 0755);
}

static void cleanup(void)
{
	if (!base[0])
		return;
	write_state(dir_p, "THAWED");
	write_state(dir_c, "THAWED");
	if (spinner > 0) {
		kill(spinner, SIGKILL);
		waitpid(spinner, NULL, 0);
	}
	if (sleeper > 0) {
		kill(sleeper, SIGKILL);
		waitpid(sleeper, NULL, 0);
	}
	cg1_rmdir_all(dirs, 4);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	/* its v1 hierarchy is a line in every process's /proc/PID/cgroup */
	.exclusive = 1,
	.timeout = 120,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * no_new_privs across execve() and between tasks (kernel/sys.c,
 * cap_bprm_creds_from_file() of security/commoncap.c), beside prctl04
 * (set-user-ID nobody run by root, the switch's errnos) and filecaps02
 * (file capabilities):
 * - it is a per-task flag: after PR_SET_NO_NEW_PRIVS (returns 0, a
 *   second time too) PR_GET_NO_NEW_PRIVS and NoNewPrivs in
 *   /proc/self/status read 1, the parent's /proc/PID/status of the task
 *   reads 1 while its own reads 0; a thread started before keeps 0, one
 *   started after has 1; a forked child has 1;
 * - across execve() (sec_helper copies, run by nobody): a plain program
 *   starts with PR_GET_NO_NEW_PRIVS and NoNewPrivs 1; a set-user-ID-root
 *   program keeps euid nobody, a set-group-ID-root one keeps egid
 *   nobody's group; without the flag (control, same copies) euid 0 and
 *   egid 0, and the flag reads 0; AT_SECURE is 1 exactly where an id
 *   changed (the set-id bits are ignored under the flag, as on nosuid);
 * - root too: a set-group-ID program of nobody's group leaves egid 0
 *   under no_new_privs even though root holds CAP_SETGID (egid nobody's
 *   group without it); a set-user-ID-nobody one leaves euid 0.
 * Catches: set-group-ID bits honoured under no_new_privs (only the uid
 * downgraded), the flag lost at execve() or fork(), leaking to sibling
 * threads or the parent, NoNewPrivs misreported.
 * TCONF when the tmpdir is mounted nosuid or the test starts with the
 * flag already set.
 */

#include <pthread.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/statvfs.h>
#include "tst_test.h"
#include "sec_exec.h"

static uid_t nobody_uid;
static gid_t nobody_gid;

struct nnp_line {
	int get, status;
	unsigned long secure;
	int uid, euid, gid, egid;
};

/* NoNewPrivs of /proc/<pid>/task/<tid>/status; -1 when missing. */
static int status_nnp(pid_t pid, pid_t tid)
{
	char path[64], line[256];
	int v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", pid, tid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "NoNewPrivs: %d", &v) == 1)
			break;
	fclose(f);
	return v;
}

static void set_nnp(void)
{
	TST_EXP_PASS(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0),
		     "PR_SET_NO_NEW_PRIVS");
}

struct prep_arg {
	int drop, nnp;
};

static void prep(void *p)
{
	const struct prep_arg *a = p;

	if (a->drop)
		tst_drop_privs();
	if (a->nnp && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_NO_NEW_PRIVS before exec");
}

static void run_helper(const char *prog, int drop, int nnp,
		       struct nnp_line *l)
{
	struct prep_arg a = { drop, nnp };
	char line[128];
	int ret = sec_run(prog, "nnp", prep, &a, line, sizeof(line));

	if (ret)
		tst_brk(TBROK, "running %s: %d", prog, ret);
	if (sscanf(line, "%d %d %lu %d %d %d %d", &l->get, &l->status,
		   &l->secure, &l->uid, &l->euid, &l->gid, &l->egid) != 7)
		tst_brk(TBROK, "%s printed '%s'", prog, line);
	tst_res(TINFO, "%s by %s%s: nnp %d/%d AT_SECURE %lu uid %d/%d "
		"gid %d/%d", prog, drop ? "nobody" : "root",
		nnp ? " with no_new_privs" : "", l->get, l->status, l->secure,
		l->uid, l->euid, l->gid, l->egid);
}

static void check_exec(const char *prog, int drop, int nnp, int euid,
		       int egid)
{
	struct nnp_line l;
	int uid = drop ? (int)nobody_uid : 0;
	int gid = drop ? (int)nobody_gid : 0;

	run_helper(prog, drop, nnp, &l);
	TST_EXP_EXPR(l.get == nnp && l.status == nnp,
		     "%s: PR_GET_NO_NEW_PRIVS %d, NoNewPrivs %d (want %d)",
		     prog, l.get, l.status, nnp);
	TST_EXP_EXPR(l.uid == uid && l.euid == euid,
		     "%s by %s%s: uid %d euid %d (want %d %d)", prog,
		     drop ? "nobody" : "root", nnp ? " with nnp" : "", l.uid,
		     l.euid, uid, euid);
	TST_EXP_EXPR(l.gid == gid && l.egid == egid,
		     "%s by %s%s: gid %d egid %d (want %d %d)", prog,
		     drop ? "nobody" : "root", nnp ? " with nnp" : "", l.gid,
		     l.egid, gid, egid);
	/*
	 * Under no_new_privs bprm_fill_uid() ignores the set-id bits
	 * altogether, so the exec is no privileged one: AT_SECURE 0.
	 */
	TST_EXP_EXPR(l.secure == (euid != uid || egid != gid),
		     "%s: AT_SECURE %lu (set exactly when an id changed)",
		     prog, l.secure);
}

static void test_exec(void)
{
	int u = nobody_uid, g = nobody_gid;

	check_exec("./h_plain", 1, 0, u, g);
	check_exec("./h_plain", 1, 1, u, g);
	check_exec("./h_suid_root", 1, 0, 0, g);
	check_exec("./h_suid_root", 1, 1, u, g);
	check_exec("./h_sgid_root", 1, 0, u, 0);
	check_exec("./h_sgid_root", 1, 1, u, g);
	check_exec("./h_sgid_nobody", 0, 0, 0, g);
	check_exec("./h_sgid_nobody", 0, 1, 0, 0);
	check_exec("./h_suid_nobody", 0, 0, u, 0);
	check_exec("./h_suid_nobody", 0, 1, 0, 0);
}

static int thread_ready[2], thread_go[2];

static void *idle_thread(void *arg)
{
	pid_t tid = tst_syscall(__NR_gettid);
	int *get = arg;
	char c;

	*get = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	SAFE_WRITE(1, thread_ready[1], &tid, sizeof(tid));
	SAFE_READ(0, thread_go[0], &c, 1);
	*get = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	return NULL;
}

static void start_thread(pthread_t *th, pid_t *tid, int *get)
{
	if (pthread_create(th, NULL, idle_thread, get))
		tst_brk(TBROK, "pthread_create()");
	SAFE_READ(1, thread_ready[0], tid, sizeof(*tid));
}

/* In a child: the flag set there, looked at from everywhere. */
static void nnp_child(int report_fd, int done_fd)
{
	pthread_t before, after;
	pid_t tid_before, tid_after, self = getpid(), pid;
	int get_before, get_after;
	char c = 0;

	SAFE_PIPE(thread_ready);
	SAFE_PIPE(thread_go);
	start_thread(&before, &tid_before, &get_before);

	set_nnp();
	set_nnp();
	TST_EXP_VAL(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 1,
		    "PR_GET_NO_NEW_PRIVS after setting it twice");
	TST_EXP_EQ_LI(status_nnp(self, self), 1);

	start_thread(&after, &tid_after, &get_after);
	TST_EXP_EQ_LI(status_nnp(self, tid_before), 0);
	TST_EXP_EQ_LI(status_nnp(self, tid_after), 1);
	SAFE_WRITE(1, thread_go[1], &c, 1);
	SAFE_WRITE(1, thread_go[1], &c, 1);
	pthread_join(before, NULL);
	pthread_join(after, NULL);
	TST_EXP_EXPR(get_before == 0,
		     "thread started before: PR_GET_NO_NEW_PRIVS %d (want 0)",
		     get_before);
	TST_EXP_EXPR(get_after == 1,
		     "thread started after: PR_GET_NO_NEW_PRIVS %d (want 1)",
		     get_after);

	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_VAL(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0), 1,
			    "forked grandchild");
		exit(0);
	}
	reap_child(pid);

	/* Now let the parent look at this task, then end when it has. */
	SAFE_WRITE(1, report_fd, &c, 1);
	SAFE_READ(1, done_fd, &c, 1);
	exit(0);
}

static void test_tasks(void)
{
	int ready[2], done[2];
	pid_t pid, self = getpid();
	char c = 0;

	SAFE_PIPE(ready);
	SAFE_PIPE(done);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(ready[0]);
		SAFE_CLOSE(done[1]);
		nnp_child(ready[1], done[0]);
	}
	SAFE_CLOSE(ready[1]);
	SAFE_CLOSE(done[0]);
	SAFE_READ(1, ready[0], &c, 1);
	SAFE_CLOSE(ready[0]);
	TST_EXP_EXPR(status_nnp(pid, pid) == 1,
		     "parent reads the child's NoNewPrivs 1");
	TST_EXP_EXPR(status_nnp(self, self) == 0 &&
		     !prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0),
		     "the parent's own flag still 0");
	SAFE_WRITE(1, done[1], &c, 1);
	SAFE_CLOSE(done[1]);
	reap_child(pid);
}

static void run(void)
{
	test_tasks();
	test_exec();
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");
	struct statvfs sv;

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	nobody_uid = pw->pw_uid;
	nobody_gid = pw->pw_gid;
	if (nobody_gid == 0)
		tst_brk(TCONF, "nobody's group is root's");
	if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0))
		tst_brk(TCONF, "started with no_new_privs already set");
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs(.)");
	if (sv.f_flag & ST_NOSUID)
		tst_brk(TCONF, "the tmpdir is mounted nosuid");

	sec_copy_helper("h_plain", 0755);
	sec_copy_helper("h_suid_root", 04755);
	sec_copy_helper("h_sgid_root", 02755);
	sec_copy_helper("h_sgid_nobody", 0755);
	SAFE_CHOWN("h_sgid_nobody", 0, nobody_gid);
	SAFE_CHMOD("h_sgid_nobody", 02755);
	sec_copy_helper("h_suid_nobody", 0755);
	SAFE_CHOWN("h_suid_nobody", nobody_uid, 0);
	SAFE_CHMOD("h_suid_nobody", 04755);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

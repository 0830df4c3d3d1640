// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * AppArmor's task and policy interfaces for an unconfined root task
 * (security/apparmor/lsm.c, domain.c, procattr.c, apparmorfs.c and
 * proc_pid_attr_write() of fs/proc/base.c), no policy loaded or changed:
 * - /proc/self/attr/current and /proc/self/attr/apparmor/current read
 *   exactly "unconfined\n", also in a forked child and from the parent
 *   through /proc/<child>/attr/current; attr/prev and attr/exec are
 *   EINVAL (no previous or on-exec label: the hook's last branch);
 * - writes to attr/current: "changehat 1^ltp_hat" and "permhat" EPERM
 *   (unconfined cannot change hat), "changehat ltp_hat" (no token)
 *   EINVAL, "changeprofile" and "permprofile" of a profile that does not
 *   exist ENOENT, an unknown command, a command without argument or with
 *   only blanks, and an empty write EINVAL; a write at offset 1 EINVAL;
 *   the label still reads "unconfined" after each;
 * - "exec ltp_no_such_profile" to attr/exec ENOENT, attr/exec still
 *   unset; "changeprofile x" to attr/exec EINVAL; "exec unconfined"
 *   accepted and read back from attr/exec, gone after the execve();
 * - a sibling thread's attr/current EACCES (same mm, other task); the
 *   parent writing its child's, and a child writing through its
 *   parent's descriptor, EPERM (the writer's mm is not the file's);
 * - securityfs: .remove of a profile that does not exist ENOENT, a
 *   .load or .replace of bytes that are no policy EPROTONOSUPPORT, a
 *   .load at offset 1 ESPIPE, root without CAP_MAC_ADMIN EACCES, and root
 *   writing through .load, .replace and .remove descriptors opened with
 *   euid nobody (the files are 0666) EACCES: the opener's privileges
 *   count (6601e13e8284, Qualys' confused-deputy report; without it the
 *   garbage reaches the unpacker: EPROTONOSUPPORT, and a real policy
 *   would load); the profiles list unchanged.
 * Catches: unconfined tasks reported or treated as confined, hat and
 * profile changes taken without a token or a profile, other tasks'
 * labels writable, policy managed by unprivileged openers or without
 * CAP_MAC_ADMIN, garbage accepted as policy.
 * TCONF when AppArmor is not an active LSM.
 */

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "caps_raw.h"

#define SECFS		"/sys/kernel/security"
#define AAFS		SECFS "/apparmor"
#define NO_PROFILE	"ltp_no_such_profile"

static uid_t nobody;
static int mounted_secfs;
static char *profiles_before;

/* Whole contents of a small file; -errno when the open or read fails. */
static int read_small(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	buf[n] = 0;
	return 0;
}

static char *read_all(const char *path)
{
	size_t len = 0, cap = 4096;
	char *buf = SAFE_MALLOC(cap);
	int fd = SAFE_OPEN(path, O_RDONLY);
	ssize_t n;

	while ((n = SAFE_READ(0, fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (cap - len < 512) {
			cap *= 2;
			buf = realloc(buf, cap);
			if (!buf)
				tst_brk(TBROK, "realloc(%zu)", cap);
		}
	}
	SAFE_CLOSE(fd);
	buf[len] = 0;
	return buf;
}

static void expect_label(const char *path, const char *why)
{
	char buf[256];
	int ret = read_small(path, buf, sizeof(buf));

	if (ret) {
		tst_res(TFAIL, "%s: read %s: %s", why, path, tst_strerrno(-ret));
		return;
	}
	if (strcmp(buf, "unconfined\n"))
		tst_res(TFAIL, "%s: %s reads '%s', want 'unconfined\\n'",
			why, path, buf);
	else
		tst_res(TPASS, "%s: %s reads 'unconfined'", why, path);
}

static void expect_read_errno(const char *path, int err)
{
	char buf[256];
	int ret = read_small(path, buf, sizeof(buf));

	if (ret == -err)
		tst_res(TPASS, "read %s: %s", path, tst_strerrno(err));
	else if (!ret)
		tst_res(TFAIL, "read %s gave '%s', want %s", path, buf,
			tst_strerrno(err));
	else
		tst_res(TFAIL, "read %s: %s, want %s", path,
			tst_strerrno(-ret), tst_strerrno(err));
}

/* Write len bytes of s at offset off of a fresh descriptor of path. */
static void expect_write_errno(const char *path, const char *s, size_t len,
			       off_t off, int err)
{
	int fd = SAFE_OPEN(path, O_WRONLY);

	TST_EXP_FAIL(pwrite(fd, s, len, off), err, "write '%.*s' (%zu bytes) "
		     "at %ld to %s", (int)len, s, len, (long)off, path);
	SAFE_CLOSE(fd);
}

static void write_str_errno(const char *path, const char *s, int err)
{
	expect_write_errno(path, s, strlen(s), 0, err);
}

static void test_read_labels(void)
{
	char path[64];
	pid_t pid;
	int ready[2], go[2];
	char c = 0;

	expect_label("/proc/self/attr/current", "self");
	expect_label("/proc/self/attr/apparmor/current", "self");
	/* No previous or on-exec label: the hook's last branch, EINVAL. */
	expect_read_errno("/proc/self/attr/prev", EINVAL);
	expect_read_errno("/proc/self/attr/exec", EINVAL);
	expect_read_errno("/proc/self/attr/apparmor/exec", EINVAL);

	SAFE_PIPE(ready);
	SAFE_PIPE(go);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(ready[0]);
		SAFE_CLOSE(go[1]);
		expect_label("/proc/self/attr/current", "forked child");
		SAFE_WRITE(1, ready[1], &c, 1);
		SAFE_READ(0, go[0], &c, 1);
		exit(0);
	}
	SAFE_CLOSE(ready[1]);
	SAFE_CLOSE(go[0]);
	SAFE_READ(1, ready[0], &c, 1);
	snprintf(path, sizeof(path), "/proc/%d/attr/current", pid);
	expect_label(path, "parent reading its child");
	/* The fd holds the child's mm, which is not the writer's. */
	write_str_errno(path, "changeprofile unconfined", EPERM);
	SAFE_WRITE(1, go[1], &c, 1);
	SAFE_CLOSE(ready[0]);
	SAFE_CLOSE(go[1]);
	reap_child(pid);
}

static void test_write_current(void)
{
	const char *cur = "/proc/self/attr/current";
	const char *exe = "/proc/self/attr/exec";
	int fd;
	pid_t pid;

	write_str_errno(cur, "changehat 1^ltp_hat", EPERM);
	write_str_errno(cur, "permhat 1^ltp_hat", EPERM);
	write_str_errno(cur, "changehat ltp_hat", EINVAL);
	write_str_errno(cur, "changeprofile " NO_PROFILE, ENOENT);
	write_str_errno(cur, "permprofile " NO_PROFILE, ENOENT);
	write_str_errno(cur, "ltp_bogus " NO_PROFILE, EINVAL);
	write_str_errno(cur, "changeprofile", EINVAL);
	write_str_errno(cur, "changeprofile   ", EINVAL);
	expect_write_errno(cur, "", 0, 0, EINVAL);
	expect_write_errno(cur, "changeprofile unconfined", 24, 1, EINVAL);
	expect_label(cur, "after the refused writes");

	write_str_errno(exe, "exec " NO_PROFILE, ENOENT);
	write_str_errno(exe, "changeprofile " NO_PROFILE, EINVAL);
	expect_read_errno(exe, EINVAL);
	expect_label(cur, "after the refused exec writes");

	/* The opener's mm is checked before anything else. */
	fd = SAFE_OPEN(cur, O_WRONLY);
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_FAIL(write(fd, "changehat 1^x", 13), EPERM,
			     "child writing through its parent's attr fd");
		exit(0);
	}
	reap_child(pid);
	SAFE_CLOSE(fd);
}

static int thread_ready[2], thread_go[2];

/* Hands its tid to the main thread, then lives until told to end. */
static void *idle_thread(void *arg)
{
	pid_t tid = tst_syscall(__NR_gettid);
	char c;

	(void)arg;
	SAFE_WRITE(1, thread_ready[1], &tid, sizeof(tid));
	SAFE_READ(0, thread_go[0], &c, 1);
	return NULL;
}

/*
 * A thread shares the writer's mm, so the fd passes the opener check and
 * the "only its own attributes" check refuses it.
 */
static void test_sibling_thread(void)
{
	pthread_t th;
	char path[64];
	pid_t tid;
	char c = 0;

	SAFE_PIPE(thread_ready);
	SAFE_PIPE(thread_go);
	if (pthread_create(&th, NULL, idle_thread, NULL))
		tst_brk(TBROK, "pthread_create()");
	SAFE_READ(1, thread_ready[0], &tid, sizeof(tid));
	snprintf(path, sizeof(path), "/proc/self/task/%d/attr/current", tid);
	expect_label(path, "main thread reading its sibling");
	write_str_errno(path, "changeprofile unconfined", EACCES);
	SAFE_WRITE(1, thread_go[1], &c, 1);
	pthread_join(th, NULL);
	SAFE_CLOSE(thread_ready[0]);
	SAFE_CLOSE(thread_ready[1]);
	SAFE_CLOSE(thread_go[0]);
	SAFE_CLOSE(thread_go[1]);
}

/*
 * "exec unconfined" is accepted and read back from attr/exec; the exec
 * consumes it: cat of attr/exec in the new program fails (exit 1).
 */
static void test_onexec(void)
{
	const char *exe = "/proc/self/attr/exec";
	const char *msg = "exec unconfined";
	int status, fd;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		fd = SAFE_OPEN(exe, O_WRONLY);
		TST_EXP_VAL(write(fd, msg, strlen(msg)), (long)strlen(msg),
			    "write '%s' to %s", msg, exe);
		SAFE_CLOSE(fd);
		expect_label(exe, "on-exec label set");
		expect_label("/proc/self/attr/apparmor/exec",
			     "on-exec label set");
		expect_label("/proc/self/attr/current", "on-exec label set");
		fd = SAFE_OPEN("/dev/null", O_WRONLY);
		SAFE_DUP2(fd, 1);
		SAFE_DUP2(fd, 2);
		execlp("cat", "cat", exe, (char *)NULL);
		exit(3);
	}
	SAFE_WAITPID(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 1)
		tst_res(TPASS, "after the exec attr/exec is unset (cat fails)");
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
		tst_brk(TBROK, "cannot execute cat");
	else
		tst_res(TFAIL, "cat of attr/exec after the exec: status 0x%x "
			"(0: the on-exec label survived the exec)", status);
}

static void drop_mac_admin(void)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget()");
	s.eff &= ~(1ULL << CAP_MAC_ADMIN);
	s.prm &= ~(1ULL << CAP_MAC_ADMIN);
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset() without CAP_MAC_ADMIN");
}

static const char not_policy[] = "ltp: these bytes are no policy";

static void test_policy_files(void)
{
	int load_fd, replace_fd, remove_fd;
	pid_t pid;
	char *after;

	write_str_errno(AAFS "/.remove", NO_PROFILE, ENOENT);
	write_str_errno(AAFS "/.load", not_policy, EPROTONOSUPPORT);
	write_str_errno(AAFS "/.replace", not_policy, EPROTONOSUPPORT);
	expect_write_errno(AAFS "/.load", not_policy, sizeof(not_policy) - 1,
			   1, ESPIPE);

	pid = SAFE_FORK();
	if (!pid) {
		drop_mac_admin();
		write_str_errno(AAFS "/.load", not_policy, EACCES);
		write_str_errno(AAFS "/.remove", NO_PROFILE, EACCES);
		exit(0);
	}
	reap_child(pid);

	/*
	 * Opened with euid nobody (the files are 0666), written by full
	 * root: the opener's credentials must count.
	 */
	SAFE_SETEUID(nobody);
	load_fd = SAFE_OPEN(AAFS "/.load", O_WRONLY);
	replace_fd = SAFE_OPEN(AAFS "/.replace", O_WRONLY);
	remove_fd = SAFE_OPEN(AAFS "/.remove", O_WRONLY);
	SAFE_SETEUID(0);
	TST_EXP_FAIL(write(load_fd, not_policy, sizeof(not_policy) - 1), EACCES,
		     "root writing to a .load fd opened by nobody");
	TST_EXP_FAIL(write(replace_fd, not_policy, sizeof(not_policy) - 1),
		     EACCES, "root writing to a .replace fd opened by nobody");
	TST_EXP_FAIL(write(remove_fd, NO_PROFILE, strlen(NO_PROFILE)), EACCES,
		     "root writing to a .remove fd opened by nobody");
	SAFE_CLOSE(load_fd);
	SAFE_CLOSE(replace_fd);
	SAFE_CLOSE(remove_fd);

	after = read_all(AAFS "/profiles");
	if (strcmp(after, profiles_before))
		tst_res(TFAIL, "profiles changed: before '%s' after '%s'",
			profiles_before, after);
	else
		tst_res(TPASS, "profiles list unchanged");
	free(after);
}

static void setup(void)
{
	char lsms[512];
	struct passwd *pw = getpwnam("nobody");

	if (!pw)
		tst_brk(TBROK, "no user nobody");
	nobody = pw->pw_uid;
	/*
	 * Our own securityfs mount in a mount namespace of our own: a
	 * shared one may be unmounted meanwhile by another test's (or a
	 * parallel instance's) cleanup; this one vanishes with the test.
	 */
	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	SAFE_MOUNT(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("securityfs", SECFS, "securityfs", 0, NULL);
	mounted_secfs = 1;
	if (read_small(SECFS "/lsm", lsms, sizeof(lsms)))
		tst_brk(TBROK | TERRNO, "read " SECFS "/lsm");
	if (!strstr(lsms, "apparmor"))
		tst_brk(TCONF, "AppArmor is not an active LSM (%s)", lsms);
	if (access(AAFS "/profiles", R_OK))
		tst_brk(TCONF | TERRNO, AAFS " is not there");
	profiles_before = read_all(AAFS "/profiles");
	tst_res(TINFO, "profiles loaded: %zu bytes", strlen(profiles_before));
}

static void cleanup(void)
{
	free(profiles_before);
	if (mounted_secfs)
		SAFE_UMOUNT(SECFS);
}

static void run(void)
{
	test_read_labels();
	test_write_current();
	test_sibling_thread();
	test_onexec();
	test_policy_files();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "6601e13e8284"},
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What ptrace_may_access() hides of a process from another user, and of
 * a non-dumpable process from its own user. Targets: T1, dumpable, and
 * T2, made non-dumpable with PR_SET_DUMPABLE 0, both running as uid A
 * and asleep in read(). Readers are children of the test process.
 *  - uid B on T1: open() of /proc/T1/environ, maps and mem, and of the
 *    fd directory, and readlink() of exe are EACCES; /proc/T1/stat reads
 *    but startcode and endcode are 1, startstack, kstkesp, kstkeip and
 *    fields 45 to 52 (data, brk, argument and environment bounds, exit
 *    code) 0; /proc/T1/wchan reads "0"; PTRACE_ATTACH and
 *    process_vm_readv() are EPERM, kcmp() too;
 *  - uid A (a sibling, not an ancestor) on T2: environ, maps and exe
 *    EACCES, stat hidden the same way, PTRACE_ATTACH and
 *    process_vm_readv() EPERM;
 *  - uid A on T1 (the control): environ and maps read, exe resolves,
 *    stat shows real values (startcode > 1, arg_start > 0);
 *  - root on T1 and T2: stat shows real values and wchan names the
 *    function T1 sleeps in (not "0").
 * A kernel leaking any of these gives an unprivileged user the layout
 * (ASLR) or memory of another user's or a hardened process.
 * Syscalls: ptrace, process_vm_readv, kcmp
 */
#include <grp.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <linux/kcmp.h>
#include "tst_test.h"
#include "task_wait.h"

static uid_t uid_a, uid_b;
static pid_t t1, t2;
static int p1[2], p2[2];
static char secret[64] = "ptrace_access01 secret";

static void become(uid_t uid)
{
	if (setgroups(0, NULL) || setresgid(uid, uid, uid) ||
	    setresuid(uid, uid, uid))
		tst_brk(TBROK | TERRNO, "dropping to uid %u", (unsigned int)uid);
}

static pid_t target(int fds[2], int dumpable)
{
	pid_t pid;
	char c;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(fds[1]);
		become(uid_a);
		if (prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0))
			tst_brk(TBROK | TERRNO, "PR_SET_DUMPABLE %d", dumpable);
		SAFE_READ(0, fds[0], &c, 1);
		exit(0);
	}
	SAFE_CLOSE(fds[0]);
	wait_task_in_syscall(pid, __NR_read);
	return pid;
}

static void path_of(char *buf, size_t len, pid_t pid, const char *file)
{
	snprintf(buf, len, "/proc/%d/%s", (int)pid, file);
}

static void exp_open(pid_t pid, const char *file, int flags, int err,
		     const char *who)
{
	char path[64];

	path_of(path, sizeof(path), pid, file);
	if (err)
		TST_EXP_FAIL(open(path, flags), err, "%s: open(%s)", who,
			     path);
	else
		TST_EXP_FD(open(path, flags), "%s: open(%s)", who, path);
	if (TST_RET >= 0)
		SAFE_CLOSE(TST_RET);
}

static void exp_readlink_exe(pid_t pid, int err, const char *who)
{
	char path[64], buf[PATH_MAX];

	path_of(path, sizeof(path), pid, "exe");
	if (err)
		TST_EXP_FAIL(readlink(path, buf, sizeof(buf)), err,
			     "%s: readlink(%s)", who, path);
	else
		TST_EXP_POSITIVE(readlink(path, buf, sizeof(buf)),
				 "%s: readlink(%s)", who, path);
}

/* Fields 1..52 of /proc/PID/stat (index = field number). */
static void read_stat(pid_t pid, unsigned long long f[53])
{
	char path[64], buf[2048], *p;
	int i;

	path_of(path, sizeof(path), pid, "stat");
	SAFE_FILE_SCANF(path, "%2047[^\n]", buf);
	memset(f, 0, 53 * sizeof(f[0]));
	p = strrchr(buf, ')');
	if (!p)
		tst_brk(TBROK, "%s: '%s'", path, buf);
	p += 4;	/* ") S " */
	for (i = 4; i <= 52 && p; i++) {
		f[i] = strtoull(p, NULL, 10);
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	if (i != 53)
		tst_brk(TBROK, "%s has fewer than 52 fields", path);
}

static void stat_hidden(pid_t pid, int hidden, const char *who)
{
	unsigned long long f[53];
	int i, bad = 0;

	read_stat(pid, f);
	if (hidden) {
		if (f[26] != 1 || f[27] != 1 || f[28] || f[29] || f[30])
			bad = 1;
		for (i = 45; i <= 52; i++)
			if (f[i])
				bad = 1;
		if (bad)
			tst_res(TFAIL, "%s: stat shows startcode %llu endcode "
				"%llu startstack %#llx esp %#llx eip %#llx "
				"start_brk %#llx arg_start %#llx", who, f[26],
				f[27], f[28], f[29], f[30], f[47], f[48]);
		else
			tst_res(TPASS, "%s: stat hides the layout "
				"(startcode 1, endcode 1, fields 28-30 and "
				"45-52 0)", who);
		return;
	}
	if (f[26] > 1 && f[27] > f[26] && f[28] && f[48] && f[51] > f[50])
		tst_res(TPASS, "%s: stat shows startcode %#llx, arg_start "
			"%#llx", who, f[26], f[48]);
	else
		tst_res(TFAIL, "%s: stat shows startcode %llu endcode %llu "
			"startstack %llu arg_start %llu env %llu-%llu", who,
			f[26], f[27], f[28], f[48], f[50], f[51]);
}

static void exp_wchan(pid_t pid, int zero, const char *who)
{
	char path[64], buf[128] = "";
	int fd;
	ssize_t n;

	path_of(path, sizeof(path), pid, "wchan");
	fd = SAFE_OPEN(path, O_RDONLY);
	n = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[n > 0 ? n : 0] = 0;
	if (zero == !strcmp(buf, "0"))
		tst_res(TPASS, "%s: wchan reads '%s'", who, buf);
	else
		tst_res(TFAIL, "%s: wchan reads '%s'", who, buf);
}

static void exp_attach_vm(pid_t pid, const char *who)
{
	char buf[sizeof(secret)];
	struct iovec local = {buf, sizeof(buf)};
	struct iovec remote = {secret, sizeof(secret)};

	TST_EXP_FAIL(ptrace(PTRACE_ATTACH, pid, NULL, NULL), EPERM,
		     "%s: PTRACE_ATTACH", who);
	TST_EXP_FAIL(process_vm_readv(pid, &local, 1, &remote, 1, 0), EPERM,
		     "%s: process_vm_readv()", who);
}

static void reader_b(void)
{
	become(uid_b);
	exp_open(t1, "environ", O_RDONLY, EACCES, "B on T1");
	exp_open(t1, "maps", O_RDONLY, EACCES, "B on T1");
	exp_open(t1, "mem", O_RDONLY, EACCES, "B on T1");
	exp_open(t1, "fd", O_RDONLY | O_DIRECTORY, EACCES, "B on T1");
	exp_readlink_exe(t1, EACCES, "B on T1");
	stat_hidden(t1, 1, "B on T1");
	exp_wchan(t1, 1, "B on T1");
	exp_attach_vm(t1, "B on T1");
	TST_EXP_FAIL(tst_syscall(__NR_kcmp, getpid(), t1, KCMP_VM, 0, 0),
		     EPERM, "B on T1: kcmp(KCMP_VM)");
}

static void reader_a(void)
{
	become(uid_a);
	exp_open(t2, "environ", O_RDONLY, EACCES, "A on non-dumpable T2");
	exp_open(t2, "maps", O_RDONLY, EACCES, "A on non-dumpable T2");
	exp_readlink_exe(t2, EACCES, "A on non-dumpable T2");
	stat_hidden(t2, 1, "A on non-dumpable T2");
	exp_attach_vm(t2, "A on non-dumpable T2");

	exp_open(t1, "environ", O_RDONLY, 0, "A on dumpable T1");
	exp_open(t1, "maps", O_RDONLY, 0, "A on dumpable T1");
	exp_readlink_exe(t1, 0, "A on dumpable T1");
	stat_hidden(t1, 0, "A on dumpable T1");
}

static void run(void)
{
	t1 = target(p1, 1);
	t2 = target(p2, 0);

	run_in_child(reader_b);
	run_in_child(reader_a);
	stat_hidden(t1, 0, "root on T1");
	stat_hidden(t2, 0, "root on T2");
	exp_wchan(t1, 0, "root on T1");

	SAFE_CLOSE(p1[1]);
	SAFE_CLOSE(p2[1]);
	reap_child(t1);
	reap_child(t2);
}

static void setup(void)
{
	uid_a = 0x40000000u + getpid();
	uid_b = 0x48000000u + getpid();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
};

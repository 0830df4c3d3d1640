// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Entering time namespaces other than by fork() (kernel/time/namespace.c
 * timens_install(), timens_on_fork(); kernel/fork.c copy_process()):
 *  - setns() into a time namespace whose offsets are monotonic +1e6 s and
 *    boottime +2e6 s switches the caller's own clocks at once: its
 *    CLOCK_MONOTONIC and CLOCK_BOOTTIME through the vDSO and through the
 *    system call lie between the test's readings before and after plus
 *    the offset (the vDSO data page is replaced), CLOCK_REALTIME does
 *    not move; its /proc/self/ns/time and time_for_children are both
 *    that namespace, and a child it forks sees the same offset;
 *  - setns() into it from a process with two threads fails with EUSERS,
 *    and as nobody without capabilities with EPERM; the caller's time
 *    namespace is unchanged;
 *  - after unshare(CLONE_NEWTIME) (children in a new namespace with a
 *    boottime offset, the caller not), a task sharing the address space
 *    cannot be in another time namespace. Linux 6.1 refuses it: vfork()
 *    and pthread_create() fail with EINVAL. Later kernels (exec switches
 *    the time namespace, exec_task_namespaces()) let both work, the
 *    thread staying in the caller's namespace and the vfork() child
 *    entering the new one at execve(): cat /proc/uptime shows the offset.
 *    Either way the two agree; fork() puts the child in the new
 *    namespace, and after setns() back into its own time namespace
 *    pthread_create() works;
 *  - clone3(CLONE_NEWTIME) puts the child in a new time namespace at
 *    once: other than the parent's, offsets "monotonic 0 0" and
 *    "boottime 0 0", which the child can no longer change (EACCES), its
 *    clock the parent's.
 */
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "clone3_raw.h"

#define MONO_OFF 1000000LL
#define BOOT_OFF 2000000LL
#define NSEC 1000000000LL

struct shared {
	long long vdso_mono, sys_mono, vdso_boot, sys_boot, real, child_mono;
};
static struct shared *sh;
static int nsfd = -1;
static ino_t target_ino;

static long long now_ns(clockid_t id, int raw)
{
	struct timespec ts;

	if (raw ? syscall(SYS_clock_gettime, id, &ts) : clock_gettime(id, &ts))
		tst_brk(TBROK | TERRNO, "clock_gettime(%d)", id);
	return ts.tv_sec * NSEC + ts.tv_nsec;
}

static void *idle_thread(void *arg)
{
	for (;;)
		pause();
	return arg;
}

static void joiner(void)
{
	pid_t pid;

	TST_EXP_PASS(setns(nsfd, CLONE_NEWTIME), "setns(CLONE_NEWTIME)");
	sh->vdso_mono = now_ns(CLOCK_MONOTONIC, 0);
	sh->sys_mono = now_ns(CLOCK_MONOTONIC, 1);
	sh->vdso_boot = now_ns(CLOCK_BOOTTIME, 0);
	sh->sys_boot = now_ns(CLOCK_BOOTTIME, 1);
	sh->real = now_ns(CLOCK_REALTIME, 0);
	TST_EXP_EXPR(NS_ID(0, "time") == target_ino &&
		     NS_ID(0, "time_for_children") == target_ino,
		     "after setns() time and time_for_children are the target");
	pid = SAFE_FORK();
	if (!pid) {
		sh->child_mono = now_ns(CLOCK_MONOTONIC, 0);
		exit(0);
	}
	reap_child(pid);
	exit(0);
}

static void refused(void)
{
	ino_t own = NS_ID(0, "time");
	pthread_t th;
	pid_t pid;
	int err;

	err = pthread_create(&th, NULL, idle_thread, NULL);
	if (err)
		tst_brk(TBROK, "pthread_create: %s", tst_strerrno(err));
	TST_EXP_FAIL(setns(nsfd, CLONE_NEWTIME), EUSERS,
		     "setns(CLONE_NEWTIME) with two threads");
	TST_EXP_EXPR(NS_ID(0, "time") == own, "time namespace unchanged");

	pid = SAFE_FORK();
	if (!pid) {
		SAFE_SETGID(65534);
		SAFE_SETUID(65534);
		TST_EXP_FAIL(setns(nsfd, CLONE_NEWTIME), EPERM,
			     "setns(CLONE_NEWTIME) as nobody");
		TST_EXP_EXPR(NS_ID(0, "time") == own,
			     "time namespace unchanged");
		exit(0);
	}
	reap_child(pid);
	exit(0);
}

static void *thread_ns(void *arg)
{
	struct stat st;

	SAFE_STAT("/proc/thread-self/ns/time", &st);
	*(ino_t *)arg = st.st_ino;
	return NULL;
}

static double read_uptime(int fd)
{
	char buf[128];
	double up = -1;
	ssize_t n;

	n = read(fd, buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = 0;
	if (sscanf(buf, "%lf", &up) != 1)
		return -1;
	return up;
}

static void split(void)
{
	char path[64];
	pthread_t th;
	pid_t pid;
	int err, vfork_err, fd, p[2], status;
	ino_t own, kids, thread_ino = 0;
	double up;

	snprintf(path, sizeof(path), "/proc/%d/ns/time", (int)getpid());
	fd = SAFE_OPEN(path, O_RDONLY);
	own = NS_ID(0, "time");
	if (unshare(CLONE_NEWTIME))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWTIME)");
	kids = NS_ID(0, "time_for_children");
	SAFE_FILE_PRINTF("/proc/self/timens_offsets", "boottime %lld 0",
			 BOOT_OFF);

	SAFE_PIPE(p);
	pid = vfork();
	if (!pid) {
		if (dup2(p[1], 1) == 1)
			execl("/bin/cat", "cat", "/proc/uptime", (char *)NULL);
		_exit(127);
	}
	vfork_err = errno;
	SAFE_CLOSE(p[1]);
	if (pid > 0) {
		up = read_uptime(p[0]);
		SAFE_WAITPID(pid, &status, 0);
		TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status) &&
			     up >= BOOT_OFF, "vfork() worked; its child's "
			     "execve() entered the new time namespace: "
			     "/proc/uptime %.0f s (status 0x%x)", up, status);
	}
	SAFE_CLOSE(p[0]);
	err = pthread_create(&th, NULL, thread_ns, &thread_ino);
	if (pid < 0) {
		TST_EXP_EXPR(vfork_err == EINVAL, "vfork() after unshare("
			     "CLONE_NEWTIME): %s", tst_strerrno(vfork_err));
		TST_EXP_EXPR(err == EINVAL, "pthread_create() after unshare("
			     "CLONE_NEWTIME): %s", tst_strerrno(err));
	} else {
		TST_EXP_EXPR(!err, "pthread_create() works as vfork() did: %s",
			     tst_strerrno(err));
	}
	if (!err) {
		pthread_join(th, NULL);
		TST_EXP_EXPR(thread_ino == own, "the thread stays in the "
			     "caller's time namespace");
	}

	pid = SAFE_FORK();
	if (!pid) {
		SAFE_FILE_SCANF("/proc/uptime", "%lf", &up);
		TST_EXP_EXPR(NS_ID(0, "time") == kids && up >= BOOT_OFF,
			     "fork() after unshare(CLONE_NEWTIME): the child is "
			     "in the new namespace, /proc/uptime %.0f s", up);
		exit(0);
	}
	reap_child(pid);

	TST_EXP_PASS(setns(fd, CLONE_NEWTIME), "setns() to its own time ns");
	err = pthread_create(&th, NULL, idle_thread, NULL);
	TST_EXP_EXPR(!err, "pthread_create() after that: %s",
		     tst_strerrno(err));
	SAFE_CLOSE(fd);
	exit(0);
}

static void clone3_newtime(void)
{
	struct clone3_args args = {
		.flags = CLONE_NEWTIME,
		.exit_signal = SIGCHLD,
	};
	ino_t own = NS_ID(0, "time");
	long long before, after;
	long long off[4] = {1, 1, 1, 1};
	char buf[128] = {0};
	pid_t pid;
	int fd;

	before = now_ns(CLOCK_MONOTONIC, 1);
	pid = clone3(&args, sizeof(args));
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "clone3(CLONE_NEWTIME)");
	if (!pid) {
		sh->child_mono = now_ns(CLOCK_MONOTONIC, 0);
		TST_EXP_EXPR(NS_ID(0, "time") != own &&
			     NS_ID(0, "time") == NS_ID(0, "time_for_children"),
			     "clone3(CLONE_NEWTIME) child is in a new time ns");
		fd = SAFE_OPEN("/proc/self/timens_offsets", O_RDONLY);
		SAFE_READ(0, fd, buf, sizeof(buf) - 1);
		SAFE_CLOSE(fd);
		TST_EXP_EXPR(sscanf(buf, "monotonic %lld %lld boottime %lld "
				    "%lld", &off[0], &off[1], &off[2],
				    &off[3]) == 4 && !off[0] && !off[1] &&
			     !off[2] && !off[3], "its offsets are zero: %s",
			     buf);
		fd = SAFE_OPEN("/proc/self/timens_offsets", O_WRONLY);
		TST_EXP_FAIL(write(fd, "monotonic 5 0", 13), EACCES,
			     "changing the offsets of a namespace it is in");
		SAFE_CLOSE(fd);
		exit(0);
	}
	reap_child(pid);
	after = now_ns(CLOCK_MONOTONIC, 1);
	TST_EXP_EXPR(sh->child_mono >= before && sh->child_mono <= after,
		     "its CLOCK_MONOTONIC is the parent's");
}

static void holder_main(int evfd)
{
	char buf[128];
	pid_t pid;

	if (unshare(CLONE_NEWTIME))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWTIME)");
	snprintf(buf, sizeof(buf), "monotonic %lld 0\nboottime %lld 0\n",
		 MONO_OFF, BOOT_OFF);
	SAFE_FILE_PRINTF("/proc/self/timens_offsets", "%s", buf);
	pid = SAFE_FORK();
	if (!pid) {
		ns_signal_fd(evfd);
		for (;;)
			pause();
	}
	exit(0);
}

static void check_in(const char *what, long long val, long long lo,
		     long long hi)
{
	TST_EXP_EXPR(val >= lo && val <= hi, "%s %lld.%09lld in [%lld.%09lld,"
		     " %lld.%09lld]", what, val / NSEC, val % NSEC, lo / NSEC,
		     lo % NSEC, hi / NSEC, hi % NSEC);
}

static void run(void)
{
	long long mono0, mono1, boot0, boot1, real0, real1;
	int ev[2];
	pid_t holder, member, pid;
	char path[64];
	FILE *f;

	memset(sh, 0, sizeof(*sh));
	SAFE_PIPE(ev);
	holder = SAFE_FORK();
	if (!holder)
		holder_main(ev[1]);
	SAFE_CLOSE(ev[1]);
	ns_wait_fd(ev[0]);
	SAFE_CLOSE(ev[0]);
	reap_child(holder);
	/* the member was reparented to us (subreaper) or to init: find it */
	snprintf(path, sizeof(path), "/proc/%d/task/%d/children",
		 (int)getpid(), (int)getpid());
	member = 0;
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%d", &member) != 1)
			member = 0;
		fclose(f);
	}
	if (!member)
		tst_brk(TBROK, "the holder's member is not our child");
	snprintf(path, sizeof(path), "/proc/%d/ns/time", (int)member);
	nsfd = SAFE_OPEN(path, O_RDONLY);
	target_ino = NS_ID(member, "time");

	mono0 = now_ns(CLOCK_MONOTONIC, 1);
	boot0 = now_ns(CLOCK_BOOTTIME, 1);
	real0 = now_ns(CLOCK_REALTIME, 1);
	pid = SAFE_FORK();
	if (!pid)
		joiner();
	reap_child(pid);
	mono1 = now_ns(CLOCK_MONOTONIC, 1) + MONO_OFF * NSEC;
	boot1 = now_ns(CLOCK_BOOTTIME, 1) + BOOT_OFF * NSEC;
	real1 = now_ns(CLOCK_REALTIME, 1);
	mono0 += MONO_OFF * NSEC;
	boot0 += BOOT_OFF * NSEC;
	check_in("vDSO CLOCK_MONOTONIC after setns", sh->vdso_mono, mono0,
		 mono1);
	check_in("syscall CLOCK_MONOTONIC after setns", sh->sys_mono, mono0,
		 mono1);
	check_in("vDSO CLOCK_BOOTTIME after setns", sh->vdso_boot, boot0,
		 boot1);
	check_in("syscall CLOCK_BOOTTIME after setns", sh->sys_boot, boot0,
		 boot1);
	check_in("CLOCK_REALTIME after setns", sh->real, real0, real1);
	check_in("its child's CLOCK_MONOTONIC", sh->child_mono, mono0, mono1);

	pid = SAFE_FORK();
	if (!pid)
		refused();
	reap_child(pid);
	pid = SAFE_FORK();
	if (!pid)
		split();
	reap_child(pid);
	clone3_newtime();

	SAFE_CLOSE(nsfd);
	SAFE_KILL(member, SIGKILL);
	reap_child_killed(member, SIGKILL);
}

static void setup(void)
{
	if (access("/proc/self/ns/time", F_OK))
		tst_brk(TCONF, "no time namespaces (/proc/self/ns/time)");
	if (prctl(PR_SET_CHILD_SUBREAPER, 1))
		tst_brk(TBROK | TERRNO, "PR_SET_CHILD_SUBREAPER");
	sh = SAFE_MMAP(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_TIME_NS", NULL},
};

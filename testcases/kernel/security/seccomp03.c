// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SECCOMP_RET_USER_NOTIF: a supervisor answers the calls of a filtered
 * task through the listener from SECCOMP_FILTER_FLAG_NEW_LISTENER
 * (kernel/seccomp.c). The supervisor, a child, installs a filter that
 * sends getppid() and mkdir() to the listener and forks the targets:
 *  - NOTIF_RECV reports the target's pid, the syscall number, the arch
 *    and the arguments; a struct that is not zeroed is EINVAL;
 *  - a reply with val 4242 is what getppid() returns, one with error
 *    -EACCES fails it with EACCES, SECCOMP_USER_NOTIF_FLAG_CONTINUE runs
 *    mkdir() for real (the directory exists);
 *  - SEND errors: an unknown flag and CONTINUE with a value are EINVAL,
 *    an unknown id ENOENT, the id of a notification pending but not yet
 *    received EINPROGRESS (ids count up by one); a second reply to the
 *    same id is refused (EINPROGRESS, or ENOENT once the target took
 *    the first) and the target sees the first;
 *  - NOTIF_ID_VALID is 0 while the target waits; after the target is
 *    killed ID_VALID and SEND are ENOENT;
 *  - closing the listener fails the waiting call and every later one
 *    with ENOSYS;
 *  - a second filter with a listener is EBUSY, NEW_LISTENER with TSYNC
 *    (without TSYNC_ESRCH) EINVAL.
 */
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "seccomp_raw.h"

#define DIRNAME "seccomp03_dir"
#define MAGIC_A 0x1111
#define MAGIC_B 0x2222

static int install_listener(unsigned int flags)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 1, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mkdir, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = ARRAY_SIZE(f), .filter = f };

	return sys_seccomp(SECCOMP_SET_MODE_FILTER,
			   SECCOMP_FILTER_FLAG_NEW_LISTENER | flags, &prog);
}

/* Wait (bounded) for a notification to be pending. */
static void wait_notif(int fd, pid_t from)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	if (poll(&pfd, 1, 10000 * tst_timeout_mul()) != 1)
		tst_brk(TBROK | TERRNO, "no notification from %d", (int)from);
}

/* Wait for a notification and receive it. */
static void recv_notif(int fd, struct seccomp_notif *req, pid_t from, int nr)
{
	wait_notif(fd, from);
	memset(req, 0, sizeof(*req));
	if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, req))
		tst_brk(TBROK | TERRNO, "SECCOMP_IOCTL_NOTIF_RECV");
	TST_EXP_EXPR(req->pid == (__u32)from && req->data.nr == nr &&
		     req->data.arch == AUDIT_ARCH_X86_64,
		     "notification: pid %u (want %d), nr %d (want %d), arch "
		     "0x%x", req->pid, (int)from, req->data.nr, nr,
		     req->data.arch);
}

static long send_resp(int fd, __u64 id, __s64 val, __s32 error, __u32 flags)
{
	struct seccomp_notif_resp resp = {
		.id = id, .val = val, .error = error, .flags = flags,
	};

	return ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp);
}

static long id_valid(int fd, __u64 id)
{
	return ioctl(fd, SECCOMP_IOCTL_NOTIF_ID_VALID, &id);
}

static void killed_target(int fd)
{
	struct seccomp_notif req;
	int status;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid) {
		close(fd);
		syscall(__NR_getppid);
		exit(1);
	}
	recv_notif(fd, &req, pid, __NR_getppid);
	TST_EXP_PASS(id_valid(fd, req.id), "ID_VALID while the target waits");
	TST_EXP_FAIL(id_valid(fd, req.id + 1000), ENOENT,
		     "ID_VALID of an unknown id");
	SAFE_KILL(pid, SIGKILL);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL)
		tst_brk(TBROK, "target not killed (status 0x%x)", status);
	TST_EXP_FAIL(id_valid(fd, req.id), ENOENT,
		     "ID_VALID after the target was killed");
	TST_EXP_FAIL(send_resp(fd, req.id, 0, 0, 0), ENOENT,
		     "SEND after the target was killed");
}

static void target(int fd)
{
	struct stat st;

	close(fd);
	TST_EXP_VAL(syscall(__NR_getppid, MAGIC_A, MAGIC_B), 4242,
		    "getppid() answered with val 4242");
	TST_EXP_FAIL(syscall(__NR_getppid), EACCES,
		     "getppid() answered with error -EACCES");
	TST_EXP_PASS(syscall(__NR_mkdir, DIRNAME, 0700),
		     "mkdir() answered with FLAG_CONTINUE");
	TST_EXP_PASS(stat(DIRNAME, &st), "the directory mkdir() made");
	TST_EXP_FAIL(syscall(__NR_getppid), ENOSYS,
		     "the call waiting when the listener was closed");
	TST_EXP_FAIL(syscall(__NR_getppid), ENOSYS,
		     "a call after the listener was closed");
	exit(0);
}

static void answered_target(int fd)
{
	struct seccomp_notif req;
	__u64 id;
	pid_t pid;

	pid = SAFE_FORK();
	if (!pid)
		target(fd);

	recv_notif(fd, &req, pid, __NR_getppid);
	TST_EXP_EXPR(req.data.args[0] == MAGIC_A && req.data.args[1] == MAGIC_B,
		     "arguments 0x%llx 0x%llx",
		     (unsigned long long)req.data.args[0],
		     (unsigned long long)req.data.args[1]);
	TST_EXP_FAIL(send_resp(fd, req.id, 0, 0, 2), EINVAL,
		     "SEND with an unknown flag");
	TST_EXP_FAIL(send_resp(fd, req.id, 1, 0,
			       SECCOMP_USER_NOTIF_FLAG_CONTINUE), EINVAL,
		     "SEND with FLAG_CONTINUE and a value");
	TST_EXP_FAIL(send_resp(fd, req.id + 1000, 0, 0, 0), ENOENT,
		     "SEND to an unknown id");
	TST_EXP_PASS(send_resp(fd, req.id, 4242, 0, 0), "SEND val 4242");
	/* refused: EINPROGRESS while the target has not yet picked the
	 * reply up, ENOENT once it has (the notification is gone)
	 */
	TEST(send_resp(fd, req.id, 1, 0, 0));
	TST_EXP_EXPR(TST_RET == -1 && (TST_ERR == EINPROGRESS ||
				       TST_ERR == ENOENT),
		     "a second SEND to the same id refused (%ld, %s)", TST_RET,
		     tst_strerrno(TST_ERR));

	/* the next id, pending but not received: no reply yet */
	id = req.id + 1;
	wait_notif(fd, pid);
	TST_EXP_FAIL(send_resp(fd, id, 0, 0, 0), EINPROGRESS,
		     "SEND to a notification not yet received");
	recv_notif(fd, &req, pid, __NR_getppid);
	TST_EXP_EQ_LU(req.id, id);
	TST_EXP_PASS(send_resp(fd, req.id, 0, -EACCES, 0), "SEND -EACCES");

	recv_notif(fd, &req, pid, __NR_mkdir);
	TST_EXP_PASS(send_resp(fd, req.id, 0, 0,
			       SECCOMP_USER_NOTIF_FLAG_CONTINUE),
		     "SEND FLAG_CONTINUE");

	recv_notif(fd, &req, pid, __NR_getppid);
	SAFE_CLOSE(fd);
	reap_child(pid);
}

static void supervisor(void)
{
	struct seccomp_notif req;
	int fd;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "PR_SET_NO_NEW_PRIVS");
	TST_EXP_FAIL(install_listener(SECCOMP_FILTER_FLAG_TSYNC), EINVAL,
		     "NEW_LISTENER with TSYNC");
	fd = install_listener(0);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "seccomp(NEW_LISTENER)");
	TST_EXP_FAIL(install_listener(0), EBUSY, "a second listener");
	memset(&req, 0, sizeof(req));
	req.id = 1;
	TST_EXP_FAIL(ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &req), EINVAL,
		     "NOTIF_RECV into a struct that is not zeroed");
	killed_target(fd);
	answered_target(fd);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		supervisor();
	reap_child(pid);
}

static struct tst_test test = {
	.test_all = run,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *[]) { "CONFIG_SECCOMP_FILTER=y", NULL },
};

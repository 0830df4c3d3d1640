// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clone3() rejects bad arguments with the exact errno and creates no
 * child: EINVAL for a size below the first published struct (64); E2BIG
 * for a size above a page or with a non-zero byte past the known fields;
 * EINVAL for flags it does not know, for CSIGNAL bits or CLONE_DETACHED in
 * flags, for CLONE_SIGHAND with CLONE_CLEAR_SIGHAND, for an exit_signal
 * over _NSIG or above 32 bits, for an exit_signal with CLONE_PARENT or
 * CLONE_THREAD, for a stack without a size or a size without a stack, for
 * set_tid and set_tid_size that do not match or exceed 32 levels, for a
 * tid of 0 or pid_max, and for CLONE_INTO_CGROUP with a struct too small
 * to hold the cgroup field; EBADF for CLONE_INTO_CGROUP with an fd that is
 * no cgroup2 directory; EFAULT for an unmapped struct or pidfd pointer;
 * EEXIST for a set_tid in use (root), EPERM for any set_tid as nobody.
 */
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include "clone3_raw.h"
#include "task_wait.h"
#include "lapi/sched.h"

static union {
	struct clone3_args args;
	char bytes[256];
} buf;

static char *bad_addr;
static pid_t tids[1];
static int null_fd = -1;

enum setup_kind { PLAIN, PAGE_PLUS_ONE, TAIL_BYTE, BAD_STRUCT, BAD_PIDFD,
		  OWN_TID, ZERO_TID, PID_MAX_TID, NULL_FD_CGROUP };

static const struct tcase {
	uint64_t flags;
	uint64_t exit_signal;
	uint64_t stack;
	uint64_t stack_size;
	uint64_t set_tid_size;
	int set_tid;
	enum setup_kind kind;
	size_t size;
	int nobody;
	int err;
	const char *desc;
} tcases[] = {
	{0, SIGCHLD, 0, 0, 0, 0, PLAIN, 0, 0, EINVAL, "size 0"},
	{0, SIGCHLD, 0, 0, 0, 0, PLAIN, CLONE_ARGS_VER0 - 1, 0, EINVAL,
	 "size 63"},
	{0, SIGCHLD, 0, 0, 0, 0, PAGE_PLUS_ONE, 0, 0, E2BIG,
	 "a size of a page and one byte"},
	{0, SIGCHLD, 0, 0, 0, 0, TAIL_BYTE, 128, 0, E2BIG,
	 "a non-zero byte past the known fields"},
	{1ULL << 40, SIGCHLD, 0, 0, 0, 0, PLAIN, CLONE_ARGS_VER0, 0, EINVAL,
	 "unknown flag bit 40"},
	{SIGCHLD, SIGCHLD, 0, 0, 0, 0, PLAIN, CLONE_ARGS_VER0, 0, EINVAL,
	 "SIGCHLD (a CSIGNAL bit) in flags"},
	{CLONE_DETACHED, SIGCHLD, 0, 0, 0, 0, PLAIN, CLONE_ARGS_VER0, 0,
	 EINVAL, "CLONE_DETACHED"},
	{CLONE_SIGHAND | CLONE_VM | CLONE3_CLEAR_SIGHAND, SIGCHLD, 0, 0, 0,
	 0, PLAIN, CLONE_ARGS_VER0, 0, EINVAL,
	 "CLONE_SIGHAND | CLONE_CLEAR_SIGHAND"},
	{0, 65, 0, 0, 0, 0, PLAIN, CLONE_ARGS_VER0, 0, EINVAL,
	 "exit_signal 65"},
	{0, (1ULL << 32) | SIGCHLD, 0, 0, 0, 0, PLAIN, CLONE_ARGS_VER0, 0,
	 EINVAL, "exit_signal with bit 32 set"},
	{CLONE_PARENT, SIGCHLD, 0, 0, 0, 0, PLAIN, CLONE_ARGS_VER0, 0, EINVAL,
	 "CLONE_PARENT with an exit_signal"},
	{CLONE_THREAD | CLONE_SIGHAND | CLONE_VM, SIGCHLD, 0, 0, 0, 0, PLAIN,
	 CLONE_ARGS_VER0, 0, EINVAL, "CLONE_THREAD with an exit_signal"},
	{0, SIGCHLD, 0, 4096, 0, 0, PLAIN, CLONE_ARGS_VER0, 0, EINVAL,
	 "a stack size without a stack"},
	{0, SIGCHLD, 4096, 0, 0, 0, PLAIN, CLONE_ARGS_VER0, 0, EINVAL,
	 "a stack without a size"},
	{0, SIGCHLD, 0, 0, 1, 0, PLAIN, CLONE_ARGS_VER1, 0, EINVAL,
	 "set_tid_size 1 with no set_tid"},
	{0, SIGCHLD, 0, 0, 0, 1, OWN_TID, CLONE_ARGS_VER1, 0, EINVAL,
	 "set_tid with set_tid_size 0"},
	{0, SIGCHLD, 0, 0, 33, 1, OWN_TID, CLONE_ARGS_VER1, 0, EINVAL,
	 "set_tid_size 33"},
	{0, SIGCHLD, 0, 0, 1, 1, ZERO_TID, CLONE_ARGS_VER1, 0, EINVAL,
	 "set_tid {0}"},
	{0, SIGCHLD, 0, 0, 1, 1, PID_MAX_TID, CLONE_ARGS_VER1, 0, EINVAL,
	 "set_tid {pid_max}"},
	{CLONE3_INTO_CGROUP, SIGCHLD, 0, 0, 0, 0, PLAIN, CLONE_ARGS_VER1, 0,
	 EINVAL, "CLONE_INTO_CGROUP in an 80-byte struct"},
	{CLONE3_INTO_CGROUP, SIGCHLD, 0, 0, 0, 0, NULL_FD_CGROUP,
	 CLONE_ARGS_VER2, 0, EBADF, "CLONE_INTO_CGROUP of /dev/null"},
	{0, SIGCHLD, 0, 0, 0, 0, BAD_STRUCT, CLONE_ARGS_VER0, 0, EFAULT,
	 "an unmapped struct"},
	{CLONE3_PIDFD, SIGCHLD, 0, 0, 0, 0, BAD_PIDFD, CLONE_ARGS_VER0, 0,
	 EFAULT, "CLONE_PIDFD to an unmapped pidfd pointer"},
	{0, SIGCHLD, 0, 0, 1, 1, OWN_TID, CLONE_ARGS_VER1, 0, EEXIST,
	 "set_tid {own pid}"},
	{0, SIGCHLD, 0, 0, 1, 1, OWN_TID, CLONE_ARGS_VER1, 1, EPERM,
	 "set_tid {own pid} as nobody"},
};

static void try_clone3(const struct tcase *tc)
{
	size_t size = tc->size;
	void *args = &buf;

	memset(&buf, 0, sizeof(buf));
	buf.args.flags = tc->flags;
	buf.args.exit_signal = tc->exit_signal;
	buf.args.stack = tc->stack;
	buf.args.stack_size = tc->stack_size;
	buf.args.set_tid_size = tc->set_tid_size;
	if (tc->set_tid)
		buf.args.set_tid = PTR64(tids);

	switch (tc->kind) {
	case PLAIN:
		break;
	case PAGE_PLUS_ONE:
		/* E2BIG comes before the struct is read: no buffer needed */
		size = getpagesize() + 1;
		break;
	case TAIL_BYTE:
		buf.bytes[tc->size - 1] = 1;
		break;
	case BAD_STRUCT:
		args = bad_addr;
		break;
	case BAD_PIDFD:
		buf.args.pidfd = PTR64(bad_addr);
		break;
	case OWN_TID:
		tids[0] = getpid();
		break;
	case ZERO_TID:
		tids[0] = 0;
		break;
	case PID_MAX_TID:
		tids[0] = unused_pid();
		break;
	case NULL_FD_CGROUP:
		buf.args.cgroup = null_fd;
		break;
	}

	TST_EXP_FAIL(clone3(args, size), tc->err, "clone3() with %s",
		     tc->desc);
	/* a clone3() that wrongly succeeded: both sides reported TFAIL */
	if (TST_RET == 0)
		_exit(0);
	if (TST_RET > 0) {
		int status;

		/* it may be a clone child: only __WALL sees it */
		SAFE_WAITPID(TST_RET, &status, __WALL);
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			tst_res(TFAIL, "the child clone3() made ended with "
				"status %#x", status);
	} else
		TST_EXP_FAIL(waitpid(-1, NULL, WNOHANG | __WALL), ECHILD,
			     "no child left after clone3() with %s", tc->desc);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	pid_t pid;

	if (!tc->nobody) {
		try_clone3(tc);
	} else {
		pid = SAFE_FORK();
		if (!pid) {
			tst_drop_privs();
			try_clone3(tc);
			exit(0);
		}
		reap_child(pid);
	}
}

static void setup(void)
{
	bad_addr = SAFE_MMAP(NULL, getpagesize(), PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	null_fd = SAFE_OPEN("/dev/null", O_RDONLY);
	/* probe: TCONF here when the kernel has no clone3() */
	memset(&buf, 0, sizeof(buf));
	clone3(&buf, 0);
}

static void cleanup(void)
{
	if (null_fd != -1)
		SAFE_CLOSE(null_fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
};

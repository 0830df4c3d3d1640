// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve() with an empty argv: the new program gets one empty argument
 * (argc 1, argv[0] ""), never argc 0, which programs took for a first
 * argument and walked into the environment (CVE-2021-4034, pkexec): its
 * /proc/PID/cmdline is exactly one NUL byte. The kernel fix is
 * dcd46d897adb ("exec: Force single empty string when argv is empty").
 * Also: eight processes released together each execve() the same
 * program, and each runs it (exit status 0).
 * Syscalls: execve
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "task_wait.h"

#define NPROC 8

static char sh_path[PATH_MAX];

/* Wait (bounded) until pid's /proc/PID/exe is path. */
static void wait_exe(pid_t pid, const char *path)
{
	long long end = task_wait_now_ms() + 10000 * tst_timeout_mul();
	char link[64], exe[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/%d/exe", pid);
	while (task_wait_now_ms() < end) {
		n = readlink(link, exe, sizeof(exe) - 1);
		if (n > 0) {
			exe[n] = 0;
			if (!strcmp(exe, path))
				return;
		}
		usleep(1000);
	}
	tst_brk(TBROK, "%d never ran %s", pid, path);
}

static void test_empty_argv(void)
{
	char *const argv[] = {NULL};
	char *const envp[] = {"LTP=1", NULL};
	char path[64], buf[64];
	int p[2], fd, status;
	ssize_t n;
	pid_t pid;

	SAFE_PIPE(p);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_DUP2(p[0], 0);
		SAFE_CLOSE(p[0]);
		SAFE_CLOSE(p[1]);
		execve(sh_path, argv, envp);
		tst_brk(TBROK | TERRNO, "execve(%s, {NULL})", sh_path);
	}
	SAFE_CLOSE(p[0]);
	/* the shell reads its commands from the pipe: it waits there */
	wait_exe(pid, sh_path);
	wait_task_in_syscall(pid, __NR_read);
	snprintf(path, sizeof(path), "/proc/%d/cmdline", pid);
	fd = SAFE_OPEN(path, O_RDONLY);
	n = SAFE_READ(0, fd, buf, sizeof(buf));
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(n == 1 && buf[0] == 0, "empty argv: the command line is "
		     "one empty argument (%zd bytes)", n);
	SAFE_WRITE(1, p[1], "exit 0\n", 7);
	SAFE_CLOSE(p[1]);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && !WEXITSTATUS(status),
		     "the shell ran and exited 0 (%#x)", status);
}

static void test_parallel(void)
{
	char *const argv[] = {"true", NULL};
	char *const envp[] = {NULL};
	pid_t pids[NPROC];
	int i, status, ok = 0;

	for (i = 0; i < NPROC; i++) {
		pids[i] = SAFE_FORK();
		if (!pids[i]) {
			TST_CHECKPOINT_WAIT(0);
			execve("/bin/true", argv, envp);
			_exit(127);
		}
	}
	TST_CHECKPOINT_WAKE2(0, NPROC);
	for (i = 0; i < NPROC; i++) {
		SAFE_WAITPID(pids[i], &status, 0);
		if (WIFEXITED(status) && !WEXITSTATUS(status))
			ok++;
	}
	TST_EXP_EXPR(ok == NPROC, "%d of %d simultaneous execve() ran the "
		     "program", ok, NPROC);
}

static void run(unsigned int n)
{
	if (!n)
		test_empty_argv();
	else
		test_parallel();
}

static void setup(void)
{
	if (!realpath("/bin/sh", sh_path))
		tst_brk(TCONF | TERRNO, "no /bin/sh");
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2021-4034"},
		/* exec: Force single empty string when argv is empty */
		{"linux-git", "dcd46d897adb"},
		{}
	},
};

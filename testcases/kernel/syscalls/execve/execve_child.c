// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Not a test: the program the exec tests (execve, execveat, vfork, setpgid,
 * prctl) execute. It checks the state the kernel handed over after execve
 * and says through its exit code whether that state was as expected
 * (execve_child.h). Each mismatch is printed, so a failure names it.
 *
 * Modes (argv[1]):
 *   args                 argv[0], argv and envp are exactly the test's
 *   execfn PATH          AT_EXECFN in the auxiliary vector is PATH
 *   ids PID PPID         getpid() and getppid() survived the exec
 *   fds cN|oN...         each fd cN is closed, each fd oN is open
 *   sigs                 SIGUSR1 default, SIGUSR2 ignored, SIGTERM blocked,
 *                        SIGINT pending (as execve03 leaves them)
 *   nnp VALUE            prctl(PR_GET_NO_NEW_PRIVS) is VALUE
 *   prctl OPT A2 A3 VALUE  prctl(OPT, A2, A3, 0, 0) returns VALUE (prctl06,
 *                        prctl09: ambient capabilities, THP disable)
 *   euid UID             the effective uid is UID (set-user-ID honoured?)
 *   stdin                block reading stdin until end of file
 *   "script  mode" PATH ARGS...  run as a "#!" interpreter (execve01)
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include "exec_child.h"

extern char **environ;

static int mismatches;

static void __attribute__((format(printf, 1, 2))) mismatch(const char *fmt,
							    ...)
{
	va_list va;

	printf(EXEC_CHILD_NAME ": ");
	va_start(va, fmt);
	vprintf(fmt, va);
	va_end(va);
	printf("\n");
	mismatches++;
}

static void expect_str(const char *what, const char *got, const char *want)
{
	if (!got || strcmp(got, want))
		mismatch("%s is '%s', expected '%s'", what,
			 got ? got : "(null)", want);
}

static void check_list(const char *name, char *const *got,
		       const char *const *want)
{
	char what[64];
	int i;

	for (i = 0; want[i]; i++) {
		snprintf(what, sizeof(what), "%s[%d]", name, i);
		expect_str(what, got[i], want[i]);
		if (!got[i])
			return;
	}
	if (got[i]) {
		snprintf(what, sizeof(what), "%s[%d]", name, i);
		mismatch("%s is '%s', expected the end", what, got[i]);
	}
}

static int mode_args(int argc, char *argv[])
{
	(void)argc;
	expect_str("argv[0]", argv[0], EXEC_CHILD_ARGV0);
	check_list("argv", argv + 1, exec_child_args);
	check_list("envp", environ, exec_child_env);
	return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
}

static int mode_ids(int argc, char *argv[])
{
	char got[32];

	if (argc != 4)
		return EXEC_CHILD_USAGE;
	snprintf(got, sizeof(got), "%d", (int)getpid());
	expect_str("getpid()", got, argv[2]);
	snprintf(got, sizeof(got), "%d", (int)getppid());
	expect_str("getppid()", got, argv[3]);
	return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
}

/* Each argument is 'c' (must be closed) or 'o' (must be open) and an fd. */
static int mode_fds(int argc, char *argv[])
{
	int i, fd, is_open;

	if (argc < 3)
		return EXEC_CHILD_USAGE;
	for (i = 2; i < argc; i++) {
		if (argv[i][0] != 'c' && argv[i][0] != 'o')
			return EXEC_CHILD_USAGE;
		fd = atoi(argv[i] + 1);
		is_open = fcntl(fd, F_GETFD) != -1;
		if (argv[i][0] == 'c' && is_open)
			mismatch("fd %d is still open after execve, but it "
				 "was close-on-exec", fd);
		if (argv[i][0] == 'o' && !is_open)
			mismatch("fd %d was closed by execve, but it was not "
				 "close-on-exec", fd);
	}
	return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
}

static int mode_sigs(void)
{
	struct sigaction sa;
	sigset_t set;

	sigaction(SIGUSR1, NULL, &sa);
	if (sa.sa_handler != SIG_DFL)
		mismatch("SIGUSR1 had a handler: not reset to SIG_DFL");
	sigaction(SIGUSR2, NULL, &sa);
	if (sa.sa_handler != SIG_IGN)
		mismatch("SIGUSR2 was ignored: no longer SIG_IGN");
	sigprocmask(SIG_BLOCK, NULL, &set);
	if (!sigismember(&set, SIGTERM))
		mismatch("SIGTERM was blocked: the mask was not kept");
	sigpending(&set);
	if (!sigismember(&set, SIGINT))
		mismatch("SIGINT was pending: the pending set was not kept");
	return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
}

static int mode_nnp(int argc, char *argv[])
{
	char got[16];

	if (argc != 3)
		return EXEC_CHILD_USAGE;
	snprintf(got, sizeof(got), "%d",
		 prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
	expect_str("PR_GET_NO_NEW_PRIVS", got, argv[2]);
	return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
}

static int mode_prctl(int argc, char *argv[])
{
	char got[16];

	if (argc != 6)
		return EXEC_CHILD_USAGE;
	snprintf(got, sizeof(got), "%d",
		 prctl(atoi(argv[2]), strtoul(argv[3], NULL, 0),
		       strtoul(argv[4], NULL, 0), 0, 0));
	expect_str(argv[2], got, argv[5]);
	return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
}

static int mode_stdin(void)
{
	char buf[64];
	ssize_t ret;

	do {
		ret = read(STDIN_FILENO, buf, sizeof(buf));
	} while (ret > 0 || (ret < 0 && errno == EINTR));
	return ret ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
}

int main(int argc, char *argv[])
{
	if (argc < 2)
		return EXEC_CHILD_USAGE;
	if (!strcmp(argv[1], "args"))
		return mode_args(argc, argv);
	if (!strcmp(argv[1], "execfn") && argc == 3) {
		expect_str("AT_EXECFN", (const char *)getauxval(AT_EXECFN),
			   argv[2]);
		return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
	}
	if (!strcmp(argv[1], "ids"))
		return mode_ids(argc, argv);
	if (!strcmp(argv[1], "fds"))
		return mode_fds(argc, argv);
	if (!strcmp(argv[1], "sigs"))
		return mode_sigs();
	if (!strcmp(argv[1], "nnp"))
		return mode_nnp(argc, argv);
	if (!strcmp(argv[1], "prctl"))
		return mode_prctl(argc, argv);
	if (!strcmp(argv[1], "euid") && argc == 3) {
		char got[16];

		snprintf(got, sizeof(got), "%d", (int)geteuid());
		expect_str("geteuid()", got, argv[2]);
		return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
	}
	if (!strcmp(argv[1], "stdin"))
		return mode_stdin();
	/* A "#!" interpreter: argv is [interp, arg, script, args...]. */
	if (!strcmp(argv[1], EXEC_CHILD_SCRIPT_ARG)) {
		if (argc != 5) {
			printf(EXEC_CHILD_NAME ": interpreter got %d args, "
			       "expected 5\n", argc);
			return EXEC_CHILD_MISMATCH;
		}
		expect_str("script path (argv[2])", argv[2], "./script");
		expect_str("argv[3]", argv[3], "first");
		expect_str("argv[4]", argv[4], "second");
		return mismatches ? EXEC_CHILD_MISMATCH : EXEC_CHILD_OK;
	}
	return EXEC_CHILD_USAGE;
}

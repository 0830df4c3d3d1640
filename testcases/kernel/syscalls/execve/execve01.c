// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve() starts the new program with exactly the argv and envp it was
 * given (argv[0] included, which need not be the file name; empty strings,
 * blanks and newlines kept), in the same process (pid and parent kept,
 * also when a second thread execs while the main thread sleeps: the
 * exec'ing thread takes over the process's pid, the main thread is gone),
 * with the file name as given recorded as AT_EXECFN, also through a
 * symlink. A "#!" script runs its interpreter with argv [interpreter,
 * the rest of the "#!" line as one argument, script path, argv[1]...].
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include "exec_child_run.h"

#define SCRIPT	"./script"
#define LINK	"./child_link"

static void exec_args(void)
{
	char *argv[8];
	int i;

	argv[0] = EXEC_CHILD_ARGV0;
	for (i = 0; exec_child_args[i]; i++)
		argv[i + 1] = (char *)exec_child_args[i];
	argv[i + 1] = NULL;
	exec_child(argv, (char *const *)exec_child_env);
}

static void exec_ids(void)
{
	char pid[16], ppid[16];
	char *argv[] = {"x", "ids", pid, ppid, NULL};

	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	snprintf(ppid, sizeof(ppid), "%d", (int)getppid());
	exec_child(argv, (char *[]){NULL});
}

static char thread_pid[16], thread_ppid[16];

static void *exec_thread(void *arg)
{
	char *argv[] = {"x", "ids", thread_pid, thread_ppid, NULL};

	(void)arg;
	exec_child(argv, (char *[]){NULL});
	return NULL;
}

/* A second thread execs; the main thread sleeps until it is killed. */
static void exec_from_thread(void)
{
	pthread_t t;

	snprintf(thread_pid, sizeof(thread_pid), "%d", (int)getpid());
	snprintf(thread_ppid, sizeof(thread_ppid), "%d", (int)getppid());
	errno = pthread_create(&t, NULL, exec_thread, NULL);
	if (errno) {
		tst_res(TBROK | TERRNO, "pthread_create()");
		_exit(EXEC_CHILD_NOT_RUN);
	}
	for (;;)
		pause();
}

static void exec_execfn(void)
{
	char *argv[] = {"x", "execfn", LINK, NULL};

	execve(LINK, argv, (char *[]){NULL});
	tst_res(TFAIL | TERRNO, "execve(%s)", LINK);
	_exit(EXEC_CHILD_NOT_RUN);
}

static void exec_script(void)
{
	char *argv[] = {"ignored-argv0", "first", "second", NULL};

	execve(SCRIPT, argv, (char *[]){NULL});
	tst_res(TFAIL | TERRNO, "execve(%s)", SCRIPT);
	_exit(EXEC_CHILD_NOT_RUN);
}

static const struct tcase {
	void (*exec)(void);
	const char *what;
} tcases[] = {
	{exec_args, "argv (argv[0] too) and envp reach the program verbatim"},
	{exec_ids, "pid and parent pid are kept across execve"},
	{exec_from_thread, "execve from a second thread: the program runs "
			   "with the process's pid and parent pid"},
	{exec_execfn, "AT_EXECFN is the path given to execve, a symlink"},
	{exec_script, "a \"#!\" interpreter gets [interp, arg, script, "
		      "argv[1]...]"},
};

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		tcases[n].exec();
	exec_child_report(pid, tcases[n].what);
}

static void setup(void)
{
	const char *path = exec_child_path();
	int fd;

	if (symlink(path, LINK))
		tst_brk(TBROK | TERRNO, "symlink(%s, %s)", path, LINK);
	/* relative, so the "#!" line fits 256 bytes wherever we run */
	fd = SAFE_OPEN(SCRIPT, O_WRONLY | O_CREAT | O_EXCL, 0755);
	dprintf(fd, "#!" LINK " " EXEC_CHILD_SCRIPT_ARG "\n");
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

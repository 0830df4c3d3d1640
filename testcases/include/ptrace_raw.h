/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ptrace() through the raw system call (the C library's wrapper turns
 * PEEK* requests into a different calling convention), a set-up wrapper
 * that breaks the test on failure, and a readable wait status.
 */
#ifndef PTRACE_RAW_H
#define PTRACE_RAW_H

#include <signal.h>
#include <stdio.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tst_test.h"

static inline long sys_ptrace(long req, pid_t pid, unsigned long addr,
			      unsigned long data)
{
	return syscall(__NR_ptrace, req, (long)pid, addr, data);
}

#define PTRACE_OK(req, pid, addr, data) do { \
	if (sys_ptrace((req), (pid), (unsigned long)(addr), \
		       (unsigned long)(data))) \
		tst_brk(TBROK | TERRNO, "ptrace(%s, %d)", #req, (int)(pid)); \
} while (0)

/* "exited with 3", "killed by SIGSEGV", "stopped by SIGTRAP event 6" */
static inline const char *ptrace_status_str(int status)
{
	static char buf[96];

	if (WIFEXITED(status))
		snprintf(buf, sizeof(buf), "exited with %d",
			 WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, sizeof(buf), "killed by %s%s",
			 tst_strsig(WTERMSIG(status)),
			 WCOREDUMP(status) ? " (core dumped)" : "");
	else if (WIFSTOPPED(status))
		snprintf(buf, sizeof(buf), "stopped by %s%s event %d",
			 tst_strsig(WSTOPSIG(status) & 0x7f),
			 (WSTOPSIG(status) & 0x80) ? "|0x80" : "",
			 status >> 16);
	else if (WIFCONTINUED(status))
		snprintf(buf, sizeof(buf), "continued");
	else
		snprintf(buf, sizeof(buf), "status 0x%x", status);
	return buf;
}

/* Kill and reap a child that is not where the test wanted it. */
static inline void ptrace_kill_child(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, __WALL);
}

#endif /* PTRACE_RAW_H */

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The security tests' side of sec_helper: copy it into the tmpdir (where
 * a test can give the copy file capabilities or the set-user-ID bit), run
 * it in a child prepared by a callback, and read the line it prints.
 */
#ifndef SEC_EXEC_H
#define SEC_EXEC_H

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "tst_test.h"

#define SEC_EXEC_FAILED	-1000	/* sec_run(): the execve() itself failed */

struct sec_caps {
	uint64_t prm, eff, inh, amb, bnd;
	int uid, euid;
};

/* Copy sec_helper (installed beside the test binary) to dst, mode mode. */
static inline void sec_copy_helper(const char *dst, mode_t mode)
{
	char self[PATH_MAX], buf[8192];
	ssize_t len, n;
	int in, out;

	len = readlink("/proc/self/exe", self, sizeof(self) - 32);
	if (len < 0)
		tst_brk(TBROK | TERRNO, "readlink(/proc/self/exe)");
	self[len] = 0;
	strcpy(strrchr(self, '/') + 1, "sec_helper");
	in = open(self, O_RDONLY);
	if (in < 0)
		tst_brk(TBROK | TERRNO, "helper %s is missing: it is built "
			"and installed with the tests", self);
	out = SAFE_OPEN(dst, O_WRONLY | O_CREAT | O_TRUNC, 0700);
	while ((n = SAFE_READ(0, in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, n);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
	SAFE_CHMOD(dst, mode);
}

/*
 * Run "path mode" in a child: prep(arg) first (it may drop privileges),
 * then execve(). The line printed goes to out. Returns 0 with a line,
 * SEC_EXEC_FAILED - errno when execve() failed, -1 when the helper
 * printed nothing. The child is reaped here (reap_child()).
 */
static inline int sec_run(const char *path, const char *mode,
			  void (*prep)(void *), void *arg,
			  char *out, size_t len)
{
	char *const argv[] = {"sec_helper", (char *)mode, NULL};
	char *const envp[] = {NULL};
	int fds[2], err = 0, errfd[2];
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	SAFE_PIPE(fds);
	SAFE_PIPE2(errfd, O_CLOEXEC);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(fds[0]);
		SAFE_CLOSE(errfd[0]);
		if (prep)
			prep(arg);
		SAFE_DUP2(fds[1], 1);
		execve(path, argv, envp);
		err = errno;
		if (write(errfd[1], &err, sizeof(err)) != sizeof(err))
			_exit(TBROK);
		_exit(0);
	}
	SAFE_CLOSE(fds[1]);
	SAFE_CLOSE(errfd[1]);
	while (got < len - 1 &&
	       (n = SAFE_READ(0, fds[0], out + got, len - 1 - got)) > 0)
		got += n;
	out[got] = 0;
	if (SAFE_READ(0, errfd[0], &err, sizeof(err)) != sizeof(err))
		err = 0;
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(errfd[0]);
	reap_child(pid);
	if (err)
		return SEC_EXEC_FAILED - err;
	return got ? 0 : -1;
}

/* sec_run() in "caps" mode, parsed; TBROK when nothing came back. */
static inline int sec_run_caps(const char *path, void (*prep)(void *),
			       void *arg, struct sec_caps *c)
{
	unsigned long long v[5];
	char line[256];
	int ret = sec_run(path, "caps", prep, arg, line, sizeof(line));

	if (ret)
		return ret;
	if (sscanf(line, "%llx %llx %llx %llx %llx %d %d", &v[0], &v[1],
		   &v[2], &v[3], &v[4], &c->uid, &c->euid) != 7)
		tst_brk(TBROK, "sec_helper printed '%s'", line);
	c->prm = v[0];
	c->eff = v[1];
	c->inh = v[2];
	c->amb = v[3];
	c->bnd = v[4];
	return 0;
}

#endif /* SEC_EXEC_H */

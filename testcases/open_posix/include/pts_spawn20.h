/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * posix_spawn() tests: the test program spawns its own binary (read from
 * /proc/self/exe) with a mode word in argv[1]. The new image checks what
 * the attributes and file actions must have done to it, as the kernel
 * shows it (descriptors, /proc/self/status masks, ids), and exits with
 * its PTS code, which the parent takes as the verdict (pts_reap()).
 */
#ifndef PTS_SPAWN20_H
#define PTS_SPAWN20_H

#include <spawn.h>
#include <sys/stat.h>

#include "pts_sigkit.h"

extern char **environ;

#define PTS_SPAWN_ARGV0 "pts_spawn_child"

static inline const char *pts_spawn_exe(void)
{
	static char exe[4096];
	ssize_t n;

	if (!exe[0]) {
		n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		if (n <= 0)
			PTS_UNRES("readlink(/proc/self/exe): %s", strerror(errno));
		exe[n] = 0;
	}
	return exe;
}

/*
 * posix_spawn() this program with argv { PTS_SPAWN_ARGV0, mode, arg },
 * arg may be NULL; fails the test unless it returns 0 and stores a pid.
 */
static inline pid_t pts_spawn_self(const posix_spawn_file_actions_t *fa,
				   const posix_spawnattr_t *at,
				   const char *mode, const char *arg)
{
	char *argv[] = { PTS_SPAWN_ARGV0, (char *)mode, (char *)arg, NULL };
	pid_t pid = -1;
	int e;

	fflush(stdout);
	e = posix_spawn(&pid, pts_spawn_exe(), fa, at, argv, environ);
	if (e)
		PTS_FAILED("posix_spawn(%s) returned %d (%s)", mode, e,
			   strerrorname_np(e));
	if (pid <= 0)
		PTS_FAILED("posix_spawn(%s) stored pid %d", mode, (int)pid);
	return pid;
}

/* as pts_spawn_self(), reaped: the child's PTS code is the verdict */
static inline void pts_spawn_run(const posix_spawn_file_actions_t *fa,
				 const posix_spawnattr_t *at,
				 const char *mode, const char *arg)
{
	pts_reap(pts_spawn_self(fa, at, mode, arg), mode);
}

/* whether signal sig is in mask field (SigBlk, SigIgn...) of this process */
static inline int pts_spawn_bit(const char *field, int sig)
{
	return !!(pts_task_mask(getpid(), getpid(), field) & PTS_SIGBIT(sig));
}

/* fail unless no child of the caller is left (none running, no zombie) */
static inline void pts_spawn_no_child(const char *what)
{
	errno = 0;
	if (waitpid(-1, NULL, WNOHANG) != -1 || errno != ECHILD)
		PTS_FAILED("%s: a child is left behind (waitpid: %s)", what,
			   strerrorname_np(errno) ? strerrorname_np(errno) : "0");
}

/* a file of given mode and contents in /tmp; its path in path (size 64) */
static inline void pts_spawn_file(char *path, const char *tag, mode_t mode,
				  const char *text)
{
	int fd;

	snprintf(path, 64, "/tmp/%s.XXXXXX", tag);
	fd = mkstemp(path);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) ||
	    fchmod(fd, mode) || close(fd))
		PTS_UNRES("make %s: %s", path, strerror(errno));
}

/* the contents of a file (at most len - 1 bytes), NUL-terminated */
static inline void pts_spawn_slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		PTS_FAILED("open %s: %s", path, strerror(errno));
	n = read(fd, buf, len - 1);
	close(fd);
	buf[n < 0 ? 0 : n] = 0;
}

#endif /* PTS_SPAWN20_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The working directory is an attribute of the process: fchdir() called
 * by a second thread moves every thread, so main's getcwd() names the
 * new directory and main's relative open() finds a file there; main's
 * own fchdir() back is what the thread's getcwd() and relative names
 * then see.
 */
#include <limits.h>
#include <pthread.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static int dfd, rootfd, tres;
static char seen[PATH_MAX];

static void *do_fchdir(void *arg)
{
	(void)arg;
	tres = fchdir(dfd);
	return NULL;
}

static void *do_getcwd(void *arg)
{
	(void)arg;
	if (!getcwd(seen, sizeof(seen)))
		tres = -1;
	else
		tres = open("marker", O_RDONLY);
	return NULL;
}

static void run(void *(*fn)(void *))
{
	pthread_t t;

	if (pthread_create(&t, NULL, fn, NULL) || pthread_join(t, NULL))
		PTS_UNRES("pthread_create()/join()");
}

int main(void)
{
	char dir[64], cwd[PATH_MAX];
	int fd;

	snprintf(dir, sizeof(dir), "/tmp/pts_fchdir2_%d", (int)getpid());
	if (mkdir(dir, 0755) || chdir("/"))
		PTS_UNRES("set-up: %m");
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	rootfd = open("/", O_RDONLY | O_DIRECTORY);
	fd = openat(dfd, "marker", O_WRONLY | O_CREAT, 0644);
	if (dfd < 0 || rootfd < 0 || fd < 0)
		PTS_UNRES("set-up: %m");
	close(fd);

	run(do_fchdir);
	if (tres)
		PTS_FAILED("fchdir() in the thread: %m");
	if (!getcwd(cwd, sizeof(cwd)) || strcmp(cwd, dir))
		PTS_FAILED("main's getcwd() '%s' after the thread's fchdir(), '%s' expected",
			   cwd, dir);
	fd = open("marker", O_RDONLY);
	if (fd < 0)
		PTS_FAILED("main's relative open() after the thread's fchdir(): %m");
	close(fd);

	if (fchdir(rootfd))
		PTS_FAILED("main's fchdir(/): %m");
	run(do_getcwd);
	if (strcmp(seen, "/"))
		PTS_FAILED("the thread's getcwd() '%s' after main's fchdir(/)", seen);
	if (tres >= 0)
		PTS_FAILED("the thread found \"marker\" relative to the old directory");
	unlinkat(dfd, "marker", 0);
	rmdir(dir);
	PTS_PASSED("the working directory set by fchdir() is the process's");
}

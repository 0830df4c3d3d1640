// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The file mode creation mask is the process's: umask(077) called by a
 * second thread returns the mask main set (022) and applies to main's
 * next open(O_CREAT, 0666) (mode 0600); main's umask(0) then returns 077
 * and a file the thread creates after it has mode 0666.
 */
#include <pthread.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];
static mode_t told;
static int tfd;

static void *set077(void *arg)
{
	(void)arg;
	told = umask(077);
	return NULL;
}

static void *create(void *arg)
{
	char p[96];

	(void)arg;
	snprintf(p, sizeof(p), "%s/t", dir);
	tfd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0666);
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
	char p[96];
	struct stat st;
	mode_t old;
	int fd;

	snprintf(dir, sizeof(dir), "/tmp/pts_umask4_%d", (int)getpid());
	if (mkdir(dir, 0755))
		PTS_UNRES("mkdir(): %m");
	umask(022);
	run(set077);
	if (told != 022)
		PTS_FAILED("the thread's umask() returned %04o, main's 0022 expected",
			   (unsigned int)told);
	snprintf(p, sizeof(p), "%s/m", dir);
	fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0 || fstat(fd, &st))
		PTS_UNRES("open(): %m");
	if ((st.st_mode & 07777) != 0600)
		PTS_FAILED("main's file has mode %04o after the thread's umask(077), 0600 expected",
			   (unsigned int)(st.st_mode & 07777));
	old = umask(0);
	if (old != 077)
		PTS_FAILED("main's umask(0) returned %04o, the thread's 0077 expected",
			   (unsigned int)old);
	run(create);
	if (tfd < 0 || fstat(tfd, &st))
		PTS_UNRES("open() in the thread: %m");
	if ((st.st_mode & 07777) != 0666)
		PTS_FAILED("the thread's file has mode %04o after main's umask(0), 0666 expected",
			   (unsigned int)(st.st_mode & 07777));
	unlink(p);
	snprintf(p, sizeof(p), "%s/t", dir);
	unlink(p);
	rmdir(dir);
	PTS_PASSED("umask() is per process");
}

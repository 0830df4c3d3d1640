// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve(): "Directory streams open in the calling process image shall
 * be closed in the new process image" and "All open message queue
 * descriptors in the calling process shall be closed" (MSG). Before
 * exec the program opens a directory stream and a message queue (both
 * descriptors on Linux, FD_CLOEXEC not set by the program) and a plain
 * descriptor of "/" without FD_CLOEXEC; the new image (this program
 * again, told the numbers in argv) finds the first two closed (fcntl()
 * EBADF) and the plain one open on the same file.
 */
#include <dirent.h>
#include <mqueue.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static int check(int dfd, int mq, int plain, ino_t ino)
{
	struct stat st;
	int ret = PTS_PASS;

	errno = 0;
	if (fcntl(dfd, F_GETFD) != -1 || errno != EBADF) {
		printf("the directory stream's descriptor %d is open after exec\n", dfd);
		ret = PTS_FAIL;
	}
	errno = 0;
	if (mq >= 0 && (fcntl(mq, F_GETFD) != -1 || errno != EBADF)) {
		printf("the message queue descriptor %d is open after exec\n", mq);
		ret = PTS_FAIL;
	}
	if (fstat(plain, &st) || st.st_ino != ino) {
		printf("the plain descriptor %d was not kept\n", plain);
		ret = PTS_FAIL;
	}
	return ret;
}

int main(int argc, char **argv)
{
	char a[16], b[16], c[16], d[24], name[64];
	struct mq_attr attr = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	struct stat st;
	int status, plain, mq;
	DIR *dir;
	mqd_t q;
	pid_t pid;

	if (argc == 6 && !strcmp(argv[1], "child"))
		return check(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]),
			     (ino_t)strtoull(argv[5], NULL, 10));

	dir = opendir("/");
	plain = open("/", O_RDONLY | O_DIRECTORY);
	if (!dir || plain < 0 || fstat(plain, &st))
		PTS_UNRES("opendir()/open(): %m");
	snprintf(name, sizeof(name), "/pts_execve10_%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
	if (q == (mqd_t)-1) {
		printf("no message queue (%s): directory stream only\n",
		       strerrorname_np(errno));
		mq = -1;
	} else {
		mq_unlink(name);
		mq = (int)q;
	}
	snprintf(a, sizeof(a), "%d", dirfd(dir));
	snprintf(b, sizeof(b), "%d", mq);
	snprintf(c, sizeof(c), "%d", plain);
	snprintf(d, sizeof(d), "%llu", (unsigned long long)st.st_ino);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		char *av[] = { argv[0], "child", a, b, c, d, NULL };

		execv("/proc/self/exe", av);
		_exit(PTS_UNRESOLVED);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		PTS_UNRES("the exec'd child did not exit");
	if (WEXITSTATUS(status) != PTS_PASS)
		PTS_EXIT(WEXITSTATUS(status), "new image's verdict");
	PTS_PASSED("directory stream and message queue descriptors closed by exec");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): open directory streams are copied to the child, which reads
 * the remaining entries through its copy (every entry of a directory of
 * known content, after the parent has read some); whether the position
 * is shared with the parent is unspecified and only printed.
 */
#include <dirent.h>

#include "pts_helpers.h"

#define N 20

int main(void)
{
	char dir[] = "/tmp/pts-fork8-XXXXXX", path[96];
	struct dirent *e;
	int i, status, fd, p[2];
	long cnt = 0;
	pid_t pid;
	DIR *d;

	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	for (i = 0; i < N; i++) {
		snprintf(path, sizeof(path), "%s/f%02d", dir, i);
		fd = open(path, O_CREAT | O_WRONLY, 0600);
		if (fd < 0)
			PTS_UNRES("open(): %m");
		close(fd);
	}
	d = opendir(dir);
	if (!d)
		PTS_UNRES("opendir(): %m");
	/* read five entries in the parent first */
	for (i = 0; i < 5; i++)
		if (!readdir(d))
			PTS_UNRES("readdir(): %m");
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		long n = 0;

		errno = 0;
		while ((e = readdir(d)))
			n++;
		if (errno)
			_exit(3);
		/* the rest of the stream: total entries (N + 2) minus the 5 read */
		if (write(p[1], &n, sizeof(n)) != sizeof(n))
			_exit(4);
		_exit(n == N + 2 - 5 ? 0 : 5);
	}
	if (waitpid(pid, &status, 0) != pid || read(p[0], &cnt, sizeof(cnt)) != sizeof(cnt))
		PTS_UNRES("child: %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("the child read %ld entries through the copied stream, expected %d (status %#x)",
			   cnt, N + 2 - 5, status);
	for (i = 0; (e = readdir(d)); i++)
		;
	printf("INFO: the parent then read %d more entries (%s position)\n", i,
	       i == 0 ? "shared" : "separate");
	closedir(d);
	for (i = 0; i < N; i++) {
		snprintf(path, sizeof(path), "%s/f%02d", dir, i);
		unlink(path);
	}
	rmdir(dir);
	PTS_PASSED("the child read the rest of the copied directory stream");
}

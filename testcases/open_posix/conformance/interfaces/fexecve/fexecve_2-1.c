// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fexecve(): the file is executed through the open descriptor, not by
 * name: a copy of the test binary opened O_RDONLY and then unlinked (and
 * replaced by a non-executable file of the same name) still executes,
 * and the new image is that copy.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

extern char **environ;

int main(int argc, char *argv[])
{
	char dir[] = "/tmp/pts-fexecve2-XXXXXX", file[64], buf[65536];
	char *args[] = { "fexecve_2-1", "check", NULL };
	int in, out, fd, status;
	ssize_t n;
	pid_t pid;

	(void)argv;
	if (argc > 1)
		return 42;
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	snprintf(file, sizeof(file), "%s/prog", dir);
	in = open("/proc/self/exe", O_RDONLY);
	out = open(file, O_WRONLY | O_CREAT | O_EXCL, 0755);
	if (in < 0 || out < 0)
		PTS_UNRES("open(): %m");
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			PTS_UNRES("write(): %m");
	close(in);
	close(out);
	fd = open(file, O_RDONLY);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	unlink(file);
	out = open(file, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (out < 0)
		PTS_UNRES("open(): %m");
	close(out);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		fexecve(fd, args, environ);
		_exit(30);
	}
	waitpid(pid, &status, 0);
	unlink(file);
	rmdir(dir);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 42)
		PTS_FAILED("fexecve() of an unlinked file: status %#x (30: failed)", status);
	PTS_PASSED("the unlinked file executed through its descriptor");
}

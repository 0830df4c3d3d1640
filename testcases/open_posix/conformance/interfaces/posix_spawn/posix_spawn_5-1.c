// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn_file_actions_addopen(): the spawned process has the file
 * opened as by open(path, oflag, mode) on descriptor fildes. The child
 * finds descriptor 7 open write-only (F_GETFL) and writes to it; the
 * file, created by the action with mode 0640 under umask 0, holds the
 * child's text and has that mode; the parent's descriptor 7 stays
 * closed (the open happened in the child only).
 */
#include "pts_spawn20.h"

static int child(void)
{
	int fl = fcntl(7, F_GETFL);

	if (fl == -1)
		PTS_FAILED("child: descriptor 7 not open: %s", strerror(errno));
	if ((fl & O_ACCMODE) != O_WRONLY)
		PTS_FAILED("child: access mode %d, expected O_WRONLY", fl & O_ACCMODE);
	if (write(7, "opened by addopen", 17) != 17)
		PTS_FAILED("child: write: %s", strerror(errno));
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	char path[64], buf[64];
	struct stat st;

	(void)argv;
	if (argc > 1)
		return child();
	close(7);
	umask(0);
	snprintf(path, sizeof(path), "/tmp/posix_spawn_5-1.%d", (int)getpid());
	unlink(path);
	if (posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_addopen(&fa, 7, path,
					     O_WRONLY | O_CREAT | O_EXCL, 0640))
		PTS_UNRES("file actions set-up failed");
	pts_spawn_run(&fa, NULL, "child", NULL);
	if (fcntl(7, F_GETFD) != -1)
		PTS_FAILED("descriptor 7 is open in the parent");
	if (stat(path, &st))
		PTS_FAILED("the file was not created: %s", strerror(errno));
	pts_spawn_slurp(path, buf, sizeof(buf));
	unlink(path);
	if ((st.st_mode & 07777) != 0640)
		PTS_FAILED("mode %o, expected 640", st.st_mode & 07777);
	if (strcmp(buf, "opened by addopen"))
		PTS_FAILED("file holds \"%s\"", buf);
	posix_spawn_file_actions_destroy(&fa);
	PTS_PASSED("descriptor 7 opened in the child write-only, file created with the mode, data read back");
}

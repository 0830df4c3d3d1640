// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * open(): "the file descriptor returned ... shall be the lowest file
 * descriptor not currently open for that process", also with holes
 * below the highest one in use; [EMFILE] when every descriptor below
 * the limit ({OPEN_MAX}, RLIMIT_NOFILE 32 in a child) is in use, with no
 * file made for O_CREAT; after one close, that number is returned
 * again.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char path[64], made[80];

static int child(void)
{
	struct rlimit rl = { 32, 32 };
	struct stat st;
	int fd, i, last = -1;

	if (setrlimit(RLIMIT_NOFILE, &rl))
		return PTS_UNRESOLVED;
	for (i = 0; i < 32; i++) {
		fd = open(path, O_RDONLY);
		if (fd < 0)
			break;
		last = fd;
	}
	if (fd >= 0 || errno != EMFILE || last != 31) {
		printf("filling the table: last %d, then %s\n", last,
		       fd >= 0 ? "no error" : strerrorname_np(errno));
		return PTS_FAIL;
	}
	PTS_EXPECT_ERRNO(open(made, O_WRONLY | O_CREAT | O_EXCL, 0600), EMFILE,
			 "open(O_CREAT) with the table full");
	if (!stat(made, &st)) {
		printf("the refused open(O_CREAT) made the file\n");
		return PTS_FAIL;
	}
	close(17);
	close(5);
	close(30);
	fd = open(path, O_RDONLY);
	if (fd != 5) {
		printf("with 5, 17 and 30 free open() returned %d\n", fd);
		return PTS_FAIL;
	}
	if (open(path, O_RDONLY) != 17 || open(path, O_RDONLY) != 30) {
		printf("the next free numbers were not 17 and 30\n");
		return PTS_FAIL;
	}
	PTS_EXPECT_ERRNO(open(path, O_RDONLY), EMFILE, "open() with the table full again");
	return PTS_PASS;
}

int main(void)
{
	int fd;

	snprintf(path, sizeof(path), "/tmp/pts_open7_%d", (int)getpid());
	snprintf(made, sizeof(made), "%s.new", path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("open(): %m");
	close(fd);
	pts_run_child(child, "child at RLIMIT_NOFILE 32");
	unlink(path);
	unlink(made);
	PTS_PASSED("lowest free number (also holes), EMFILE at the limit, nothing created");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat() with a directory descriptor not opened O_SEARCH checks
 * "whether directory searches are permitted using the current
 * permissions of the directory underlying the file descriptor", not the
 * permissions at the time it was opened: root opens a 0755 directory,
 * and nobody, holding that descriptor, opens a file in it; after a
 * chmod to 0700 the same openat() fails with [EACCES] (an O_CREAT of a
 * new name too, and nothing is created); back at 0711 it works again.
 * Creating needs write permission of the directory, also read at the
 * time of the call: [EACCES] at 0755, the file made (owned by nobody)
 * at 0757.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];
static int dfd, phase;

static int child(void)
{
	int fd;

	switch (phase) {
	case 0:	/* 0755 */
		fd = openat(dfd, "f", O_RDONLY);
		if (fd < 0)
			PTS_FAILED("openat() in a searchable directory: %m");
		PTS_EXPECT_ERRNO(openat(dfd, "g", O_WRONLY | O_CREAT, 0600),
				 EACCES, "O_CREAT without write permission (0755)");
		break;
	case 1:	/* 0700 */
		PTS_EXPECT_ERRNO(openat(dfd, "f", O_RDONLY), EACCES,
				 "openat() once the directory is 0700");
		PTS_EXPECT_ERRNO(openat(dfd, "g", O_WRONLY | O_CREAT, 0600),
				 EACCES, "O_CREAT once the directory is 0700");
		break;
	case 2:	/* 0711 */
		fd = openat(dfd, "f", O_RDONLY);
		if (fd < 0)
			PTS_FAILED("openat() with search permission back (0711): %m");
		break;
	case 3:	/* 0757 */
		fd = openat(dfd, "g", O_WRONLY | O_CREAT | O_EXCL, 0600);
		if (fd < 0)
			PTS_FAILED("O_CREAT with write permission (0757): %m");
		break;
	}
	return PTS_PASS;
}

static void step(int p, mode_t mode)
{
	char what[32];

	if (chmod(dir, mode))
		PTS_UNRES("chmod(): %m");
	phase = p;
	snprintf(what, sizeof(what), "nobody at %04o", (unsigned int)mode);
	pts_run_as_nobody(child, what);
}

int main(void)
{
	struct stat st;
	int fd, r;

	snprintf(dir, sizeof(dir), "/tmp/pts_openat2_%d", (int)getpid());
	if (mkdir(dir, 0755))
		PTS_UNRES("mkdir(): %m");
	dfd = open(dir, O_RDONLY | O_DIRECTORY);
	fd = openat(dfd, "f", O_WRONLY | O_CREAT, 0644);
	if (dfd < 0 || fd < 0)
		PTS_UNRES("set-up: %m");
	close(fd);

	step(0, 0755);
	step(1, 0700);
	if (fstatat(dfd, "g", &st, 0) == 0)
		PTS_FAILED("a refused O_CREAT made the file");
	step(2, 0711);
	step(3, 0757);
	r = fstatat(dfd, "g", &st, 0);
	if (r || st.st_uid != PTS_NOBODY)
		PTS_FAILED("created file: %s, uid %d", r ? strerror(errno) : "there",
			   r ? -1 : (int)st.st_uid);
	unlinkat(dfd, "g", 0);
	unlinkat(dfd, "f", 0);
	rmdir(dir);
	PTS_PASSED("the directory's permissions at the time of openat() apply");
}

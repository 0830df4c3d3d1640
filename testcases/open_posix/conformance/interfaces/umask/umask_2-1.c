// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * umask() applies to the modes of files being created, not to later
 * changes: under a mask of 0777, chmod() and fchmod() still set 0755
 * and 04711 exactly, while a directory made by mkdir(0777) and a file
 * made by open(O_CREAT, 0666) get no permission bits at all; umask(022)
 * returns 0777, and a file then made with mode 0777 gets 0755. The
 * FIFO made by mkfifo(0666) under 0777 has mode 0 too.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64];

static const char *P(const char *name)
{
	static char buf[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s", dir, name);
	return buf[i];
}

static mode_t mode_of(const char *p)
{
	struct stat st;

	if (stat(p, &st))
		PTS_UNRES("stat(%s): %m", p);
	return st.st_mode & 07777;
}

int main(void)
{
	mode_t old;
	int fd;

	strcpy(dir, "/tmp/pts_umask2.XXXXXX");
	if (!mkdtemp(dir))
		PTS_UNRES("mkdtemp(): %m");
	umask(0777);
	fd = open(P("f"), O_RDWR | O_CREAT | O_EXCL, 0666);
	if (fd < 0 || mkdir(P("d"), 0777) || mkfifo(P("p"), 0666))
		PTS_UNRES("create under 0777: %m");
	if (mode_of(P("f")) || mode_of(P("d")) || mode_of(P("p")))
		PTS_FAILED("under 0777 created modes %04o %04o %04o, expected 0",
			   (unsigned int)mode_of(P("f")), (unsigned int)mode_of(P("d")),
			   (unsigned int)mode_of(P("p")));
	if (chmod(P("f"), 0755) || mode_of(P("f")) != 0755)
		PTS_FAILED("chmod(0755) under umask 0777 gave %04o",
			   (unsigned int)mode_of(P("f")));
	if (fchmod(fd, 04711) || mode_of(P("f")) != 04711)
		PTS_FAILED("fchmod(04711) under umask 0777 gave %04o",
			   (unsigned int)mode_of(P("f")));
	if (chmod(P("d"), 0750) || mode_of(P("d")) != 0750)
		PTS_FAILED("chmod() of the directory under umask 0777");
	close(fd);
	old = umask(022);
	if (old != 0777)
		PTS_FAILED("umask(022) returned %04o, expected 0777", (unsigned int)old);
	fd = open(P("g"), O_RDWR | O_CREAT | O_EXCL, 0777);
	if (fd < 0 || mode_of(P("g")) != 0755)
		PTS_FAILED("open(0777) under 022 made %04o", (unsigned int)mode_of(P("g")));
	close(fd);
	unlink(P("f"));
	unlink(P("g"));
	unlink(P("p"));
	rmdir(P("d"));
	rmdir(dir);
	PTS_PASSED("the mask clears bits at creation only; chmod()/fchmod() exact");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): [ENODEV] when fildes refers to a file whose type mmap() does
 * not support. On Linux a FIFO (opened O_RDWR, so it is open for read
 * and write) and /dev/null have no mmap operation: both fail with
 * [ENODEV], also MAP_PRIVATE and with MAP_FIXED, whose target is kept.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char *fixed;
static long pg;

static void enodev(int fd, const char *what)
{
	static const int fl[] = { MAP_SHARED, MAP_PRIVATE,
				  MAP_PRIVATE | MAP_FIXED };
	unsigned int i;

	for (i = 0; i < 3; i++) {
		errno = 0;
		if (mmap(fl[i] & MAP_FIXED ? fixed : NULL, pg, PROT_READ, fl[i],
			 fd, 0) != MAP_FAILED || errno != ENODEV)
			PTS_FAILED("%s, flags 0x%x: %s, expected ENODEV", what,
				   fl[i], strerrorname_np(errno));
	}
	if (strcmp(fixed, "kept"))
		PTS_FAILED("%s: the MAP_FIXED target changed", what);
}

int main(void)
{
	char path[64];
	int fifo, null;

	pg = sysconf(_SC_PAGESIZE);
	snprintf(path, sizeof(path), "/tmp/pts_mmap23_%d", (int)getpid());
	if (mkfifo(path, 0600))
		PTS_UNRES("mkfifo(): %m");
	fifo = open(path, O_RDWR);
	unlink(path);
	null = open("/dev/null", O_RDWR);
	fixed = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (fifo < 0 || null < 0 || fixed == MAP_FAILED)
		PTS_UNRES("set-up: %m");
	strcpy(fixed, "kept");
	enodev(fifo, "a FIFO");
	enodev(null, "/dev/null");
	PTS_PASSED("ENODEV for a FIFO and /dev/null, the MAP_FIXED target kept");
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reading the caller's own /proc/self/status and /proc/self/smaps
 * without stdio and into static buffers: no allocation of the reader's
 * own changes the counters (VmLck, VmSize) between two reads.
 */
#ifndef PTS_PROC_SELF_H
#define PTS_PROC_SELF_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pts_helpers.h"

/* field ("VmLck:") of /proc/self/status in kB, -1 when not found */
static inline long pts_status_kb(const char *field)
{
	static char buf[8192];
	int fd = open("/proc/self/status", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	char *p;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, field);
	return p ? strtol(p + strlen(field), NULL, 10) : -1;
}

/* 1 when the smaps entry holding addr has the "lo" flag, 0 if not, -1 if none */
static inline int pts_locked_vma(const void *addr)
{
	static char buf[1 << 20];
	unsigned long a = (unsigned long)addr, s, e;
	int fd = open("/proc/self/smaps", O_RDONLY), in = 0;
	ssize_t n, tot = 0;
	char *line, *nl;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + tot, sizeof(buf) - 1 - tot)) > 0)
		tot += n;
	close(fd);
	buf[tot] = 0;
	for (line = buf; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl)
			break;
		*nl = 0;
		/* an entry's header: "start-end perms ...", the '-' first */
		if (sscanf(line, "%lx-%lx ", &s, &e) == 2 &&
		    strchr(line, '-') < strchr(line, ' '))
			in = a >= s && a < e;
		else if (in && !strncmp(line, "VmFlags:", 8))
			return strstr(line, " lo") != NULL;
	}
	return -1;
}

/* two mapped anonymous pages of pg bytes, then a two-page hole: the start */
static inline char *pts_pages_then_hole(long pg)
{
	char *m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED || munmap(m + 2 * pg, 2 * pg))
		PTS_UNRES("mmap()/munmap(): %m");
	return m;
}

#endif /* PTS_PROC_SELF_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_unlink(): while references remain, the removal of the object's
 * contents is postponed until every open and map reference is gone. The
 * descriptor is closed and the name unlinked, leaving a MAP_SHARED
 * mapping as the only reference: its data is still there, a fork()
 * child's store through the inherited mapping is seen by the parent,
 * and /proc/self/maps marks the mapping "(deleted)".
 */
#include "pts_shmobj.h"

static char *m;

static int child(void)
{
	if (strcmp(m, "before unlink"))
		return PTS_FAIL;
	strcpy(m + 5000, "from the child");
	return PTS_PASS;
}

int main(void)
{
	char name[64], line[512], addr[32];
	int fd, found = 0;
	FILE *f;

	pts_shm_name(name, sizeof(name), "shmu3");
	fd = pts_shm_make(name, 0600, 8192, NULL);
	m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		shm_unlink(name);
		PTS_UNRES("mmap(): %m");
	}
	strcpy(m, "before unlink");
	close(fd);
	if (shm_unlink(name))
		PTS_UNRES("shm_unlink(): %m");
	pts_run_child(child, "child with the inherited mapping");
	if (strcmp(m, "before unlink") || strcmp(m + 5000, "from the child"))
		PTS_FAILED("the unlinked object's contents were not kept");
	snprintf(addr, sizeof(addr), "%lx-", (unsigned long)m);
	f = fopen("/proc/self/maps", "r");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, addr, strlen(addr)) &&
		    strstr(line, name + 1) && strstr(line, "(deleted)"))
			found = 1;
	if (f)
		fclose(f);
	if (!found)
		PTS_FAILED("/proc/self/maps does not list the mapping as deleted");
	PTS_PASSED("contents kept while only a mapping refers to the unlinked object");
}

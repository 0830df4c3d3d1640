// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * munlock(): "any locks established on those pages by another process
 * are unaffected". A child locks four pages of a MAP_SHARED anonymous
 * mapping it shares with the parent; the parent locks and then unlocks
 * the same pages. The child's lock stays: its VmLck still counts the
 * four pages and its mapping keeps the "lo" flag.
 */
#include <sys/mman.h>

#include "pts_helpers.h"
#include "pts_proc_self.h"

static long pg;
static char *m;
static int up[2], down[2];

static int child(void)
{
	long base = pts_status_kb("VmLck:"), kb = 4 * pg / 1024, v;
	char c;

	if (mlock(m, 4 * pg))
		return PTS_UNRESOLVED;
	v = pts_status_kb("VmLck:");
	if (v != base + kb) {
		printf("child: VmLck %ld kB after mlock(), expected %ld\n", v,
		       base + kb);
		return PTS_UNRESOLVED;
	}
	if (write(up[1], "l", 1) != 1 || read(down[0], &c, 1) != 1)
		return PTS_UNRESOLVED;
	v = pts_status_kb("VmLck:");
	if (v != base + kb || pts_locked_vma(m) != 1) {
		printf("child: VmLck %ld kB (expected %ld), lo %d after the parent's munlock()\n",
		       v, base + kb, pts_locked_vma(m));
		return PTS_FAIL;
	}
	if (m[3 * pg] != 'p') {
		printf("child: the parent's store not seen\n");
		return PTS_FAIL;
	}
	return PTS_PASS;
}

int main(void)
{
	long base;
	pid_t pid;
	char c;

	pg = sysconf(_SC_PAGESIZE);
	m = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || pipe(up) || pipe(down))
		PTS_UNRES("mmap()/pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid)
		exit(child());
	close(up[1]);	/* EOF if the child dies before locking */
	close(down[0]);
	if (read(up[0], &c, 1) != 1)
		PTS_UNRES("the child did not lock");
	base = pts_status_kb("VmLck:");
	if (mlock(m, 4 * pg))
		PTS_UNRES("mlock(): %m");
	m[3 * pg] = 'p';
	if (munlock(m, 4 * pg))
		PTS_FAILED("munlock(): %m");
	if (pts_status_kb("VmLck:") != base)
		PTS_FAILED("the parent's VmLck not back to %ld kB", base);
	if (write(down[1], "u", 1) != 1)
		PTS_UNRES("write(): %m");
	pts_reap(pid, "child");
	PTS_PASSED("the parent's munlock() left the child's lock on the shared pages");
}

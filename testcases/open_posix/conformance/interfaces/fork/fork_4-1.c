// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fork(): memory mappings of the parent are kept in the child at the
 * same addresses; a MAP_PRIVATE mapping modified after the fork is seen
 * changed only by the process that modified it (both directions), a
 * MAP_SHARED one by both. Private anonymous memory (a heap buffer) is a
 * copy as well.
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *priv, *shr, *heap;
	int status, p[2], q[2];
	pid_t pid;
	char c;

	priv = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	shr = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	heap = malloc(64);
	if (priv == MAP_FAILED || shr == MAP_FAILED || !heap)
		PTS_UNRES("mmap()/malloc(): %m");
	strcpy(priv, "before");
	strcpy(shr, "before");
	strcpy(heap, "before");
	if (pipe(p) || pipe(q))
		PTS_UNRES("pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		if (strcmp(priv, "before") || strcmp(shr, "before") || strcmp(heap, "before"))
			_exit(3);
		strcpy(priv, "child");
		strcpy(heap, "child");
		strcpy(shr, "child");
		if (write(q[1], "x", 1) != 1 || read(p[0], &c, 1) != 1)
			_exit(4);
		/* the parent wrote its own private copy and the shared page */
		if (strcmp(priv, "child") || strcmp(heap, "child"))
			_exit(5);
		if (strcmp(shr, "parent"))
			_exit(6);
		_exit(0);
	}
	if (read(q[0], &c, 1) != 1)
		PTS_UNRES("read(): %m");
	if (strcmp(priv, "before") || strcmp(heap, "before"))
		PTS_FAILED("the child's write to private memory reached the parent: %s/%s",
			   priv, heap);
	if (strcmp(shr, "child"))
		PTS_FAILED("the child's write to MAP_SHARED not seen: %s", shr);
	strcpy(priv, "parent");
	strcpy(heap, "parent");
	strcpy(shr, "parent");
	if (write(p[1], "x", 1) != 1)
		PTS_UNRES("write(): %m");
	if (waitpid(pid, &status, 0) != pid)
		PTS_UNRES("waitpid(): %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		PTS_FAILED("child: status %#x (3: content not kept, 5: parent's private write seen, 6: shared write not seen)",
			   status);
	PTS_PASSED("private memory copied both ways, MAP_SHARED shared");
}

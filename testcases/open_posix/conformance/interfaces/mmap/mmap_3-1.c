// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mmap(): "The mmap() function shall fail if: [EINVAL] The value of len is
 * zero." Checked for a MAP_SHARED file mapping, a MAP_PRIVATE file mapping
 * and a MAP_PRIVATE | MAP_ANONYMOUS mapping.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "posixtest.h"

int main(void)
{
	char path[] = "/tmp/pts_mmap_3-1_XXXXXX";
	static const struct {
		int flags;
		int anon;
		const char *name;
	} cases[] = {
		{ MAP_SHARED, 0, "MAP_SHARED" },
		{ MAP_PRIVATE, 0, "MAP_PRIVATE" },
		{ MAP_PRIVATE | MAP_ANONYMOUS, 1, "MAP_PRIVATE | MAP_ANONYMOUS" },
	};
	unsigned int i;
	int fd, fails = 0;
	void *map;

	fd = mkstemp(path);
	if (fd < 0)
		PTS_UNRES("mkstemp(%s): %m", path);
	unlink(path);
	if (ftruncate(fd, sysconf(_SC_PAGESIZE)))
		PTS_UNRES("ftruncate(): %m");

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		errno = 0;
		map = mmap(NULL, 0, PROT_READ, cases[i].flags,
			   cases[i].anon ? -1 : fd, 0);
		if (map != MAP_FAILED) {
			printf("mmap(len 0, %s) succeeded\n", cases[i].name);
			fails++;
		} else if (errno != EINVAL) {
			printf("mmap(len 0, %s) failed with %s, expected EINVAL\n",
			       cases[i].name, strerror(errno));
			fails++;
		} else {
			printf("mmap(len 0, %s) failed with EINVAL\n",
			       cases[i].name);
		}
	}
	if (fails)
		PTS_FAILED("%d of the mmap() calls with len 0 did not fail with EINVAL",
			   fails);
	PTS_PASSED("mmap() with len 0 fails with EINVAL");
}

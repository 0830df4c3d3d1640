// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): [ENAMETOOLONG] when name is longer than {PATH_MAX} or a
 * component longer than {NAME_MAX}. At the edge: a component of exactly
 * NAME_MAX characters is created, opened again and unlinked; one of
 * NAME_MAX + 1 fails with [ENAMETOOLONG] (also without O_CREAT); so
 * should one of NAME_MAX + 5 and a name of PATH_MAX characters, but
 * glibc 2.36 reports [EINVAL] for them (known issue: __shm_get_name()
 * refuses a name that overflows its fixed buffer for "/dev/shm/" and
 * the name before the kernel sees it).
 */
#include <limits.h>

#include "pts_shmobj.h"

static char name[PATH_MAX + 2];

static void set_len(size_t n)
{
	name[0] = '/';
	memset(name + 1, 'n', n);
	name[n + 1] = 0;
}

static int glibc_einval;

/* a name of n characters after the slash: ENAMETOOLONG, or EINVAL noted */
static void longer(size_t n)
{
	set_len(n);
	errno = 0;
	if (shm_open(name, O_RDWR | O_CREAT, 0600) != -1)
		PTS_FAILED("a component of %zu characters was created", n);
	printf("a component of %zu characters: %s\n", n,
	       strerrorname_np(errno));
	if (errno == EINVAL)
		glibc_einval = 1;
	else if (errno != ENAMETOOLONG)
		PTS_FAILED("%zu characters: errno %s, expected ENAMETOOLONG", n,
			   strerrorname_np(errno));
}

int main(void)
{
	int fd, k;

	set_len(NAME_MAX);
	/* the name of this instance: a prefix with the pid, 'n' after it */
	k = snprintf(name + 1, 32, "pts_shmo39_%d_", (int)getpid());
	name[1 + k] = 'n';
	shm_unlink(name);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_FAILED("a %d-character component: %m", NAME_MAX);
	close(fd);
	fd = shm_open(name, O_RDONLY, 0);
	if (fd < 0 || shm_unlink(name)) {
		shm_unlink(name);
		PTS_FAILED("the %d-character name does not open again: %m",
			   NAME_MAX);
	}
	set_len(NAME_MAX + 1);
	PTS_EXPECT_ERRNO(shm_open(name, O_RDWR | O_CREAT, 0600), ENAMETOOLONG,
			 "a component of NAME_MAX + 1 with O_CREAT");
	PTS_EXPECT_ERRNO(shm_open(name, O_RDONLY, 0), ENAMETOOLONG,
			 "a component of NAME_MAX + 1");
	longer(NAME_MAX + 5);
	longer(PATH_MAX - 1);
	if (glibc_einval)
		PTS_KNOWN_ISSUE("shm_open ENAMETOOLONG",
				"NAME_MAX accepted, NAME_MAX + 1 ENAMETOOLONG, longer names EINVAL (glibc)");
	PTS_PASSED("NAME_MAX accepted; NAME_MAX + 1, NAME_MAX + 5 and PATH_MAX ENAMETOOLONG");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shm_open(): [EINVAL] when the operation is not supported for the
 * given name. glibc takes a name of one leading slash (or several) and
 * a single component; "/a/b" (a slash after the first character), "/",
 * "//" and "" (no component) are refused with [EINVAL], also with
 * O_CREAT, and nothing is created ("/a" stays absent). The Linux man
 * page documents EINVAL for such names.
 */
#include "pts_shmobj.h"

int main(void)
{
	static const char *const bad[] = { "/a/b", "/", "//", "" };
	char sub[80], top[64];
	unsigned int i;

	snprintf(top, sizeof(top), "/pts_shmo37_%d", (int)getpid());
	snprintf(sub, sizeof(sub), "%s/x", top);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		errno = 0;
		if (shm_open(bad[i], O_RDWR, 0) != -1 || errno != EINVAL)
			PTS_FAILED("shm_open(\"%s\", O_RDWR): %s, expected EINVAL",
				   bad[i], strerrorname_np(errno));
		errno = 0;
		if (shm_open(bad[i], O_RDWR | O_CREAT, 0600) != -1 ||
		    errno != EINVAL)
			PTS_FAILED("shm_open(\"%s\", O_CREAT): %s, expected EINVAL",
				   bad[i], strerrorname_np(errno));
	}
	PTS_EXPECT_ERRNO(shm_open(sub, O_RDWR | O_CREAT, 0600), EINVAL,
			 "O_CREAT of a name with two components");
	PTS_EXPECT_ERRNO(shm_open(top, O_RDONLY, 0), ENOENT,
			 "the first component after the refused creation");
	PTS_PASSED("EINVAL for names with an inner slash or no component, nothing created");
}

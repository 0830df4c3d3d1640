// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() [ENAMETOOLONG]: the length of name exceeds {PATH_MAX}. A
 * name of PATH_MAX characters after its slash (with and without
 * O_CREAT) fails with ENAMETOOLONG and creates nothing; a name of
 * NAME_MAX characters is accepted.
 */
#include "pts_mqsem.h"

int main(void)
{
	static char huge[PATH_MAX + 2], ok[NAME_MAX + 2];
	mqd_t q;

	huge[0] = '/';
	memset(huge + 1, 'p', PATH_MAX);
	ok[0] = '/';
	memset(ok + 1, 'k', NAME_MAX);
	snprintf(ok + 1, 12, "pts%d", (int)getpid());
	ok[strlen(ok)] = 'k';
	PTS_EXPECT_ERRNO(mq_open(huge, O_RDWR | O_CREAT, 0600, NULL), ENAMETOOLONG,
			 "PATH_MAX name, O_CREAT");
	PTS_EXPECT_ERRNO(mq_open(huge, O_RDWR), ENAMETOOLONG, "PATH_MAX name");
	PTS_EXPECT_ERRNO(mq_unlink(huge), ENAMETOOLONG, "mq_unlink(PATH_MAX name)");
	if (strlen(ok) != NAME_MAX + 1)
		PTS_UNRES("name of %zu characters", strlen(ok));
	q = mq_open(ok, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	if (q == (mqd_t)-1)
		PTS_FAILED("NAME_MAX name: %m");
	if (mq_unlink(ok))
		PTS_FAILED("mq_unlink(NAME_MAX name): %m");
	PTS_PASSED("ENAMETOOLONG beyond PATH_MAX, NAME_MAX accepted");
}

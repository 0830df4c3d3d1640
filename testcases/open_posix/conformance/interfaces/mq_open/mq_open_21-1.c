// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open(): on failure it returns (mqd_t)-1 and sets errno. Failing
 * opens (ENOENT, EEXIST, EINVAL, ENAMETOOLONG) each return exactly -1
 * with their errno, and none of them leaves a descriptor behind (the
 * entries of /proc/self/fd are counted before and after) or a queue
 * (the missing name still ENOENT).
 */
#include <dirent.h>

#include "pts_mqsem.h"

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	if (!d)
		PTS_UNRES("opendir(/proc/self/fd): %m");
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

int main(void)
{
	struct mq_attr bad = { .mq_maxmsg = 0, .mq_msgsize = 8 };
	char name[64], missing[64], lng[NAME_MAX + 3];
	int before, after;
	mqd_t q;

	pts_ipc_name(name, sizeof(name), "mqo21");
	pts_ipc_name(missing, sizeof(missing), "mqo21_none");
	lng[0] = '/';
	memset(lng + 1, 'l', NAME_MAX + 1);
	lng[NAME_MAX + 2] = 0;
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	if (q == (mqd_t)-1)
		PTS_UNRES("mq_open(): %m");
	before = count_fds();
	PTS_EXPECT_ERRNO(mq_open(missing, O_RDWR), ENOENT, "missing name");
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL),
			 EEXIST, "existing name, O_EXCL");
	PTS_EXPECT_ERRNO(mq_open(missing, O_RDWR | O_CREAT, 0600, &bad), EINVAL,
			 "mq_maxmsg 0");
	PTS_EXPECT_ERRNO(mq_open(lng, O_RDWR | O_CREAT, 0600, NULL), ENAMETOOLONG,
			 "NAME_MAX + 1 name");
	after = count_fds();
	mq_unlink(name);
	if (after != before)
		PTS_FAILED("%d descriptors before the failures, %d after", before,
			   after);
	PTS_EXPECT_ERRNO(mq_unlink(missing), ENOENT, "the EINVAL name, unlinked");
	PTS_PASSED("-1 with errno, no descriptor and no queue left");
}

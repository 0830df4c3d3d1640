// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() with O_CREAT and a NULL attr: "the message queue is created
 * with implementation-defined default message queue attributes"; on
 * Linux those are /proc/sys/fs/mqueue/msg_default and msgsize_default,
 * which mq_getattr() must report; the mode of the new queue is the mode
 * argument minus the umask (fstat on the queue descriptor).
 */
#include <mqueue.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static long rd(const char *path)
{
	long v = -1;
	FILE *f = fopen(path, "r");

	if (!f || fscanf(f, "%ld", &v) != 1)
		PTS_UNSUPP("cannot read %s", path);
	fclose(f);
	return v;
}

int main(void)
{
	long md = rd("/proc/sys/fs/mqueue/msg_default");
	long sd = rd("/proc/sys/fs/mqueue/msgsize_default");
	struct mq_attr got;
	struct stat st;
	char name[64];
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_def_%d", (int)getpid());
	umask(027);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0666, NULL);
	if (q == (mqd_t)-1)
		PTS_FAILED("mq_open(NULL attr): %m");
	mq_unlink(name);
	mq_getattr(q, &got);
	if (got.mq_maxmsg != md || got.mq_msgsize != sd)
		PTS_FAILED("defaults %ld/%ld, sysctls say %ld/%ld", got.mq_maxmsg,
			   got.mq_msgsize, md, sd);
	if (fstat(q, &st) || (st.st_mode & 0777) != 0640)
		PTS_FAILED("queue mode %o, expected 640", st.st_mode & 0777);
	PTS_PASSED("default attributes %ld/%ld and mode minus umask", md, sd);
}

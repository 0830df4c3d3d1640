// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mq_open() with O_CREAT: "the user ID of the message queue shall be set
 * to the effective user ID of the process, and the group ID ... to the
 * effective group ID"; here both differ from the real IDs (0). The mode
 * is 0664 with the umask 026 cleared: 0640. The permission bits then
 * decide each later mq_open() (the kernel's inode permission check): a
 * member of the owning group may open it O_RDONLY, not O_WRONLY or
 * O_RDWR ([EACCES]); another user may not open it at all; the owner
 * (effective uid) opens it O_RDWR. O_CREAT on the existing queue by
 * another process changes neither owner nor mode.
 */
#include <mqueue.h>
#include <sys/stat.h>

#include "pts_helpers.h"

#define OWNER	4321
#define GROUP	5432
#define OTHER	6543

static char name[64];

static int creator(void)
{
	struct mq_attr at = { .mq_maxmsg = 2, .mq_msgsize = 8 };
	struct stat st;
	mqd_t q;

	if (setresgid(0, GROUP, 0) || setresuid(0, OWNER, 0))
		PTS_UNRES("setresgid/setresuid: %m");
	umask(026);
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0664, &at);
	if (q == (mqd_t)-1)
		PTS_FAILED("mq_open(O_CREAT) as euid %d: %m", OWNER);
	if (fstat(q, &st))
		PTS_UNRES("fstat() of the queue descriptor: %m");
	if (st.st_uid != OWNER || st.st_gid != GROUP)
		PTS_FAILED("owner %d:%d, expected the effective ids %d:%d",
			   (int)st.st_uid, (int)st.st_gid, OWNER, GROUP);
	if ((st.st_mode & 07777) != 0640)
		PTS_FAILED("mode %04o, expected 0664 & ~026 = 0640",
			   (unsigned int)(st.st_mode & 07777));
	if (mq_send(q, "m", 1, 0))
		PTS_FAILED("mq_send() by the creator: %m");
	return PTS_PASS;
}

static void ids(gid_t g, uid_t u)
{
	if (setgroups(0, NULL) || setresgid(g, g, g) || setresuid(u, u, u))
		PTS_UNRES("set ids %d:%d: %m", (int)u, (int)g);
}

static int in_group(void)
{
	char buf[8];
	mqd_t q;

	ids(GROUP, OTHER);
	q = mq_open(name, O_RDONLY);
	if (q == (mqd_t)-1)
		PTS_FAILED("O_RDONLY by a member of the group (mode 0640): %m");
	if (mq_receive(q, buf, sizeof(buf), NULL) != 1)
		PTS_FAILED("mq_receive() by the group member: %m");
	PTS_EXPECT_ERRNO(mq_open(name, O_WRONLY), EACCES,
			 "O_WRONLY by a member of the group");
	PTS_EXPECT_ERRNO(mq_open(name, O_RDWR), EACCES,
			 "O_RDWR by a member of the group");
	return PTS_PASS;
}

static int other_user(void)
{
	ids(OTHER, OTHER);
	PTS_EXPECT_ERRNO(mq_open(name, O_RDONLY), EACCES,
			 "O_RDONLY by another user (mode 0640)");
	PTS_EXPECT_ERRNO(mq_open(name, O_WRONLY | O_CREAT, 0666, NULL), EACCES,
			 "O_WRONLY | O_CREAT by another user");
	return PTS_PASS;
}

static int owner(void)
{
	ids(OTHER, OWNER);
	if (mq_open(name, O_RDWR) == (mqd_t)-1)
		PTS_FAILED("O_RDWR by the owner in another group: %m");
	return PTS_PASS;
}

int main(void)
{
	struct stat st;
	mqd_t q;

	snprintf(name, sizeof(name), "/pts_mq_open8_%d", (int)getpid());
	mq_unlink(name);
	pts_run_child(creator, "creator");
	pts_run_child(in_group, "group member");
	pts_run_child(other_user, "other user");
	pts_run_child(owner, "owner");
	umask(0);
	q = mq_open(name, O_RDWR | O_CREAT, 0666, NULL);
	if (q == (mqd_t)-1 || fstat(q, &st))
		PTS_UNRES("root's open of the queue: %m");
	mq_unlink(name);
	if ((st.st_mode & 07777) != 0640 || st.st_uid != OWNER || st.st_gid != GROUP)
		PTS_FAILED("O_CREAT on the existing queue changed it: %04o %d:%d",
			   (unsigned int)(st.st_mode & 07777), (int)st.st_uid,
			   (int)st.st_gid);
	PTS_PASSED("owner is the effective uid/gid, mode minus umask, permissions enforced");
}

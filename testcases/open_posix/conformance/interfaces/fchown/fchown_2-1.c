// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchown() by the owner without privileges (nobody, with supplementary
 * group 65533): a regular file with an execute bit set loses S_ISUID and
 * S_ISGID on success, both when its group changes to a group of the
 * caller (65533, read back) and when both IDs are -1 (nothing else
 * changes); the owner stays. [EPERM] for a group the caller is not in
 * (0) and for giving the file away (owner 0), owner and group kept. What
 * becomes of the bits of a file without execute bits and of a set-group-ID
 * directory is left to the implementation: printed.
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char pa[64], pb[64], pc[64], pd[64];

static int child(void)
{
	gid_t g = 65533;
	struct stat st;
	int a, b, c, d;

	if (setgroups(1, &g) || setresgid(PTS_NOBODY, PTS_NOBODY, PTS_NOBODY) ||
	    setresuid(PTS_NOBODY, PTS_NOBODY, PTS_NOBODY))
		PTS_UNRES("becoming nobody: %m");
	a = open(pa, O_RDONLY);
	b = open(pb, O_RDONLY);
	c = open(pc, O_RDONLY);
	d = open(pd, O_RDONLY | O_DIRECTORY);
	if (a < 0 || b < 0 || c < 0 || d < 0)
		PTS_UNRES("open(): %m");

	if (fchown(a, -1, 65533))
		PTS_FAILED("owner's fchown() to its supplementary group: %m");
	fstat(a, &st);
	if (st.st_gid != 65533 || st.st_uid != PTS_NOBODY)
		PTS_FAILED("owner/group %d/%d after the change", (int)st.st_uid,
			   (int)st.st_gid);
	if ((st.st_mode & 07777) != 0755)
		PTS_FAILED("mode %04o after an unprivileged group change of a 06755 file, 0755 expected",
			   (unsigned int)(st.st_mode & 07777));

	if (fchown(b, -1, -1))
		PTS_FAILED("fchown(-1, -1) by the owner: %m");
	fstat(b, &st);
	if ((st.st_mode & 07777) != 0755 || st.st_uid != PTS_NOBODY ||
	    st.st_gid != PTS_NOBODY)
		PTS_FAILED("after fchown(-1, -1): mode %04o, %d/%d (0755, 65534/65534 expected)",
			   (unsigned int)(st.st_mode & 07777), (int)st.st_uid,
			   (int)st.st_gid);

	PTS_EXPECT_ERRNO(fchown(a, -1, 0), EPERM,
			 "fchown() to a group the caller is not in");
	PTS_EXPECT_ERRNO(fchown(a, 0, -1), EPERM,
			 "fchown() giving the file to root");
	fstat(a, &st);
	if (st.st_uid != PTS_NOBODY || st.st_gid != 65533)
		PTS_FAILED("owner/group %d/%d after EPERM", (int)st.st_uid,
			   (int)st.st_gid);

	if (fchown(c, -1, 65533) || fchown(d, -1, 65533))
		PTS_FAILED("fchown() of the 06644 file or the directory: %m");
	fstat(c, &st);
	printf("INFO: 06644 file after the group change: %04o (implementation-defined)\n",
	       (unsigned int)(st.st_mode & 07777));
	fstat(d, &st);
	printf("INFO: 02755 directory after the group change: %04o (may be cleared)\n",
	       (unsigned int)(st.st_mode & 07777));
	return PTS_PASS;
}

static void mk(const char *p, mode_t mode, int dir)
{
	int fd;

	if (dir) {
		if (mkdir(p, 0700))
			PTS_UNRES("mkdir(): %m");
	} else {
		fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600);
		if (fd < 0)
			PTS_UNRES("open(): %m");
		close(fd);
	}
	if (chown(p, PTS_NOBODY, PTS_NOBODY) || chmod(p, mode))
		PTS_UNRES("chown()/chmod(): %m");
}

int main(void)
{
	int pid = getpid();

	snprintf(pa, sizeof(pa), "/tmp/pts_fchown2a_%d", pid);
	snprintf(pb, sizeof(pb), "/tmp/pts_fchown2b_%d", pid);
	snprintf(pc, sizeof(pc), "/tmp/pts_fchown2c_%d", pid);
	snprintf(pd, sizeof(pd), "/tmp/pts_fchown2d_%d", pid);
	mk(pa, 06755, 0);
	mk(pb, 06755, 0);
	mk(pc, 06644, 0);
	mk(pd, 02755, 1);
	pts_run_child(child, "nobody's fchown()");
	unlink(pa);
	unlink(pb);
	unlink(pc);
	rmdir(pd);
	PTS_PASSED("S_ISUID/S_ISGID cleared by an unprivileged fchown(), EPERM");
}

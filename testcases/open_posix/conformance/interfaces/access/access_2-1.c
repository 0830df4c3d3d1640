// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access() checks the permissions with the real user and group IDs, not
 * the effective ones: a process with real uid nobody and effective uid 0
 * gets [EACCES] from access(R_OK) on a 0600 root file that open() lets it
 * read; with real uid 0 and effective nobody, access(R_OK|W_OK) succeeds
 * where open() fails with [EACCES]. faccessat(AT_EACCESS) uses the
 * effective IDs instead, giving the opposite answers. The group: real
 * gid 65534 with effective gid 0 (uids nobody) is refused a 0060 file of
 * group 0 by access(), allowed by faccessat(AT_EACCESS).
 */
#include <sys/stat.h>

#include "pts_helpers.h"

static char dir[64], file[128], gfile[128];

static int real_nobody(void)
{
	int fd;

	if (setresuid(PTS_NOBODY, 0, 0))
		return PTS_UNRESOLVED;
	PTS_EXPECT_ERRNO(access(file, R_OK), EACCES,
			 "access(R_OK) with real uid nobody, effective 0");
	fd = open(file, O_RDONLY);
	if (fd < 0)
		PTS_FAILED("open() as effective root failed: %s", strerror(errno));
	close(fd);
	if (faccessat(AT_FDCWD, file, R_OK | W_OK, AT_EACCESS))
		PTS_FAILED("faccessat(AT_EACCESS) as effective root: %s",
			   strerror(errno));
	return PTS_PASS;
}

static int effective_nobody(void)
{
	if (setresuid(0, PTS_NOBODY, 0))
		return PTS_UNRESOLVED;
	if (access(file, R_OK | W_OK))
		PTS_FAILED("access(R_OK|W_OK) with real uid 0, effective nobody: %s",
			   strerror(errno));
	PTS_EXPECT_ERRNO(open(file, O_RDONLY), EACCES,
			 "open() as effective nobody");
	PTS_EXPECT_ERRNO(faccessat(AT_FDCWD, file, R_OK, AT_EACCESS), EACCES,
			 "faccessat(AT_EACCESS) as effective nobody");
	return PTS_PASS;
}

static int group_check(void)
{
	if (setgroups(0, NULL) || setresgid(PTS_NOBODY, 0, 0) ||
	    setresuid(PTS_NOBODY, PTS_NOBODY, PTS_NOBODY))
		return PTS_UNRESOLVED;
	PTS_EXPECT_ERRNO(access(gfile, R_OK), EACCES,
			 "access(R_OK) with real gid nobody, effective gid 0");
	if (faccessat(AT_FDCWD, gfile, R_OK | W_OK, AT_EACCESS))
		PTS_FAILED("faccessat(AT_EACCESS) with effective gid 0: %s",
			   strerror(errno));
	return PTS_PASS;
}

static void mk(const char *path, mode_t mode)
{
	int fd = open(path, O_CREAT | O_WRONLY, 0600);

	if (fd < 0 || fchown(fd, 0, 0) || fchmod(fd, mode) || close(fd))
		PTS_UNRES("create %s: %s", path, strerror(errno));
}

int main(void)
{
	if (geteuid() != 0)
		PTS_UNSUPP("needs root to set real and effective ids apart");
	strcpy(dir, "/tmp/access_2-1.XXXXXX");
	if (!mkdtemp(dir) || chmod(dir, 0755))
		PTS_UNRES("mkdtemp(): %s", strerror(errno));
	snprintf(file, sizeof(file), "%s/f", dir);
	snprintf(gfile, sizeof(gfile), "%s/g", dir);
	mk(file, 0600);
	mk(gfile, 0060);
	pts_run_child(real_nobody, "real nobody, effective root");
	pts_run_child(effective_nobody, "real root, effective nobody");
	pts_run_child(group_check, "real gid nobody, effective gid 0");
	unlink(file);
	unlink(gfile);
	rmdir(dir);
	PTS_PASSED("access() uses the real ids, faccessat(AT_EACCESS) the effective ones");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchmod() and fchown() on a shared memory object: the permission bits
 * (0600 -> 0604, fstat()) and the owner (65534) change as for a regular
 * file, and they govern later opens: nobody's shm_open(O_RDONLY) fails
 * with [EACCES] at 0600 (root's object) and succeeds after fchmod(0604);
 * once the object is nobody's (fchown()), nobody may open it O_RDWR and
 * fchmod() it to 0644 itself.
 */
#include <sys/mman.h>
#include <sys/stat.h>

#include "pts_helpers.h"

static char name[64];
static int expect_ok, rdwr;

static int child(void)
{
	int fd = shm_open(name, rdwr ? O_RDWR : O_RDONLY, 0);

	if (!expect_ok) {
		if (fd >= 0 || errno != EACCES)
			PTS_FAILED("nobody's shm_open() of a 0600 root object: %d (%m), EACCES expected",
				   fd);
		return PTS_PASS;
	}
	if (fd < 0)
		PTS_FAILED("nobody's shm_open(%s): %m", rdwr ? "O_RDWR" : "O_RDONLY");
	if (rdwr && fchmod(fd, 0644))
		PTS_FAILED("the new owner's fchmod(0644): %m");
	return PTS_PASS;
}

static void mode_owner(int fd, mode_t m, uid_t u, const char *what)
{
	struct stat st;

	if (fstat(fd, &st))
		PTS_UNRES("fstat(): %m");
	if ((st.st_mode & 07777) != m || st.st_uid != u)
		PTS_FAILED("%s: mode %04o uid %d, %04o %d expected", what,
			   (unsigned int)(st.st_mode & 07777), (int)st.st_uid,
			   (unsigned int)m, (int)u);
}

int main(void)
{
	int fd;

	snprintf(name, sizeof(name), "/pts_fchmod2_%d", (int)getpid());
	umask(0);
	fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		PTS_UNRES("shm_open(): %m");
	mode_owner(fd, 0600, 0, "new object");
	expect_ok = 0;
	pts_run_as_nobody(child, "nobody at 0600");
	if (fchmod(fd, 0604))
		PTS_FAILED("fchmod(0604) of a shared memory object: %m");
	mode_owner(fd, 0604, 0, "after fchmod(0604)");
	expect_ok = 1;
	pts_run_as_nobody(child, "nobody at 0604");
	if (fchown(fd, PTS_NOBODY, PTS_NOBODY))
		PTS_FAILED("fchown() of a shared memory object: %m");
	mode_owner(fd, 0604, PTS_NOBODY, "after fchown()");
	rdwr = 1;
	pts_run_as_nobody(child, "nobody as the owner");
	mode_owner(fd, 0644, PTS_NOBODY, "after the owner's fchmod(0644)");
	shm_unlink(name);
	PTS_PASSED("fchmod()/fchown() of a shared memory object govern its opens");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(F_CREATED_QUERY) says whether the open that made a file
 * description created the file (Linux 6.12, FMODE_CREATED): 1 when it
 * did, else 0.
 * - open(O_CREAT) of a new file: 1; of the same file again: 0, though
 *   O_CREAT was given; without O_CREAT: 0;
 * - open(O_CREAT | O_EXCL) of a new file: 1, also with O_CLOEXEC (the
 *   case of the kernel selftests, d0fe8920cbe4); creat() of a new file:
 *   1, of an existing one (truncated, not created): 0;
 * - open(O_CREAT) through a dangling symlink, which creates its target:
 *   1; through the same symlink again: 0;
 * - a dup() of the created descriptor, the same file description: 1;
 * - an O_PATH descriptor (the query is allowed on one): 0;
 * - /dev/null, not created: 0;
 * - a descriptor that is not open: EBADF.
 * On a kernel without it the command is unknown (EINVAL): TCONF.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "lapi/fcntl.h"

static void created(int fd, long exp, const char *what)
{
	TST_EXP_VAL(fcntl(fd, F_CREATED_QUERY, 0), exp,
		    "F_CREATED_QUERY of %s", what);
	SAFE_CLOSE(fd);
}

static void run(void)
{
	int fd, fd2;

	fd = SAFE_OPEN("file", O_RDWR | O_CREAT, 0600);
	fd2 = dup(fd);
	if (fd2 < 0)
		tst_brk(TBROK | TERRNO, "dup()");
	created(fd, 1, "open(O_CREAT) of a new file");
	created(fd2, 1, "a dup() of it");
	created(SAFE_OPEN("file", O_RDWR | O_CREAT, 0600), 0,
		"open(O_CREAT) of the existing file");
	created(SAFE_OPEN("file", O_RDONLY), 0, "open() without O_CREAT");
	created(SAFE_OPEN("excl", O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC,
			  0600), 1, "open(O_CREAT | O_EXCL | O_CLOEXEC)");

	fd = creat("creat", 0600);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "creat()");
	created(fd, 1, "creat() of a new file");
	fd = creat("creat", 0600);
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "creat()");
	created(fd, 0, "creat() of an existing file");

	created(SAFE_OPEN("dangling", O_WRONLY | O_CREAT, 0600), 1,
		"open(O_CREAT) through a dangling symlink");
	created(SAFE_OPEN("dangling", O_WRONLY | O_CREAT, 0600), 0,
		"open(O_CREAT) through the symlink again");
	created(SAFE_OPEN("file", O_PATH), 0, "an O_PATH descriptor");
	created(SAFE_OPEN("/dev/null", O_RDONLY | O_CLOEXEC), 0, "/dev/null");

	fd = SAFE_OPEN("file", O_RDONLY);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(fcntl(fd, F_CREATED_QUERY, 0), EBADF,
		     "F_CREATED_QUERY of a closed descriptor");

	SAFE_UNLINK("file");
	SAFE_UNLINK("excl");
	SAFE_UNLINK("creat");
	SAFE_UNLINK("target");
}

static void setup(void)
{
	int fd = SAFE_OPEN("/dev/null", O_RDONLY);

	if (fcntl(fd, F_CREATED_QUERY, 0) == -1 && errno == EINVAL)
		tst_brk(TCONF, "F_CREATED_QUERY unknown to the kernel "
			"(EINVAL): Linux 6.12 added it");
	SAFE_CLOSE(fd);
	if (symlink("target", "dangling"))
		tst_brk(TBROK | TERRNO, "symlink(target, dangling)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_tmpdir = 1,
};

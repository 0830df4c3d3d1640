// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl(2) file leases, F_SETLEASE and F_GETLEASE, without a breaker:
 * - a new fd has no lease (F_UNLCK); F_RDLCK on an O_RDONLY fd and
 *   F_WRLCK on an O_RDONLY, O_WRONLY or O_RDWR fd that is the file's
 *   only open are granted and read back; a write lease downgrades to a
 *   read lease and F_UNLCK removes it;
 * - EAGAIN: a write lease while another fd of the file is open (read or
 *   write, in this process or another); a read lease while the file is
 *   open for writing (also through the caller's own fd); F_UNLCK
 *   without a lease;
 * - EINVAL: a lease on a pipe, a directory, a socket; an argument other
 *   than F_RDLCK, F_WRLCK, F_UNLCK;
 * - EACCES: as nobody, a lease on a file nobody does not own; on its
 *   own file nobody gets a write lease (O_WRONLY) and a read lease;
 * - EBADF: fd -1, for F_SETLEASE and F_GETLEASE.
 * No case that fails may leave a lease behind (F_GETLEASE is F_UNLCK).
 */
#include <fcntl.h>
#include <sys/socket.h>
#include "tst_test.h"
#include "fcntl_lock.h"
#include "as_nobody.h"
#include "task_wait.h"

#define FNAME "fcntl10_file"

static void check_lease(int fd, int exp, const char *what)
{
	TEST(fcntl(fd, F_GETLEASE));
	if (TST_RET == exp)
		tst_res(TPASS, "F_GETLEASE %s: %s", what, lock_type_name(exp));
	else
		tst_res(TFAIL | TTERRNO, "F_GETLEASE %s: %ld (expected %s)",
			what, TST_RET, lock_type_name(exp));
}

static void test_grants(void)
{
	static const int modes[] = { O_RDONLY, O_WRONLY, O_RDWR };
	unsigned int i;
	int fd;

	fd = SAFE_OPEN(FNAME, O_RDONLY);
	check_lease(fd, F_UNLCK, "of a new fd");
	TST_EXP_PASS(fcntl(fd, F_SETLEASE, F_RDLCK), "F_RDLCK, O_RDONLY fd");
	check_lease(fd, F_RDLCK, "after F_RDLCK");
	/* a second reader may take a read lease beside the first */
	{
		int fd2 = SAFE_OPEN(FNAME, O_RDONLY);

		TST_EXP_PASS(fcntl(fd2, F_SETLEASE, F_RDLCK),
			     "second F_RDLCK beside a read lease");
		check_lease(fd2, F_RDLCK, "of the second reader");
		SAFE_CLOSE(fd2);
	}
	TST_EXP_PASS(fcntl(fd, F_SETLEASE, F_UNLCK), "F_UNLCK");
	check_lease(fd, F_UNLCK, "after F_UNLCK");
	SAFE_CLOSE(fd);

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		fd = SAFE_OPEN(FNAME, modes[i]);
		TST_EXP_PASS(fcntl(fd, F_SETLEASE, F_WRLCK),
			     "F_WRLCK on the only fd (mode %d)", modes[i]);
		check_lease(fd, F_WRLCK, "after F_WRLCK");
		if (modes[i] == O_RDONLY) {
			TST_EXP_PASS(fcntl(fd, F_SETLEASE, F_RDLCK),
				     "downgrade F_WRLCK to F_RDLCK");
			check_lease(fd, F_RDLCK, "after the downgrade");
		}
		SAFE_CLOSE(fd);
	}
	/* closing the fd ended the lease: a write lease is free again */
	fd = SAFE_OPEN(FNAME, O_RDONLY);
	check_lease(fd, F_UNLCK, "of a fresh fd after close");
	SAFE_CLOSE(fd);
}

/* fcntl(fd, F_SETLEASE, type) while the file is also open with other */
static void expect_conflict(int mode, int type, int other_mode,
			    int other_in_child)
{
	int fd, other = -1, ready[2], done[2];
	pid_t pid = 0;
	char c;

	if (other_in_child) {
		SAFE_PIPE(ready);
		SAFE_PIPE(done);
		pid = SAFE_FORK();
		if (!pid) {
			other = SAFE_OPEN(FNAME, other_mode);
			SAFE_WRITE(1, ready[1], "r", 1);
			SAFE_READ(1, done[0], &c, 1);
			exit(0);
		}
		SAFE_READ(1, ready[0], &c, 1);
	} else if (other_mode >= 0) {
		other = SAFE_OPEN(FNAME, other_mode);
	}
	fd = SAFE_OPEN(FNAME, mode);
	TST_EXP_FAIL(fcntl(fd, F_SETLEASE, type), EAGAIN,
		     "%s on a mode %d fd, other open mode %d%s",
		     lock_type_name(type), mode, other_mode,
		     other_in_child ? " in a child" : "");
	check_lease(fd, F_UNLCK, "after the refused lease");
	SAFE_CLOSE(fd);
	if (other >= 0)
		SAFE_CLOSE(other);
	if (pid) {
		SAFE_WRITE(1, done[1], "d", 1);
		reap_child(pid);
		SAFE_CLOSE(ready[0]);
		SAFE_CLOSE(ready[1]);
		SAFE_CLOSE(done[0]);
		SAFE_CLOSE(done[1]);
	}
}

static void test_eagain(void)
{
	static const int modes[] = { O_RDONLY, O_WRONLY, O_RDWR };
	unsigned int i, j;
	int fd;

	for (i = 0; i < 3; i++) {
		for (j = 0; j < 3; j++)
			expect_conflict(modes[i], F_WRLCK, modes[j], 0);
	}
	expect_conflict(O_RDONLY, F_WRLCK, O_RDONLY, 1);
	expect_conflict(O_RDONLY, F_RDLCK, O_WRONLY, 0);
	expect_conflict(O_RDONLY, F_RDLCK, O_RDWR, 1);
	/* the caller's own write open counts against a read lease */
	expect_conflict(O_WRONLY, F_RDLCK, -1, 0);
	expect_conflict(O_RDWR, F_RDLCK, -1, 0);

	fd = SAFE_OPEN(FNAME, O_RDONLY);
	TST_EXP_FAIL(fcntl(fd, F_SETLEASE, F_UNLCK), EAGAIN,
		     "F_UNLCK without a lease");
	SAFE_CLOSE(fd);
}

static void test_einval(void)
{
	int fds[2], sv[2], dir;

	SAFE_PIPE(fds);
	TST_EXP_FAIL(fcntl(fds[0], F_SETLEASE, F_RDLCK), EINVAL,
		     "F_RDLCK on a pipe");
	SAFE_CLOSE(fds[0]);
	SAFE_CLOSE(fds[1]);
	dir = SAFE_OPEN(".", O_RDONLY | O_DIRECTORY);
	TST_EXP_FAIL(fcntl(dir, F_SETLEASE, F_RDLCK), EINVAL,
		     "F_RDLCK on a directory");
	SAFE_CLOSE(dir);
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, sv);
	TST_EXP_FAIL(fcntl(sv[0], F_SETLEASE, F_WRLCK), EINVAL,
		     "F_WRLCK on a socket");
	SAFE_CLOSE(sv[0]);
	SAFE_CLOSE(sv[1]);

	dir = SAFE_OPEN(FNAME, O_RDONLY);
	TST_EXP_FAIL(fcntl(dir, F_SETLEASE, 99), EINVAL, "lease type 99");
	check_lease(dir, F_UNLCK, "after lease type 99");
	SAFE_CLOSE(dir);

	TST_EXP_FAIL(fcntl(-1, F_SETLEASE, F_RDLCK), EBADF, "F_SETLEASE fd -1");
	TST_EXP_FAIL(fcntl(-1, F_GETLEASE), EBADF, "F_GETLEASE fd -1");
}

static void nobody_lease(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDONLY);

	TST_EXP_FAIL(fcntl(fd, F_SETLEASE, F_RDLCK), EACCES,
		     "F_RDLCK as nobody on root's file");
	check_lease(fd, F_UNLCK, "after the EACCES");
	SAFE_CLOSE(fd);

	/* its own file: the owner needs no privilege */
	fd = SAFE_OPEN("nobody_file", O_WRONLY | O_CREAT, 0600);
	TST_EXP_PASS(fcntl(fd, F_SETLEASE, F_WRLCK),
		     "F_WRLCK as nobody on its own file (O_WRONLY)");
	check_lease(fd, F_WRLCK, "nobody's write lease");
	TST_EXP_PASS(fcntl(fd, F_SETLEASE, F_UNLCK), "F_UNLCK of it");
	check_lease(fd, F_UNLCK, "after F_UNLCK");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN("nobody_file", O_RDONLY);
	TST_EXP_PASS(fcntl(fd, F_SETLEASE, F_RDLCK),
		     "F_RDLCK as nobody on its own file");
	check_lease(fd, F_RDLCK, "nobody's read lease");
	SAFE_CLOSE(fd);
	SAFE_UNLINK("nobody_file");
}

static void run(void)
{
	test_grants();
	test_eagain();
	test_einval();
	run_in_nobody_child(nobody_lease, "the checks as nobody");
}

static void setup(void)
{
	int fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT, 0644);

	SAFE_WRITE(1, fd, "lease", 5);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

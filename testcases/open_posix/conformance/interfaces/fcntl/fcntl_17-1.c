// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() locks and the access mode: [EBADF] "l_type is F_WRLCK and
 * fildes is not a valid file descriptor open for writing" for F_SETLK
 * and F_SETLKW, nothing locked. F_GETLK needs no mode: through an
 * O_RDONLY descriptor it asks about a write lock and reports another
 * process's locks. Locks belong to the process and the file, not to the
 * descriptor: a read lock taken through an O_RDONLY descriptor is
 * converted to a write lock through a separate O_RDWR open of the same
 * file, and F_UNLCK through the O_RDONLY one (allowed in any mode)
 * releases it; another process sees each state.
 */
#include "pts_helpers.h"

static int ro, rw;

static int lk(int fd, int cmd, short type)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };

	return fcntl(fd, cmd, &fl);
}

static short want;
static pid_t want_pid;

/* another process asks, through its inherited O_RDONLY descriptor */
static int ask(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
			    .l_start = 5, .l_len = 1 };

	if (fcntl(ro, F_GETLK, &fl))
		PTS_FAILED("F_GETLK through O_RDONLY: %m");
	if (fl.l_type != want || (want != F_UNLCK &&
	    (fl.l_start != 0 || fl.l_len != 10 || fl.l_pid != want_pid)))
		PTS_FAILED("F_GETLK: type %d start %ld len %ld pid %d, expected type %d of %d over 0..9",
			   fl.l_type, (long)fl.l_start, (long)fl.l_len,
			   (int)fl.l_pid, want, (int)want_pid);
	/* a read lock beside a read lock, not beside a write lock */
	if (want == F_RDLCK && lk(ro, F_SETLK, F_RDLCK))
		PTS_FAILED("a second reader's F_RDLCK: %m");
	if (want != F_UNLCK && (lk(rw, F_SETLK, F_WRLCK) != -1 ||
	    (errno != EACCES && errno != EAGAIN)))
		PTS_FAILED("F_WRLCK over the parent's lock: %m, expected EACCES/EAGAIN");
	return PTS_PASS;
}

static void expect(short type, const char *what)
{
	want = type;
	want_pid = getpid();
	pts_run_child(ask, what);
}

int main(void)
{
	char path[64];

	snprintf(path, sizeof(path), "/tmp/pts_fcntl17_%d", (int)getpid());
	rw = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	ro = open(path, O_RDONLY);
	unlink(path);
	if (rw < 0 || ro < 0 || ftruncate(rw, 100))
		PTS_UNRES("file: %m");

	PTS_EXPECT_ERRNO(lk(ro, F_SETLK, F_WRLCK), EBADF,
			 "F_SETLK F_WRLCK through O_RDONLY");
	PTS_EXPECT_ERRNO(lk(ro, F_SETLKW, F_WRLCK), EBADF,
			 "F_SETLKW F_WRLCK through O_RDONLY");
	expect(F_UNLCK, "checker after EBADF");

	if (lk(ro, F_SETLK, F_RDLCK))
		PTS_FAILED("F_RDLCK through O_RDONLY: %m");
	expect(F_RDLCK, "checker of the read lock");
	if (lk(rw, F_SETLK, F_WRLCK))
		PTS_FAILED("converting through the O_RDWR open: %m");
	expect(F_WRLCK, "checker of the converted lock");
	if (lk(ro, F_SETLK, F_UNLCK))
		PTS_FAILED("F_UNLCK through O_RDONLY: %m");
	expect(F_UNLCK, "checker after the unlock");
	PTS_PASSED("EBADF for write locks without write access; locks are the process's, not the descriptor's");
}

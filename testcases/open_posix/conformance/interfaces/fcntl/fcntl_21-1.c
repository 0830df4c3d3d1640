// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fcntl() record locks across exec: a lock belongs to the process,
 * which an exec does not change, so it stays as long as a descriptor
 * of the file stays open; but "all locks associated with a file for a
 * given process shall be removed when a file descriptor for that file
 * is closed by that process", and that includes the close an exec
 * does for FD_CLOEXEC. A child write-locks bytes 0..9 of file A
 * through a close-on-exec descriptor and of file B through a plain
 * one, then execs this program: the parent then finds A free (F_GETLK
 * F_UNLCK, its own F_SETLK succeeds) and B still locked by the child's
 * pid; once the new image exits B is free too.
 */
#include "pts_helpers.h"

static int getlk(int f, struct flock *fl)
{
	memset(fl, 0, sizeof(*fl));
	fl->l_type = F_WRLCK;
	fl->l_whence = SEEK_SET;
	fl->l_start = 0;
	fl->l_len = 10;
	return fcntl(f, F_GETLK, fl);
}

static int setlk(int f, short type)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };

	return fcntl(f, F_SETLK, &fl);
}

/* the image after exec: report, then wait for the parent's word */
static int after_exec(int ready, int go)
{
	char c = 'e';

	if (write(ready, &c, 1) != 1)
		return PTS_UNRESOLVED;
	/* EOF when the parent closes its end */
	while (read(go, &c, 1) > 0)
		;
	return PTS_PASS;
}

int main(int argc, char **argv)
{
	char a[64], b[64], rs[16], gs[16], c;
	int fa, fb, ready[2], go[2];
	struct flock fl;
	pid_t pid;

	if (argc == 4 && !strcmp(argv[1], "exec"))
		return after_exec(atoi(argv[2]), atoi(argv[3]));

	snprintf(a, sizeof(a), "/tmp/pts_fcntl21a_%d", (int)getpid());
	snprintf(b, sizeof(b), "/tmp/pts_fcntl21b_%d", (int)getpid());
	fa = open(a, O_RDWR | O_CREAT | O_EXCL, 0600);
	fb = open(b, O_RDWR | O_CREAT | O_EXCL, 0600);
	unlink(a);
	unlink(b);
	if (fa < 0 || fb < 0 || pipe(ready) || pipe(go))
		PTS_UNRES("open()/pipe(): %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		close(ready[0]);
		close(go[1]);
		if (fcntl(fa, F_SETFD, FD_CLOEXEC) ||
		    setlk(fa, F_WRLCK) || setlk(fb, F_WRLCK))
			exit(PTS_UNRESOLVED);
		snprintf(rs, sizeof(rs), "%d", ready[1]);
		snprintf(gs, sizeof(gs), "%d", go[0]);
		execl("/proc/self/exe", argv[0], "exec", rs, gs, (char *)NULL);
		exit(PTS_UNRESOLVED);
	}
	close(ready[1]);
	close(go[0]);
	if (read(ready[0], &c, 1) != 1) {
		pts_reap(pid, "the child");
		PTS_UNRES("the exec'd child did not report");
	}

	if (getlk(fa, &fl) || fl.l_type != F_UNLCK) {
		kill(pid, SIGKILL);
		PTS_FAILED("file A (FD_CLOEXEC) after exec: F_GETLK type %d pid %d, expected F_UNLCK",
			   fl.l_type, (int)fl.l_pid);
	}
	if (setlk(fa, F_WRLCK) || setlk(fa, F_UNLCK)) {
		kill(pid, SIGKILL);
		PTS_FAILED("parent's lock of file A after the exec closed it: %m");
	}
	if (getlk(fb, &fl) || fl.l_type != F_WRLCK || fl.l_pid != pid ||
	    fl.l_start != 0 || fl.l_len != 10) {
		kill(pid, SIGKILL);
		PTS_FAILED("file B after exec: F_GETLK type %d %ld+%ld pid %d, expected F_WRLCK 0+10 of %d",
			   fl.l_type, (long)fl.l_start, (long)fl.l_len,
			   (int)fl.l_pid, (int)pid);
	}
	if (setlk(fb, F_RDLCK) != -1 || (errno != EACCES && errno != EAGAIN)) {
		kill(pid, SIGKILL);
		PTS_FAILED("parent's read lock over the kept lock of file B: %m (expected EACCES/EAGAIN)");
	}
	close(go[1]);
	pts_reap(pid, "the exec'd child");
	if (getlk(fb, &fl) || fl.l_type != F_UNLCK)
		PTS_FAILED("file B still locked (type %d, pid %d) after the child exited",
			   fl.l_type, (int)fl.l_pid);
	PTS_PASSED("exec kept the lock of the open file, released the FD_CLOEXEC one's");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * F_SETLKW across a stop: a process waiting in F_SETLKW for a write
 * lock on bytes 0..9 held by the parent is stopped with SIGSTOP and
 * continued with SIGCONT, neither caught: it does not return (no
 * [EINTR]), it waits in the kernel again, and the parent's F_GETLK
 * still sees only its own lock. When the parent unlocks, the waiter
 * gets the lock (0), which the parent's F_GETLK then reports with the
 * waiter's pid.
 */
#include <sys/mman.h>
#include <sys/prctl.h>

#include "pts_helpers.h"
#include "pts_stopcont.h"

struct shared {
	int returned, ret, err;
};

static struct shared *sh;

static struct flock lk(short type)
{
	struct flock fl = { .l_type = type, .l_whence = SEEK_SET,
			    .l_start = 0, .l_len = 10 };

	return fl;
}

int main(void)
{
	struct flock fl;
	char path[64];
	int fd, status;
	pid_t pid;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	snprintf(path, sizeof(path), "/tmp/pts_fcntl19_%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (sh == MAP_FAILED || fd < 0)
		PTS_UNRES("set-up: %m");
	unlink(path);
	fl = lk(F_WRLCK);
	if (fcntl(fd, F_SETLK, &fl))
		PTS_UNRES("F_SETLK: %m");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		PTS_UNRES("fork(): %m");
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		fl = lk(F_WRLCK);
		sh->ret = fcntl(fd, F_SETLKW, &fl);
		sh->err = errno;
		__atomic_store_n(&sh->returned, 1, __ATOMIC_RELEASE);
		/* holding the lock until the parent has seen it and kills us */
		while (!sh->ret)
			pause();
		_exit(0);
	}
	pts_wait_in_syscall(pid, SYS_fcntl);
	pts_stop(pid, NULL);
	if (pts_cont_or_exit(pid, &status, NULL) || sh->returned)
		PTS_FAILED("F_SETLKW returned %d (%s) after stop and continue",
			   sh->ret, strerrorname_np(sh->err));
	pts_wait_in_either(pid, SYS_fcntl, SYS_restart_syscall);
	if (sh->returned)
		PTS_FAILED("F_SETLKW returned %d (%s) after stop and continue",
			   sh->ret, strerrorname_np(sh->err));
	fl = lk(F_UNLCK);
	if (fcntl(fd, F_SETLK, &fl))
		PTS_UNRES("unlock: %m");
	pts_wait_flag(&sh->returned, "the waiter's lock");
	if (sh->ret)
		PTS_FAILED("F_SETLKW returned %d (%s) once the lock was free", sh->ret,
			   strerrorname_np(sh->err));
	fl = lk(F_WRLCK);
	if (fcntl(fd, F_GETLK, &fl) || fl.l_type != F_WRLCK || fl.l_pid != pid ||
	    fl.l_start != 0 || fl.l_len != 10)
		PTS_FAILED("F_GETLK: type %d pid %d range %lld+%lld, expected the waiter's %d",
			   fl.l_type, (int)fl.l_pid, (long long)fl.l_start,
			   (long long)fl.l_len, (int)pid);
	kill(pid, SIGKILL);
	if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status) ||
	    WTERMSIG(status) != SIGKILL)
		PTS_UNRES("the waiter ended on its own: status 0x%x", status);
	PTS_PASSED("F_SETLKW waits on across stop and continue, then gets the lock");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kill() permission: an unprivileged sender may signal a process when
 * "the real or effective user ID of the sending process shall match the
 * real or saved set-user-ID of the receiving process". Three targets
 * with uids (real, effective, saved): R (S, X, X), V (X, X, S) and
 * E (X, S, X), where S is the sender's uid; two senders, one with real
 * uid S (effective Y), one with effective uid S (real Y). Both may
 * signal R (real match) and V (saved match), with signal 0 and SIGUSR1
 * (blocked in the targets); neither may signal E, whose effective uid
 * does not count: [EPERM].
 */
#include "pts_helpers.h"

static uid_t S, X, Y;
static pid_t tgt[3];
static const char *const names[] = { "R (real S)", "V (saved S)",
				     "E (effective S)" };

static int sender(uid_t r, uid_t e)
{
	int i, sig;

	if (setgroups(0, NULL) || setresgid(PTS_NOBODY, PTS_NOBODY, PTS_NOBODY) ||
	    setresuid(r, e, Y))
		return PTS_UNRESOLVED;
	for (i = 0; i < 3; i++) {
		for (sig = 0; sig <= SIGUSR1; sig += SIGUSR1) {
			int ret = kill(tgt[i], sig);

			printf("sender (%u, %u) -> %s, signal %d: %d %s\n",
			       (unsigned int)r, (unsigned int)e, names[i], sig, ret,
			       ret ? strerror(errno) : "");
			if (i < 2 && ret)
				return PTS_FAIL;
			if (i == 2 && (ret != -1 || errno != EPERM))
				return PTS_FAIL;
		}
	}
	return PTS_PASS;
}

static int sender_real(void)
{
	return sender(S, Y);
}

static int sender_eff(void)
{
	return sender(Y, S);
}

int main(void)
{
	uid_t ids[3][3];
	int fds[2], i, status;
	sigset_t set;
	char c;

	S = PTS_NOBODY;
	X = PTS_OWN_UID_BASE + getpid();
	Y = PTS_OWN_UID_BASE + 0x10000000u + getpid();
	ids[0][0] = S; ids[0][1] = X; ids[0][2] = X;
	ids[1][0] = X; ids[1][1] = X; ids[1][2] = S;
	ids[2][0] = X; ids[2][1] = S; ids[2][2] = X;
	if (pipe(fds))
		PTS_UNRES("pipe(): %s", strerror(errno));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < 3; i++) {
		fflush(stdout);
		tgt[i] = fork();
		if (tgt[i] < 0)
			PTS_UNRES("fork(): %s", strerror(errno));
		if (!tgt[i]) {
			close(fds[1]);
			if (setresuid(ids[i][0], ids[i][1], ids[i][2]))
				exit(PTS_UNRESOLVED);
			exit(read(fds[0], &c, 1) == 0 ? PTS_PASS : PTS_UNRESOLVED);
		}
	}
	close(fds[0]);
	for (i = 0; i < 3; i++)
		pts_wait_in_syscall(tgt[i], SYS_read);

	pts_run_child(sender_real, "the sender with real uid S");
	pts_run_child(sender_eff, "the sender with effective uid S");

	close(fds[1]);
	for (i = 0; i < 3; i++) {
		if (waitpid(tgt[i], &status, 0) != tgt[i] || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			PTS_UNRES("target %s: status %#x", names[i], status);
	}
	PTS_PASSED("real or effective uid of the sender vs real or saved of the target");
}

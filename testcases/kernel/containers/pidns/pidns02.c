// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The init of a pid namespace is protected from its members and takes
 * them down with it:
 *  - SIGKILL and SIGTERM sent to pid 1 by a member of the namespace are
 *    dropped (init has no handler): init lives on;
 *  - SIGKILL sent to init from the parent namespace kills it, and every
 *    member dies with it: once the parent has reaped init, no member
 *    holds the write end of a pipe any more (read() gives EOF), and the
 *    members' pids are gone.
 */
#include <poll.h>
#include "tst_test.h"
#include "ns_helpers.h"

#define MEMBERS 3

static int fds[2];
static pid_t member_pids[MEMBERS];

static void init_main(void)
{
	pid_t pid;
	int i;

	SAFE_CLOSE(fds[0]);
	for (i = 0; i < MEMBERS; i++) {
		pid = SAFE_FORK();
		if (pid)
			continue;
		if (i == 0) {
			if (kill(1, SIGKILL) || kill(1, SIGTERM))
				tst_brk(TBROK | TERRNO, "kill(1) in the ns");
			TST_CHECKPOINT_WAKE(0);
		}
		for (;;)
			pause();
	}
	TST_CHECKPOINT_WAIT(0);
	/* a SIGKILL or SIGTERM taken would have ended init before this */
	tst_res(TPASS, "init survived SIGKILL and SIGTERM from a member");
	TST_CHECKPOINT_WAKE(1);
	for (;;)
		pause();
}

/* The global pids of init's children, from the parent's /proc. */
static int read_children(pid_t init, pid_t *pids, int max)
{
	char path[64];
	int n = 0, pid;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)init,
		 (int)init);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (n < max && fscanf(f, "%d", &pid) == 1)
		pids[n++] = pid;
	fclose(f);
	return n;
}

static void run(void)
{
	struct pollfd pfd;
	int status, n, i, alive = 0;
	char c;
	pid_t init;

	SAFE_PIPE(fds);
	init = SAFE_NS_FORK(CLONE_NEWPID);
	if (!init)
		init_main();
	SAFE_CLOSE(fds[1]);
	TST_CHECKPOINT_WAIT(1);

	n = read_children(init, member_pids, MEMBERS);
	if (n != MEMBERS)
		tst_brk(TBROK, "init has %d children, expected %d", n, MEMBERS);

	SAFE_KILL(init, SIGKILL);
	SAFE_WAITPID(init, &status, 0);
	TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		     "init was killed by SIGKILL from the parent namespace");

	pfd.fd = fds[0];
	pfd.events = POLLIN;
	n = poll(&pfd, 1, 10000 * tst_timeout_mul());
	if (n == 1)
		n = read(fds[0], &c, 1);
	else
		n = -1;
	TST_EXP_EXPR(n == 0, "the members' pipe ends are closed (read() "
		     "returned %d): they are dead", n);
	for (i = 0; i < MEMBERS; i++)
		if (kill(member_pids[i], 0) == 0 || errno != ESRCH)
			alive++;
	TST_EXP_EXPR(!alive, "no member pid exists any more (%d left)", alive);
	SAFE_CLOSE(fds[0]);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_PID_NS", "CONFIG_PROC_CHILDREN", NULL
	},
};

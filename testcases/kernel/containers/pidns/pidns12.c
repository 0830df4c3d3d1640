// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Signals to the init of a pid namespace whose action is the default one
 * (kernel/signal.c sig_task_ignored(), get_signal(),
 * force_sig_info_to_task(); pid_namespaces(7)). Init I has a handler for
 * SIGUSR1 only and a member child M:
 *  - from the parent namespace, kill() of SIGTERM, SIGHUP, SIGINT,
 *    SIGQUIT, SIGUSR2, SIGTSTP, SIGTTIN, SIGRTMIN + 1 and sigqueue() of
 *    SIGTERM return 0 and are dropped at once: I's SigPnd and ShdPnd
 *    read 0 right after, I neither dies nor stops; only SIGKILL and
 *    SIGSTOP are forced from there (pidns04, pidns06 check those);
 *  - the handled SIGUSR1 sent after them runs once, si_pid 0, SI_USER;
 *  - SIGTERM and SIGTSTP sent from the parent while I blocks them stay
 *    pending (ShdPnd exactly their two bits, sigpending() in I); when I
 *    unblocks them they are discarded: I runs on, not stopped, nothing
 *    pending;
 *  - I's own kill(1, SIGKILL), kill(1, SIGTERM) and raise(SIGTERM)
 *    return 0 and I runs on;
 *  - a fault in I (SIGSEGV blocked, default action) is not dropped: the
 *    forced signal unblocks it and clears init's protection, I dies of
 *    SIGSEGV within 10 s and M with it (the pipe M holds reads EOF).
 * A kernel that protected init from the parent's signals too, queued a
 * dropped signal, honoured a blocked default-action signal at unblock, or
 * kept init unkillable on a fault (a fault loop: no death) fails here.
 */
#include <sys/prctl.h>
#include <sys/resource.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "task_wait.h"

#define BIT(sig) (1ULL << ((sig) - 1))

static volatile sig_atomic_t usr1_count, usr1_pid = -1, usr1_code;
static int cmd_fds[2], rep_fds[2], alive_fds[2];

static void usr1_handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	usr1_count++;
	usr1_pid = si->si_pid;
	usr1_code = si->si_code;
}

/* SigPnd (thread) and ShdPnd (process) masks of /proc/PID/status */
static void read_pending(pid_t pid, unsigned long long *thread,
			 unsigned long long *shared)
{
	char path[64], line[256];
	int found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		found += sscanf(line, "SigPnd: %llx", thread) == 1;
		found += sscanf(line, "ShdPnd: %llx", shared) == 1;
	}
	fclose(f);
	if (found != 2)
		tst_brk(TBROK, "%s: SigPnd or ShdPnd missing", path);
}

static void set_mask(int how, const sigset_t *set)
{
	if (sigprocmask(how, set, NULL))
		tst_brk(TBROK | TERRNO, "sigprocmask(%d)", how);
}

static void set_default(int sig)
{
	if (signal(sig, SIG_DFL) == SIG_ERR)
		tst_brk(TBROK | TERRNO, "signal(%s, SIG_DFL)", tst_strsig(sig));
}

static int pending_mask_is(const sigset_t *set, const int *sigs, int n)
{
	int sig, i, want;

	for (sig = 1; sig < SIGRTMIN + 4; sig++) {
		/* glibc's own signals between 31 and SIGRTMIN: not ours */
		if (sig > 31 && sig < SIGRTMIN)
			continue;
		want = 0;
		for (i = 0; i < n; i++)
			want |= sigs[i] == sig;
		if (sigismember(set, sig) != want)
			return 0;
	}
	return 1;
}

static void init_unblock_and_self_signal(void)
{
	static const int blocked_sigs[] = {SIGTERM, SIGTSTP};
	sigset_t set;

	sigpending(&set);
	TST_EXP_EXPR(pending_mask_is(&set, blocked_sigs, 2),
		     "I: blocked SIGTERM and SIGTSTP from the parent are pending");
	sigemptyset(&set);
	set_mask(SIG_SETMASK, &set);
	sigpending(&set);
	TST_EXP_EXPR(pending_mask_is(&set, NULL, 0),
		     "I: unblocked, both were discarded (I runs on, nothing "
		     "pending)");

	TST_EXP_PASS(kill(1, SIGKILL), "I: kill(1, SIGKILL) of itself");
	TST_EXP_PASS(kill(1, SIGTERM), "I: kill(1, SIGTERM) of itself");
	TST_EXP_PASS(raise(SIGTERM), "I: raise(SIGTERM)");
	sigpending(&set);
	TST_EXP_EXPR(pending_mask_is(&set, NULL, 0) && getpid() == 1,
		     "I: still running with nothing pending after signalling "
		     "itself");
}

static void init_fault(void)
{
	struct rlimit rl = {0, 0};
	volatile int *volatile nowhere = NULL;
	sigset_t set;

	/* no core dump (a pipe core_pattern ignores RLIMIT_CORE) */
	if (setrlimit(RLIMIT_CORE, &rl) || prctl(PR_SET_DUMPABLE, 0, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_CORE) or "
			"prctl(PR_SET_DUMPABLE)");
	set_default(SIGSEGV);
	sigemptyset(&set);
	sigaddset(&set, SIGSEGV);
	set_mask(SIG_BLOCK, &set);
	*nowhere = 1;
	tst_res(TFAIL, "I: a store through NULL returned");
	exit(0);
}

static void init_main(void)
{
	struct sigaction sa = {.sa_sigaction = usr1_handler,
			       .sa_flags = SA_SIGINFO | SA_RESTART};
	static const int blocked_sigs[] = {SIGTERM, SIGTSTP};
	sigset_t set;
	pid_t member;
	int i;

	SAFE_CLOSE(cmd_fds[1]);
	SAFE_CLOSE(rep_fds[0]);
	SAFE_CLOSE(alive_fds[0]);
	member = SAFE_FORK();
	if (!member) {
		SAFE_CLOSE(cmd_fds[0]);
		SAFE_CLOSE(rep_fds[1]);
		for (;;)
			pause();
	}
	SAFE_CLOSE(alive_fds[1]);
	/* whatever the test process inherited: default actions, none blocked */
	for (i = 1; i < SIGRTMIN + 4; i++) {
		if (i != SIGKILL && i != SIGSTOP && (i < 32 || i >= SIGRTMIN))
			set_default(i);
	}
	sigemptyset(&set);
	set_mask(SIG_SETMASK, &set);
	if (sigaction(SIGUSR1, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGUSR1)");
	ns_signal_fd(rep_fds[1]);

	/* the parent's signals (SIGUSR1 last) were sent before this byte */
	ns_wait_fd(cmd_fds[0]);
	TST_EXP_EXPR(usr1_count == 1 && usr1_pid == 0 && usr1_code == SI_USER,
		     "I: SIGUSR1 handled %d time(s), si_pid %d, si_code %d "
		     "(once, 0, SI_USER expected)", (int)usr1_count,
		     (int)usr1_pid, (int)usr1_code);
	sigpending(&set);
	TST_EXP_EXPR(pending_mask_is(&set, NULL, 0),
		     "I: nothing pending after the dropped signals");

	sigemptyset(&set);
	for (i = 0; i < 2; i++)
		sigaddset(&set, blocked_sigs[i]);
	set_mask(SIG_BLOCK, &set);
	ns_signal_fd(rep_fds[1]);

	ns_wait_fd(cmd_fds[0]);
	init_unblock_and_self_signal();
	ns_signal_fd(rep_fds[1]);

	ns_wait_fd(cmd_fds[0]);
	init_fault();
}

static void check_not_stopped_or_dead(pid_t init, const char *after)
{
	int status;
	pid_t ret = SAFE_WAITPID(init, &status, WNOHANG | WUNTRACED);
	char state = task_state(init, init);

	TST_EXP_EXPR(ret == 0 && state != 'T' && state != 't',
		     "I neither ended nor stopped after %s (state '%c')",
		     after, state ? state : '-');
}

static void parent_sends_default_action_signals(pid_t init)
{
	static const int sigs[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR2,
				   SIGTSTP, SIGTTIN};
	unsigned long long thread, shared;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sigs); i++) {
		if (kill(init, sigs[i]))
			tst_res(TFAIL | TERRNO, "kill(I, %s)", tst_strsig(sigs[i]));
	}
	if (kill(init, SIGRTMIN + 1))
		tst_res(TFAIL | TERRNO, "kill(I, SIGRTMIN + 1)");
	if (sigqueue(init, SIGTERM, (union sigval){.sival_int = 7}))
		tst_res(TFAIL | TERRNO, "sigqueue(I, SIGTERM)");
	read_pending(init, &thread, &shared);
	TST_EXP_EXPR(thread == 0 && shared == 0,
		     "default-action signals from the parent namespace were "
		     "dropped: SigPnd %llx, ShdPnd %llx (0 expected)", thread,
		     shared);
	check_not_stopped_or_dead(init, "them");
}

static void run(void)
{
	unsigned long long thread, shared;
	long long deadline;
	pid_t init, ret;
	int status;
	char c;

	SAFE_PIPE(cmd_fds);
	SAFE_PIPE(rep_fds);
	SAFE_PIPE(alive_fds);
	init = SAFE_NS_FORK(CLONE_NEWPID);
	if (!init)
		init_main();
	SAFE_CLOSE(cmd_fds[0]);
	SAFE_CLOSE(rep_fds[1]);
	SAFE_CLOSE(alive_fds[1]);

	ns_wait_fd(rep_fds[0]);
	parent_sends_default_action_signals(init);
	SAFE_KILL(init, SIGUSR1);
	ns_signal_fd(cmd_fds[1]);

	/* I blocks SIGTERM and SIGTSTP */
	ns_wait_fd(rep_fds[0]);
	SAFE_KILL(init, SIGTERM);
	SAFE_KILL(init, SIGTSTP);
	read_pending(init, &thread, &shared);
	TST_EXP_EXPR(thread == 0 && shared == (BIT(SIGTERM) | BIT(SIGTSTP)),
		     "blocked SIGTERM and SIGTSTP from the parent stay pending: "
		     "SigPnd %llx, ShdPnd %llx (0, %llx expected)", thread,
		     shared, BIT(SIGTERM) | BIT(SIGTSTP));
	ns_signal_fd(cmd_fds[1]);

	ns_wait_fd(rep_fds[0]);
	check_not_stopped_or_dead(init, "unblocking them and signalling itself");
	ns_signal_fd(cmd_fds[1]);

	deadline = tst_mono_ms() + 10000 * tst_timeout_mul();
	while (!(ret = SAFE_WAITPID(init, &status, WNOHANG)) &&
	       tst_mono_ms() < deadline)
		usleep(1000);
	if (!ret) {
		tst_res(TFAIL, "I still lives 10 s after its fault (state '%c')",
			task_state(init, init));
		SAFE_KILL(init, SIGKILL);
		SAFE_WAITPID(init, &status, 0);
	} else {
		TST_EXP_EXPR(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
			     "I died of its fault (status 0x%x, SIGSEGV expected)",
			     status);
	}
	TST_EXP_EXPR(SAFE_READ(0, alive_fds[0], &c, 1) == 0,
		     "the member died with I (its pipe end closed)");
	SAFE_CLOSE(alive_fds[0]);
	SAFE_CLOSE(cmd_fds[1]);
	SAFE_CLOSE(rep_fds[0]);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {"CONFIG_PID_NS", NULL},
};

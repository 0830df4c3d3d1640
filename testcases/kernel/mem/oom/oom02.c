// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The global OOM killer (no memory cgroup limit: oom01 covers that case)
 * follows oom_score_adj. With overcommit_memory 1, oom_kill_allocating_task
 * 0 and panic_on_oom 0 (all restored after) and no swap active, five
 * holders of 16 MiB run with oom_score_adj -1000, -500, 0 and 500, and a
 * victim of 128 MiB with 1000:
 *  - /proc/PID/oom_score reads 0 for -1000, is ordered -500 < 0 < 500 <
 *    1000, and is at least 1333 (2000 * 2 / 3) for 1000;
 *  - an eater (adj 0) touches memory up to MemTotal + 64 MiB, watching
 *    the victim through a pidfd, and stops as soon as it is gone: the
 *    victim died of SIGKILL, the eater exited 0 (it was not killed and the
 *    OOM came before it ran out of its limit), every holder lives, and
 *    /proc/vmstat counts exactly one oom_kill.
 */
#include <poll.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "tst_test.h"
#include "pidfd_raw.h"
#include "lapi/mman.h"

#define MB (1024 * 1024)
#define NHOLD 4

static const int adjs[NHOLD] = {-1000, -500, 0, 500};
static size_t psz;

static long vmstat(const char *key)
{
	char name[64];
	long val, ret = -1;
	FILE *f = fopen("/proc/vmstat", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/vmstat)");
	while (fscanf(f, "%63s %ld", name, &val) == 2)
		if (!strcmp(name, key))
			ret = val;
	fclose(f);
	return ret;
}

static long oom_score(pid_t pid)
{
	char path[64];
	long val;

	snprintf(path, sizeof(path), "/proc/%d/oom_score", (int)pid);
	SAFE_FILE_SCANF(path, "%ld", &val);
	return val;
}

static pid_t holder(int adj, size_t size)
{
	pid_t pid = SAFE_FORK();
	char *m;
	size_t i;

	if (pid)
		return pid;
	SAFE_FILE_PRINTF("/proc/self/oom_score_adj", "%d", adj);
	m = SAFE_MMAP(NULL, size, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < size; i += psz)
		m[i] = 1;
	TST_CHECKPOINT_WAKE(0);
	for (;;)
		pause();
}

static void eater(pid_t victim, size_t limit, size_t thp_part)
{
	struct pollfd pfd = {.fd = pidfd_open_raw(victim, 0), .events = POLLIN};
	char *m;
	size_t i;

	if (pfd.fd < 0)
		tst_brk(TBROK | TERRNO, "pidfd_open(%d)", (int)victim);
	m = SAFE_MMAP(NULL, limit, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* huge pages for the part that fits easily: fewer faults */
	madvise(m, thp_part, MADV_HUGEPAGE);
	for (i = 0; i < limit; i += psz) {
		m[i] = 1;
		if (i % MB)
			continue;
		if (poll(&pfd, 1, 0) == 1) {
			tst_res(TINFO, "eater: victim gone at %zu MiB",
				i / MB);
			exit(0);
		}
	}
	tst_res(TFAIL, "eater touched %zu MiB and the victim still lives",
		limit / MB);
	exit(1);
}

static int alive(pid_t pid)
{
	return waitpid(pid, NULL, WNOHANG) == 0;
}

static const char *how(int st)
{
	static char buf[64];

	if (WIFSIGNALED(st))
		snprintf(buf, sizeof(buf), "killed by %s",
			 tst_strsig(WTERMSIG(st)));
	else
		snprintf(buf, sizeof(buf), "exited %d", WEXITSTATUS(st));
	return buf;
}

/*
 * Wait for whichever of the victim and the eater ends first: if the eater
 * is killed instead, the victim is killed by the test and that fails.
 */
static void reap_pair(pid_t victim, pid_t eat)
{
	int vst = -1, est = -1, st;
	pid_t pid;

	while (vst == -1 || est == -1) {
		pid = SAFE_WAITPID(-1, &st, 0);
		if (pid == victim) {
			vst = st;
		} else if (pid == eat) {
			est = st;
			if (vst == -1 && (!WIFEXITED(st) || WEXITSTATUS(st)))
				SAFE_KILL(victim, SIGTERM);
		} else {
			tst_res(TFAIL, "holder %d %s", (int)pid, how(st));
		}
	}
	TST_EXP_EXPR(WIFSIGNALED(vst) && WTERMSIG(vst) == SIGKILL,
		     "victim (adj 1000) %s", how(vst));
	TST_EXP_EXPR(WIFEXITED(est) && !WEXITSTATUS(est),
		     "eater (adj 0, the biggest) %s", how(est));
}

static void run(void)
{
	pid_t hold[NHOLD], victim, eat;
	long score[NHOLD], vscore, kills0, avail;
	size_t limit;
	int i;

	for (i = 0; i < NHOLD; i++) {
		hold[i] = holder(adjs[i], 16 * MB);
		TST_CHECKPOINT_WAIT(0);
	}
	victim = holder(1000, 128 * MB);
	TST_CHECKPOINT_WAIT(0);

	for (i = 0; i < NHOLD; i++)
		score[i] = oom_score(hold[i]);
	vscore = oom_score(victim);
	tst_res(TINFO, "oom_score: %ld (adj -1000), %ld (-500), %ld (0), "
		"%ld (500), %ld (1000)", score[0], score[1], score[2],
		score[3], vscore);
	TST_EXP_EQ_LI(score[0], 0);
	TST_EXP_EXPR(score[1] < score[2] && score[2] < score[3] &&
		     score[3] < vscore, "oom_score ordered as oom_score_adj");
	TST_EXP_EXPR(vscore >= 1333, "oom_score %ld >= 1333 for adj 1000",
		     vscore);

	limit = (size_t)(tst_read_meminfo("MemTotal:") + 64 * 1024) * 1024;
	avail = tst_read_meminfo("MemAvailable:") - 256 * 1024;
	kills0 = vmstat("oom_kill");
	eat = SAFE_FORK();
	if (!eat)
		eater(victim, limit, avail > 0 ? (size_t)avail * 1024 : 0);
	reap_pair(victim, eat);
	for (i = 0; i < NHOLD; i++)
		TST_EXP_EXPR(alive(hold[i]), "holder with adj %d lives",
			     adjs[i]);
	if (kills0 >= 0)
		TST_EXP_EQ_LI(vmstat("oom_kill") - kills0, 1);
	for (i = 0; i < NHOLD; i++) {
		SAFE_KILL(hold[i], SIGKILL);
		reap_child_killed(hold[i], SIGKILL);
	}
}

static void setup(void)
{
	psz = getpagesize();
	if (tst_read_meminfo("SwapTotal:"))
		tst_brk(TCONF, "swap is active: the OOM would come only once "
			"it is full");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.exclusive = 1,
	.timeout = 180,
	.save_restore = (const struct tst_path_val[]) {
		{"/proc/sys/vm/overcommit_memory", "1", TST_SR_TBROK_MISSING},
		{"/proc/sys/vm/oom_kill_allocating_task", "0",
		 TST_SR_TBROK_MISSING},
		{"/proc/sys/vm/panic_on_oom", "0", TST_SR_TBROK_MISSING},
		{NULL, NULL, 0}
	},
};

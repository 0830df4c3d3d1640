// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Priority inheritance through a PTHREAD_PRIO_INHERIT mutex (FUTEX_LOCK_PI
 * in the kernel), all threads SCHED_FIFO on one CPU:
 *  - L (priority 10) holds the mutex; M (20) spins; H (30) blocks on the
 *    mutex. Without inheritance M keeps L off the CPU and H waits as long
 *    as M spins: unbounded inversion. With it L runs at H's priority, so
 *    H gets the mutex while M is still spinning: M sees H's "got it" flag
 *    before its own bound (10 s times LTP_TIMEOUT_MUL) runs out;
 *  - L's effective priority, the priority field of
 *    /proc/self/task/TID/stat (-1 - rt_priority for an RT task), reads
 *    -31 while H waits and -11 again once L unlocked.
 * Ordering by shared flags, no wall-time ratio.
 */
#include <pthread.h>
#include <semaphore.h>
#include <sys/syscall.h>
#include "sched_common.h"

#define L_PRIO	10
#define M_PRIO	20
#define H_PRIO	30
#define MS	1000000ULL

static pthread_mutex_t pi_mutex;
static sem_t l_locked, m_started;
static volatile int h_got, m_timed_out, m_done, l_boost = 0, l_after = 0;
static volatile int l_saw_boost;
static uint64_t bound_ns;

/* The priority field (18th) of this thread's stat. */
static int my_prio(void)
{
	char path[64], buf[512], *p;
	int fd, i, prio;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/self/task/%ld/stat",
		 (long)syscall(SYS_gettid));
	fd = SAFE_OPEN(path, O_RDONLY);
	n = SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	buf[n] = 0;
	p = strrchr(buf, ')');
	/* after ')': field 3 is the state; the priority is field 18 */
	for (i = 3; p && i <= 18; i++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, "%d", &prio) != 1)
		tst_brk(TBROK, "cannot parse %s", path);
	return prio;
}

static void *low(void *arg)
{
	uint64_t t0;
	int prio;

	(void)arg;
	pthread_mutex_lock(&pi_mutex);
	sem_post(&l_locked);
	/* hold the mutex until H's wait boosts this thread */
	t0 = tst_mono_ns();
	do {
		prio = my_prio();
	} while (prio != -1 - H_PRIO && tst_mono_ns() - t0 < bound_ns);
	l_boost = prio;
	l_saw_boost = prio == -1 - H_PRIO;
	pthread_mutex_unlock(&pi_mutex);
	l_after = my_prio();
	return NULL;
}

static void *medium(void *arg)
{
	uint64_t t0 = tst_mono_ns();

	(void)arg;
	sem_post(&m_started);
	while (!h_got) {
		if (tst_mono_ns() - t0 > bound_ns) {
			m_timed_out = 1;
			break;
		}
	}
	m_done = 1;
	return NULL;
}

static void *high(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&pi_mutex);
	/* m_done still 0: the mutex came while M was spinning */
	h_got = m_done ? 2 : 1;
	pthread_mutex_unlock(&pi_mutex);
	return NULL;
}

static pthread_t start(void *(*fn)(void *), int prio)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t a;
	pthread_t t;
	int ret;

	pthread_attr_init(&a);
	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	pthread_attr_setschedparam(&a, &sp);
	ret = pthread_create(&t, &a, fn, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create(prio %d): %s", prio,
			tst_strerrno(ret));
	pthread_attr_destroy(&a);
	return t;
}

static void run(void)
{
	pthread_mutexattr_t ma;
	pthread_t tl, tm, th;
	pid_t pid = SAFE_FORK();

	if (pid) {
		reap_child(pid);
		return;
	}
	/* the child, all its threads on one CPU; itself above them all */
	pin_to(test_cpu);
	set_fifo(H_PRIO + 10);
	bound_ns = 10000 * MS * tst_timeout_mul();
	pthread_mutexattr_init(&ma);
	if (pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT))
		tst_brk(TCONF, "no PTHREAD_PRIO_INHERIT mutexes");
	pthread_mutex_init(&pi_mutex, &ma);
	sem_init(&l_locked, 0, 0);
	sem_init(&m_started, 0, 0);

	tl = start(low, L_PRIO);
	sem_wait(&l_locked);
	tm = start(medium, M_PRIO);
	sem_wait(&m_started);
	th = start(high, H_PRIO);
	pthread_join(th, NULL);
	pthread_join(tm, NULL);
	pthread_join(tl, NULL);

	if (h_got == 1 && !m_timed_out)
		tst_res(TPASS, "H got the PI mutex while M was still spinning");
	else
		tst_res(TFAIL, "priority inversion: H got the mutex %s",
			h_got == 2 ? "only after M stopped spinning" :
			"never");
	if (l_saw_boost)
		tst_res(TPASS, "L ran boosted, priority field %d", l_boost);
	else
		tst_res(TFAIL, "L's priority field stayed %d, expected %d",
			l_boost, -1 - H_PRIO);
	TST_EXP_EQ_LI(l_after, -1 - L_PRIO);
	exit(0);
}

static void setup(void)
{
	pick_test_cpu();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.timeout = 120,
};

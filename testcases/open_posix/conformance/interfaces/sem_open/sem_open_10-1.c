// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sem_open(): O_CREAT on the name of an existing semaphore has no
 * effect other than opening it. Created with value 2 by a child that
 * has exited, the name is opened here with O_CREAT, mode 0644 and
 * value 9, then with O_CREAT and value SEM_VALUE_MAX: both succeed and
 * read 2 (value and mode ignored), take the same semaphore (two
 * trywaits, then [EAGAIN] through either handle).
 */
#include "pts_mqsem.h"
#include "pts_sigkit.h"

static char name[64];

static int creator(void)
{
	sem_t *s = sem_open(name, O_CREAT | O_EXCL, 0600, 2);

	if (s == SEM_FAILED)
		PTS_UNRES("child: sem_open(): %m");
	sem_close(s);
	return PTS_PASS;
}

int main(void)
{
	sem_t *a, *b;

	pts_ipc_name(name, sizeof(name), "semo10");
	pts_reap(pts_fork_fn(creator), "creator");
	a = sem_open(name, O_CREAT, 0644, 9);
	b = sem_open(name, O_CREAT, 0600, SEM_VALUE_MAX);
	sem_unlink(name);
	if (a == SEM_FAILED || b == SEM_FAILED)
		PTS_FAILED("O_CREAT on the existing name: %m");
	pts_sem_expect(a, 2, "first O_CREAT open");
	pts_sem_expect(b, 2, "second O_CREAT open");
	if (sem_trywait(a) || sem_trywait(b))
		PTS_FAILED("sem_trywait(): %m");
	PTS_EXPECT_ERRNO(sem_trywait(a), EAGAIN, "third trywait, first handle");
	PTS_EXPECT_ERRNO(sem_trywait(b), EAGAIN, "third trywait, second handle");
	PTS_PASSED("O_CREAT on an existing semaphore: value and mode ignored");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Robust mutexes (PTHREAD_MUTEX_ROBUST): when the owner thread terminates
 * holding the mutex, the next locker gets EOWNERDEAD and owns it;
 * pthread_mutex_consistent() marks it consistent and it then works as
 * usual. If instead it is unlocked without being made consistent, the
 * mutex becomes permanently unusable: every later lock or trylock
 * returns ENOTRECOVERABLE. Checked with the default and the
 * PTHREAD_PRIO_INHERIT protocol (different kernel paths: robust list
 * plus FUTEX_OWNER_DIED, and the PI futex's owner-died handling).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_mutex_t m;

static void *die_holding(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	return NULL;
}

static void one(int proto, const char *name)
{
	pthread_mutexattr_t a;
	pthread_t t;

	pthread_mutexattr_init(&a);
	if (pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST) ||
	    pthread_mutexattr_setprotocol(&a, proto))
		PTS_UNRES("%s: robust attributes refused", name);
	pthread_mutex_init(&m, &a);

	pthread_create(&t, NULL, die_holding, NULL);
	pthread_join(t, NULL);
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), EOWNERDEAD, name);
	PTS_EXPECT_ERR(pthread_mutex_consistent(&m), 0, name);
	PTS_EXPECT_ERR(pthread_mutex_unlock(&m), 0, name);
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), 0, name);
	pthread_mutex_unlock(&m);

	pthread_create(&t, NULL, die_holding, NULL);
	pthread_join(t, NULL);
	PTS_EXPECT_ERR(pthread_mutex_trylock(&m), EOWNERDEAD, name);
	pthread_mutex_unlock(&m);	/* not made consistent */
	PTS_EXPECT_ERR(pthread_mutex_lock(&m), ENOTRECOVERABLE, name);
	PTS_EXPECT_ERR(pthread_mutex_trylock(&m), ENOTRECOVERABLE, name);
	pthread_mutex_destroy(&m);
}

int main(void)
{
	one(PTHREAD_PRIO_NONE, "robust");
	one(PTHREAD_PRIO_INHERIT, "robust PI");
	PTS_PASSED("EOWNERDEAD, consistent, ENOTRECOVERABLE (plain and PI)");
}

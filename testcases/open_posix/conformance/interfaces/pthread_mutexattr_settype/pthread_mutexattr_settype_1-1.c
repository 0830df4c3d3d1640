// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_mutexattr_settype(): a new attributes object has the type
 * PTHREAD_MUTEX_DEFAULT; each type is read back; an invalid one fails
 * with [EINVAL]. Changing or destroying an attributes object does not
 * affect mutexes initialised with it before: a mutex made RECURSIVE
 * stays recursive after the object is set to ERRORCHECK and destroyed,
 * and one made ERRORCHECK still returns [EDEADLK] after the object is
 * set to RECURSIVE.
 */
#include <pthread.h>

#include "pts_helpers.h"

int main(void)
{
	static const int types[] = { PTHREAD_MUTEX_NORMAL,
		PTHREAD_MUTEX_ERRORCHECK, PTHREAD_MUTEX_RECURSIVE,
		PTHREAD_MUTEX_DEFAULT };
	pthread_mutexattr_t a, b;
	pthread_mutex_t rec, ec;
	unsigned int i;
	int t, err;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_gettype(&a, &t);
	if (t != PTHREAD_MUTEX_DEFAULT)
		PTS_FAILED("default type %d, expected PTHREAD_MUTEX_DEFAULT", t);
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (pthread_mutexattr_settype(&a, types[i]))
			PTS_FAILED("settype(%d) failed", types[i]);
		pthread_mutexattr_gettype(&a, &t);
		if (t != types[i])
			PTS_FAILED("read back %d, expected %d", t, types[i]);
	}
	err = pthread_mutexattr_settype(&a, -1);
	if (err != EINVAL)
		PTS_FAILED("settype(-1) returned %d, expected EINVAL", err);

	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&rec, &a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutexattr_destroy(&a);
	pthread_mutexattr_init(&b);
	pthread_mutexattr_settype(&b, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&ec, &b);
	pthread_mutexattr_settype(&b, PTHREAD_MUTEX_RECURSIVE);

	if (pthread_mutex_lock(&rec) || pthread_mutex_lock(&rec))
		PTS_FAILED("the RECURSIVE mutex lost its type");
	pthread_mutex_unlock(&rec);
	pthread_mutex_unlock(&rec);
	pthread_mutex_lock(&ec);
	PTS_EXPECT_ERR(pthread_mutex_lock(&ec), EDEADLK,
		       "relock of ERRORCHECK after the attribute changed");
	pthread_mutex_unlock(&ec);
	PTS_PASSED("DEFAULT default, types read back, EINVAL, mutexes keep their type");
}

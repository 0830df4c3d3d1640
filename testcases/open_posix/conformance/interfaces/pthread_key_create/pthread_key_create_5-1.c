// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_key_create(): "If successful, the pthread_key_create()
 * function shall store the newly created key value at *key and shall
 * return zero." Eight threads, released together by a barrier, create
 * 12 keys each at the same time: all 96 calls return 0 and store 96
 * distinct keys; each thread's value for each of its keys reads back,
 * NULL in the other threads' view of it (checked by main for all 96);
 * every key is then deleted (0).
 */
#include <pthread.h>

#include "pts_helpers.h"

#define NT 8
#define NK 12

static pthread_barrier_t start, done, leave;
static pthread_key_t keys[NT][NK];
static int err[NT];

static void *thr(void *arg)
{
	long me = (long)arg;
	int k;

	pthread_barrier_wait(&start);
	for (k = 0; k < NK; k++) {
		err[me] |= pthread_key_create(&keys[me][k], NULL);
		if (!err[me])
			err[me] |= pthread_setspecific(keys[me][k], &keys[me][k]);
	}
	pthread_barrier_wait(&done);
	for (k = 0; k < NK && !err[me]; k++)
		if (pthread_getspecific(keys[me][k]) != &keys[me][k])
			err[me] = -1;
	pthread_barrier_wait(&leave);
	return NULL;
}

int main(void)
{
	pthread_t t[NT];
	long i;
	int k, j, l;

	pthread_barrier_init(&start, NULL, NT);
	pthread_barrier_init(&done, NULL, NT + 1);
	pthread_barrier_init(&leave, NULL, NT + 1);
	for (i = 0; i < NT; i++)
		if (pthread_create(&t[i], NULL, thr, (void *)i))
			PTS_UNRES("pthread_create()");
	pthread_barrier_wait(&done);
	for (i = 0; i < NT; i++) {
		if (err[i])
			PTS_FAILED("thread %ld: create or setspecific returned %d", i, err[i]);
		for (k = 0; k < NK; k++) {
			if (pthread_getspecific(keys[i][k]))
				PTS_FAILED("main reads thread %ld's value of its key", i);
			for (j = 0; j <= i; j++)
				for (l = 0; l < NK; l++)
					if ((j != i || l != k) && keys[i][k] == keys[j][l])
						PTS_FAILED("key %u stored twice", keys[i][k]);
		}
	}
	pthread_barrier_wait(&leave);
	for (i = 0; i < NT; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < NT; i++) {
		if (err[i])
			PTS_FAILED("thread %ld read a value back wrongly", i);
		for (k = 0; k < NK; k++)
			PTS_EXPECT_ERR(pthread_key_delete(keys[i][k]), 0, "pthread_key_delete()");
	}
	PTS_PASSED("%d concurrent creates: 0, distinct keys, per-thread values", NT * NK);
}

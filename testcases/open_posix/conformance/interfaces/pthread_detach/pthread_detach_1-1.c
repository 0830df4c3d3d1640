// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_detach() of a running joinable thread returns 0, and the thread
 * goes on running to its end; a thread created with the attribute
 * PTHREAD_CREATE_DETACHED (read back by pthread_attr_getdetachstate())
 * runs too. Their completion is observed through a semaphore, since a
 * detached thread cannot be joined. Repeated 100 times, so that storage of
 * detached threads that ended is reclaimed (creation keeps working).
 */
#include <pthread.h>
#include <semaphore.h>
#include <string.h>

#include "posixtest.h"

#define ROUNDS 100

static sem_t started, release, finished;

static void *worker(void *arg)
{
	(void)arg;
	sem_post(&started);
	while (sem_wait(&release))
		;
	sem_post(&finished);
	return NULL;
}

int main(void)
{
	pthread_attr_t attr;
	pthread_t t;
	int i, err, state = -1;

	if (sem_init(&started, 0, 0) || sem_init(&release, 0, 0) ||
	    sem_init(&finished, 0, 0))
		PTS_UNRES("sem_init(): %m");
	if (pthread_attr_init(&attr) ||
	    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED))
		PTS_UNRES("pthread_attr_setdetachstate(PTHREAD_CREATE_DETACHED)");
	if (pthread_attr_getdetachstate(&attr, &state) ||
	    state != PTHREAD_CREATE_DETACHED)
		PTS_FAILED("pthread_attr_getdetachstate() gave %d, expected PTHREAD_CREATE_DETACHED",
			   state);

	for (i = 0; i < ROUNDS; i++) {
		err = pthread_create(&t, NULL, worker, NULL);
		if (err)
			PTS_FAILED("round %d: pthread_create(): %s", i, strerror(err));
		while (sem_wait(&started))
			;
		err = pthread_detach(t);
		if (err)
			PTS_FAILED("round %d: pthread_detach() of a running thread returned %d",
				   i, err);
		sem_post(&release);
		while (sem_wait(&finished))
			;

		err = pthread_create(&t, &attr, worker, NULL);
		if (err)
			PTS_FAILED("round %d: pthread_create(detached): %s", i,
				   strerror(err));
		while (sem_wait(&started))
			;
		sem_post(&release);
		while (sem_wait(&finished))
			;
	}
	PTS_PASSED("%d detached threads of each kind ran to their end", ROUNDS);
}

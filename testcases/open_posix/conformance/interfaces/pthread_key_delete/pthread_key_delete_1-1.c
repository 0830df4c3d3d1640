// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_key_delete(): "No destructor functions shall be invoked by
 * pthread_key_delete()". A key is deleted while the calling thread and
 * another thread hold non-NULL values for it: the destructor runs
 * neither then nor when those threads exit. A key deleted and created
 * again reads NULL in a thread that had a value under the old key (glibc
 * reuses the slot with a new sequence number; a key created after a
 * delete is a new key).
 */
#include <pthread.h>

#include "pts_helpers.h"

static pthread_key_t key;
static int dtor_calls;
static int in[2], out[2];
static void *seen_new;
static char v1, v2;

static void dtor(void *v)
{
	(void)v;
	dtor_calls++;
}

static void *holder(void *arg)
{
	char c;

	(void)arg;
	pthread_setspecific(key, &v2);
	if (write(out[1], "r", 1) != 1 || read(in[0], &c, 1) != 1)
		return NULL;
	/* the key was deleted and a new one created: read it */
	seen_new = pthread_getspecific(key);
	return NULL;
}

int main(void)
{
	pthread_t t;
	char c;

	if (pipe(in) || pipe(out))
		PTS_UNRES("pipe(): %s", strerror(errno));
	if (pthread_key_create(&key, dtor))
		PTS_UNRES("pthread_key_create() failed");
	pthread_setspecific(key, &v1);
	pthread_create(&t, NULL, holder, NULL);
	if (read(out[0], &c, 1) != 1)
		PTS_UNRES("read(): %s", strerror(errno));
	if (pthread_key_delete(key))
		PTS_FAILED("pthread_key_delete() failed");
	if (dtor_calls)
		PTS_FAILED("pthread_key_delete() called the destructor %d times",
			   dtor_calls);
	if (pthread_key_create(&key, NULL))
		PTS_UNRES("second pthread_key_create() failed");
	if (pthread_getspecific(key))
		PTS_FAILED("a new key reads the deleted key's value in main");
	if (write(in[1], "g", 1) != 1)
		PTS_UNRES("write(): %s", strerror(errno));
	pthread_join(t, NULL);
	if (dtor_calls)
		PTS_FAILED("the deleted key's destructor ran at thread exit (%d)",
			   dtor_calls);
	if (seen_new)
		PTS_FAILED("a new key reads the deleted key's value in the thread");
	PTS_PASSED("no destructor at delete or exit; a new key starts NULL");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_key_create(): at least _POSIX_THREAD_KEYS_MAX (128) keys can
 * exist at once, each distinct; [EAGAIN] "the system-imposed limit on
 * the total number of keys per process {PTHREAD_KEYS_MAX} would be
 * exceeded", reached at no more than sysconf(_SC_THREAD_KEYS_MAX) keys
 * (keys of the C library itself count too); deleting one key makes room for
 * exactly one more.
 */
#include <limits.h>
#include <pthread.h>

#include "pts_helpers.h"

#define CAP 100000

static pthread_key_t keys[CAP];

int main(void)
{
	long max = sysconf(_SC_THREAD_KEYS_MAX);
	int n, i, j, err;
	pthread_key_t k;

	if (max <= 0 || max >= CAP)
		PTS_UNSUPP("no usable {PTHREAD_KEYS_MAX}: %ld", max);
	if (max < _POSIX_THREAD_KEYS_MAX)
		PTS_FAILED("{PTHREAD_KEYS_MAX} %ld is below %d", max,
			   _POSIX_THREAD_KEYS_MAX);
	for (n = 0; n < CAP; n++) {
		err = pthread_key_create(&keys[n], NULL);
		if (err)
			break;
	}
	printf("created %d keys, then %s; {PTHREAD_KEYS_MAX} %ld\n", n,
	       err ? strerrorname_np(err) : "no error", max);
	if (err != EAGAIN)
		PTS_FAILED("key creation ended with %d, expected EAGAIN", err);
	if (n < _POSIX_THREAD_KEYS_MAX)
		PTS_FAILED("only %d keys could be created", n);
	/* keys the C library itself holds count too: not more than max */
	if (n > max)
		PTS_FAILED("%d keys created, {PTHREAD_KEYS_MAX} is %ld", n, max);
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (keys[i] == keys[j])
				PTS_FAILED("keys %d and %d are the same", i, j);
	if (pthread_key_delete(keys[n / 2]))
		PTS_FAILED("pthread_key_delete() failed");
	if (pthread_key_create(&k, NULL))
		PTS_FAILED("no key after one was deleted");
	PTS_EXPECT_ERR(pthread_key_create(&k, NULL), EAGAIN,
		       "a second key after one delete");
	PTS_PASSED("%d distinct keys, EAGAIN, one delete frees one", n);
}

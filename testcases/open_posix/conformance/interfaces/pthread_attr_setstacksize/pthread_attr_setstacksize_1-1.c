// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pthread_attr_setstacksize(): the size is read back by
 * pthread_attr_getstacksize(); a size below {PTHREAD_STACK_MIN} fails
 * with [EINVAL] and keeps the setting; a thread created with a stack of
 * 4 MB runs on a mapping of at least that size (the mapping holding a
 * local variable, read from /proc/self/maps) and can use 3 MB of it.
 */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>

#include "pts_helpers.h"

#define SZ (4u << 20)

static uintptr_t lo, hi;

static int find_mapping(uintptr_t addr)
{
	unsigned long a, b;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx", &a, &b) == 2 && addr >= a &&
		    addr < b) {
			lo = a;
			hi = b;
			fclose(f);
			return 0;
		}
	fclose(f);
	return -1;
}

static void *thread(void *arg)
{
	volatile char big[3u << 20];
	size_t i;

	(void)arg;
	for (i = 0; i < sizeof(big); i += 4096)
		big[i] = 1;
	if (big[0] != 1 || find_mapping((uintptr_t)&big[0]))
		return (void *)1;
	return NULL;
}

int main(void)
{
	pthread_attr_t a;
	pthread_t t;
	size_t s;
	void *v;
	int err;

	pthread_attr_init(&a);
	if (pthread_attr_setstacksize(&a, SZ))
		PTS_FAILED("setstacksize(4 MB) failed");
	pthread_attr_getstacksize(&a, &s);
	if (s != SZ)
		PTS_FAILED("read back %zu, expected %u", s, SZ);
	err = pthread_attr_setstacksize(&a, PTHREAD_STACK_MIN - 1);
	if (err != EINVAL)
		PTS_FAILED("PTHREAD_STACK_MIN - 1 returned %d, expected EINVAL",
			   err);
	pthread_attr_getstacksize(&a, &s);
	if (s != SZ)
		PTS_FAILED("a refused size changed the attribute to %zu", s);
	if (pthread_create(&t, &a, thread, NULL))
		PTS_UNRES("pthread_create() failed");
	pthread_join(t, &v);
	if (v || !lo)
		PTS_UNRES("the thread's stack is in no mapping of /proc/self/maps");
	printf("stack mapping %#lx-%#lx (%lu kB)\n", (unsigned long)lo,
	       (unsigned long)hi, (unsigned long)(hi - lo) >> 10);
	if (hi - lo < SZ)
		PTS_FAILED("stack mapping of %lu bytes, less than %u",
			   (unsigned long)(hi - lo), SZ);
	PTS_PASSED("stack size read back, EINVAL, a 4 MB stack given");
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_madvise(): returns 0 for each defined advice on a mapped range
 * and the error number (not -1) on failure: [EINVAL] for an unknown
 * advice value; [ENOMEM] for a range that is not mapped. Advice does not
 * change the data (POSIX_MADV_DONTNEED is a no-op in glibc, unlike
 * madvise(MADV_DONTNEED) on private memory).
 */
#include <sys/mman.h>

#include "pts_helpers.h"

int main(void)
{
	static const int adv[] = { POSIX_MADV_NORMAL, POSIX_MADV_SEQUENTIAL,
		POSIX_MADV_RANDOM, POSIX_MADV_WILLNEED, POSIX_MADV_DONTNEED };
	long pg = sysconf(_SC_PAGESIZE);
	unsigned int i;
	char *p;
	int err;

	p = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	memset(p, 'q', 2 * pg);
	for (i = 0; i < sizeof(adv) / sizeof(adv[0]); i++) {
		err = posix_madvise(p, 2 * pg, adv[i]);
		if (err)
			PTS_FAILED("advice %d returned %d", adv[i], err);
	}
	if (p[0] != 'q' || p[2 * pg - 1] != 'q')
		PTS_FAILED("advice changed the data");
	err = posix_madvise(p, pg, 12345);
	if (err != EINVAL)
		PTS_FAILED("unknown advice returned %d, expected EINVAL", err);
	munmap(p + 2 * pg, 2 * pg);
	err = posix_madvise(p + 2 * pg, pg, POSIX_MADV_WILLNEED);
	if (err != ENOMEM)
		PTS_FAILED("unmapped range returned %d, expected ENOMEM", err);
	PTS_PASSED("advice accepted, EINVAL and ENOMEM as error numbers");
}

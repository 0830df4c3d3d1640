// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mlockall(): [EINVAL] when flags is zero or includes unimplemented
 * flags: 0, a bit Linux does not define (0x8, 0x100, and with
 * MCL_CURRENT set too), and MCL_ONFAULT alone (a Linux modifier of the
 * other two, meaningless by itself). Nothing gets locked (VmLck 0, a
 * mapping made afterwards unlocked).
 */
#include <sys/mman.h>

#include "pts_proc_self.h"

#ifndef MCL_ONFAULT
#define MCL_ONFAULT 4
#endif

int main(void)
{
	static const int bad[] = { 0, 0x8, 0x100, MCL_CURRENT | 0x8,
				   MCL_FUTURE | 0x100, MCL_ONFAULT };
	unsigned int i;
	void *m;

	if (pts_status_kb("VmLck:") != 0)
		PTS_UNRES("memory already locked");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		errno = 0;
		if (mlockall(bad[i]) != -1 || errno != EINVAL) {
			munlockall();
			PTS_FAILED("mlockall(0x%x): %s, expected EINVAL", bad[i],
				   strerrorname_np(errno));
		}
	}
	m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		PTS_UNRES("mmap(): %m");
	if (pts_status_kb("VmLck:") != 0 || pts_locked_vma(m) != 0)
		PTS_FAILED("memory was locked by a refused mlockall()");
	PTS_PASSED("EINVAL for 0, undefined bits and MCL_ONFAULT alone; nothing locked");
}

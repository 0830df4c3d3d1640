/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What decides whether root may use kexec at all: kernel.kexec_load_disabled
 * (read, never changed) and kernel lockdown (/sys/kernel/security/lockdown,
 * "[none]" when off). Lockdown ends the test with TCONF: its errno belongs
 * to the LSM, not to the kexec calls.
 */
#ifndef KEXEC_STATE_H
#define KEXEC_STATE_H

#include <stdio.h>
#include <string.h>
#include "tst_test.h"

static inline int kexec_disabled(void)
{
	FILE *f = fopen("/proc/sys/kernel/kexec_load_disabled", "r");
	char buf[128] = "";
	int v = 0;

	if (!f)
		tst_brk(TCONF | TERRNO, "no kernel.kexec_load_disabled "
			"(kernel without kexec?)");
	if (fscanf(f, "%d", &v) != 1)
		tst_brk(TBROK, "cannot parse kexec_load_disabled");
	fclose(f);

	f = fopen("/sys/kernel/security/lockdown", "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
		if (buf[0] && !strstr(buf, "[none]"))
			tst_brk(TCONF, "kernel lockdown is on: %s", buf);
	}
	tst_res(TINFO, "kernel.kexec_load_disabled = %d", v);
	return v;
}

#endif /* KEXEC_STATE_H */

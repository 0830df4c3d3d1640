// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * uname() copies no stray bytes (CVE-2012-0957, "kernel/sys.c: fix stack
 * memory content leak via UNAME26"): into a buffer filled with 0xa5,
 * every field of struct utsname is its string followed by zeros to the
 * end of the field, both normally and with the UNAME26 personality, whose
 * fake release the kernel writes from a buffer of its stack over the real
 * release: after its NUL come the real release's bytes. Under
 * UNAME26 the release is "2.6.<60 + minor>" followed by what follows the
 * version numbers of the real release, and the other fields are those of
 * the real uname. In a new UTS namespace, a short hostname set after a
 * long one leaves zeros, not the long name's tail, after it.
 * Syscalls: uname, personality, sethostname
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/utsname.h>
#include "tst_test.h"

#define FIELD_LEN sizeof(((struct utsname *)0)->release)

static const char *const names[] = {
	"sysname", "nodename", "release", "version", "machine", "domainname"
};

/* 1 when every byte after the string of each field but skip is zero */
static int zero_padded(const struct utsname *u, int skip)
{
	const char *f = (const char *)u;
	size_t i, j, len;
	int ok = 1;

	for (i = 0; i < sizeof(*u) / FIELD_LEN; i++, f += FIELD_LEN) {
		if ((int)i == skip)
			continue;
		len = strnlen(f, FIELD_LEN);
		if (len == FIELD_LEN) {
			tst_res(TFAIL, "%s is not NUL terminated", names[i]);
			ok = 0;
			continue;
		}
		for (j = len; j < FIELD_LEN; j++) {
			if (f[j]) {
				tst_res(TFAIL, "%s: byte %zu after \"%s\" is "
					"0x%02x", names[i], j, f,
					(unsigned char)f[j]);
				ok = 0;
				break;
			}
		}
	}
	return ok;
}

/*
 * The UNAME26 release is written with its NUL over the real utsname the
 * kernel copied out first: after the NUL come the real release's bytes
 * (its tail where it is longer, as 6.12.118+deb12-... is than
 * 2.6.72+deb12-..., then zeros), never anything else.
 */
static int release_tail_real(const struct utsname *u26,
			     const struct utsname *real)
{
	size_t j, len = strnlen(u26->release, FIELD_LEN);

	for (j = len + 1; j < FIELD_LEN; j++) {
		if (u26->release[j] != real->release[j]) {
			tst_res(TFAIL, "release: byte %zu after \"%s\" is "
				"0x%02x, the real release has 0x%02x there", j,
				u26->release, (unsigned char)u26->release[j],
				(unsigned char)real->release[j]);
			return 0;
		}
	}
	return 1;
}

static void get(struct utsname *u)
{
	memset(u, 0xa5, sizeof(*u));
	if (uname(u))
		tst_brk(TBROK | TERRNO, "uname()");
}

/* The kernel's UNAME26 release for the real one. */
static void uname26_release(const char *real, char *out, size_t size)
{
	const char *rest = real;
	unsigned int major, minor;
	int dots = 0;

	if (sscanf(real, "%u.%u", &major, &minor) != 2)
		tst_brk(TBROK, "release \"%s\" not MAJOR.MINOR...", real);
	while (*rest) {
		if (*rest == '.' && ++dots >= 3)
			break;
		if ((*rest < '0' || *rest > '9') && *rest != '.')
			break;
		rest++;
	}
	snprintf(out, size, "2.6.%u%s", 60 + minor, rest);
}

static void run(void)
{
	struct utsname real, u26;
	char want[FIELD_LEN * 2];
	int old;

	get(&real);
	TST_EXP_EXPR(zero_padded(&real, -1), "every field zero padded");

	old = personality(0xffffffff);
	if (personality(old | UNAME26) == -1)
		tst_brk(TBROK | TERRNO, "personality(UNAME26)");
	get(&u26);
	personality(old);

	TST_EXP_EXPR(zero_padded(&u26, 2) && release_tail_real(&u26, &real),
		     "with UNAME26 every field zero padded, the release "
		     "followed by the real release's bytes");
	uname26_release(real.release, want, sizeof(want));
	TST_EXP_EXPR(!strcmp(u26.release, want), "UNAME26 release \"%s\" "
		     "(expected \"%s\", real \"%s\")", u26.release, want,
		     real.release);
	TST_EXP_EXPR(!strcmp(u26.sysname, real.sysname) &&
		     !strcmp(u26.version, real.version) &&
		     !strcmp(u26.machine, real.machine),
		     "the other fields are the real ones");

	if (unshare(CLONE_NEWUTS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWUTS)");
	if (sethostname("uname02-a-rather-long-host-name-xxxxxxxxxxxxxxx", 47) ||
	    sethostname("ab", 2))
		tst_brk(TBROK | TERRNO, "sethostname()");
	get(&u26);
	TST_EXP_EXPR(!strcmp(u26.nodename, "ab") && zero_padded(&u26, -1),
		     "nodename \"%s\" after a long one, zero padded",
		     u26.nodename);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"CVE", "2012-0957"},
		{}
	},
};

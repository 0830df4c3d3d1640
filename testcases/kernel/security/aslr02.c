// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What aslr01 leaves out, with kernel.randomize_va_space saved, set and
 * restored: the load address of a PIE program, the sub-page offset of
 * the stack, where the heap starts relative to the end of the program's
 * bss, and the personality flags a privilege-gaining execve() clears.
 * A helper run RUNS (8) times reports AT_PHDR, a local's address,
 * start_brk (/proc/self/stat) and its `end`:
 *  - 2: the load address differs in every run (28 bits of entropy),
 *    the stack's low 12 bits take more than one value (arch_align_stack()
 *    moves it by up to 8 KiB, 16-byte aligned), and start_brk minus the
 *    page-aligned bss end takes more than one value, each in [0, 1 GiB
 *    + 2 pages) (arch_randomize_brk());
 *  - 1: the load address and the stack's low bits still vary, but
 *    start_brk is the same distance (under 2 pages) after the bss in
 *    every run: the heap is not randomised apart from the program;
 *  - 0: load address, stack and start_brk are the same in every run;
 *  - at 2, a process with ADDR_NO_RANDOMIZE | ADDR_COMPAT_LAYOUT set
 *    (READ_IMPLIES_EXEC is not used: an x86-64 exec always drops it):
 *    root and an unprivileged uid running a plain copy keep both flags
 *    (and an identical load address);
 *    the unprivileged uid running a set-user-ID-root copy, or a copy
 *    whose file capabilities give it a permitted capability, gets them
 *    cleared (PER_CLEAR_ON_SETID) and a load address that differs in
 *    every run: nobody may run a privileged program with a layout it
 *    chose.
 */
#include <elf.h>
#include <grp.h>
#include <stdlib.h>
#include <sys/personality.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "sec_exec.h"

#define RUNS	8
#define SYSCTL	"/proc/sys/kernel/randomize_va_space"
#define PLAIN	"./al_plain"
#define SUID	"./al_suid"
#define FCAP	"./al_fcap"
#define PERS	(ADDR_NO_RANDOMIZE | ADDR_COMPAT_LAYOUT)

struct lay {
	unsigned long stack, phdr, brk, end;
	unsigned int pers;
};

static unsigned long page;
static int nosuid, noxattr;

struct who {
	int unpriv;
	int pers;
};

static void prep(void *arg)
{
	const struct who *w = arg;
	uid_t uid = 0x40000000u + getpid();

	if (w->pers && personality(PERS) < 0)
		tst_brk(TBROK | TERRNO, "personality(%#x)", PERS);
	if (w->unpriv && (setgroups(0, NULL) || setresgid(uid, uid, uid) ||
			  setresuid(uid, uid, uid)))
		tst_brk(TBROK | TERRNO, "dropping to uid %u",
			(unsigned int)uid);
}

static void sample(const char *path, int unpriv, int pers,
		   struct lay l[RUNS])
{
	struct who w = {unpriv, pers};
	char line[256];
	int r;

	for (r = 0; r < RUNS; r++) {
		if (sec_run(path, "layout", prep, &w, line, sizeof(line)))
			tst_brk(TBROK, "%s printed nothing", path);
		if (sscanf(line, "%lx %lx %lx %lx %x", &l[r].stack,
			   &l[r].phdr, &l[r].brk, &l[r].end,
			   &l[r].pers) != 5)
			tst_brk(TBROK, "%s printed '%s'", path, line);
	}
}

static int distinct(const unsigned long *v, size_t stride)
{
	int i, j, n = 0;

	for (i = 0; i < RUNS; i++) {
		for (j = 0; j < i; j++)
			if (v[i * stride] == v[j * stride])
				break;
		n += (j == i);
	}
	return n;
}

#define FIELD(l, f) (&(l)[0].f), (sizeof(struct lay) / sizeof(unsigned long))

static unsigned long brk_off(const struct lay *l)
{
	return l->brk - ((l->end + page - 1) & ~(page - 1));
}

static void check_brk(const struct lay l[RUNS], int level)
{
	unsigned long off[RUNS];
	int r, n, bad = 0;

	for (r = 0; r < RUNS; r++) {
		off[r] = brk_off(&l[r]);
		if (l[r].brk < l[r].end ||
		    off[r] >= (level == 2 ? (1UL << 30) : 0) + 2 * page) {
			tst_res(TFAIL, "%d: start_brk %#lx, bss end %#lx",
				level, l[r].brk, l[r].end);
			bad = 1;
		}
	}
	if (bad)
		return;
	n = distinct(off, 1);
	if (level == 2 && n > 1)
		tst_res(TPASS, "2: heap start %d distinct offsets after the bss",
			n);
	else if (level != 2 && n == 1)
		tst_res(TPASS, "%d: heap start %#lx after the bss in every run",
			level, off[0]);
	else
		tst_res(TFAIL, "%d: heap start %d distinct offsets after the "
			"bss (%#lx, %#lx, ...)", level, n, off[0], off[1]);
}

static void randomised(int level)
{
	struct lay l[RUNS];
	unsigned long low[RUNS];
	int n, r;

	SAFE_FILE_PRINTF(SYSCTL, "%d", level);
	sample(PLAIN, 0, 0, l);
	n = distinct(FIELD(l, phdr));
	if (n == RUNS)
		tst_res(TPASS, "%d: load address differs in all %d runs",
			level, RUNS);
	else
		tst_res(TFAIL, "%d: load address: %d distinct in %d runs",
			level, n, RUNS);
	for (r = 0; r < RUNS; r++)
		low[r] = l[r].stack & 0xfff;
	n = distinct(low, 1);
	TST_EXP_EXPR(n > 1, "%d: stack offset in its page: %d distinct "
		     "values", level, n);
	check_brk(l, level);
}

static void fixed(void)
{
	struct lay l[RUNS];

	SAFE_FILE_PRINTF(SYSCTL, "0");
	sample(PLAIN, 0, 0, l);
	TST_EXP_EXPR(distinct(FIELD(l, phdr)) == 1 &&
		     distinct(FIELD(l, stack)) == 1 &&
		     distinct(FIELD(l, brk)) == 1,
		     "0: load %#lx, stack %#lx, heap %#lx in every run",
		     l[0].phdr, l[0].stack, l[0].brk);
}

static void flags(const char *path, int unpriv, int cleared,
		  const char *what)
{
	struct lay l[RUNS];
	int r, n, bad = 0;

	sample(path, unpriv, 1, l);
	for (r = 0; r < RUNS; r++) {
		if ((l[r].pers & PERS) != (cleared ? 0 : PERS)) {
			tst_res(TFAIL, "%s: personality %#x, expected flags "
				"%#x %s", what, l[r].pers, PERS,
				cleared ? "cleared" : "kept");
			bad = 1;
			break;
		}
	}
	if (!bad)
		tst_res(TPASS, "%s: flags %#x %s", what, PERS,
			cleared ? "cleared" : "kept");
	n = distinct(FIELD(l, phdr));
	if (cleared)
		TST_EXP_EXPR(n == RUNS, "%s: load address differs in all "
			     "runs (%d distinct)", what, n);
	else
		TST_EXP_EXPR(n == 1, "%s: load address fixed (%d distinct)",
			     what, n);
}

static void run(void)
{
	randomised(2);
	randomised(1);
	fixed();

	SAFE_FILE_PRINTF(SYSCTL, "2");
	flags(PLAIN, 0, 0, "root, plain copy");
	flags(PLAIN, 1, 0, "unprivileged, plain copy");
	if (nosuid)
		tst_res(TCONF, "tmpdir is mounted nosuid: set-user-ID skipped");
	else
		flags(SUID, 1, 1, "unprivileged, set-user-ID-root copy");
	if (noxattr)
		tst_res(TCONF, "tmpdir's filesystem has no xattrs: file "
			"capabilities skipped");
	else
		flags(FCAP, 1, 1, "unprivileged, file-capability copy");
}

static void setup(void)
{
	uint32_t x[5] = {VFS_CAP_REVISION_2, 1u << CAP_NET_BIND_SERVICE,
			 0, 0, 0};
	struct statvfs sv;
	Elf64_Ehdr eh;
	int fd;

	page = getpagesize();
	sec_copy_helper(PLAIN, 0755);
	sec_copy_helper(SUID, 04755);
	sec_copy_helper(FCAP, 0755);
	fd = SAFE_OPEN(PLAIN, O_RDONLY);
	SAFE_READ(1, fd, &eh, sizeof(eh));
	SAFE_CLOSE(fd);
	if (eh.e_type != ET_DYN)
		tst_brk(TCONF, "sec_helper is not a PIE (e_type %d)",
			eh.e_type);
	if (setxattr(FCAP, "security.capability", x, XATTR_CAPS_SZ_2, 0)) {
		if (errno != EOPNOTSUPP)
			tst_brk(TBROK | TERRNO, "setxattr(%s)", FCAP);
		noxattr = 1;
	}
	if (statvfs(".", &sv))
		tst_brk(TBROK | TERRNO, "statvfs");
	nosuid = !!(sv.f_flag & ST_NOSUID);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ SYSCTL, NULL, 0 },
		{ NULL, NULL, 0 }
	},
};

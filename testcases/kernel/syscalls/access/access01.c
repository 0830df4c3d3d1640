// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access(2) answers with the permission bits of the caller's class, for
 * the caller's real uid:
 * - root: F_OK, R_OK and W_OK always pass; X_OK on a regular file passes
 *   only if some execute bit is set (EACCES for mode 0666), and on a
 *   directory always;
 * - nobody, on files of root: each of R_OK, W_OK, X_OK passes exactly when
 *   the "other" bit is set, EACCES otherwise, and R_OK|W_OK needs both;
 * - nobody on its own mode 0077 file: the owner class alone counts
 *   (EACCES for R_OK although "other" may read);
 * - the real uid decides: with real uid nobody and effective uid root
 *   R_OK on a mode 0700 root file is EACCES; with real uid root and
 *   effective uid nobody it passes.
 * - through a symlink (mode 0777 itself) to each file, as root and as
 *   nobody, access() answers for the target, and open() for reading and
 *   for writing works exactly when access() said R_OK and W_OK pass.
 * Execute checks TCONF when the tmpdir is mounted noexec.
 */
#include <fcntl.h>
#include "tst_test.h"
#include "fsmeta.h"

#define DIR_NAME "access01_dir"
#define OWN_FILE "access01_own"

static int noexec;
static uid_t nobody_uid;

static const mode_t modes[] = { 0000, 0004, 0002, 0001, 0006, 0666, 0700 };

static void file_name(char *buf, size_t size, mode_t mode)
{
	snprintf(buf, size, "access01_%04o", mode);
}

static void expect(const char *path, int mode, const char *mname, int pass);

/* A symlink (mode 0777 itself) to the file of that mode. */
static void link_name(char *buf, size_t size, mode_t mode)
{
	snprintf(buf, size, "access01_link_%04o", mode);
}

/* access() through the link answers like the target, and so does open() */
static void link_cases(int as_root)
{
	char name[64];
	unsigned int i;
	int r, w, fd;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		link_name(name, sizeof(name), modes[i]);
		r = as_root || (modes[i] & S_IROTH);
		w = as_root || (modes[i] & S_IWOTH);
		expect(name, R_OK, "R_OK", r);
		expect(name, W_OK, "W_OK", w);
		if (!as_root || !noexec)
			expect(name, X_OK, "X_OK", as_root ?
			       !!(modes[i] & 0111) : !!(modes[i] & S_IXOTH));
		fd = open(name, O_RDONLY);
		TST_EXP_EXPR((fd >= 0) == r, "open(%s, O_RDONLY) %s, as "
			     "access(R_OK) said", name, fd >= 0 ? "works" :
			     "fails");
		if (fd >= 0)
			SAFE_CLOSE(fd);
		fd = open(name, O_WRONLY);
		TST_EXP_EXPR((fd >= 0) == w, "open(%s, O_WRONLY) %s, as "
			     "access(W_OK) said", name, fd >= 0 ? "works" :
			     "fails");
		if (fd >= 0)
			SAFE_CLOSE(fd);
	}
}

static void setup(void)
{
	char name[64];
	unsigned int i;
	gid_t gid;

	fsm_nobody_ids(&nobody_uid, &gid);
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		file_name(name, sizeof(name), modes[i]);
		fsm_create_file(name, modes[i], "x");
		{
			char lname[64];

			link_name(lname, sizeof(lname), modes[i]);
			if (symlink(name, lname))
				tst_brk(TBROK | TERRNO, "symlink()");
		}
	}
	SAFE_MKDIR(DIR_NAME, 0000);
	fsm_create_file(OWN_FILE, 0077, "x");
	SAFE_CHOWN(OWN_FILE, nobody_uid, gid);
	noexec = fsm_cwd_noexec();
}

static void cleanup(void)
{
	chmod(DIR_NAME, 0755);
}

static void expect(const char *path, int mode, const char *mname, int pass)
{
	if (pass)
		TST_EXP_PASS(access(path, mode), "access(%s, %s)", path, mname);
	else
		TST_EXP_FAIL(access(path, mode), EACCES, "access(%s, %s)",
			     path, mname);
}

static void root_cases(void)
{
	char name[64];

	file_name(name, sizeof(name), 0000);
	expect(name, F_OK, "F_OK", 1);
	expect(name, R_OK | W_OK, "R_OK | W_OK", 1);
	expect(name, X_OK, "X_OK", 0);
	file_name(name, sizeof(name), 0666);
	expect(name, X_OK, "X_OK", 0);
	if (noexec) {
		tst_res(TCONF, "tmpdir mounted noexec: X_OK success untested");
		return;
	}
	file_name(name, sizeof(name), 0001);
	expect(name, X_OK, "X_OK", 1);
	expect(DIR_NAME, R_OK | W_OK | X_OK, "R_OK | W_OK | X_OK", 1);
	link_cases(1);
}

static void nobody_cases(void)
{
	char name[64];
	unsigned int i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		file_name(name, sizeof(name), modes[i]);
		expect(name, F_OK, "F_OK", 1);
		expect(name, R_OK, "R_OK", modes[i] & S_IROTH);
		expect(name, W_OK, "W_OK", modes[i] & S_IWOTH);
		expect(name, R_OK | W_OK, "R_OK | W_OK",
		       (modes[i] & 06) == 06);
		if (!noexec || !(modes[i] & S_IXOTH))
			expect(name, X_OK, "X_OK", modes[i] & S_IXOTH);
	}
	expect(OWN_FILE, R_OK, "R_OK", 0);
	expect(OWN_FILE, F_OK, "F_OK", 1);
	link_cases(0);
}

static void real_uid_cases(void)
{
	pid_t pid = SAFE_FORK();
	char name[64];

	file_name(name, sizeof(name), 0700);
	if (!pid) {
		FSM_SAFE(setresuid(nobody_uid, 0, 0));
		TST_EXP_FAIL(access(name, R_OK), EACCES,
			     "access(R_OK) with real uid nobody, euid root");
		FSM_SAFE(setresuid(0, nobody_uid, 0));
		TST_EXP_PASS(access(name, R_OK),
			     "access(R_OK) with real uid root, euid nobody");
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		root_cases();
		break;
	case 1:
		fsm_as_nobody(nobody_cases);
		break;
	case 2:
		real_uid_cases();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

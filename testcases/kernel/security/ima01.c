// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * IMA measurement with a custom policy, in a throw-away guest: the
 * policy interface, the measurement list against digests computed here,
 * re-measurement after a change, and the two violations.
 *
 * The policy file (securityfs ima/policy):
 *  - opening it O_RDWR is EACCES (write-only or read-only opens only),
 *    O_RDONLY too unless CONFIG_IMA_READ_POLICY;
 *  - a second open for writing while one is open: EBUSY;
 *  - a rule with an unknown action, an unknown func= hook, a fowner= that
 *    is no number: EINVAL, and the failed update leaves the file in
 *    place for another try; a write at an offset other than 0: EINVAL;
 *    an absolute path names a policy file to read: ENOENT for none;
 *  - a valid rule is taken when the file is closed, which then goes
 *    away unless CONFIG_IMA_WRITE_POLICY or CONFIG_IMA_READ_POLICY.
 * The rules (fowner= conditions, so only this test's files are
 * measured): measure func=FILE_CHECK mask=MAY_READ fowner=51234
 * template=ima-ng, and two below. Then:
 *  - reading a file of that owner adds exactly one entry to
 *    runtime_measurements_count and to ascii_runtime_measurements,
 *    template ima-ng, a non-zero template digest, "sha256:" and the
 *    SHA-256 of the content (computed here) and the file's path;
 *  - reading it again adds nothing; opening it write-only adds nothing;
 *  - after new content was written and the writer closed (the last
 *    writer, ima_check_last_writer()), the next read measures it again,
 *    with the new content's digest;
 *  - a root-owned file and a file chowned away from 51234 are not
 *    measured;
 *  - with "measure func=BPRM_CHECK fowner=51235": an exec of a shell script
 *    owned by 51235 adds its entry (the script's digest; /bin/sh, root's,
 *    none), a plain read of it none; with "measure func=MMAP_CHECK mask=MAY_EXEC
 *    fowner=51236": a PROT_READ mapping adds nothing, a PROT_EXEC one
 *    the file's entry;
 *  - opening a measured file for writing while it is open for reading is
 *    a ToMToU violation: violations + 1 and an entry whose template and
 *    file digests are all zeros; opening a file for reading while it is
 *    open for writing is an open_writers violation (violations + 1, the
 *    zero entry) followed by its measurement.
 * A policy can be loaded once per boot on kernels without
 * CONFIG_IMA_WRITE_POLICY: a second run in the same boot is TCONF, saying
 * so.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"
#include "sha256.h"

#define SECFS	"/sys/kernel/security"
#define IMA	SECFS "/ima"
#define POLICY	IMA "/policy"
#define LIST	IMA "/ascii_runtime_measurements"
#define COUNT	IMA "/runtime_measurements_count"
#define VIOL	IMA "/violations"
#define OWNER	51234
#define RULE	"measure func=FILE_CHECK mask=MAY_READ fowner=51234 " \
		"template=ima-ng\n"
#define EXEC_OWNER 51235
#define MMAP_OWNER 51236

/* Loaded together, one write a rule, taken at close. */
static const char *const rules[] = {
	RULE,
	"measure func=BPRM_CHECK fowner=51235 template=ima-ng\n",
	"measure func=MMAP_CHECK mask=MAY_EXEC fowner=51236 template=ima-ng\n",
};

static int mounted_secfs;
static char dir[PATH_MAX];
static unsigned int round_no;

/* One line of ascii_runtime_measurements, split. */
struct entry {
	char tdigest[129];
	char template[32];
	char fdigest[160];
	char path[PATH_MAX];
};

static long read_long(const char *path)
{
	long v;

	SAFE_FILE_SCANF(path, "%ld", &v);
	return v;
}

/* The n-th entry from the end of the list (1: the last). */
static void nth_last(int n, struct entry *e)
{
	FILE *f = fopen(LIST, "r");
	char line[PATH_MAX + 400];
	static char ring[4][PATH_MAX + 400];
	int count = 0, pcr;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", LIST);
	while (fgets(line, sizeof(line), f))
		strcpy(ring[count++ % 4], line);
	fclose(f);
	if (n > 4 || count < n)
		tst_brk(TBROK, "the measurement list has %d entries", count);
	memset(e, 0, sizeof(*e));
	if (sscanf(ring[(count - n) % 4], "%d %128s %31s %159s %4095s", &pcr,
		   e->tdigest, e->template, e->fdigest, e->path) != 5)
		tst_brk(TBROK, "cannot parse the entry '%s'",
			ring[(count - n) % 4]);
}

static int all_zeros(const char *hex)
{
	return strspn(hex, "0") == strlen(hex);
}

static void make_file(const char *path, const char *content, uid_t owner)
{
	SAFE_FILE_PRINTF(path, "%s", content);
	SAFE_CHOWN(path, owner, owner);
}

static void read_whole(const char *path)
{
	char buf[256];
	int fd = SAFE_OPEN(path, O_RDONLY);

	while (SAFE_READ(0, fd, buf, sizeof(buf)) > 0)
		;
	SAFE_CLOSE(fd);
}

/* Check that the last entry measured path with content's digest. */
static void last_is(const char *path, const char *content, const char *what)
{
	struct entry e;
	char want[72];

	nth_last(1, &e);
	strcpy(want, "sha256:");
	sha256_hex(content, strlen(content), want + 7);
	TST_EXP_EXPR(!strcmp(e.path, path) && !strcmp(e.template, "ima-ng") &&
		     !all_zeros(e.tdigest) && !strcmp(e.fdigest, want),
		     "%s: entry '%s %s %s', expected 'ima-ng %s %s'", what,
		     e.template, e.fdigest, e.path, want, path);
}

static void count_moved(long before, long by, const char *what)
{
	long now = read_long(COUNT);

	TST_EXP_EXPR(now == before + by,
		     "%s: runtime_measurements_count %ld -> %ld (expected +%ld)",
		     what, before, now, by);
}

static void zero_entry(int nth, const char *path, const char *what)
{
	struct entry e;

	nth_last(nth, &e);
	TST_EXP_EXPR(!strcmp(e.path, path) && all_zeros(e.tdigest) &&
		     !strncmp(e.fdigest, "sha256:", 7) &&
		     all_zeros(e.fdigest + 7) && strlen(e.fdigest) == 7 + 64,
		     "%s: violation entry '%s %s %s' has zero digests",
		     what, e.tdigest, e.fdigest, e.path);
}

/* BPRM_CHECK: an exec of a 51235-owned script; MMAP_CHECK: PROT_EXEC. */
static void exec_and_mmap(void)
{
	static const char script[] = "#!/bin/sh\nexit 0\n";
	char prog[PATH_MAX + 16], lib[PATH_MAX + 16];
	long c;
	pid_t pid;
	void *p;
	int fd, status;

	snprintf(prog, sizeof(prog), "%s/true.%u", dir, round_no);
	snprintf(lib, sizeof(lib), "%s/lib.%u", dir, round_no);
	make_file(prog, script, EXEC_OWNER);
	SAFE_CHMOD(prog, 0755);

	c = read_long(COUNT);
	read_whole(prog);
	count_moved(c, 0, "a plain read of the script (no FILE_CHECK rule for 51235)");
	pid = SAFE_FORK();
	if (!pid) {
		execl(prog, prog, (char *)NULL);
		_exit(100 + (errno & 127));
	}
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "the script ended with %#x (exit 100 + errno: "
			"exec failed)", status);
	count_moved(c, 1, "an exec of a script owned by 51235 (BPRM_CHECK)");
	last_is(prog, script, "BPRM_CHECK");

	make_file(lib, "a file mapped executable\n", MMAP_OWNER);
	c = read_long(COUNT);
	fd = SAFE_OPEN(lib, O_RDONLY);
	p = SAFE_MMAP(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	SAFE_MUNMAP(p, 4096);
	count_moved(c, 0, "a PROT_READ mapping of a 51236 file");
	p = SAFE_MMAP(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	SAFE_MUNMAP(p, 4096);
	SAFE_CLOSE(fd);
	count_moved(c, 1, "a PROT_EXEC mapping of a 51236 file (MMAP_CHECK)");
	last_is(lib, "a file mapped executable\n", "MMAP_CHECK");
}

static void run(void)
{
	char f1[PATH_MAX + 8], f2[PATH_MAX + 8], f3[PATH_MAX + 8];
	char f4[PATH_MAX + 8], a[64], b[64];
	long c, v;
	int r, w;

	round_no++;
	snprintf(f1, sizeof(f1), "%s/f1.%u", dir, round_no);
	snprintf(f2, sizeof(f2), "%s/f2.%u", dir, round_no);
	snprintf(f3, sizeof(f3), "%s/f3.%u", dir, round_no);
	snprintf(f4, sizeof(f4), "%s/f4.%u", dir, round_no);
	snprintf(a, sizeof(a), "first content of round %u, pid %d\n",
		 round_no, getpid());
	snprintf(b, sizeof(b), "second content, round %u\n", round_no);

	make_file(f1, a, OWNER);
	c = read_long(COUNT);
	read_whole(f1);
	count_moved(c, 1, "first read of a file of uid 51234");
	last_is(f1, a, "first read");

	c = read_long(COUNT);
	read_whole(f1);
	count_moved(c, 0, "second read, unchanged");

	w = SAFE_OPEN(f1, O_WRONLY | O_TRUNC);
	count_moved(c, 0, "a write-only open");
	SAFE_WRITE(1, w, b, strlen(b));
	SAFE_CLOSE(w);
	read_whole(f1);
	count_moved(c, 1, "a read after new content was written");
	last_is(f1, b, "re-measured after the change");
	c = read_long(COUNT);
	read_whole(f1);
	count_moved(c, 0, "read again after the re-measurement");

	make_file(f2, a, 0);
	read_whole(f2);
	SAFE_CHOWN(f1, 0, 0);
	w = SAFE_OPEN(f1, O_WRONLY | O_APPEND);
	SAFE_WRITE(1, w, "x", 1);
	SAFE_CLOSE(w);
	read_whole(f1);
	count_moved(c, 0, "a root-owned file and one chowned to root read");

	/* ToMToU: a writer opens a measured file a reader holds open */
	make_file(f3, a, OWNER);
	v = read_long(VIOL);
	c = read_long(COUNT);
	r = SAFE_OPEN(f3, O_RDONLY);
	w = SAFE_OPEN(f3, O_WRONLY);
	TST_EXP_EQ_LI(read_long(VIOL), v + 1);
	count_moved(c, 2, "measured open, then a writer (ToMToU)");
	zero_entry(1, f3, "ToMToU");
	SAFE_CLOSE(w);
	SAFE_CLOSE(r);

	/* open_writers: a reader opens a file a writer holds open */
	make_file(f4, b, OWNER);
	v = read_long(VIOL);
	c = read_long(COUNT);
	w = SAFE_OPEN(f4, O_WRONLY);
	r = SAFE_OPEN(f4, O_RDONLY);
	TST_EXP_EQ_LI(read_long(VIOL), v + 1);
	count_moved(c, 2, "a reader while a writer holds the file");
	zero_entry(2, f4, "open_writers");
	last_is(f4, b, "measured after the open_writers violation");
	SAFE_CLOSE(r);
	SAFE_CLOSE(w);

	exec_and_mmap();
}

/* One write of text to a fresh open of the policy; returns its errno. */
static int policy_write(const char *text, off_t off)
{
	int fd = SAFE_OPEN(POLICY, O_WRONLY);
	ssize_t ret = pwrite(fd, text, strlen(text), off);
	int err = ret < 0 ? errno : 0;

	if (ret >= 0 && ret != (ssize_t)strlen(text))
		tst_brk(TBROK, "policy write of '%s' took %zd bytes", text, ret);
	SAFE_CLOSE(fd);
	return err;
}

static void bad_rule(const char *text, off_t off, int want, const char *what)
{
	int err = policy_write(text, off);

	TST_EXP_EXPR(err == want, "policy %s: %s (expected %s)", what,
		     tst_strerrno(err), tst_strerrno(want));
	TST_EXP_EXPR(access(POLICY, F_OK) == 0,
		     "the policy file is still there after the failed %s",
		     what);
}

static void policy_interface(void)
{
	int fd, err;

	fd = open(POLICY, O_RDWR);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		SAFE_CLOSE(fd);
	TST_EXP_EXPR(err == EACCES, "open(policy, O_RDWR): %s (expected "
		     "EACCES)", tst_strerrno(err));
	fd = open(POLICY, O_RDONLY);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		SAFE_CLOSE(fd);
	if (tst_kconfig_check("CONFIG_IMA_READ_POLICY=y") == 1)
		TST_EXP_EXPR(err == 0, "open(policy, O_RDONLY) with "
			     "CONFIG_IMA_READ_POLICY: %s", tst_strerrno(err));
	else
		TST_EXP_EXPR(err == EACCES, "open(policy, O_RDONLY): %s "
			     "(expected EACCES)", tst_strerrno(err));

	fd = SAFE_OPEN(POLICY, O_WRONLY);
	TST_EXP_FAIL(open(POLICY, O_WRONLY), EBUSY,
		     "a second open of the policy for writing");
	SAFE_CLOSE(fd);

	bad_rule("frobnicate func=FILE_CHECK\n", 0, EINVAL, "unknown action");
	bad_rule("measure func=NO_SUCH_HOOK\n", 0, EINVAL, "unknown func=");
	bad_rule("measure fowner=fifty\n", 0, EINVAL, "fowner= not a number");
	bad_rule(RULE, 1, EINVAL, "write at offset 1");
	bad_rule("/no/such/ima/policy\n", 0, ENOENT, "path of no file");
}

static void setup(void)
{
	struct stat st;
	unsigned int i;
	ssize_t ret;
	int fd;

	if (access(IMA, F_OK)) {
		if (access(SECFS, F_OK))
			tst_brk(TCONF, "no %s: kernel without securityfs",
				SECFS);
		if (!mount("securityfs", SECFS, "securityfs", 0, NULL))
			mounted_secfs = 1;
		if (access(IMA, F_OK))
			tst_brk(TCONF, "no %s: kernel without IMA "
				"(CONFIG_IMA) or IMA not initialised", IMA);
	}
	if (access(POLICY, F_OK))
		tst_brk(TCONF, "no %s: an IMA policy was already loaded in this "
			"boot and the kernel takes one only once "
			"(CONFIG_IMA_WRITE_POLICY unset)", POLICY);
	if (tst_kconfig_check("CONFIG_IMA_APPRAISE_REQUIRE_POLICY_SIGS=y") == 1)
		tst_brk(TCONF, "the kernel takes signed policy files only");

	policy_interface();

	fd = SAFE_OPEN(POLICY, O_WRONLY);
	for (i = 0; i < ARRAY_SIZE(rules); i++) {
		ret = write(fd, rules[i], strlen(rules[i]));
		if (ret != (ssize_t)strlen(rules[i]))
			tst_brk(TFAIL | TERRNO, "writing the rule '%.*s': %zd",
				(int)strlen(rules[i]) - 1, rules[i], ret);
	}
	SAFE_CLOSE(fd);
	tst_res(TPASS, "policy loaded, %zu rules, e.g. %.*s", ARRAY_SIZE(rules),
		(int)strlen(RULE) - 1, RULE);
	if (tst_kconfig_check("CONFIG_IMA_WRITE_POLICY=y") == 1 ||
	    tst_kconfig_check("CONFIG_IMA_READ_POLICY=y") == 1)
		TST_EXP_EXPR(access(POLICY, F_OK) == 0,
			     "the policy file stays (WRITE_ or READ_POLICY)");
	else
		TST_EXP_FAIL(access(POLICY, F_OK), ENOENT,
			     "the policy file is gone after the load");

	if (!getcwd(dir, sizeof(dir) - 16))
		tst_brk(TBROK | TERRNO, "getcwd");
	if (stat(dir, &st))
		tst_brk(TBROK | TERRNO, "stat(%s)", dir);
}

static void cleanup(void)
{
	if (mounted_secfs)
		umount2(SECFS, MNT_DETACH);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
};

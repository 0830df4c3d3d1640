// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * binfmt_misc's register file refuses a malformed entry with EINVAL and
 * makes no file for it (fs/binfmt_misc.c create_entry()); each line is
 * one write(2) of ":name:type:offset:magic:mask:interpreter:flags":
 * - magic type with offset -1, with offset 2500000000 (above INT_MAX:
 *   it wrapped to a negative int that passed the bound and the entry
 *   was registered, fixed by 5cc41e099504 "fs/binfmt_misc.c: do not
 *   allow offset overflow", as upstream's binfmt_misc01 names it), and
 *   with offset 254 for a 3-byte magic (past BINPRM_BUF_SIZE 256);
 * - a name with '/', the names "." and "..", a type other than E or M,
 *   an extension with '/', an unknown flag, too few fields;
 * while ":ltp_bmr<pid>:M:253:\x01\x02\x03::/bin/true:" (the largest
 * offset for that magic) registers: its file reads "enabled", "offset
 * 253" and the interpreter, and writing -1 to it removes it (ENOENT).
 * binfmt_misc is mounted in the test's private mount namespace (the
 * instance is the system's: nothing else is registered).
 */
#include <stdio.h>
#include <sys/mount.h>
#include "tst_test.h"
#include "mount_ns.h"

#define MNT "bm"

static char ok_name[32], ok_path[64];
static int mounted;

static const char *const bad[] = {
	":ltp_bm_neg:M:-1:ltp::/bin/true:",
	":ltp_bm_big:M:2500000000:ltp::/bin/true:",
	":ltp_bm_far:M:254:\\x01\\x02\\x03::/bin/true:",
	":ltp/bm:E::ltp::/bin/true:",
	":.:E::ltp::/bin/true:",
	":..:E::ltp::/bin/true:",
	":ltp_bm_type:X::ltp::/bin/true:",
	":ltp_bm_ext:E::lt/p::/bin/true:",
	":ltp_bm_flag:E::ltp::/bin/true:A",
	":ltp_bm_short:E::ltp:",
};

static int reg(const char *line)
{
	int fd = SAFE_OPEN(MNT "/register", O_WRONLY);
	ssize_t n = write(fd, line, strlen(line));
	int err = errno;

	SAFE_CLOSE(fd);
	if (n == (ssize_t)strlen(line))
		return 0;
	if (n >= 0)
		tst_brk(TBROK, "short write to register: %zd", n);
	return err;
}

static void read_all(const char *path, char *buf, size_t size)
{
	int fd = SAFE_OPEN(path, O_RDONLY);
	ssize_t n = SAFE_READ(0, fd, buf, size - 1);

	buf[n] = 0;
	SAFE_CLOSE(fd);
}

static void remove_entry(const char *path)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0)
		return;
	if (write(fd, "-1", 2) != 2)
		tst_res(TWARN | TERRNO, "removing %s", path);
	close(fd);
}

static void run(unsigned int n)
{
	char line[128], name[64], path[96], buf[512];
	const char *end;
	int err;

	if (n < ARRAY_SIZE(bad)) {
		err = reg(bad[n]);
		/* the entry's file name: the text between the first two ':' */
		end = strchr(bad[n] + 1, ':');
		snprintf(name, sizeof(name), "%.*s", (int)(end - bad[n] - 1),
			 bad[n] + 1);
		snprintf(path, sizeof(path), MNT "/%s", name);
		TST_EXP_EXPR(err == EINVAL, "register \"%s\": EINVAL (%s)",
			     bad[n], err ? tst_strerrno(err) : "registered");
		if (!strchr(name, '/') && strcmp(name, ".") &&
		    strcmp(name, "..")) {
			TST_EXP_EXPR(access(path, F_OK) && errno == ENOENT,
				     "no entry %s", path);
			remove_entry(path);
		}
		return;
	}

	snprintf(line, sizeof(line), ":%s:M:253:\\x01\\x02\\x03::/bin/true:",
		 ok_name);
	err = reg(line);
	if (err) {
		tst_res(TFAIL, "register \"%s\": %s", line, tst_strerrno(err));
		return;
	}
	read_all(ok_path, buf, sizeof(buf));
	TST_EXP_EXPR(!strncmp(buf, "enabled\n", 8) &&
		     strstr(buf, "interpreter /bin/true\n") &&
		     strstr(buf, "offset 253\n"), "%s reads enabled, offset "
		     "253 and the interpreter", ok_path);
	remove_entry(ok_path);
	TST_EXP_EXPR(access(ok_path, F_OK) && errno == ENOENT,
		     "writing -1 removed %s", ok_path);
}

static void setup(void)
{
	const char *const modprobe[] = {"modprobe", "-q", "binfmt_misc", NULL};

	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	if (mount("binfmt_misc", MNT, "binfmt_misc", 0, NULL)) {
		if (errno != ENODEV)
			tst_brk(TBROK | TERRNO, "mount(binfmt_misc)");
		tst_cmd(modprobe, 1);
		if (mount("binfmt_misc", MNT, "binfmt_misc", 0, NULL)) {
			if (errno == ENODEV)
				tst_brk(TCONF, "no binfmt_misc filesystem "
					"(CONFIG_BINFMT_MISC)");
			tst_brk(TBROK | TERRNO, "mount(binfmt_misc)");
		}
	}
	mounted = 1;
	snprintf(ok_name, sizeof(ok_name), "ltp_bmr%d", getpid());
	snprintf(ok_path, sizeof(ok_path), MNT "/%s", ok_name);
}

static void cleanup(void)
{
	unsigned int i;
	char path[96];

	if (!mounted)
		return;
	remove_entry(ok_path);
	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), MNT "/%.*s",
			 (int)(strchr(bad[i] + 1, ':') - bad[i] - 1),
			 bad[i] + 1);
		remove_entry(path);
	}
	umount2(MNT, MNT_DETACH);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(bad) + 1,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.tags = (const struct tst_tag[]) {
		/* fs/binfmt_misc.c: do not allow offset overflow */
		{"linux-git", "5cc41e099504"},
		{}
	},
};

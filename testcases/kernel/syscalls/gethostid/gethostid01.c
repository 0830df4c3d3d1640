// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sethostid() and gethostid(), which the C library keeps in /etc/hostid:
 *  - for upstream's values 0 and 0xffff, and 0x7fffffff, -1 and INT32_MIN,
 *    sethostid() returns 0, gethostid() gives the value back, and the
 *    kernel holds it: /etc/hostid is 4 bytes, the value as an int32_t;
 *  - 0x80000000 and 0x100000000 are EOVERFLOW and leave the file alone;
 * and, in private mount and UTS namespaces with a tmpfs on /etc:
 *  - without /etc/hostid, and with one of 3 bytes, gethostid() is the
 *    host's IPv4 address with its 16-bit halves swapped, the host being
 *    the kernel's host name (set to "10.20.30.40", which needs no name
 *    service);
 *  - sethostid() creates /etc/hostid with mode 0644 (umask 0);
 *  - on /etc mounted read-only it fails with the kernel's EROFS;
 *  - as nobody it fails with the kernel's EACCES, whether /etc/hostid
 *    exists (root's, 0644) or has to be created in /etc (0755).
 * The real /etc/hostid is saved before and put back after (or removed
 * when there was none).
 * Syscalls: openat, write
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tst_test.h"

#define HOSTID "/etc/hostid"
#define ADDR "10.20.30.40"

static char saved[64];
static ssize_t saved_len = -1;	/* -1: there was no /etc/hostid */
static mode_t saved_mode;

/* the 4 bytes of /etc/hostid as the kernel has them; 0 when not 4 */
static int file_holds(int32_t *v)
{
	struct stat st;
	int fd;

	if (stat(HOSTID, &st) || st.st_size != 4)
		return 0;
	fd = SAFE_OPEN(HOSTID, O_RDONLY);
	SAFE_READ(1, fd, v, 4);
	SAFE_CLOSE(fd);
	return 1;
}

static void test_values(void)
{
	static const long vals[] = { 0, 0xffff, 0x7fffffff, -1, INT32_MIN };
	static const long big[] = { 0x80000000L, 0x100000000L };
	unsigned int i;
	int32_t in_file;
	long got;

	for (i = 0; i < ARRAY_SIZE(vals); i++) {
		TST_EXP_PASS(sethostid(vals[i]), "sethostid(%ld)", vals[i]);
		got = gethostid();
		TST_EXP_EXPR(got == vals[i] && file_holds(&in_file) &&
			     in_file == vals[i], "gethostid() is %ld, "
			     HOSTID " holds 4 bytes of %ld", got, vals[i]);
	}
	for (i = 0; i < ARRAY_SIZE(big); i++) {
		TST_EXP_FAIL(sethostid(big[i]), EOVERFLOW, "sethostid(%#lx)",
			     big[i]);
		TST_EXP_EXPR(file_holds(&in_file) && in_file == INT32_MIN,
			     HOSTID " still holds %d", INT32_MIN);
	}
}

static long swapped_addr(void)
{
	struct in_addr a;

	inet_aton(ADDR, &a);
	return (int32_t)(a.s_addr << 16 | a.s_addr >> 16);
}

static void as_nobody(void)
{
	TST_EXP_FAIL(access(HOSTID, W_OK), EACCES, "access(" HOSTID ", W_OK)");
	TST_EXP_FAIL(sethostid(1), EACCES, "sethostid(1) as nobody, "
		     HOSTID " root's 0644");
}

static void as_nobody_create(void)
{
	TST_EXP_FAIL(access("/etc", W_OK), EACCES, "access(/etc, W_OK)");
	TST_EXP_FAIL(sethostid(1), EACCES, "sethostid(1) as nobody, no "
		     HOSTID " in root's /etc (0755)");
}

static void nobody(void (*fn)(void))
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		tst_drop_privs();
		fn();
		exit(0);
	}
	reap_child(pid);
}

static void in_namespaces(void)
{
	struct stat st;
	int32_t in_file;
	int fd;

	if (unshare(CLONE_NEWNS | CLONE_NEWUTS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS | CLONE_NEWUTS)");
	SAFE_MOUNT(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("ltp-hostid", "/etc", "tmpfs", 0, "mode=0755,size=64k");
	if (sethostname(ADDR, strlen(ADDR)))
		tst_brk(TBROK | TERRNO, "sethostname()");

	TST_EXP_VAL(gethostid(), swapped_addr(), "gethostid() without "
		    HOSTID ", host " ADDR);
	fd = SAFE_OPEN(HOSTID, O_WRONLY | O_CREAT, 0644);
	SAFE_WRITE(1, fd, "abc", 3);
	SAFE_CLOSE(fd);
	TST_EXP_VAL(gethostid(), swapped_addr(), "gethostid() with a 3-byte "
		    HOSTID ", host " ADDR);
	SAFE_UNLINK(HOSTID);

	umask(0);
	TST_EXP_PASS(sethostid(0x12345678));
	TST_EXP_EXPR(!stat(HOSTID, &st) && (st.st_mode & 07777) == 0644 &&
		     file_holds(&in_file) && in_file == 0x12345678,
		     "sethostid() created " HOSTID ", mode 0644, 4 bytes");
	TST_EXP_VAL(gethostid(), 0x12345678);

	SAFE_MOUNT(NULL, "/etc", NULL, MS_REMOUNT | MS_RDONLY, NULL);
	TST_EXP_FAIL(sethostid(7), EROFS, "sethostid(7) on a read-only /etc");
	TST_EXP_VAL(gethostid(), 0x12345678, "gethostid() after the failure");
	SAFE_MOUNT(NULL, "/etc", NULL, MS_REMOUNT, NULL);

	nobody(as_nobody);
	SAFE_UNLINK(HOSTID);
	nobody(as_nobody_create);
	TST_EXP_FAIL(access(HOSTID, F_OK), ENOENT,
		     "nobody's sethostid() created nothing");
}

static void run(void)
{
	pid_t pid;

	test_values();
	pid = SAFE_FORK();
	if (!pid) {
		in_namespaces();
		exit(0);
	}
	reap_child(pid);
}

static void setup(void)
{
	struct stat st;
	int fd;

	if (stat(HOSTID, &st)) {
		if (errno != ENOENT)
			tst_brk(TBROK | TERRNO, "stat(" HOSTID ")");
		return;
	}
	if (st.st_size > (off_t)sizeof(saved))
		tst_brk(TCONF, HOSTID " has %lld bytes: not a host id file",
			(long long)st.st_size);
	fd = SAFE_OPEN(HOSTID, O_RDONLY);
	saved_len = read(fd, saved, sizeof(saved));
	SAFE_CLOSE(fd);
	if (saved_len < 0)
		tst_brk(TBROK | TERRNO, "read(" HOSTID ")");
	saved_mode = st.st_mode & 07777;
	tst_res(TINFO, "saved " HOSTID " (%zd bytes)", saved_len);
}

static void cleanup(void)
{
	int fd;

	if (saved_len < 0) {
		if (unlink(HOSTID) && errno != ENOENT)
			tst_res(TWARN | TERRNO, "unlink(" HOSTID ")");
		return;
	}
	fd = open(HOSTID, O_WRONLY | O_CREAT | O_TRUNC, saved_mode);
	if (fd < 0 || write(fd, saved, saved_len) != saved_len ||
	    fchmod(fd, saved_mode))
		tst_res(TWARN | TERRNO, "could not put " HOSTID " back");
	if (fd >= 0)
		close(fd);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	/* /etc/hostid is the system's: no other test may see it change */
	.exclusive = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel pointer and log hiding, with kernel.kptr_restrict,
 * kernel.dmesg_restrict and kernel.perf_event_paranoid saved, set and
 * restored. /proc/kallsyms must show real (non-zero) addresses exactly
 * when kallsyms_show_value() allows it for the opener's credentials:
 *  - kptr_restrict 0: root yes; nobody only with perf_event_paranoid
 *    <= 1 (zeros at 2);
 *  - kptr_restrict 1: root with CAP_SYSLOG yes, root without it (dropped
 *    from the effective set) and nobody no;
 *  - kptr_restrict 2: nobody, root included;
 *  - the credentials are the opener's, taken at open(): a file opened
 *    without CAP_SYSLOG shows zeros after the task regained it
 *    (kallsyms_open() passes file->f_cred), so a descriptor handed to
 *    a privileged reader leaks nothing.
 * %pK in other files (/proc/net/unix, read with a socketpair open), where
 * the reader's credentials at read() count: at kptr_restrict 1 real
 * addresses for root, zeros for nobody and for a task whose real uid is
 * not its effective uid (ruid nobody, euid 0: it has CAP_SYSLOG, but
 * runs elevated); at 2 zeros for root too.
 * dmesg_restrict 1: syslog(READ_ALL) and opening /dev/kmsg for reading
 * are EPERM for nobody and allowed for root; at 0 nobody may do both.
 * Writing either sysctl needs CAP_SYS_ADMIN (EPERM for root without it),
 * and a value above the maximum (kptr_restrict 3, dmesg_restrict 2) is
 * EINVAL.
 */
#include <fcntl.h>
#include <grp.h>
#include <stdlib.h>
#include <pwd.h>
#include <sys/klog.h>
#include <sys/socket.h>
#include <linux/capability.h>
#include "tst_test.h"
#include "caps_raw.h"

#define KPTR	"/proc/sys/kernel/kptr_restrict"
#define DMESG	"/proc/sys/kernel/dmesg_restrict"
#define PARANOID "/proc/sys/kernel/perf_event_paranoid"
#define SYSLOG_ACTION_READ_ALL 3

static int nobody_uid = 65534, nobody_gid = 65534, have_kmsg;

/* Non-zero addresses among the first lines of an open /proc/kallsyms. */
static int real_addresses(int fd)
{
	char buf[8192], *p;
	int lines = 0, nonzero = 0;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);

	if (n <= 0)
		tst_brk(TBROK | TERRNO, "read(/proc/kallsyms)");
	buf[n] = 0;
	for (p = buf; *p && lines < 50; lines++) {
		if (strtoull(p, NULL, 16))
			nonzero++;
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
	if (!lines)
		tst_brk(TBROK, "/proc/kallsyms is empty");
	return nonzero;
}

static void become_nobody(void)
{
	if (setgroups(0, NULL) || setresgid(nobody_gid, nobody_gid,
					    nobody_gid) ||
	    setresuid(nobody_uid, nobody_uid, nobody_uid))
		tst_brk(TBROK | TERRNO, "dropping to nobody");
}

static void drop_eff(int cap)
{
	struct cap_sets s;

	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget");
	s.eff &= ~CAP_BIT(cap);
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset");
}

enum who { ROOT, ROOT_NO_SYSLOG, NOBODY };
static const char *const who_name[] = {"root", "root without CAP_SYSLOG",
				       "nobody"};

static void kallsyms_as(enum who who, int kptr, int paranoid, int real)
{
	pid_t pid;
	int fd, n;

	SAFE_FILE_PRINTF(KPTR, "%d", kptr);
	SAFE_FILE_PRINTF(PARANOID, "%d", paranoid);
	pid = SAFE_FORK();
	if (!pid) {
		if (who == NOBODY)
			become_nobody();
		else if (who == ROOT_NO_SYSLOG)
			drop_eff(CAP_SYSLOG);
		fd = SAFE_OPEN("/proc/kallsyms", O_RDONLY);
		n = real_addresses(fd);
		if (!!n == real)
			tst_res(TPASS, "kptr_restrict %d, paranoid %d, %s: %s "
				"addresses", kptr, paranoid, who_name[who],
				real ? "real" : "zero");
		else
			tst_res(TFAIL, "kptr_restrict %d, paranoid %d, %s: %d "
				"real addresses in 50 lines, expected %s",
				kptr, paranoid, who_name[who], n,
				real ? "real" : "zeros");
		exit(0);
	}
	reap_child(pid);
}

static void opener_creds(void)
{
	pid_t pid;
	int fd, n;

	SAFE_FILE_PRINTF(KPTR, "1");
	pid = SAFE_FORK();
	if (!pid) {
		/* euid nobody, saved uid 0: effective set empty for now */
		if (setresuid(-1, nobody_uid, 0))
			tst_brk(TBROK | TERRNO, "seteuid(nobody)");
		fd = SAFE_OPEN("/proc/kallsyms", O_RDONLY);
		if (setresuid(-1, 0, -1))
			tst_brk(TBROK | TERRNO, "seteuid(0)");
		n = real_addresses(fd);
		if (!n)
			tst_res(TPASS, "kallsyms opened as euid nobody, read "
				"back as root: zeros");
		else
			tst_res(TFAIL, "kallsyms opened as euid nobody, read "
				"back as root: %d real addresses", n);
		exit(0);
	}
	reap_child(pid);
}

enum pk_who { PK_ROOT, PK_NOBODY, PK_ELEVATED };
static const char *const pk_name[] = {"root", "nobody",
				      "ruid nobody, euid 0"};

/* Non-zero %pK socket addresses in /proc/net/unix. */
static int unix_real(void)
{
	char line[512];
	int nonzero = 0, lines = 0;
	FILE *f = fopen("/proc/net/unix", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/unix)");
	if (!fgets(line, sizeof(line), f))
		tst_brk(TBROK, "/proc/net/unix is empty");
	while (fgets(line, sizeof(line), f)) {
		lines++;
		if (strtoull(line, NULL, 16))
			nonzero++;
	}
	fclose(f);
	if (lines < 2)
		tst_brk(TBROK, "/proc/net/unix lists %d sockets", lines);
	return nonzero;
}

static void pk_as(enum pk_who who, int kptr, int real)
{
	int sv[2], n;
	pid_t pid;

	SAFE_FILE_PRINTF(KPTR, "%d", kptr);
	pid = SAFE_FORK();
	if (!pid) {
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
			tst_brk(TBROK | TERRNO, "socketpair");
		if (who == PK_NOBODY)
			become_nobody();
		else if (who == PK_ELEVATED &&
			 setresuid(nobody_uid, 0, 0))
			tst_brk(TBROK | TERRNO, "setresuid(nobody, 0, 0)");
		n = unix_real();
		if (!!n == real)
			tst_res(TPASS, "%%pK, kptr_restrict %d, %s: %s", kptr,
				pk_name[who], real ? "real" : "zeros");
		else
			tst_res(TFAIL, "%%pK, kptr_restrict %d, %s: %d non-zero"
				" addresses, expected %s", kptr, pk_name[who],
				n, real ? "real ones" : "zeros");
		exit(0);
	}
	reap_child(pid);
}

static void dmesg_as(int dmesg_r, int as_nobody)
{
	char buf[64];
	pid_t pid;
	int fd;

	SAFE_FILE_PRINTF(DMESG, "%d", dmesg_r);
	pid = SAFE_FORK();
	if (!pid) {
		const char *who = as_nobody ? "nobody" : "root";

		if (as_nobody)
			become_nobody();
		if (dmesg_r && as_nobody) {
			TST_EXP_FAIL(klogctl(SYSLOG_ACTION_READ_ALL, buf,
					     sizeof(buf)), EPERM,
				     "syslog(READ_ALL), dmesg_restrict 1, %s",
				     who);
			if (have_kmsg)
				TST_EXP_FAIL(open("/dev/kmsg", O_RDONLY),
					     EPERM, "open(/dev/kmsg), "
					     "dmesg_restrict 1, %s", who);
		} else {
			TST_EXP_POSITIVE(klogctl(SYSLOG_ACTION_READ_ALL, buf,
						 sizeof(buf)),
					 "syslog(READ_ALL), dmesg_restrict %d,"
					 " %s", dmesg_r, who);
			if (have_kmsg) {
				fd = open("/dev/kmsg", O_RDONLY);
				if (fd >= 0) {
					tst_res(TPASS, "open(/dev/kmsg), "
						"dmesg_restrict %d, %s",
						dmesg_r, who);
					close(fd);
				} else {
					tst_res(TFAIL | TERRNO, "open(/dev/"
						"kmsg), dmesg_restrict %d, %s",
						dmesg_r, who);
				}
			}
		}
		exit(0);
	}
	reap_child(pid);
}

static void sysctl_writes(void)
{
	pid_t pid;
	int fd;

	fd = SAFE_OPEN(KPTR, O_WRONLY);
	TST_EXP_FAIL(write(fd, "3", 1), EINVAL, "kptr_restrict = 3");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(DMESG, O_WRONLY);
	TST_EXP_FAIL(write(fd, "2", 1), EINVAL, "dmesg_restrict = 2");
	SAFE_CLOSE(fd);
	pid = SAFE_FORK();
	if (!pid) {
		drop_eff(CAP_SYS_ADMIN);
		fd = SAFE_OPEN(KPTR, O_WRONLY);
		TST_EXP_FAIL(write(fd, "1", 1), EPERM,
			     "kptr_restrict write without CAP_SYS_ADMIN");
		SAFE_CLOSE(fd);
		fd = SAFE_OPEN(DMESG, O_WRONLY);
		TST_EXP_FAIL(write(fd, "1", 1), EPERM,
			     "dmesg_restrict write without CAP_SYS_ADMIN");
		SAFE_CLOSE(fd);
		exit(0);
	}
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		kallsyms_as(ROOT, 0, 2, 1);
		kallsyms_as(NOBODY, 0, 2, 0);
		kallsyms_as(NOBODY, 0, 1, 1);
		break;
	case 1:
		kallsyms_as(ROOT, 1, 1, 1);
		kallsyms_as(ROOT_NO_SYSLOG, 1, 1, 0);
		kallsyms_as(NOBODY, 1, 1, 0);
		break;
	case 2:
		kallsyms_as(ROOT, 2, 1, 0);
		kallsyms_as(NOBODY, 2, 1, 0);
		break;
	case 3:
		opener_creds();
		break;
	case 4:
		dmesg_as(1, 1);
		dmesg_as(1, 0);
		dmesg_as(0, 1);
		break;
	case 5:
		sysctl_writes();
		break;
	case 6:
		pk_as(PK_ROOT, 1, 1);
		pk_as(PK_NOBODY, 1, 0);
		pk_as(PK_ELEVATED, 1, 0);
		pk_as(PK_ROOT, 2, 0);
		break;
	}
}

static void setup(void)
{
	struct passwd *pw = getpwnam("nobody");

	if (pw) {
		nobody_uid = pw->pw_uid;
		nobody_gid = pw->pw_gid;
	}
	have_kmsg = !access("/dev/kmsg", F_OK);
	if (!have_kmsg)
		tst_res(TINFO, "no /dev/kmsg: its cases are skipped");
}

static struct tst_test test = {
	.tcnt = 7,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.save_restore = (const struct tst_path_val[]) {
		{ KPTR, NULL, 0 },
		{ DMESG, NULL, 0 },
		{ PARANOID, NULL, TST_SR_TCONF_MISSING },
		{ NULL, NULL, 0 }
	},
};

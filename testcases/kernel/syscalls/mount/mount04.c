// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Mount flags take effect, set by mount(2) and by mount_setattr(2), on
 * tmpfs mounts in a private mount namespace:
 * - nosuid (MS_NOSUID, MOUNT_ATTR_NOSUID): a set-user-ID-root copy of
 *   the shell run by nobody gets euid 0 on a plain mount, its own uid on
 *   a nosuid one; clearing the attribute gives euid 0 again;
 * - atime: a read updates st_atime when it is older than st_mtime on a
 *   relatime mount (the default) but not on a noatime one; a read with a
 *   recent st_atime newer than st_mtime and st_ctime (set 100 s ahead)
 *   updates it only on a strictatime mount; with nodiratime (and
 *   strictatime) reading a directory leaves its st_atime alone while a
 *   file's is updated;
 *   MS_REMOUNT switches relatime to noatime;
 * - nosymfollow (MS_NOSYMFOLLOW, 5.10): open() through a symlink on the
 *   mount fails with ELOOP, readlink() still works; on a plain mount the
 *   same open() works;
 * - mount_setattr() propagation: MS_SHARED shows "shared:N" in
 *   mountinfo; a bind mount of it made MS_SLAVE shows "master:N" with
 *   the same N; MS_PRIVATE clears both; 0 leaves it as is; a value that
 *   is no single propagation type is EINVAL.
 * Syscalls: mount, mount_setattr
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include "tst_test.h"
#include "mount_ns.h"
#include "newmount_raw.h"

#define MNT "m"
#define MNT2 "m2"

static char shell[PATH_MAX];
static int use_setattr;

static void setattr(const char *path, __u64 set, __u64 clr, __u64 prop)
{
	struct mount_attr attr = {
		.attr_set = set, .attr_clr = clr, .propagation = prop,
	};

	if (mount_setattr_raw(AT_FDCWD, path, 0, &attr, sizeof(attr)))
		tst_brk(TBROK | TERRNO, "mount_setattr(%s, set %#llx, clr "
			"%#llx)", path, (unsigned long long)set,
			(unsigned long long)clr);
}

/* A fresh tmpfs on MNT with the flags (mount(2)) or attributes. */
static void fresh(unsigned long flags, __u64 attr)
{
	char buf[PATH_MAX * 2];
	int in, out;
	ssize_t n;

	mnt_umount_all(MNT);
	SAFE_MOUNT("ltp_mount04", MNT, "tmpfs", use_setattr ? 0 : flags,
		   "mode=0755");
	if (use_setattr && attr)
		setattr(MNT, attr, attr & MOUNT_ATTR__ATIME ?
			MOUNT_ATTR__ATIME : 0, 0);
	in = SAFE_OPEN(shell, O_RDONLY);
	out = SAFE_OPEN(MNT "/sh", O_WRONLY | O_CREAT, 0755);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, n);
	SAFE_CLOSE(in);
	SAFE_CLOSE(out);
	SAFE_CHMOD(MNT "/sh", 04755);
	out = SAFE_OPEN(MNT "/f", O_WRONLY | O_CREAT, 0644);
	SAFE_WRITE(1, out, "data", 4);
	SAFE_CLOSE(out);
	SAFE_MKDIR(MNT "/d", 0755);
	if (symlink("f", MNT "/l"))
		tst_brk(TBROK | TERRNO, "symlink()");
}

/* The effective uid nobody gets running MNT/sh (set-user-ID root). */
static int suid_euid(void)
{
	static const char script[] =
		"while read a b c d; do [ \"$a\" = Uid: ] && echo $c; done "
		"< /proc/self/status; exit 0";
	char buf[32] = "";
	int fds[2], status;
	pid_t pid;

	SAFE_PIPE(fds);
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_DUP2(fds[1], 1);
		if (setgid(65534) || setuid(65534))
			_exit(126);
		execl(MNT "/sh", "sh", "-p", "-c", script, (char *)NULL);
		_exit(127);
	}
	SAFE_CLOSE(fds[1]);
	SAFE_READ(0, fds[0], buf, sizeof(buf) - 1);
	SAFE_CLOSE(fds[0]);
	SAFE_WAITPID(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "the set-user-ID shell ended with %#x", status);
	return atoi(buf);
}

static void nosuid(void)
{
	fresh(0, 0);
	if (suid_euid() != 0) {
		tst_res(TCONF, "the shell drops its set-user-ID privileges");
		return;
	}
	tst_res(TPASS, "plain mount: the set-user-ID shell runs with euid 0");
	fresh(MS_NOSUID, MOUNT_ATTR_NOSUID);
	TST_EXP_EQ_LI(suid_euid(), 65534);
	if (use_setattr) {
		setattr(MNT, 0, MOUNT_ATTR_NOSUID, 0);
		TST_EXP_EQ_LI(suid_euid(), 0);
	}
}

/* st_atime of path after setting (atime, mtime) and reading it. */
static time_t atime_after_read(const char *path, time_t at, time_t mt)
{
	struct timespec ts[2] = { { at, 0 }, { mt, 0 } };
	struct stat st;
	char c;
	int fd;

	if (utimensat(AT_FDCWD, path, ts, 0))
		tst_brk(TBROK | TERRNO, "utimensat(%s)", path);
	SAFE_STAT(path, &st);
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);

		if (!d)
			tst_brk(TBROK | TERRNO, "opendir(%s)", path);
		while (readdir(d))
			;
		closedir(d);
	} else {
		fd = SAFE_OPEN(path, O_RDONLY);
		SAFE_READ(1, fd, &c, 1);
		SAFE_CLOSE(fd);
	}
	SAFE_STAT(path, &st);
	return st.st_atime;
}

static void atimes(void)
{
	time_t now = time(NULL);

	fresh(0, 0);
	TST_EXP_EXPR(atime_after_read(MNT "/f", 1000, 2000) != 1000,
		     "relatime: atime older than mtime is updated");
	TST_EXP_EXPR(atime_after_read(MNT "/f", now + 100, now - 100) ==
		     now + 100, "relatime: a recent atime newer than mtime "
		     "and ctime is kept");
	if (!use_setattr) {
		SAFE_MOUNT(NULL, MNT, NULL, MS_REMOUNT | MS_NOATIME, NULL);
		TST_EXP_EXPR(atime_after_read(MNT "/f", 1000, 2000) == 1000,
			     "remounted noatime: atime kept");
	}

	fresh(MS_NOATIME, MOUNT_ATTR_NOATIME);
	TST_EXP_EXPR(atime_after_read(MNT "/f", 1000, 2000) == 1000,
		     "noatime: atime older than mtime is kept");

	fresh(MS_STRICTATIME, MOUNT_ATTR_STRICTATIME);
	TST_EXP_EXPR(atime_after_read(MNT "/f", now + 100, now - 100) !=
		     now + 100, "strictatime: a recent atime is updated");

	fresh(MS_STRICTATIME | MS_NODIRATIME,
	      MOUNT_ATTR_STRICTATIME | MOUNT_ATTR_NODIRATIME);
	TST_EXP_EXPR(atime_after_read(MNT "/d", 1000, 2000) == 1000,
		     "nodiratime: a directory's atime is kept");
	TST_EXP_EXPR(atime_after_read(MNT "/f", 1000, 2000) != 1000,
		     "nodiratime: a file's atime is updated");
}

static void nosymfollow(void)
{
	char buf[8] = "";
	int fd;

	fresh(0, 0);
	fd = open(MNT "/l", O_RDONLY);
	TST_EXP_EXPR(fd >= 0, "plain mount: open() through a symlink works");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	fresh(MS_NOSYMFOLLOW, MOUNT_ATTR_NOSYMFOLLOW);
	TST_EXP_FAIL(open(MNT "/l", O_RDONLY), ELOOP,
		     "nosymfollow: open() through a symlink");
	TST_EXP_VAL(readlink(MNT "/l", buf, sizeof(buf)), 1,
		    "nosymfollow: readlink() still works");
}

/* The "shared:N" or "master:N" number of the mount on path, or 0. */
static int prop_tag(const char *path, const char *tag)
{
	char abs[PATH_MAX], line[4096], mp[PATH_MAX];
	FILE *f = fopen("/proc/self/mountinfo", "r");
	int n = 0;
	char *p;

	if (!f || !realpath(path, abs))
		tst_brk(TBROK | TERRNO, "mountinfo/realpath");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %*s %*s %*s %4095s", mp) != 1 ||
		    strcmp(mp, abs))
			continue;
		p = strstr(line, tag);
		n = p ? atoi(p + strlen(tag)) : 0;
	}
	fclose(f);
	return n;
}

static void propagation(void)
{
	struct mount_attr attr = { .propagation = MS_SHARED | MS_PRIVATE };
	int peer;

	fresh(0, 0);
	TST_EXP_EQ_LI(prop_tag(MNT, "shared:"), 0);
	setattr(MNT, 0, 0, MS_SHARED);
	peer = prop_tag(MNT, "shared:");
	TST_EXP_EXPR(peer > 0, "MS_SHARED: shared:%d", peer);
	SAFE_MOUNT(MNT, MNT2, NULL, MS_BIND, NULL);
	setattr(MNT2, 0, 0, MS_SLAVE);
	TST_EXP_EQ_LI(prop_tag(MNT2, "master:"), peer);
	TST_EXP_EQ_LI(prop_tag(MNT2, "shared:"), 0);
	setattr(MNT2, MOUNT_ATTR_NODIRATIME, 0, 0);
	TST_EXP_EQ_LI(prop_tag(MNT2, "master:"), peer);
	setattr(MNT2, 0, 0, MS_PRIVATE);
	TST_EXP_EXPR(!prop_tag(MNT2, "master:") && !prop_tag(MNT2, "shared:"),
		     "MS_PRIVATE: neither shared nor master");
	TST_EXP_FAIL(mount_setattr_raw(AT_FDCWD, MNT, 0, &attr, sizeof(attr)),
		     EINVAL, "propagation MS_SHARED | MS_PRIVATE");
	attr.propagation = 12345;
	TST_EXP_FAIL(mount_setattr_raw(AT_FDCWD, MNT, 0, &attr, sizeof(attr)),
		     EINVAL, "propagation 12345");
	TST_EXP_EQ_LI(prop_tag(MNT, "shared:"), peer);
	mnt_umount_all(MNT2);
}

static void (*const cases[])(void) = {
	nosuid,
	atimes,
	nosymfollow,
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static void run(unsigned int n)
{
	if (n == 2 * NCASES) {
		propagation();
		return;
	}
	use_setattr = n >= NCASES;
	if (n % NCASES == 0)
		tst_res(TINFO, "flags set by %s", use_setattr ?
			"mount_setattr()" : "mount()");
	cases[n % NCASES]();
}

static void setup(void)
{
	if (!realpath("/bin/sh", shell))
		tst_brk(TCONF | TERRNO, "no /bin/sh");
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
	SAFE_MKDIR(MNT2, 0755);
}

static void cleanup(void)
{
	mnt_umount_all(MNT2);
	mnt_umount_all(MNT);
}

static struct tst_test test = {
	.tcnt = 2 * NCASES + 1,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.min_kver = "5.12",
};

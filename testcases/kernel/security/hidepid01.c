// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * procfs hidepid=, gid= and subset= on procfs instances mounted in a
 * private mount namespace (each mount has its own options since 5.8;
 * has_pid_permissions(), proc_pid_permission() in fs/proc/base.c), as
 * seen by nobody looking at the root-owned test process:
 *  - hidepid=off: its /proc/PID/status readable;
 *  - hidepid=noaccess (1): /proc/PID is listed and stat() works, opening
 *    a file in it is EPERM; nobody's own /proc/self/status readable;
 *  - hidepid=invisible (2): not listed, stat() and open() ENOENT; own
 *    entries readable; with gid=G a member of G sees and reads it;
 *  - hidepid=ptraceable (4): ENOENT even for a member of gid=G;
 *  - the system's /proc, mounted without options, still shows it;
 *  - subset=pid: meminfo and sys ENOENT, /proc/PID and self present;
 *  - mountinfo shows ",gid=G,hidepid=invisible" and ",subset=pid";
 *  - hidepid=3, hidepid=foo and subset=foo: EINVAL.
 */
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "mount_ns.h"

#define MNT "p"
#define GRP 12345

static pid_t target;
static int mounted;

static void become_nobody(int with_grp)
{
	gid_t g = GRP;

	if (setgroups(with_grp, &g) || setresgid(65534, 65534, 65534) ||
	    setresuid(65534, 65534, 65534))
		tst_brk(TBROK | TERRNO, "dropping to nobody");
}

static int listed(const char *dir, pid_t pid)
{
	char name[16];
	struct dirent *de;
	DIR *d = opendir(dir);
	int found = 0;

	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(%s)", dir);
	snprintf(name, sizeof(name), "%d", (int)pid);
	while ((de = readdir(d)))
		if (!strcmp(de->d_name, name))
			found = 1;
	closedir(d);
	return found;
}

/* Errno of stat(dir/PID) and open(dir/PID/status), 0 for success. */
static void access_errs(const char *dir, pid_t pid, int *st_err, int *op_err)
{
	char path[64];
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "%s/%d", dir, (int)pid);
	*st_err = stat(path, &st) ? errno : 0;
	snprintf(path, sizeof(path), "%s/%d/status", dir, (int)pid);
	fd = open(path, O_RDONLY);
	*op_err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
}

static void mount_proc(const char *opts)
{
	SAFE_MOUNT("proc", MNT, "proc", 0, opts);
	mounted = 1;
}

static void umount_proc(void)
{
	SAFE_UMOUNT(MNT);
	mounted = 0;
}

/* As nobody (in group GRP when with_grp): list, stat, open. */
static void check(const char *dir, const char *opts, int with_grp,
		  int want_listed, int want_st, int want_op)
{
	int st_err, op_err, l, fd;
	pid_t pid = SAFE_FORK();
	char path[64];

	if (!pid) {
		become_nobody(with_grp);
		l = listed(dir, target);
		access_errs(dir, target, &st_err, &op_err);
		TST_EXP_EXPR(l == want_listed && st_err == want_st &&
			     op_err == want_op, "%s, nobody%s: root's pid "
			     "%slisted (want %s), stat %s (want %s), open "
			     "status %s (want %s)", opts, with_grp ?
			     " in gid=" : "", l ? "" : "not ",
			     want_listed ? "listed" : "not",
			     tst_strerrno(st_err), tst_strerrno(want_st),
			     tst_strerrno(op_err), tst_strerrno(want_op));
		snprintf(path, sizeof(path), "%s/self/status", dir);
		fd = open(path, O_RDONLY);
		TST_EXP_EXPR(fd >= 0, "%s: nobody opens its own %s", opts,
			     path);
		if (fd >= 0)
			close(fd);
		exit(0);
	}
	reap_child(pid);
}

static int mountinfo_has(const char *what)
{
	char line[1024];
	FILE *f = fopen("/proc/self/mountinfo", "r");
	int found = 0;

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/mountinfo)");
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "/" MNT " ") && strstr(line, " proc ") &&
		    strstr(line, what))
			found = 1;
	fclose(f);
	return found;
}

static void subset(void)
{
	struct stat st;
	char path[64];

	mount_proc("subset=pid");
	TST_EXP_FAIL(stat(MNT "/meminfo", &st), ENOENT, "subset=pid: meminfo");
	TST_EXP_FAIL(stat(MNT "/sys", &st), ENOENT, "subset=pid: sys");
	snprintf(path, sizeof(path), MNT "/%d/status", (int)target);
	TST_EXP_PASS(stat(path, &st), "subset=pid: %s", path);
	TST_EXP_PASS(stat(MNT "/self", &st), "subset=pid: self");
	TST_EXP_EXPR(mountinfo_has(",subset=pid"),
		     "mountinfo shows subset=pid");
	umount_proc();
}

static void bad_opts(void)
{
	static const char *const opts[] = {
		"hidepid=3", "hidepid=foo", "subset=foo",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(opts); i++)
		TST_EXP_FAIL(mount("proc", MNT, "proc", 0, opts[i]), EINVAL,
			     "mount proc -o %s", opts[i]);
}

static void run(void)
{
	target = getpid();

	mount_proc("hidepid=off");
	check(MNT, "hidepid=off", 0, 1, 0, 0);
	umount_proc();

	mount_proc("hidepid=1");
	check(MNT, "hidepid=1", 0, 1, 0, EPERM);
	umount_proc();

	mount_proc("hidepid=2");
	check(MNT, "hidepid=2", 0, 0, ENOENT, ENOENT);
	check("/proc", "the system /proc beside hidepid=2", 0, 1, 0, 0);
	umount_proc();

	mount_proc("hidepid=invisible,gid=12345");
	check(MNT, "hidepid=invisible,gid=12345", 1, 1, 0, 0);
	check(MNT, "hidepid=invisible,gid=12345", 0, 0, ENOENT, ENOENT);
	TST_EXP_EXPR(mountinfo_has(",gid=12345,hidepid=invisible"),
		     "mountinfo shows gid=12345,hidepid=invisible");
	umount_proc();

	mount_proc("hidepid=ptraceable,gid=12345");
	check(MNT, "hidepid=ptraceable,gid=12345", 1, 0, ENOENT, ENOENT);
	umount_proc();

	subset();
	bad_opts();
}

static void setup(void)
{
	mnt_private_ns();
	SAFE_MKDIR(MNT, 0755);
}

static void cleanup(void)
{
	if (mounted)
		umount(MNT);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.min_kver = "5.8",
};

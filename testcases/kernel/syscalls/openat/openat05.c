// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * openat(2) errors that need a special object, relative to a dirfd of an
 * ext4 mount (no nodev, no noexec), each with its exact errno, the file
 * table unchanged (the lowest free fd stays the same) and the file's
 * data intact:
 * - ETXTBSY for O_WRONLY, O_RDWR and O_RDONLY | O_TRUNC of a file that
 *   is being executed (a copy of this program, running in a child): the
 *   first two from do_dentry_open(), the third from handle_truncate().
 *   2a010c412853 ("fs: don't block i_writecount during exec", 6.11-rc)
 *   stopped denying writes to running executables, so these opens
 *   succeeded; 3b832035387f reverted it, and a kernel with the change
 *   but not the revert fails these three rows;
 * - EBUSY for O_EXCL of the block device the mount sits on (a claimed
 *   device, bd_prepare_to_claim());
 * - ENXIO for a character and a block device node of a major no driver
 *   registered (60, for local use), and for a UNIX socket node;
 * - EPERM for an append-only file opened for writing without O_APPEND,
 *   and with O_APPEND | O_TRUNC (may_open()); for an immutable file
 *   opened O_WRONLY | O_APPEND and O_RDONLY | O_TRUNC (inode_permission()),
 *   and for O_CREAT of a new name in an immutable directory, which
 *   creates nothing;
 * - EINVAL for O_TMPFILE together with O_CREAT and for __O_TMPFILE
 *   without O_DIRECTORY (build_open_flags()), nothing created.
 * Beside them, O_RDONLY of the immutable file, O_WRONLY | O_APPEND of the
 * append-only one and O_RDONLY of the executed copy succeed.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <linux/fs.h>
#include "tst_test.h"
#include "fsmeta.h"

#define MNT "mnt"
#define EXE "exe"
#define APPEND "append"
#define IMMUT "immutable"
#define IDIR "immutable_dir"
#define DATA "openat05 data"
#define ENV_FDS "OPENAT05_CHILD_FDS"
#define FREE_MAJOR 60

/*
 * The kernel's __O_TMPFILE bit alone (glibc's __O_TMPFILE includes
 * O_DIRECTORY, as O_TMPFILE does).
 */
#define TMPFILE_BIT (O_TMPFILE & ~O_DIRECTORY)

static int mnt_fd = -1;
static int exe_pid;
static int ready_fd = -1, hold_fd = -1;
static off_t exe_size;

static struct tcase {
	const char *path;	/* relative to mnt_fd */
	int flags;
	int exp_errno;		/* 0: must succeed */
	const char *desc;
} tcases[] = {
	{ EXE, O_WRONLY, ETXTBSY, "O_WRONLY of a running executable" },
	{ EXE, O_RDWR, ETXTBSY, "O_RDWR of a running executable" },
	{ EXE, O_RDONLY | O_TRUNC, ETXTBSY,
	  "O_RDONLY | O_TRUNC of a running executable" },
	{ EXE, O_RDONLY, 0, "O_RDONLY of a running executable" },
	{ NULL, O_RDONLY | O_EXCL, EBUSY, "O_EXCL of the mounted device" },
	{ "chr", O_RDONLY, ENXIO, "a char device of a free major" },
	{ "blk", O_RDONLY, ENXIO, "a block device of a free major" },
	{ "sock", O_RDONLY, ENXIO, "a UNIX socket node" },
	{ APPEND, O_WRONLY, EPERM, "O_WRONLY of an append-only file" },
	{ APPEND, O_RDWR, EPERM, "O_RDWR of an append-only file" },
	{ APPEND, O_WRONLY | O_APPEND | O_TRUNC, EPERM,
	  "O_APPEND | O_TRUNC of an append-only file" },
	{ APPEND, O_WRONLY | O_APPEND, 0,
	  "O_WRONLY | O_APPEND of an append-only file" },
	{ IMMUT, O_WRONLY | O_APPEND, EPERM,
	  "O_WRONLY | O_APPEND of an immutable file" },
	{ IMMUT, O_RDONLY | O_TRUNC, EPERM,
	  "O_RDONLY | O_TRUNC of an immutable file" },
	{ IMMUT, O_RDONLY, 0, "O_RDONLY of an immutable file" },
	{ IDIR "/new", O_WRONLY | O_CREAT, EPERM,
	  "O_CREAT in an immutable directory" },
	{ "tmpf_dir", O_TMPFILE | O_CREAT | O_RDWR, EINVAL,
	  "O_TMPFILE | O_CREAT" },
	{ "tmpf_dir", TMPFILE_BIT | O_RDWR, EINVAL,
	  "__O_TMPFILE without O_DIRECTORY" },
};

/*
 * The executed copy of this program stops here, before main(): it says
 * it runs, then waits until the parent closes the pipe.
 */
static void __attribute__((constructor)) exe_copy_child(void)
{
	const char *fds = getenv(ENV_FDS);
	int rfd, hfd;
	char c;

	if (!fds || sscanf(fds, "%d,%d", &rfd, &hfd) != 2)
		return;
	if (write(rfd, "r", 1) != 1)
		_exit(1);
	while (read(hfd, &c, 1) > 0)
		;
	_exit(0);
}

static int lowest_free_fd(void)
{
	int fd = fcntl(0, F_DUPFD, 0), num = fd;

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "fcntl(F_DUPFD)");
	/* SAFE_CLOSE() sets fd to -1 */
	SAFE_CLOSE(fd);
	return num;
}

static int open_in_mnt(const char *path)
{
	int fd = openat(mnt_fd, path, O_RDONLY);

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "openat(%s)", path);
	return fd;
}

static void set_flags(const char *path, int flags)
{
	int fd = open_in_mnt(path);

	if (ioctl(fd, FS_IOC_SETFLAGS, &flags))
		tst_brk(TBROK | TERRNO, "FS_IOC_SETFLAGS(%s, 0x%x)", path,
			flags);
	SAFE_CLOSE(fd);
}

static void copy_self(void)
{
	char buf[65536];
	int in = SAFE_OPEN("/proc/self/exe", O_RDONLY);
	int out = SAFE_OPEN(MNT "/" EXE, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	ssize_t len;

	while ((len = SAFE_READ(0, in, buf, sizeof(buf))) > 0)
		SAFE_WRITE(1, out, buf, len);
	SAFE_CLOSE(out);
	SAFE_CLOSE(in);
}

static void start_exe(void)
{
	int ready[2], hold[2];
	char env[64], c;

	SAFE_PIPE(ready);
	SAFE_PIPE(hold);
	exe_pid = SAFE_FORK();
	if (!exe_pid) {
		char *const argv[] = { EXE, NULL };

		SAFE_CLOSE(ready[0]);
		SAFE_CLOSE(hold[1]);
		snprintf(env, sizeof(env), "%d,%d", ready[1], hold[0]);
		setenv(ENV_FDS, env, 1);
		execv(MNT "/" EXE, argv);
		tst_brk(TBROK | TERRNO, "execv(%s)", EXE);
	}
	SAFE_CLOSE(ready[1]);
	SAFE_CLOSE(hold[0]);
	ready_fd = ready[0];
	hold_fd = hold[1];
	/* the copy writes only after execve() has denied writes to it */
	if (SAFE_READ(0, ready_fd, &c, 1) != 1)
		tst_brk(TBROK, "the executed copy did not start");
}

static void stop_exe(void)
{
	SAFE_CLOSE(hold_fd);
	SAFE_CLOSE(ready_fd);
	hold_fd = ready_fd = -1;
	reap_child(exe_pid);
}

static void setup(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	struct stat st;
	int sock;

	mnt_fd = SAFE_OPEN(MNT, O_RDONLY | O_DIRECTORY);
	copy_self();
	SAFE_STAT(MNT "/" EXE, &st);
	exe_size = st.st_size;

	FSM_SAFE(mknodat(mnt_fd, "chr", S_IFCHR | 0600,
			 makedev(FREE_MAJOR, 7)));
	FSM_SAFE(mknodat(mnt_fd, "blk", S_IFBLK | 0600,
			 makedev(FREE_MAJOR, 7)));
	sock = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	snprintf(sun.sun_path, sizeof(sun.sun_path), MNT "/sock");
	if (bind(sock, (struct sockaddr *)&sun, sizeof(sun)))
		tst_brk(TBROK | TERRNO, "bind(%s)", sun.sun_path);
	SAFE_CLOSE(sock);

	fsm_create_file(MNT "/" APPEND, 0644, DATA);
	fsm_create_file(MNT "/" IMMUT, 0644, DATA);
	SAFE_MKDIR(MNT "/" IDIR, 0755);
	SAFE_MKDIR(MNT "/tmpf_dir", 0755);
	set_flags(APPEND, FS_APPEND_FL);
	set_flags(IMMUT, FS_IMMUTABLE_FL);
	set_flags(IDIR, FS_IMMUTABLE_FL);
}

static void cleanup(void)
{
	if (hold_fd >= 0)
		stop_exe();
	/* let the harness remove the files before it unmounts */
	if (mnt_fd >= 0) {
		set_flags(APPEND, 0);
		set_flags(IMMUT, 0);
		set_flags(IDIR, 0);
		SAFE_CLOSE(mnt_fd);
	}
}

static int same_data(const char *path, const char *data)
{
	char buf[64] = "";
	int fd = open_in_mnt(path);
	ssize_t len = SAFE_READ(0, fd, buf, sizeof(buf) - 1);

	SAFE_CLOSE(fd);
	return len == (ssize_t)strlen(data) && !strcmp(buf, data);
}

static void check_unchanged(struct tcase *tc)
{
	struct stat st;

	if (!tc->path)
		return;
	if (!strcmp(tc->path, APPEND) || !strcmp(tc->path, IMMUT)) {
		TST_EXP_EXPR(same_data(tc->path, DATA),
			     "%s: data intact", tc->path);
	} else if (!strcmp(tc->path, EXE)) {
		SAFE_STAT(MNT "/" EXE, &st);
		TST_EXP_EQ_LI(st.st_size, exe_size);
	} else if (tc->exp_errno == EPERM) {
		TST_EXP_FAIL(faccessat(mnt_fd, tc->path, F_OK, 0), ENOENT,
			     "nothing created as %s", tc->path);
	}
}

static void run(unsigned int n)
{
	struct tcase *tc = &tcases[n];
	const char *path = tc->path ? tc->path : tst_device->dev;
	int running = tc->path && !strcmp(tc->path, EXE);
	int free_fd;

	/* the library reaps children after each case: one copy per case */
	if (running)
		start_exe();
	free_fd = lowest_free_fd();
	if (!tc->exp_errno) {
		TST_EXP_FD(openat(mnt_fd, path, tc->flags, 0600),
			   "openat(%s)", tc->desc);
		if (TST_RET >= 0)
			SAFE_CLOSE(TST_RET);
	} else {
		TST_EXP_FAIL(openat(mnt_fd, path, tc->flags, 0600),
			     tc->exp_errno, "openat(%s)", tc->desc);
		if (TST_RET >= 0)
			SAFE_CLOSE(TST_RET);
		TST_EXP_EQ_LI(lowest_free_fd(), free_fd);
	}
	check_unchanged(tc);
	if (running)
		stop_exe();
}

static struct tst_test test = {
	.tcnt = sizeof(tcases) / sizeof(tcases[0]),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.tags = (const struct tst_tag[]) {
		{"linux-git", "3b832035387f"},
		{}
	},
};

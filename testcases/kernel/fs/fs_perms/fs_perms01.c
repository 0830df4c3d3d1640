// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The whole permission-bit matrix, on each filesystem of the matrix: for
 * every mode 0000..0777 a file and a directory owned by uid 1001, gid
 * 2002, checked by eight callers against the rules of generic_permission()
 * and acl_permission_check():
 *  - the owner (uid 1001, another gid), the owner who is also in the
 *    file's group (owner bits only, even where group or other bits grant
 *    more), a member of the group by its gid, one by a supplementary
 *    group, and an other (uid 1004, a supplementary group that is not the
 *    file's): each gets exactly its class's bits;
 *  - root: read and write always, execute of a file only if any execute
 *    bit is set, every directory operation;
 *  - root without CAP_DAC_OVERRIDE but with CAP_DAC_READ_SEARCH: reads
 *    files and lists and searches directories whatever the mode, writes
 *    and executes by the other bits, creates in a directory only when its
 *    other bits give both write and search (the capability covers no
 *    check that includes MAY_WRITE);
 *  - root without both: the other bits alone.
 * Files: open(O_RDONLY), open(O_WRONLY), faccessat(X_OK, AT_EACCESS), and
 * for the unprivileged callers access() agreeing; directories: stat of an
 * entry (search), open(O_DIRECTORY) (read), creating and unlinking an
 * entry (write and search). Every refusal must be EACCES.
 * vfat, exfat and ntfs3 have no per-file owner and mode bits (mount
 * options set them), so the matrix skips them.
 */
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tst_test.h"
#include "caps_raw.h"
#include "open_close.h"

#define OWNER_UID	1001
#define FILE_GID	2002
#define NMODES		512
#define MAX_REPORT	8

enum cls { OWNER, GROUP, OTHER };
enum priv { NONE, FULL, READ_SEARCH, NO_DAC };

static const struct ident {
	const char *name;
	uid_t uid;
	gid_t gid;
	int ngroups;
	gid_t groups[2];
	enum cls cls;		/* for the unprivileged */
	enum priv priv;
} idents[] = {
	{ "owner", OWNER_UID, 3003, 0, { 0 }, OWNER, NONE },
	{ "owner in the group", OWNER_UID, FILE_GID, 0, { 0 }, OWNER, NONE },
	{ "group member by gid", 1002, FILE_GID, 0, { 0 }, GROUP, NONE },
	{ "group member by a supplementary group", 1003, 3003, 2,
	  { 4004, FILE_GID }, GROUP, NONE },
	{ "other", 1004, 3004, 1, { 4004 }, OTHER, NONE },
	{ "root", 0, 0, 0, { 0 }, OTHER, FULL },
	{ "root without CAP_DAC_OVERRIDE", 0, 0, 0, { 0 }, OTHER, READ_SEARCH },
	{ "root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH", 0, 0, 0,
	  { 0 }, OTHER, NO_DAC },
};

static int bits(const struct ident *id, mode_t mode)
{
	switch (id->cls) {
	case OWNER:
		return (mode >> 6) & 7;
	case GROUP:
		return (mode >> 3) & 7;
	default:
		return mode & 7;
	}
}

/* Expected outcomes for a regular file: read, write, exec. */
static void file_expect(const struct ident *id, mode_t mode, int e[3])
{
	int b = bits(id, mode);

	e[0] = !!(b & 4);
	e[1] = !!(b & 2);
	e[2] = !!(b & 1);
	if (id->priv == FULL) {
		e[0] = e[1] = 1;
		e[2] = !!(mode & 0111);
	} else if (id->priv == READ_SEARCH) {
		e[0] = 1;
	}
}

/* Expected outcomes for a directory: search, list, create. */
static void dir_expect(const struct ident *id, mode_t mode, int e[3])
{
	int b = bits(id, mode);

	e[0] = !!(b & 1);
	e[1] = !!(b & 4);
	e[2] = (b & 3) == 3;
	if (id->priv == FULL) {
		e[0] = e[1] = e[2] = 1;
	} else if (id->priv == READ_SEARCH) {
		/*
		 * CAP_DAC_READ_SEARCH covers no check that includes
		 * MAY_WRITE: creating (MAY_WRITE | MAY_EXEC on the
		 * directory) needs both other bits, though the lookup
		 * itself is granted.
		 */
		e[0] = e[1] = 1;
	}
}

static unsigned int mismatches, checks;

/* Compare one outcome; ret is 0 or -1 with errno. */
static void judge(const struct ident *id, const char *what, mode_t mode,
		  int ret, int want)
{
	int err = errno;

	checks++;
	if (ret == 0 && want)
		return;
	if (ret < 0 && !want && err == EACCES)
		return;
	if (++mismatches <= MAX_REPORT)
		tst_res(TFAIL, "%s: %s of mode %04o: %s, expected %s",
			id->name, what, mode,
			ret ? tst_strerrno(err) : "allowed",
			want ? "allowed" : "EACCES");
}

static void check_file(const struct ident *id, mode_t mode)
{
	char path[32];
	int e[3], ret;

	snprintf(path, sizeof(path), "f%04o", mode);
	file_expect(id, mode, e);
	judge(id, "open(O_RDONLY)", mode, open_close(path, O_RDONLY), e[0]);
	judge(id, "open(O_WRONLY)", mode, open_close(path, O_WRONLY), e[1]);
	judge(id, "faccessat(X_OK, AT_EACCESS)", mode,
	      faccessat(AT_FDCWD, path, X_OK, AT_EACCESS), e[2]);
	if (id->priv != NONE)
		return;
	/* real and effective ids are the same: access() must agree */
	ret = access(path, R_OK);
	judge(id, "access(R_OK)", mode, ret, e[0]);
	ret = access(path, W_OK);
	judge(id, "access(W_OK)", mode, ret, e[1]);
}

static void check_dir(const struct ident *id, unsigned int n, mode_t mode)
{
	char path[32], entry[48], mine[48];
	struct stat st;
	int e[3], ret;

	snprintf(path, sizeof(path), "d%04o", mode);
	snprintf(entry, sizeof(entry), "%s/inner", path);
	snprintf(mine, sizeof(mine), "%s/new%u", path, n);
	dir_expect(id, mode, e);
	judge(id, "stat of an entry (search)", mode, stat(entry, &st), e[0]);
	judge(id, "open(O_DIRECTORY) (read)", mode,
	      open_close(path, O_RDONLY | O_DIRECTORY), e[1]);
	ret = open_close(mine, O_WRONLY | O_CREAT | O_EXCL);
	judge(id, "creating an entry (write)", mode, ret, e[2]);
	if (!ret && unlink(mine)) {
		mismatches++;
		tst_res(TFAIL | TERRNO, "%s: unlink(%s) of its own entry",
			id->name, mine);
	}
}

static void become(const struct ident *id)
{
	struct cap_sets s;

	if (setgroups(id->ngroups, id->groups) ||
	    setresgid(id->gid, id->gid, id->gid) ||
	    setresuid(id->uid, id->uid, id->uid))
		tst_brk(TBROK | TERRNO, "becoming %s", id->name);
	if (id->priv != READ_SEARCH && id->priv != NO_DAC)
		return;
	if (capget_v3(0, &s))
		tst_brk(TBROK | TERRNO, "capget");
	s.eff &= ~CAP_BIT(CAP_DAC_OVERRIDE);
	s.prm &= ~CAP_BIT(CAP_DAC_OVERRIDE);
	if (id->priv == NO_DAC) {
		s.eff &= ~CAP_BIT(CAP_DAC_READ_SEARCH);
		s.prm &= ~CAP_BIT(CAP_DAC_READ_SEARCH);
	}
	if (capset_v3(&s))
		tst_brk(TBROK | TERRNO, "capset");
}

static void run_as(unsigned int n)
{
	const struct ident *id = &idents[n];
	mode_t mode;

	become(id);
	for (mode = 0; mode < NMODES; mode++) {
		check_file(id, mode);
		check_dir(id, n, mode);
	}
	if (!mismatches)
		tst_res(TPASS, "%s: %u checks of %d files and directories as "
			"the rules say", id->name, checks, NMODES);
	else
		tst_res(TFAIL, "%s: %u of %u checks differ", id->name,
			mismatches, checks);
	_exit(0);
}

static void run(unsigned int n)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		run_as(n);
	reap_child(pid);
}

static void setup(void)
{
	char path[32];
	mode_t mode;
	int fd;

	umask(0);
	for (mode = 0; mode < NMODES; mode++) {
		snprintf(path, sizeof(path), "f%04o", mode);
		fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
		SAFE_WRITE(1, fd, "#!/bin/sh\n", 10);
		SAFE_CLOSE(fd);
		SAFE_CHOWN(path, OWNER_UID, FILE_GID);
		SAFE_CHMOD(path, mode);
		snprintf(path, sizeof(path), "d%04o", mode);
		SAFE_MKDIR(path, 0700);
		snprintf(path, sizeof(path), "d%04o/inner", mode);
		fd = SAFE_OPEN(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		SAFE_CLOSE(fd);
		snprintf(path, sizeof(path), "d%04o", mode);
		SAFE_CHOWN(path, OWNER_UID, FILE_GID);
		SAFE_CHMOD(path, mode);
	}
	/* the callers must be able to reach the files */
	SAFE_CHMOD(".", 0755);
}

static struct tst_test test = {
	.test = run,
	.tcnt = ARRAY_SIZE(idents),
	.setup = setup,
	.needs_root = 1,
	.forks_child = 1,
	.all_filesystems = 1,
	.skip_filesystems = (const struct tst_fs_skip[]) {
		{ "vfat", "no per-file owner and mode bits on FAT" },
		{ "exfat", "no per-file owner and mode bits on exFAT" },
		{ "ntfs3", "owner and mode bits come from mount options" },
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chdir(2) moves the cwd, which relative names then start from:
 * - after chdir("dir") getcwd() ends in "/dir" and "file" opens dir/file;
 *   chdir("..") comes back;
 * - through a symlink to a directory the cwd is the real directory;
 * - nobody may enter a directory with search permission only (0711),
 *   and gets EACCES for one without it (0766);
 * - ENOTDIR for a regular file, ENOENT (missing, ""), ENAMETOOLONG,
 *   ELOOP, EFAULT; the cwd is unchanged after each;
 * - after umount and mount the directory, its file and the symlink come
 *   back from the disk and chdir() through them works as before (tmpfs
 *   is not remounted).
 * It runs on every filesystem of the matrix. vfat and exFAT have no
 * symlinks (symlink() is EPERM, asserted; the symlink and ELOOP cases
 * cannot be made there) and no per-file mode: every directory is
 * 0777 & ~dmask whatever mkdir() and chmod() asked (a chmod() to a mode
 * they cannot hold returns 0 and changes nothing: fat_sanitize_mode(),
 * exfat_sanitize_mode()), so nobody enters the "0766" directory there;
 * both are asserted.
 */
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fsmeta.h"
#include "fs_matrix.h"
#include "fs_cycle.h"

#define FS_FAT "vfat exfat"

static char home[PATH_MAX];
static void *bad_addr;

static void setup(void)
{
	if (!getcwd(home, sizeof(home)))
		tst_brk(TBROK | TERRNO, "getcwd()");
	SAFE_MKDIR("chdir01_dir", 0755);
	fsm_create_file("chdir01_dir/file", 0644, "inside");
	SAFE_MKDIR("chdir01_xonly", 0711);
	SAFE_MKDIR("chdir01_nox", 0766);
	SAFE_CHMOD("chdir01_nox", 0766);
	fsm_create_file("chdir01_file", 0644, "x");
	bad_addr = fsm_bad_addr();
	if (fs_is(FS_FAT)) {
		TST_EXP_FAIL(symlink("chdir01_dir", "chdir01_link"), EPERM,
			     "%s: symlink()", tst_fs_type);
		tst_res(TINFO, "%s: no symlinks, so no symlink or ELOOP case",
			tst_fs_type);
		return;
	}
	FSM_SAFE(symlink("chdir01_dir", "chdir01_link"));
	fsm_make_loop("chdir01_loop_a", "chdir01_loop_b");
}

static int cwd_ends_with(const char *suffix)
{
	char buf[PATH_MAX];
	size_t len, slen = strlen(suffix);

	if (!getcwd(buf, sizeof(buf)))
		return 0;
	len = strlen(buf);
	return len >= slen && !strcmp(buf + len - slen, suffix);
}

static int cwd_is_home(void)
{
	char buf[PATH_MAX];

	return getcwd(buf, sizeof(buf)) && !strcmp(buf, home);
}

static void check_moves(void)
{
	char data[8] = "";
	int fd;

	TST_EXP_PASS(chdir("chdir01_dir"));
	TST_EXP_EXPR(cwd_ends_with("/chdir01_dir"), "cwd is the directory");
	fd = open("file", O_RDONLY);
	TST_EXP_EXPR(fd >= 0 && read(fd, data, 6) == 6 &&
		     !memcmp(data, "inside", 6), "\"file\" opens dir/file");
	if (fd >= 0)
		SAFE_CLOSE(fd);
	TST_EXP_PASS(chdir(".."));
	TST_EXP_EXPR(cwd_is_home(), "back in the tmpdir");

	if (fs_is(FS_FAT))
		return;
	TST_EXP_PASS(chdir("chdir01_link"), "chdir() through a symlink");
	TST_EXP_EXPR(cwd_ends_with("/chdir01_dir"),
		     "cwd is the real directory, not the link");
	FSM_SAFE(chdir(home));
}

static void nobody_cases(void)
{
	TST_EXP_PASS(chdir("chdir01_xonly"),
		     "chdir() as nobody into a mode 0711 directory");
	/* Not chdir(home): nobody may not search the tmpdir's ancestors. */
	FSM_SAFE(chdir(".."));
	if (fs_is(FS_FAT)) {
		/* the directory is 0777 & ~dmask, searchable by all */
		TST_EXP_PASS(chdir("chdir01_nox"), "%s: chdir() as nobody "
			     "into a directory asked to be 0766", tst_fs_type);
		FSM_SAFE(chdir(".."));
		TST_EXP_EXPR(cwd_is_home(), "back in the mount");
		return;
	}
	TST_EXP_FAIL(chdir("chdir01_nox"), EACCES,
		     "chdir() as nobody into a mode 0766 directory");
	TST_EXP_EXPR(cwd_is_home(), "cwd unchanged");
}

/* FAT and exFAT: the modes asked were not kept, the mount's dmask rules. */
static void fat_modes(void)
{
	mode_t exp = S_IFDIR | (0777 & ~fs_fat_mask("dmask"));
	struct stat st;

	SAFE_STAT("chdir01_xonly", &st);
	TST_EXP_EQ_LU(st.st_mode, exp);
	SAFE_STAT("chdir01_nox", &st);
	TST_EXP_EQ_LU(st.st_mode, exp);
}

/* The tree read back from the disk: the same moves work. */
static void from_disk(void)
{
	if (fs_cycle()) {
		tst_res(TINFO, "%s: no device to mount again",
			tst_fs_type ? tst_fs_type : "tmpdir");
		return;
	}
	tst_res(TINFO, "%s unmounted and mounted again", tst_fs_type);
	check_moves();
}

static void check_errors(void)
{
	TST_EXP_FAIL(chdir("chdir01_file"), ENOTDIR, "chdir(regular file)");
	TST_EXP_FAIL(chdir("chdir01_missing"), ENOENT);
	TST_EXP_FAIL(chdir(""), ENOENT, "chdir(\"\")");
	TST_EXP_FAIL(chdir(fsm_long_path()), ENAMETOOLONG,
		     "chdir() to a path of PATH_MAX bytes");
	if (!fs_is(FS_FAT))
		TST_EXP_FAIL(chdir("chdir01_loop_a"), ELOOP,
			     "chdir() to a symlink loop");
	TST_EXP_FAIL(chdir(bad_addr), EFAULT, "chdir() to an unmapped path");
	TST_EXP_EXPR(cwd_is_home(), "cwd unchanged");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_moves();
		break;
	case 1:
		if (fs_is(FS_FAT))
			fat_modes();
		fsm_as_nobody(nobody_cases);
		break;
	case 2:
		check_errors();
		break;
	case 3:
		from_disk();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.all_filesystems = 1,
	.forks_child = 1,
};

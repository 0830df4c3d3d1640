/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The f*xattr and l*xattr tests run on the filesystem of the tmpdir, with
 * the first namespace it stores of user.* and trusted.* (the tests run as
 * root; tmpfs before 6.6 has trusted.* only). A filesystem with neither
 * is TCONF with the reason.
 *
 * A test that sets .all_filesystems runs on each filesystem of the matrix
 * instead (the cwd is the mount): there vfat and exFAT, which have no
 * xattrs, must answer EOPNOTSUPP (asserted by xattr_tmpdir_none()) before
 * the test is TCONF, and any other filesystem without them is a TFAIL.
 */
#ifndef XATTR_TMPDIR_H
#define XATTR_TMPDIR_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/xattr.h>
#include "tst_test.h"
#include "as_nobody.h"
#include "lapi/xattr.h"
#include "fs_matrix.h"

/* The filesystems of the matrix documented to have no xattrs at all. */
#define XATTR_TMPDIR_NONE "vfat exfat"

static const char *xattr_prefix;

/* On a filesystem of the matrix (not LTP_SINGLE_FS_TYPE=tmpdir). */
static inline int xattr_in_matrix(void)
{
	return tst_fs_type && strcmp(tst_fs_type, "tmpdir");
}
static char xname_a[64], xname_b[64];

static inline int xattr_is_user(void)
{
	return !strcmp(xattr_prefix, "user.");
}

/*
 * file's filesystem stores neither user.* nor trusted.*. On vfat and exFAT
 * of the matrix every call naming an attribute must be EOPNOTSUPP (no
 * ->s_xattr: the VFS refuses with EOPNOTSUPP), through a path and through
 * a descriptor; then the test is TCONF. On any other matrix filesystem
 * it is a failure; outside the matrix TCONF.
 */
static inline void xattr_tmpdir_none(const char *file)
{
	char buf[8];
	int fd;

	if (!fs_is(XATTR_TMPDIR_NONE)) {
		if (xattr_in_matrix())
			tst_brk(TFAIL, "%s stores neither user.* nor trusted.* "
				"xattrs", tst_fs_type);
		tst_brk(TCONF, "the tmpdir's filesystem stores neither user.* "
			"nor trusted.* xattrs");
	}
	fd = SAFE_OPEN(file, O_RDONLY);
	TST_EXP_FAIL(fsetxattr(fd, "user.ltp", "1", 1, 0), EOPNOTSUPP,
		     "%s: fsetxattr(user.ltp)", tst_fs_type);
	TST_EXP_FAIL(fgetxattr(fd, "user.ltp", buf, sizeof(buf)), EOPNOTSUPP,
		     "%s: fgetxattr(user.ltp)", tst_fs_type);
	TST_EXP_FAIL(fremovexattr(fd, "trusted.ltp"), EOPNOTSUPP,
		     "%s: fremovexattr(trusted.ltp)", tst_fs_type);
	TST_EXP_FAIL(lsetxattr(file, "trusted.ltp", "1", 1, 0), EOPNOTSUPP,
		     "%s: lsetxattr(trusted.ltp)", tst_fs_type);
	TST_EXP_FAIL(lgetxattr(file, "trusted.ltp", buf, sizeof(buf)),
		     EOPNOTSUPP, "%s: lgetxattr(trusted.ltp)", tst_fs_type);
	TST_EXP_FAIL(lremovexattr(file, "user.ltp"), EOPNOTSUPP,
		     "%s: lremovexattr(user.ltp)", tst_fs_type);
	SAFE_CLOSE(fd);
	tst_brk(TCONF, "%s has no xattrs", tst_fs_type);
}

/*
 * A name outside the kernel's namespaces ("ltpbogus.name"): the VFS finds
 * no handler for it and answers EOPNOTSUPP, except on ntfs3, which
 * registers a handler for every prefix ("", ntfs_other_xattr_handler in
 * fs/ntfs3/xattr.c) and keeps any name as an NTFS EA: there it is set
 * like any other, and reading or removing one never set is ENODATA.
 */
static inline int xattr_any_name_fs(void)
{
	return fs_is("ntfs3");
}

static inline int xattr_bogus_err(void)
{
	return xattr_any_name_fs() ? ENODATA : EOPNOTSUPP;
}

/* Pick the namespace on file (which must exist), fill xname_a/b. */
static inline void xattr_tmpdir_setup(const char *file)
{
	static const char *const prefixes[] = { "user.", "trusted." };
	unsigned int i;
	char probe[64];

	for (i = 0; i < 2; i++) {
		snprintf(probe, sizeof(probe), "%sltp_probe", prefixes[i]);
		if (!setxattr(file, probe, "1", 1, 0)) {
			if (removexattr(file, probe))
				tst_brk(TBROK | TERRNO, "removexattr(%s)",
					probe);
			xattr_prefix = prefixes[i];
			break;
		}
		if (errno != EOPNOTSUPP)
			tst_brk(TBROK | TERRNO, "setxattr(%s, %s)", file,
				probe);
	}
	if (!xattr_prefix)
		xattr_tmpdir_none(file);
	snprintf(xname_a, sizeof(xname_a), "%sltp_a", xattr_prefix);
	snprintf(xname_b, sizeof(xname_b), "%sltp_b", xattr_prefix);
	tst_res(TINFO, "using %s* names", xattr_prefix);
}

/*
 * For the l*xattr tests: a symlink can carry trusted.* names only (the
 * kernel refuses user.* on anything but files and directories). TCONF
 * when the filesystem stores no trusted.* attribute on link.
 */
static inline void xattr_symlink_setup(const char *link)
{
	if (!lsetxattr(link, "trusted.ltp_probe", "1", 1, 0)) {
		if (lremovexattr(link, "trusted.ltp_probe"))
			tst_brk(TBROK | TERRNO, "lremovexattr(%s)", link);
		return;
	}
	if (errno == EOPNOTSUPP && !xattr_in_matrix())
		tst_brk(TCONF, "the tmpdir's filesystem stores no trusted.* "
			"xattrs on symlinks");
	if (errno == EOPNOTSUPP)
		tst_brk(TFAIL, "%s stores trusted.* xattrs on files but not "
			"on symlinks", tst_fs_type);
	tst_brk(TBROK | TERRNO, "lsetxattr(%s, trusted.ltp_probe)", link);
}

/*
 * Set-up of the f*xattr tests: create file with mode, pick the namespace
 * on it, and open it read-only (*fd) and O_PATH (*pathfd).
 */
static inline void xattr_fd_setup(const char *file, mode_t mode, int *fd,
				  int *pathfd)
{
	int wfd = SAFE_OPEN(file, O_CREAT | O_WRONLY, mode);

	SAFE_CLOSE(wfd);
	xattr_tmpdir_setup(file);
	*fd = SAFE_OPEN(file, O_RDONLY);
	*pathfd = SAFE_OPEN(file, O_PATH);
}

/* Set xname_a and xname_b on file to the values given. */
static inline void xattr_set_ab(const char *file, const char *a, size_t alen,
				const char *b, size_t blen)
{
	if (setxattr(file, xname_a, a, alen, 0) ||
	    setxattr(file, xname_b, b, blen, 0))
		tst_brk(TBROK | TERRNO, "setxattr(%s)", file);
}

/*
 * Set-up of the l*xattr tests: a file target with a symlink link to it;
 * the namespace is picked on target, and link must store trusted.*.
 */
static inline void xattr_link_setup(const char *target, const char *link)
{
	int fd = SAFE_OPEN(target, O_CREAT | O_WRONLY, 0644);

	SAFE_CLOSE(fd);
	/* first: FAT and exFAT have neither xattrs nor symlinks */
	xattr_tmpdir_setup(target);
	if (symlink(target, link))
		tst_brk(TBROK | TERRNO, "symlink(%s, %s)", target, link);
	xattr_symlink_setup(link);
}

/* A name of XATTR_NAME_MAX + 1 bytes in the chosen namespace. */
static inline const char *xattr_too_long_name(void)
{
	static char name[XATTR_NAME_MAX + 2];
	size_t plen = strlen(xattr_prefix);

	memcpy(name, xattr_prefix, plen);
	memset(name + plen, 'n', XATTR_NAME_MAX + 1 - plen);
	name[XATTR_NAME_MAX + 1] = '\0';
	return name;
}

/* getxattr(), or lgetxattr() when nofollow. */
static inline ssize_t xattr_get(const char *path, int nofollow,
				const char *name, void *buf, size_t size)
{
	if (nofollow)
		return lgetxattr(path, name, buf, size);
	return getxattr(path, name, buf, size);
}

/* Assert that path (not followed if nofollow) has name = value. */
#define check_xattr(path, nofollow, name, value, len) \
	check_xattr_(__FILE__, __LINE__, (path), (nofollow), (name), (value), \
		     (len))

static inline void check_xattr_(const char *file, int line, const char *path,
				int nofollow, const char *name,
				const char *value, ssize_t len)
{
	char buf[256];
	ssize_t got;

	got = xattr_get(path, nofollow, name, buf, sizeof(buf));
	if (got == len && !memcmp(buf, value, len))
		tst_res_(file, line, TPASS, "%sgetxattr(%s, %s) = '%.*s'",
			 nofollow ? "l" : "", path, name, (int)len, value);
	else if (got < 0)
		tst_res_(file, line, TFAIL | TERRNO, "%sgetxattr(%s, %s)",
			 nofollow ? "l" : "", path, name);
	else
		tst_res_(file, line, TFAIL, "%sgetxattr(%s, %s) = '%.*s' (%zd "
			 "bytes), expected '%.*s'", nofollow ? "l" : "", path,
			 name, (int)got, buf, got, (int)len, value);
}

/* Assert that path (not followed if nofollow) lacks name: ENODATA. */
#define check_no_xattr(path, nofollow, name) \
	check_no_xattr_(__FILE__, __LINE__, (path), (nofollow), (name))

static inline void check_no_xattr_(const char *file, int line,
				   const char *path, int nofollow,
				   const char *name)
{
	char buf[256];
	ssize_t got;

	got = xattr_get(path, nofollow, name, buf, sizeof(buf));
	if (got < 0 && errno == ENODATA)
		tst_res_(file, line, TPASS, "%sgetxattr(%s, %s): ENODATA",
			 nofollow ? "l" : "", path, name);
	else
		tst_res_(file, line, TFAIL | TERRNO, "%sgetxattr(%s, %s) "
			 "returned %zd, expected ENODATA", nofollow ? "l" : "",
			 path, name, got);
}

/* Whether the NUL-separated list of len bytes holds name. */
static inline int xattr_list_has(const char *list, ssize_t len,
				 const char *name)
{
	const char *p;

	for (p = list; p < list + len; p += strlen(p) + 1)
		if (!strcmp(p, name))
			return 1;
	return 0;
}

#endif /* XATTR_TMPDIR_H */

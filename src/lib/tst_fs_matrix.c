// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The filesystem matrix (.all_filesystems = 1): the harness runs the test
 * once per filesystem. For each one it checks that the kernel and the mkfs
 * tool are there (else one TCONF line with the reason), makes a sparse
 * image and a loop device of its own, formats and mounts it on mntpoint,
 * forks a fresh test process whose working directory is that mount, and
 * afterwards unmounts and detaches it. Result lines of that run say
 * "[xfs]" after their type. Filesystem bugs are per filesystem: the same
 * assertions run on each.
 *
 * A test that sets .matrix_nfs also runs on "nfs3" and "nfs42" where the
 * guest serves and mounts NFS over its loopback (ltp-vm --nfs sets
 * $LTP_NFS3_DIR and $LTP_NFS42_DIR): a fresh directory on that mount is
 * the working directory, nothing is made or mounted, and it is removed
 * with all it holds afterwards. Without those mounts nothing is added.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include "tst_lib.h"

#define DEFAULT_FS_MB	64
/* mkfs and mount per filesystem, beyond the test's own timeout (metadata) */
#define FS_SETUP_SECS	30

const char *tst_fs_type;
const char *tst_res_label;
char tst_fs_mnt_path[PATH_MAX];

struct fs_desc {
	const char *name;	/* tst_fs_type and the result label */
	const char *kernel;	/* /proc/filesystems and mount(2) type */
	const char *mkfs;	/* NULL: no device (tmpfs) */
	const char *const *opts;
	unsigned long min_mb;	/* what its mkfs accepts */
};

static const char *const ext_opts[] = { "-F", "-q", NULL };
static const char *const force_opts[] = { "-f", "-q", NULL };
static const char *const no_opts[] = { NULL };
/* -Q: quick format, no zeroing of a 64 MB image under TCG */
static const char *const ntfs_opts[] = { "-F", "-Q", "-q", NULL };

static const struct fs_desc matrix[] = {
	{ "ext2", "ext2", "mkfs.ext2", ext_opts, 0 },
	{ "ext3", "ext3", "mkfs.ext3", ext_opts, 0 },
	{ "ext4", "ext4", "mkfs.ext4", ext_opts, 0 },
	/* xfsprogs 5.19 and later refuse a filesystem under 300 MB */
	{ "xfs", "xfs", "mkfs.xfs", force_opts, 300 },
	/* below about 114 MB mkfs.btrfs wants --mixed */
	{ "btrfs", "btrfs", "mkfs.btrfs", force_opts, 128 },
	{ "vfat", "vfat", "mkfs.vfat", no_opts, 0 },
	{ "exfat", "exfat", "mkfs.exfat", no_opts, 0 },
	{ "ntfs3", "ntfs3", "mkfs.ntfs", ntfs_opts, 0 },
	{ "tmpfs", "tmpfs", NULL, NULL, 0 },
};

#define MATRIX_LEN (sizeof(matrix) / sizeof(matrix[0]))

struct nfs_desc {
	const char *name;	/* tst_fs_type and the result label */
	const char *env;	/* the mount point, from nfs-setup.sh */
	const char *vers;
};

static const struct nfs_desc nfs_matrix[] = {
	{ "nfs3", "LTP_NFS3_DIR", "3" },
	{ "nfs42", "LTP_NFS42_DIR", "4.2" },
};

#define NFS_LEN (sizeof(nfs_matrix) / sizeof(nfs_matrix[0]))

/* The directory in $env when it is an NFS mount point, else NULL. */
static const char *nfs_dir(const struct nfs_desc *nd)
{
	const char *dir = getenv(nd->env);
	char line[PATH_MAX + 512], mnt[PATH_MAX], type[32];
	int found = 0;
	FILE *f;

	if (!dir || !*dir)
		return NULL;
	f = fopen("/proc/mounts", "r");
	if (!f)
		return NULL;
	while (!found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %4095s %31s", mnt, type) == 2 &&
		    !strcmp(mnt, dir) &&
		    (!strcmp(type, "nfs") || !strcmp(type, "nfs4")))
			found = 1;
	}
	fclose(f);
	return found ? dir : NULL;
}

static const char *skip_reason(const struct tst_test *t, const char *fs)
{
	const struct tst_fs_skip *s;

	for (s = t->skip_filesystems; s && s->fs; s++) {
		if (!strcmp(s->fs, fs))
			return s->reason ? s->reason : "skipped by the test";
	}
	return NULL;
}

unsigned int tst_fs_matrix_count(const struct tst_test *t)
{
	unsigned int i, n = 0;

	for (i = 0; i < MATRIX_LEN; i++)
		n += !skip_reason(t, matrix[i].name);
	for (i = 0; t->matrix_nfs && i < NFS_LEN; i++)
		n += nfs_dir(&nfs_matrix[i]) && !skip_reason(t, nfs_matrix[i].name);
	return n;
}

void tst_fs_matrix_print_meta(const struct tst_test *t)
{
	const struct tst_fs_skip *s;
	const char *sep = "";

	printf(",\"all_filesystems\":true");
	if (t->matrix_nfs)
		printf(",\"matrix_nfs\":true");
	if (!t->skip_filesystems || !t->skip_filesystems->fs)
		return;
	printf(",\"skip_filesystems\":[");
	for (s = t->skip_filesystems; s->fs; s++) {
		printf("%s\"%s\"", sep, s->fs);
		sep = ",";
	}
	printf("]");
}

/* Per-filesystem test timeout plus set-up, times the filesystems. */
int tst_fs_matrix_timeout(const struct tst_test *t, int per_fs)
{
	return (per_fs + FS_SETUP_SECS) * (int)tst_fs_matrix_count(t);
}

/* mkfs with its chatter in a file, shown only when it fails. */
static void run_mkfs(const struct fs_desc *fs, const char *dev)
{
	const char *argv[16];
	char log[PATH_MAX], line[256];
	int i = 0, j, status, fd;
	FILE *f;
	pid_t pid;

	argv[i++] = fs->mkfs;
	for (j = 0; fs->opts[j]; j++)
		argv[i++] = fs->opts[j];
	argv[i++] = dev;
	argv[i] = NULL;
	snprintf(log, sizeof(log), "%s/mkfs.log", tst_tmpdir_path);

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		tst_brk(TBROK | TERRNO, "fork for %s", fs->mkfs);
	if (!pid) {
		fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd < 0)
			_exit(254);
		dup2(fd, 1);
		dup2(fd, 2);
		setenv("PATH", "/usr/sbin:/sbin:/usr/bin:/bin", 1);
		execvp(argv[0], (char *const *)argv);
		_exit(255);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			tst_brk(TBROK | TERRNO, "waitpid for %s", fs->mkfs);
	}
	if (WIFEXITED(status) && !WEXITSTATUS(status)) {
		unlink(log);
		return;
	}
	f = fopen(log, "r");
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		tst_res(TINFO, "%s: %s", fs->mkfs, line);
	}
	if (f)
		fclose(f);
	tst_brk(TBROK, "%s %s failed (status 0x%x)", fs->mkfs, dev, status);
}

static void run_fs(struct tst_test *t, const struct fs_desc *fs,
		   void (*run_one)(void))
{
	unsigned long mb = DEFAULT_FS_MB;
	const char *reason = skip_reason(t, fs->name);
	const char *dev;
	char data[32];

	tst_fs_type = fs->name;
	tst_res_label = fs->name;
	if (reason) {
		tst_res(TCONF, "skipped: %s", reason);
		goto out;
	}
	if (!tst_fs_is_supported(fs->kernel)) {
		tst_res(TCONF, "kernel lacks filesystem %s (not in "
			"/proc/filesystems, no module)", fs->kernel);
		goto out;
	}
	if (fs->mkfs && !tst_cmd_in_path(fs->mkfs)) {
		tst_res(TCONF, "%s not installed", fs->mkfs);
		goto out;
	}
	if (t->dev_min_size_mb > mb)
		mb = t->dev_min_size_mb;
	if (fs->min_mb > mb)
		mb = fs->min_mb;
	snprintf(tst_fs_mnt_path, sizeof(tst_fs_mnt_path), "%s/%s",
		 tst_tmpdir_path, t->mntpoint ? t->mntpoint : "mntpoint");
	if (fs->mkfs) {
		dev = tst_device_new_loop(fs->name, mb);
		run_mkfs(fs, dev);
		tst_device_mount_at(dev, tst_fs_mnt_path, fs->kernel, NULL);
	} else {
		tst_device = NULL;
		snprintf(data, sizeof(data), "size=%luM", mb);
		tst_device_mount_at(fs->kernel, tst_fs_mnt_path, fs->kernel,
				    data);
	}
	tst_res(TINFO, "%s, %lu MB, mounted on %s", fs->name, mb,
		t->mntpoint ? t->mntpoint : "mntpoint");
	run_one();
	tst_device_release();
out:
	tst_res_label = NULL;
	tst_fs_type = NULL;
}

static void run_nfs(struct tst_test *t, const struct nfs_desc *nd,
		    void (*run_one)(void))
{
	const char *reason = skip_reason(t, nd->name);
	const char *dir = nfs_dir(nd);

	tst_fs_type = nd->name;
	tst_res_label = nd->name;
	if (reason) {
		tst_res(TCONF, "skipped: %s", reason);
		goto out;
	}
	if (!dir) {
		tst_res(TCONF, "no NFSv%s mount: $%s is not set or not an "
			"NFS mount point (ltp-vm --nfs)", nd->vers, nd->env);
		goto out;
	}
	if ((size_t)snprintf(tst_fs_mnt_path, sizeof(tst_fs_mnt_path),
			     "%s/LTP_%.8s_XXXXXX", dir, tst_name) >=
	    sizeof(tst_fs_mnt_path))
		tst_brk(TBROK, "%s='%s' is too long", nd->env, dir);
	if (!mkdtemp(tst_fs_mnt_path))
		tst_brk(TBROK | TERRNO, "mkdtemp(%s)", tst_fs_mnt_path);
	if (chmod(tst_fs_mnt_path, 0777))
		tst_brk(TBROK | TERRNO, "chmod(%s)", tst_fs_mnt_path);
	tst_device = NULL;
	tst_res(TINFO, "NFSv%s: directory %s on the loopback NFS mount",
		nd->vers, tst_fs_mnt_path);
	run_one();
	tst_tmpdir_remove(tst_fs_mnt_path);
out:
	tst_res_label = NULL;
	tst_fs_type = NULL;
}

void tst_fs_matrix_run(struct tst_test *t, void (*run_one)(void))
{
	const char *only = getenv("LTP_SINGLE_FS_TYPE");
	unsigned int i;
	int found = 0;

	/*
	 * "tmpdir": once, in the tmpdir, on whatever filesystem $TMPDIR is
	 * (nfs_run.sh points it at an NFS mount): no device, no mkfs.
	 */
	if (only && !strcmp(only, "tmpdir")) {
		tst_fs_type = tst_res_label = "tmpdir";
		tst_device = NULL;
		snprintf(tst_fs_mnt_path, PATH_MAX, "%s", tst_tmpdir_path);
		run_one();
		tst_fs_type = tst_res_label = NULL;
		return;
	}
	for (i = 0; i < MATRIX_LEN; i++) {
		if (only && *only && strcmp(only, matrix[i].name))
			continue;
		found = 1;
		run_fs(t, &matrix[i], run_one);
		if (tst_matrix_stop())
			return;
	}
	for (i = 0; t->matrix_nfs && i < NFS_LEN; i++) {
		if (only && *only && strcmp(only, nfs_matrix[i].name))
			continue;
		/* the whole matrix: NFS only where it is mounted */
		if ((!only || !*only) && !nfs_dir(&nfs_matrix[i]))
			continue;
		found = 1;
		run_nfs(t, &nfs_matrix[i], run_one);
		if (tst_matrix_stop())
			return;
	}
	if (!found)
		tst_res(TCONF, "LTP_SINGLE_FS_TYPE=%s is none of the matrix's "
			"filesystems (ext2 ext3 ext4 xfs btrfs vfat exfat "
			"ntfs3 tmpfs, and nfs3 nfs42 for a test with "
			".matrix_nfs)", only);
}

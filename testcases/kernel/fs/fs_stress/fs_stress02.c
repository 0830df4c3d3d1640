// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Concurrent tree operations on every filesystem of the matrix, verified
 * before and after the filesystem is unmounted and mounted again.
 *
 * Three worker processes run at once. Each owns a subtree wN/ (files
 * f0..f5 in wN and its subdirectories d1..d3) on which it creates,
 * rewrites, renames (also over another file, and between two links of one
 * inode, which changes nothing), links, unlinks, mkdirs and rmdirs
 * (ENOTEMPTY for a non-empty directory) following a model of its own kept
 * in shared memory; every call must succeed or fail as the model says.
 * All three also race on the same names s0..s11 of one shared directory:
 * create with O_EXCL (the creator writes a tag of its own into the new
 * file), rename, link and unlink, where the only errors a lost race may
 * give are ENOENT and EEXIST.
 *
 * Afterwards, and again after the remount:
 * - each subtree lists exactly the model's names, each file has the
 *   model's content and link count, the links of one inode share its
 *   inode number, each directory's st_nlink is 2 + its subdirectories
 *   (1 on btrfs, which does not count them);
 * - the shared directory lists each name once and only s0..s11, every
 *   name is a regular file with a tag, names that share an inode number
 *   number st_nlink of that inode exactly, each inode has one tag and no
 *   two inodes have the same tag (one create made one inode), and the
 *   directory's st_nlink is 2 (1 on btrfs);
 * - after the remount the same names carry the same tags, grouped into the
 *   same inodes with the same link counts and (where the filesystem keeps
 *   inode numbers on disk: not vfat and exfat, which make them up at
 *   lookup) the same inode numbers as before.
 *
 * vfat and exfat have no hard links: link() is asserted to fail with
 * EPERM there and the workers do not link. tmpfs is not remounted (its
 * files live only as long as the mount): only the first verification runs.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "tst_test.h"
#include "fs_matrix.h"
#include "fsmeta.h"
#include "fs_stress.h"

#define MNT		"mntpoint"
#define NWORKERS	3
#define NDIRS		4	/* 0 is wN itself */
#define NNAMES		6
#define NINODES		(NDIRS * NNAMES)
#define NSHARED		12
#define OPS		400
#define SHARED_OPS	600
#define BUDGET_MS	3000
#define TAG_LEN		24

struct model {
	int dir_exists[NDIRS];
	int ent[NDIRS][NNAMES];		/* inode index or -1 */
	struct {
		int used, nlink, ver;
		ino_t ino;
	} in[NINODES];
	unsigned long ops, shared_ok, shared_lost;
};

struct shared_ent {
	int exists;
	ino_t ino;
	nlink_t nlink;
	char tag[TAG_LEN];
};

static struct model *models;
static struct shared_ent snap[NSHARED];
static int have_links;
static int stable_ino;
static unsigned long long rng;

static unsigned int rnd(unsigned int n)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (rng * 2685821657736338717ULL >> 33) % n;
}

static void wpath(char *buf, size_t len, int w, int d, int n)
{
	if (n < 0)
		snprintf(buf, len, d ? "w%d/d%d" : "w%d", w, d);
	else if (!d)
		snprintf(buf, len, "w%d/f%d", w, n);
	else
		snprintf(buf, len, "w%d/d%d/f%d", w, d, n);
}

static void content(char *buf, size_t len, int w, int i, int ver)
{
	snprintf(buf, len, "w%d i%d v%d", w, i, ver);
}

#define WFAIL(fmt, ...) tst_brk(TFAIL, "worker %d op %lu: " fmt, w, \
				m->ops, ##__VA_ARGS__)

static void write_content(struct model *m, int w, const char *path, int i,
			  int flags)
{
	char buf[64];
	int fd = open(path, flags, 0644);

	if (fd < 0)
		WFAIL("open(%s) failed: %s", path, tst_strerrno(errno));
	content(buf, sizeof(buf), w, i, m->in[i].ver);
	if (pwrite(fd, buf, strlen(buf), 0) != (ssize_t)strlen(buf) ||
	    ftruncate(fd, strlen(buf)))
		WFAIL("writing %s failed: %s", path, tst_strerrno(errno));
	SAFE_CLOSE(fd);
}

/* A random entry that holds a file (want 1) or is free (want 0). */
static int pick(struct model *m, int want, int *d, int *n)
{
	int c = 0, i, j, k;

	for (i = 0; i < NDIRS; i++)
		for (j = 0; j < NNAMES; j++)
			c += m->dir_exists[i] && (m->ent[i][j] >= 0) == want;
	if (!c)
		return 0;
	k = rnd(c);
	for (i = 0; i < NDIRS; i++)
		for (j = 0; j < NNAMES; j++)
			if (m->dir_exists[i] && (m->ent[i][j] >= 0) == want &&
			    !k--) {
				*d = i;
				*n = j;
				return 1;
			}
	return 0;
}

static void tree_op(struct model *m, int w)
{
	char p1[64], p2[64];
	int d, n, d2, n2, i, empty;

	switch (rnd(8)) {
	case 0:	/* create */
		if (!pick(m, 0, &d, &n))
			return;
		for (i = 0; i < NINODES && m->in[i].used; i++)
			;
		if (i == NINODES)
			return;
		m->in[i].used = 1;
		m->in[i].nlink = 1;
		m->in[i].ver = 0;
		wpath(p1, sizeof(p1), w, d, n);
		write_content(m, w, p1, i, O_CREAT | O_EXCL | O_WRONLY);
		m->ent[d][n] = i;
		break;
	case 1:	/* rewrite */
		if (!pick(m, 1, &d, &n))
			return;
		i = m->ent[d][n];
		m->in[i].ver++;
		wpath(p1, sizeof(p1), w, d, n);
		write_content(m, w, p1, i, O_WRONLY);
		break;
	case 2:	/* rename to any name of an existing directory */
		if (!pick(m, 1, &d, &n))
			return;
		d2 = rnd(NDIRS);
		if (!m->dir_exists[d2])
			d2 = 0;
		n2 = rnd(NNAMES);
		wpath(p1, sizeof(p1), w, d, n);
		wpath(p2, sizeof(p2), w, d2, n2);
		if (rename(p1, p2))
			WFAIL("rename(%s, %s) failed: %s", p1, p2,
			      tst_strerrno(errno));
		if ((d == d2 && n == n2) || m->ent[d2][n2] == m->ent[d][n])
			return;
		if (m->ent[d2][n2] >= 0 && !--m->in[m->ent[d2][n2]].nlink)
			m->in[m->ent[d2][n2]].used = 0;
		m->ent[d2][n2] = m->ent[d][n];
		m->ent[d][n] = -1;
		break;
	case 3:	/* link */
		if (!have_links || !pick(m, 1, &d, &n) || !pick(m, 0, &d2, &n2))
			return;
		wpath(p1, sizeof(p1), w, d, n);
		wpath(p2, sizeof(p2), w, d2, n2);
		if (link(p1, p2))
			WFAIL("link(%s, %s) failed: %s", p1, p2,
			      tst_strerrno(errno));
		m->ent[d2][n2] = m->ent[d][n];
		m->in[m->ent[d][n]].nlink++;
		break;
	case 4:	/* unlink */
		if (!pick(m, 1, &d, &n))
			return;
		wpath(p1, sizeof(p1), w, d, n);
		if (unlink(p1))
			WFAIL("unlink(%s) failed: %s", p1, tst_strerrno(errno));
		if (!--m->in[m->ent[d][n]].nlink)
			m->in[m->ent[d][n]].used = 0;
		m->ent[d][n] = -1;
		break;
	case 5:	/* mkdir */
		d = 1 + rnd(NDIRS - 1);
		if (m->dir_exists[d])
			return;
		wpath(p1, sizeof(p1), w, d, -1);
		if (mkdir(p1, 0755))
			WFAIL("mkdir(%s) failed: %s", p1, tst_strerrno(errno));
		m->dir_exists[d] = 1;
		break;
	case 6:	/* rmdir */
		d = 1 + rnd(NDIRS - 1);
		if (!m->dir_exists[d])
			return;
		for (empty = 1, n = 0; n < NNAMES; n++)
			empty &= m->ent[d][n] < 0;
		wpath(p1, sizeof(p1), w, d, -1);
		if (!empty) {
			if (!rmdir(p1))
				WFAIL("rmdir(%s) of a non-empty directory "
				      "succeeded", p1);
			if (errno != ENOTEMPTY)
				WFAIL("rmdir(%s) of a non-empty directory: %s,"
				      " expected ENOTEMPTY", p1,
				      tst_strerrno(errno));
			return;
		}
		if (rmdir(p1))
			WFAIL("rmdir(%s) failed: %s", p1, tst_strerrno(errno));
		m->dir_exists[d] = 0;
		break;
	default: /* fsync */
		if (!pick(m, 1, &d, &n))
			return;
		wpath(p1, sizeof(p1), w, d, n);
		i = SAFE_OPEN(p1, O_RDONLY);
		if (fsync(i))
			WFAIL("fsync(%s) failed: %s", p1, tst_strerrno(errno));
		SAFE_CLOSE(i);
	}
}

/* One racing operation on the shared names; 1 when it succeeded. */
static int shared_op(struct model *m, int w)
{
	char a[32], b[32], tag[TAG_LEN];
	int fd, op = rnd(have_links ? 4 : 3), err;

	snprintf(a, sizeof(a), "shared/s%u", rnd(NSHARED));
	snprintf(b, sizeof(b), "shared/s%u", rnd(NSHARED));
	switch (op) {
	case 0:
		fd = open(a, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd >= 0) {
			snprintf(tag, sizeof(tag), "w%d.%lu", w, m->ops);
			if (write(fd, tag, strlen(tag)) != (ssize_t)strlen(tag))
				WFAIL("write(%s) failed: %s", a,
				      tst_strerrno(errno));
			SAFE_CLOSE(fd);
			return 1;
		}
		break;
	case 1:
		if (!unlink(a))
			return 1;
		break;
	case 2:
		if (!rename(a, b))
			return 1;
		break;
	default:
		if (!link(a, b))
			return 1;
	}
	err = errno;
	if (err == ENOENT || (err == EEXIST && (op == 0 || op == 3)))
		return 0;
	WFAIL("%s(%s%s%s) in the shared directory failed with %s",
	      (const char *[]){"open O_EXCL", "unlink", "rename", "link"}[op],
	      a, op >= 2 ? ", " : "", op >= 2 ? b : "", tst_strerrno(err));
	return 0;
}

static void worker(int w)
{
	struct model *m = &models[w];
	long long end = tst_mono_ms() + BUDGET_MS * tst_timeout_mul();
	unsigned long tree = 0, sh = 0;

	rng = (getpid() * 0x9e3779b97f4a7c15ULL) | 1;
	while ((tree < OPS || sh < SHARED_OPS) && tst_mono_ms() < end) {
		m->ops++;
		if (tree < OPS && (sh >= SHARED_OPS || rnd(2))) {
			tree++;
			tree_op(m, w);
		} else {
			sh++;
			if (shared_op(m, w))
				m->shared_ok++;
			else
				m->shared_lost++;
		}
	}
	exit(0);
}

static int check_listing(const char *dir, const char *const *want, int nwant,
			 const char *when)
{
	int seen[NSHARED + NDIRS + NNAMES] = { 0 }, i, ok = 1;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d) {
		tst_res(TFAIL | TERRNO, "%s: opendir(%s)", when, dir);
		return 0;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		for (i = 0; i < nwant && strcmp(de->d_name, want[i]); i++)
			;
		if (i == nwant) {
			tst_res(TFAIL, "%s: %s holds '%s', not in the model",
				when, dir, de->d_name);
			ok = 0;
		} else if (seen[i]++) {
			tst_res(TFAIL, "%s: %s lists '%s' twice", when, dir,
				de->d_name);
			ok = 0;
		}
	}
	closedir(d);
	for (i = 0; i < nwant; i++) {
		if (!seen[i]) {
			tst_res(TFAIL, "%s: %s lacks '%s'", when, dir, want[i]);
			ok = 0;
		}
	}
	return ok;
}

static const char *const fnames[] = { "f0", "f1", "f2", "f3", "f4", "f5" };
static const char *const dnames[] = { "d0", "d1", "d2", "d3" };

static int check_dir_nlink(const char *path, long subdirs, const char *when)
{
	struct stat st;
	long want = fsm_dir_nlink(2 + subdirs);

	if (stat(path, &st)) {
		tst_res(TFAIL | TERRNO, "%s: stat(%s)", when, path);
		return 0;
	}
	if ((long)st.st_nlink != want) {
		tst_res(TFAIL, "%s: directory %s has st_nlink %lu, expected "
			"%ld", when, path, (unsigned long)st.st_nlink, want);
		return 0;
	}
	return 1;
}

static int check_file(struct model *m, int w, int d, int n, int after,
		      const char *when)
{
	int i = m->ent[d][n], fd, ok = 1;
	char path[64], want[64], got[64];
	struct stat st;
	ssize_t len;

	wpath(path, sizeof(path), w, d, n);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		tst_res(TFAIL | TERRNO, "%s: open(%s)", when, path);
		return 0;
	}
	SAFE_FSTAT(fd, &st);
	len = read(fd, got, sizeof(got) - 1);
	SAFE_CLOSE(fd);
	got[len > 0 ? len : 0] = '\0';
	content(want, sizeof(want), w, i, m->in[i].ver);
	if (strcmp(got, want)) {
		tst_res(TFAIL, "%s: %s reads '%s', expected '%s'", when, path,
			got, want);
		ok = 0;
	}
	if ((int)st.st_nlink != m->in[i].nlink) {
		tst_res(TFAIL, "%s: %s has st_nlink %lu, expected %d", when,
			path, (unsigned long)st.st_nlink, m->in[i].nlink);
		ok = 0;
	}
	/* first sight of this inode in this pass: ino 0 in the model */
	if (!m->in[i].ino) {
		m->in[i].ino = st.st_ino;
	} else if (st.st_ino != m->in[i].ino) {
		tst_res(TFAIL, "%s: %s is inode %lu, expected %lu (%s)", when,
			path, (unsigned long)st.st_ino,
			(unsigned long)m->in[i].ino, after ?
			"as before the remount" : "as its other links");
		ok = 0;
	}
	return ok;
}

static int verify_subtree(int w, int after, const char *when)
{
	struct model *m = &models[w];
	const char *want[NDIRS + NNAMES];
	int d, n, c, ok = 1, subdirs = 0;
	char path[64];

	for (n = 0; n < NINODES; n++)
		if (!after || !stable_ino)
			m->in[n].ino = 0;
	for (d = 0; d < NDIRS; d++) {
		if (!m->dir_exists[d])
			continue;
		c = 0;
		if (!d) {
			for (n = 1; n < NDIRS; n++)
				if (m->dir_exists[n])
					want[c++] = dnames[n];
			subdirs = c;
		}
		for (n = 0; n < NNAMES; n++)
			if (m->ent[d][n] >= 0)
				want[c++] = fnames[n];
		wpath(path, sizeof(path), w, d, -1);
		ok &= check_listing(path, want, c, when);
		ok &= check_dir_nlink(path, d ? 0 : subdirs, when);
		for (n = 0; n < NNAMES; n++)
			if (m->ent[d][n] >= 0)
				ok &= check_file(m, w, d, n, after, when);
	}
	return ok;
}

/* Read the shared directory into cur[]; 1 when its invariants hold. */
static int read_shared(struct shared_ent *cur, const char *when)
{
	const char *want[NSHARED];
	char names[NSHARED][8], path[32];
	int i, j, c, ok = 1, fd;
	struct stat st;
	ssize_t len;

	for (i = 0; i < NSHARED; i++) {
		snprintf(names[i], sizeof(names[i]), "s%d", i);
		memset(&cur[i], 0, sizeof(cur[i]));
	}
	/* first: which names exist, each once, nothing else */
	for (i = 0; i < NSHARED; i++) {
		snprintf(path, sizeof(path), "shared/s%d", i);
		if (lstat(path, &st)) {
			if (errno != ENOENT) {
				tst_res(TFAIL | TERRNO, "%s: lstat(%s)", when,
					path);
				ok = 0;
			}
			continue;
		}
		cur[i].exists = 1;
		cur[i].ino = st.st_ino;
		cur[i].nlink = st.st_nlink;
		if (!S_ISREG(st.st_mode)) {
			tst_res(TFAIL, "%s: %s has mode %o, not a regular "
				"file", when, path, st.st_mode);
			ok = 0;
			continue;
		}
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			tst_res(TFAIL | TERRNO, "%s: open(%s)", when, path);
			ok = 0;
			continue;
		}
		len = read(fd, cur[i].tag, TAG_LEN - 1);
		SAFE_CLOSE(fd);
		if (len <= 0 || cur[i].tag[0] != 'w') {
			tst_res(TFAIL, "%s: %s holds no creator's tag (read "
				"returned %zd)", when, path, len);
			ok = 0;
		}
	}
	for (c = 0, i = 0; i < NSHARED; i++)
		if (cur[i].exists)
			want[c++] = names[i];
	ok &= check_listing("shared", want, c, when);
	ok &= check_dir_nlink("shared", 0, when);

	/* names of one inode: as many as its st_nlink, one tag */
	for (i = 0; i < NSHARED; i++) {
		if (!cur[i].exists)
			continue;
		for (c = 0, j = 0; j < NSHARED; j++) {
			if (!cur[j].exists)
				continue;
			if (cur[j].ino == cur[i].ino) {
				c++;
				if (strcmp(cur[i].tag, cur[j].tag)) {
					tst_res(TFAIL, "%s: s%d and s%d are "
						"inode %lu but read '%s' and "
						"'%s'", when, i, j,
						(unsigned long)cur[i].ino,
						cur[i].tag, cur[j].tag);
					ok = 0;
				}
			} else if (!strcmp(cur[i].tag, cur[j].tag)) {
				tst_res(TFAIL, "%s: s%d (inode %lu) and s%d "
					"(inode %lu) both hold tag '%s': one "
					"create, two inodes", when, i,
					(unsigned long)cur[i].ino, j,
					(unsigned long)cur[j].ino, cur[i].tag);
				ok = 0;
			}
		}
		if ((nlink_t)c != cur[i].nlink) {
			tst_res(TFAIL, "%s: inode %lu (s%d) has st_nlink %lu "
				"but %d names in the shared directory", when,
				(unsigned long)cur[i].ino, i,
				(unsigned long)cur[i].nlink, c);
			ok = 0;
		}
	}
	return ok;
}

static int compare_shared(const struct shared_ent *cur, const char *when)
{
	int i, j, ok = 1;

	for (i = 0; i < NSHARED; i++) {
		if (cur[i].exists != snap[i].exists ||
		    strcmp(cur[i].tag, snap[i].tag) ||
		    cur[i].nlink != snap[i].nlink) {
			tst_res(TFAIL, "%s: s%d is %s '%s' with %lu links, "
				"before it was %s '%s' with %lu", when, i,
				cur[i].exists ? "there," : "gone,", cur[i].tag,
				(unsigned long)cur[i].nlink,
				snap[i].exists ? "there," : "gone,",
				snap[i].tag, (unsigned long)snap[i].nlink);
			ok = 0;
			continue;
		}
		if (!cur[i].exists)
			continue;
		if (stable_ino && cur[i].ino != snap[i].ino) {
			tst_res(TFAIL, "%s: s%d is inode %lu, before %lu", when,
				i, (unsigned long)cur[i].ino,
				(unsigned long)snap[i].ino);
			ok = 0;
		}
		for (j = 0; j < NSHARED; j++) {
			if (snap[j].exists && cur[j].exists &&
			    (cur[i].ino == cur[j].ino) !=
			    (snap[i].ino == snap[j].ino)) {
				tst_res(TFAIL, "%s: s%d and s%d %s one inode, "
					"before the remount they %s", when, i,
					j, cur[i].ino == cur[j].ino ? "are" :
					"are not", snap[i].ino == snap[j].ino ?
					"were" : "were not");
				ok = 0;
			}
		}
	}
	return ok;
}

static void verify_all(int after)
{
	const char *when = after ? "after umount and mount" :
			   "after the workers";
	struct shared_ent cur[NSHARED];
	int w, ok = 1, names = 0, i;

	for (w = 0; w < NWORKERS; w++)
		ok &= verify_subtree(w, after, when);
	if (ok)
		tst_res(TPASS, "%s: the %d subtrees match their models (names, "
			"contents, link counts, inode numbers, directory "
			"st_nlink)", when, NWORKERS);
	ok = read_shared(cur, when);
	for (i = 0; i < NSHARED; i++)
		names += cur[i].exists;
	if (after)
		ok &= compare_shared(cur, when);
	else
		memcpy(snap, cur, sizeof(snap));
	if (ok)
		tst_res(TPASS, "%s: the shared directory holds %d names, each "
			"listed once, link counts equal to the names of each "
			"inode, one tag per inode%s", when, names,
			after ? ", as before the remount" : "");
}

static void run(void)
{
	unsigned long ok = 0, lost = 0;
	int w;

	memset(models, 0, sizeof(*models) * NWORKERS);
	SAFE_MKDIR("shared", 0755);
	for (w = 0; w < NWORKERS; w++) {
		char p[16];

		memset(models[w].ent, -1, sizeof(models[w].ent));
		models[w].dir_exists[0] = 1;
		snprintf(p, sizeof(p), "w%d", w);
		SAFE_MKDIR(p, 0755);
	}
	for (w = 0; w < NWORKERS; w++)
		if (!SAFE_FORK())
			worker(w);
	tst_reap_children();
	for (w = 0; w < NWORKERS; w++) {
		ok += models[w].shared_ok;
		lost += models[w].shared_lost;
	}
	tst_res(TINFO, "%d workers: %lu operations in all; in the shared "
		"directory %lu succeeded, %lu lost a race (ENOENT/EEXIST)",
		NWORKERS, models[0].ops + models[1].ops + models[2].ops, ok,
		lost);

	verify_all(0);
	if (fs_can_remount()) {
		fs_remount(MNT);
		verify_all(1);
	} else {
		tst_res(TINFO, "%s: no remount check (a tmpfs keeps its files "
			"only while mounted)", tst_fs_type);
	}
	fs_rm_tree("shared");
	for (w = 0; w < NWORKERS; w++) {
		char p[16];

		snprintf(p, sizeof(p), "w%d", w);
		fs_rm_tree(p);
	}
}

static void setup(void)
{
	int fd;

	models = SAFE_MMAP(NULL, sizeof(*models) * NWORKERS,
			   PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
			   -1, 0);
	have_links = !fs_is("vfat exfat");
	stable_ino = !fs_is("vfat exfat");
	if (have_links)
		return;
	fd = SAFE_OPEN("probe", O_CREAT | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(link("probe", "probe2"), EPERM,
		     "%s has no hard links: link()", tst_fs_type);
	SAFE_UNLINK("probe");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.forks_child = 1,
	.all_filesystems = 1,
	.mntpoint = MNT,
	.timeout = 60,
};

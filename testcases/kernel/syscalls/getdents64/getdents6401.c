// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * getdents64(2), the raw call, lists a directory completely and exactly:
 * - read with a 512-byte buffer (many calls), every entry is seen exactly
 *   once: ".", "..", 100 regular files, a directory, a symlink, a FIFO
 *   and a socket, and nothing else; then the call returns 0;
 * - each record is 8-byte aligned, holds its NUL-terminated name, and its
 *   d_ino is the inode lstat() reports ("." the directory, ".." its
 *   parent);
 * - d_type is DT_REG, DT_DIR, DT_LNK, DT_FIFO and DT_SOCK for each kind
 *   (TCONF if the filesystem reports DT_UNKNOWN throughout);
 * - d_off is a cookie for the next entry: lseek() to the d_off of one
 *   record makes the next call start with the record that followed it.
 */
#include <fcntl.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "tst_test.h"
#include "getdents64.h"
#include "fsmeta.h"

#define DIR_NAME "getdents6401_dir"
#define NFILES 100
#define SMALL_BUF 512

struct expected {
	char name[16];
	unsigned char type;
	ino_t ino;
	int seen;
};

static struct expected exp[NFILES + 7];
static unsigned int nexp;
static int sock_fd = -1;

static void add_expected(const char *name, unsigned char type)
{
	char path[64];
	struct stat st;

	snprintf(exp[nexp].name, sizeof(exp[nexp].name), "%s", name);
	snprintf(path, sizeof(path), DIR_NAME "/%s", name);
	FSM_SAFE(lstat(path, &st));
	exp[nexp].type = type;
	exp[nexp].ino = st.st_ino;
	nexp++;
}

static void setup(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	char name[16], path[64];
	int i;

	SAFE_MKDIR(DIR_NAME, 0755);
	for (i = 0; i < NFILES; i++) {
		snprintf(name, sizeof(name), "file%03d", i);
		snprintf(path, sizeof(path), DIR_NAME "/%s", name);
		fsm_create_file(path, 0644, NULL);
		add_expected(name, DT_REG);
	}
	SAFE_MKDIR(DIR_NAME "/subdir", 0755);
	add_expected("subdir", DT_DIR);
	FSM_SAFE(symlink("file000", DIR_NAME "/symlink"));
	add_expected("symlink", DT_LNK);
	FSM_SAFE(mkfifo(DIR_NAME "/fifo", 0644));
	add_expected("fifo", DT_FIFO);
	snprintf(sun.sun_path, sizeof(sun.sun_path), DIR_NAME "/socket");
	sock_fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	FSM_SAFE(bind(sock_fd, (struct sockaddr *)&sun, sizeof(sun)));
	add_expected("socket", DT_SOCK);
	add_expected(".", DT_DIR);
	add_expected("..", DT_DIR);
}

static void cleanup(void)
{
	if (sock_fd >= 0)
		SAFE_CLOSE(sock_fd);
}

static struct expected *find(const char *name)
{
	unsigned int i;

	for (i = 0; i < nexp; i++) {
		if (!strcmp(exp[i].name, name))
			return &exp[i];
	}
	return NULL;
}

/* Check one record; return 0 if it is malformed or unexpected. */
static int check_record(struct linux_dirent64 *d, int *unknown_types,
			int *bad_types)
{
	size_t namelen = strnlen(d->d_name, d->d_reclen);
	struct expected *e;

	if (d->d_reclen % 8 || namelen >= d->d_reclen ||
	    offsetof(struct linux_dirent64, d_name) + namelen + 1 >
	    d->d_reclen) {
		tst_res(TFAIL, "malformed record: reclen %u, name length %zu",
			d->d_reclen, namelen);
		return 0;
	}
	e = find(d->d_name);
	if (!e) {
		tst_res(TFAIL, "unexpected entry \"%s\"", d->d_name);
		return 0;
	}
	e->seen++;
	if (d->d_ino != e->ino) {
		tst_res(TFAIL, "\"%s\": d_ino %llu, lstat() says %lu",
			d->d_name, (unsigned long long)d->d_ino,
			(unsigned long)e->ino);
		return 0;
	}
	if (d->d_type == DT_UNKNOWN)
		(*unknown_types)++;
	else if (d->d_type != e->type) {
		tst_res(TFAIL, "\"%s\": d_type %u, expected %u", d->d_name,
			d->d_type, e->type);
		(*bad_types)++;
	}
	return 1;
}

static void check_listing(void)
{
	char buf[SMALL_BUF] __attribute__((aligned(8)));
	int fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	int calls = 0, records = 0, bad = 0, unknown = 0, bad_types = 0;
	unsigned int i, once = 0;
	long len, pos;

	for (i = 0; i < nexp; i++)
		exp[i].seen = 0;
	while ((len = raw_getdents64(fd, buf, sizeof(buf))) > 0) {
		calls++;
		for (pos = 0; pos < len; records++) {
			struct linux_dirent64 *d = (void *)(buf + pos);

			if (!check_record(d, &unknown, &bad_types)) {
				bad++;
				break;
			}
			pos += d->d_reclen;
		}
	}
	if (len < 0)
		tst_res(TFAIL | TERRNO, "getdents64() failed after %d calls",
			calls);
	for (i = 0; i < nexp; i++) {
		if (exp[i].seen == 1)
			once++;
		else
			tst_res(TFAIL, "\"%s\" seen %d times", exp[i].name,
				exp[i].seen);
	}
	TST_EXP_EXPR(!bad && once == nexp && records == (int)nexp,
		     "%d records in %d calls: each of the %u entries once",
		     records, calls, nexp);
	TST_EXP_VAL(raw_getdents64(fd, buf, sizeof(buf)), 0,
		    "getdents64() at the end of the directory");
	if (unknown == records)
		tst_res(TCONF, "the filesystem reports DT_UNKNOWN for all");
	else
		TST_EXP_EXPR(!bad_types && !unknown,
			     "every d_type matches the file's kind");
	SAFE_CLOSE(fd);
}

static void check_d_off(void)
{
	char buf[SMALL_BUF] __attribute__((aligned(8)));
	char second[16], third[16];
	int fd = SAFE_OPEN(DIR_NAME, O_RDONLY | O_DIRECTORY);
	struct linux_dirent64 *d1, *d2, *d3;
	int64_t off1;
	long len;

	len = raw_getdents64(fd, buf, sizeof(buf));
	if (len <= 0)
		tst_brk(TBROK | TERRNO, "getdents64() returned %ld", len);
	d1 = (void *)buf;
	d2 = (void *)(buf + d1->d_reclen);
	d3 = (void *)((char *)d2 + d2->d_reclen);
	off1 = d1->d_off;
	snprintf(second, sizeof(second), "%s", d2->d_name);
	snprintf(third, sizeof(third), "%s", d3->d_name);

	TST_EXP_VAL(lseek(fd, off1, SEEK_SET), off1,
		    "lseek() to the first record's d_off");
	len = raw_getdents64(fd, buf, sizeof(buf));
	TST_EXP_EXPR(len > 0 && !strcmp(((struct linux_dirent64 *)buf)->d_name,
					second),
		     "the next call starts with the second record \"%s\"",
		     second);
	d1 = (void *)buf;
	TST_EXP_EXPR(len > 0 && !strcmp(((struct linux_dirent64 *)(buf +
					d1->d_reclen))->d_name, third),
		     "followed by the third \"%s\"", third);
	SAFE_CLOSE(fd);
}

static void run(unsigned int n)
{
	if (n == 0)
		check_listing();
	else
		check_d_off();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

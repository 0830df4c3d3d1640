// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * splice() from a pipe that is the process's standard input into a file,
 * on every filesystem of the matrix (and on NFS through nfs_run.sh): the
 * reproducer of bf40d3435caf ("NFS: add support for splice writes"),
 * whose absence made such a splice fail on NFS.
 * A child reads stdin (the pipe) with splice(0, NULL, fd, NULL, 1024, 0)
 * until it returns 0, while the parent writes 16 pipe buffers' worth
 * (16 x F_GETPIPE_SZ bytes) of a letter pattern in 512-byte writes and
 * closes the pipe. The sum of what splice() returned, st_size and the
 * file's content, read back after fsync() and POSIX_FADV_DONTNEED (so
 * from the disk where the pages went), and through mmap(), must all be
 * exactly what was written. Then splice() with an output offset
 * pointer writes 100 bytes at that offset, advances the pointer by 100
 * and leaves the file position where it was.
 * Syscalls: splice
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "tst_test.h"

#define CHUNK	1024
#define WBUF	512
#define FNAME	"splice_stdin01.out"

static inline char letter(size_t n)
{
	return 'a' + n % 26;
}

static size_t count_bad(const char *p, size_t len, size_t base)
{
	size_t i, bad = 0;

	for (i = 0; i < len; i++)
		bad += p[i] != letter(base + i);
	return bad;
}

static void check_content(int fd, size_t size)
{
	char buf[4096];
	size_t off = 0, bad = 0;
	ssize_t n;
	char *map;

	SAFE_FSYNC(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	SAFE_LSEEK(fd, 0, SEEK_SET);
	while ((n = SAFE_READ(0, fd, buf, sizeof(buf))) > 0) {
		bad += count_bad(buf, n, off);
		off += n;
	}
	TST_EXP_EXPR(off == size && !bad, "read back %zu bytes, %zu wrong "
		     "(expected %zu)", off, bad, size);
	map = SAFE_MMAP(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	bad = count_bad(map, size, 0);
	SAFE_MUNMAP(map, size);
	TST_EXP_EXPR(!bad, "through mmap(): %zu of %zu bytes wrong", bad,
		     size);
}

static void child(int rd, size_t size)
{
	size_t total = 0;
	ssize_t n;
	struct stat st;
	int fd;

	SAFE_DUP2(rd, STDIN_FILENO);
	SAFE_CLOSE(rd);
	fd = SAFE_OPEN(FNAME, O_RDWR | O_CREAT | O_TRUNC, 0644);
	while ((n = splice(STDIN_FILENO, NULL, fd, NULL, CHUNK, 0)) > 0)
		total += n;
	if (n < 0) {
		tst_res(TFAIL | TERRNO, "splice(stdin, file) after %zu bytes",
			total);
		exit(0);
	}
	TST_EXP_EXPR(total == size, "splice() from stdin moved %zu bytes "
		     "(written %zu)", total, size);
	SAFE_FSTAT(fd, &st);
	TST_EXP_EXPR(st.st_size == (off_t)size, "st_size %lld",
		     (long long)st.st_size);
	TST_EXP_EXPR(SAFE_LSEEK(fd, 0, SEEK_CUR) == (off_t)size,
		     "the file position followed the splices");
	check_content(fd, size);
	SAFE_CLOSE(fd);
	exit(0);
}

static void check_offset_pointer(void)
{
	int p[2], fd;
	char buf[100], got[100];
	loff_t off = 3000;
	size_t i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = letter(3000 + i) ^ 0x20;	/* upper case */
	SAFE_PIPE(p);
	SAFE_WRITE(1, p[1], buf, sizeof(buf));
	fd = SAFE_OPEN(FNAME, O_RDWR);
	SAFE_LSEEK(fd, 10, SEEK_SET);
	TST_EXP_VAL(splice(p[0], NULL, fd, &off, sizeof(buf), 0),
		    (long)sizeof(buf), "splice() to offset 3000");
	TST_EXP_EXPR(off == 3100, "the offset pointer is %lld, expected 3100",
		     (long long)off);
	TST_EXP_EXPR(SAFE_LSEEK(fd, 0, SEEK_CUR) == 10,
		     "the file position stayed at 10");
	SAFE_PREAD(1, fd, got, sizeof(got), 3000);
	TST_EXP_EXPR(!memcmp(got, buf, sizeof(buf)),
		     "the 100 bytes landed at 3000");
	SAFE_CLOSE(fd);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void run(void)
{
	int p[2];
	size_t size, done, i, len;
	char buf[WBUF];
	pid_t pid;

	signal(SIGPIPE, SIG_IGN);
	SAFE_PIPE(p);
	size = (size_t)fcntl(p[1], F_GETPIPE_SZ) * 16;
	pid = SAFE_FORK();
	if (!pid) {
		SAFE_CLOSE(p[1]);
		child(p[0], size);
	}
	SAFE_CLOSE(p[0]);
	for (done = 0; done < size; done += len) {
		len = size - done < WBUF ? size - done : WBUF;
		for (i = 0; i < len; i++)
			buf[i] = letter(done + i);
		/* EPIPE: the child ended early and has said why */
		if (write(p[1], buf, len) != (ssize_t)len) {
			tst_res(TINFO | TERRNO, "write to the pipe at %zu",
				done);
			break;
		}
	}
	SAFE_CLOSE(p[1]);
	reap_child(pid);
	check_offset_pointer();
	SAFE_UNLINK(FNAME);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.all_filesystems = 1,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		/* NFS: add support for splice writes */
		{"linux-git", "bf40d3435caf"},
		{}
	},
};

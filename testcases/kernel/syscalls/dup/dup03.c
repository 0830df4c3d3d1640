// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dup() and dup2() copies of every kind of descriptor behave like the
 * original:
 * - pipe ends: bytes written through a copy of the write end are read
 *   through a copy of the read end; the reader sees end of file only once
 *   every copy of the write end is closed;
 * - a FIFO: the copy is a FIFO (fstat) and carries data both ways;
 * - the access mode is kept: F_GETFL shows it, a copy of an O_RDONLY fd
 *   cannot write and one of an O_WRONLY fd cannot read (EBADF), also
 *   after the file's mode was changed to 0 (checked at open only);
 * - under RLIMIT_NOFILE n, dup() hands out consecutive descriptors up to
 *   n - 1, then EMFILE, and a closed one is handed out again; dup2()
 *   reaches every descriptor below n and n itself is EBADF.
 * Syscalls: dup, dup2
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "tst_test.h"

#define LIMIT 64

static void test_pipe(void)
{
	int p[2], r, w;
	char buf[8] = "";

	SAFE_PIPE(p);
	TST_EXP_FD(r = dup(p[0]), "dup() of the read end");
	TST_EXP_FD(w = dup2(p[1], 100), "dup2() of the write end to 100");
	SAFE_WRITE(1, w, "abc", 3);
	TST_EXP_VAL(read(r, buf, sizeof(buf)), 3, "read() through the copy");
	TST_EXP_EXPR(!memcmp(buf, "abc", 3), "it reads what the copy wrote");
	SAFE_CLOSE(p[1]);
	SAFE_WRITE(1, w, "d", 1);
	TST_EXP_VAL(read(p[0], buf, sizeof(buf)), 1, "the original write end "
		    "closed: the copy still writes");
	SAFE_CLOSE(w);
	TST_EXP_VAL(read(r, buf, sizeof(buf)), 0, "every write end closed: "
		    "end of file");
	SAFE_CLOSE(r);
	SAFE_CLOSE(p[0]);
}

static void test_fifo(void)
{
	struct stat st;
	char c = 0;
	int fd, cp;

	if (mkfifo("fifo", 0600))
		tst_brk(TBROK | TERRNO, "mkfifo()");
	fd = SAFE_OPEN("fifo", O_RDWR);
	TST_EXP_FD(cp = dup(fd), "dup() of a FIFO descriptor");
	SAFE_FSTAT(cp, &st);
	TST_EXP_EXPR(S_ISFIFO(st.st_mode), "the copy is a FIFO");
	SAFE_WRITE(1, cp, "x", 1);
	TST_EXP_VAL(read(fd, &c, 1), 1, "the original reads what the copy "
		    "wrote");
	SAFE_WRITE(1, fd, "y", 1);
	TST_EXP_VAL(read(cp, &c, 1), 1, "and the other way");
	TST_EXP_EXPR(c == 'y', "the byte is 'y' ('%c')", c);
	SAFE_CLOSE(cp);
	SAFE_CLOSE(fd);
	SAFE_UNLINK("fifo");
}

static void test_modes(void)
{
	static const struct {
		int flags;
		const char *name;
	} m[] = {
		{O_RDONLY, "O_RDONLY"}, {O_WRONLY, "O_WRONLY"},
		{O_RDWR, "O_RDWR"},
	};
	unsigned int i;
	int fd, cp, cp2;
	char c = 'z';

	for (i = 0; i < 3; i++) {
		SAFE_CHMOD("file", 0600);
		fd = SAFE_OPEN("file", m[i].flags);
		SAFE_CHMOD("file", 0);
		cp = dup(fd);
		cp2 = dup2(fd, 200);
		if (cp < 0 || cp2 != 200)
			tst_brk(TBROK | TERRNO, "dup()/dup2()");
		TST_EXP_EXPR((fcntl(cp, F_GETFL) & O_ACCMODE) == m[i].flags &&
			     (fcntl(cp2, F_GETFL) & O_ACCMODE) == m[i].flags,
			     "%s: dup() and dup2() copies keep the access mode",
			     m[i].name);
		if (m[i].flags == O_RDONLY) {
			TST_EXP_FAIL(write(cp, &c, 1), EBADF, "%s copy: write()",
				     m[i].name);
			TST_EXP_VAL(pread(cp2, &c, 1, 0), 1, "%s copy: read() "
				    "after chmod 0", m[i].name);
		} else if (m[i].flags == O_WRONLY) {
			TST_EXP_FAIL(read(cp2, &c, 1), EBADF, "%s copy: read()",
				     m[i].name);
			TST_EXP_VAL(pwrite(cp, &c, 1, 0), 1, "%s copy: write() "
				    "after chmod 0", m[i].name);
		} else {
			TST_EXP_VAL(pwrite(cp, &c, 1, 0), 1, "%s copy: write()",
				    m[i].name);
			TST_EXP_VAL(pread(cp2, &c, 1, 0), 1, "%s copy: read()",
				    m[i].name);
		}
		SAFE_CLOSE(cp);
		SAFE_CLOSE(cp2);
		SAFE_CLOSE(fd);
	}
	SAFE_CHMOD("file", 0600);
}

static void limit_child(void)
{
	struct rlimit rl = {LIMIT, LIMIT};
	int fd, i, next, bad = 0, low;

	if (setrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "setrlimit()");
	fd = SAFE_OPEN("file", O_RDONLY);
	/* the lowest free number, from there every dup() the next one */
	low = dup(fd);
	if (low < 0)
		tst_brk(TBROK | TERRNO, "dup()");
	for (next = low + 1; next < LIMIT; next++) {
		i = dup(fd);
		if (i != next) {
			/* an inherited descriptor sits there: skip it */
			if (i > next && fcntl(next, F_GETFD) >= 0) {
				next = i;
				continue;
			}
			tst_res(TFAIL | TERRNO, "dup() returned %d, want %d", i,
				next);
			bad++;
			break;
		}
	}
	TST_EXP_EXPR(!bad, "dup() handed out descriptors %d to %d in order",
		     low, LIMIT - 1);
	TST_EXP_FAIL(dup(fd), EMFILE, "dup() with all %d in use", LIMIT);
	close(low + 5);
	TST_EXP_VAL(dup(fd), low + 5, "dup() after closing %d", low + 5);
	for (i = 3; i < LIMIT; i++)
		close(i);
	fd = SAFE_OPEN("file", O_RDONLY);
	/* 0 to 2 stay: the results are printed there */
	for (i = 3, bad = 0; i < LIMIT; i++) {
		if (dup2(fd, i) != i)
			bad++;
	}
	TST_EXP_EXPR(!bad, "dup2() reached every descriptor from 3 to %d",
		     LIMIT - 1);
	TST_EXP_FAIL(dup2(fd, LIMIT), EBADF, "dup2() to %d", LIMIT);
	exit(0);
}

static void test_limit(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		limit_child();
	reap_child(pid);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_pipe();
		break;
	case 1:
		test_fifo();
		break;
	case 2:
		test_modes();
		break;
	case 3:
		test_limit();
		break;
	}
}

static void setup(void)
{
	int fd = SAFE_OPEN("file", O_CREAT | O_WRONLY, 0600);

	SAFE_WRITE(1, fd, "0123", 4);
	SAFE_CLOSE(fd);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

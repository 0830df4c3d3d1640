// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * select(), through the system call, returns the number of ready bits and
 * leaves set only the bits of ready descriptors: readfds a pipe with data,
 * writefds a pipe with room (not a full one), exceptfds a TCP socket with
 * urgent data. Descriptors from nfds on are not looked at. The timeout is
 * updated to the time left: part of 5 s when something is ready at once,
 * zero after a 30 ms timeout that ran out (it waited that long); a
 * tv_usec of a million or more is taken as whole seconds, not refused. A
 * NULL timeout waits for another process's write. A regular file is
 * always ready for reading and writing; a FIFO is writable and not
 * readable while empty (a 30 ms timeout runs out with no bit set), and
 * readable once a byte is in it.
 */
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/stat.h>
#include <sys/select.h>
#include <sys/socket.h>
#include "time_event.h"
#include "task_wait.h"

static long sys_select(int nfds, fd_set *r, fd_set *w, fd_set *e,
		       struct timeval *tv)
{
	return syscall(SYS_select, nfds, r, w, e, tv);
}

static long long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000LL + tv->tv_usec;
}

static int max_fd(int a, int b)
{
	return a > b ? a : b;
}

static void fill_pipe(int fd)
{
	char buf[4096];
	int fl = fcntl(fd, F_GETFL);

	memset(buf, 'x', sizeof(buf));
	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	while (write(fd, buf, sizeof(buf)) > 0)
		;
	fcntl(fd, F_SETFL, fl);
}

static void test_sets(void)
{
	int data[2], empty[2], full[2], nfds;
	fd_set r, w;

	SAFE_PIPE(data);
	SAFE_PIPE(empty);
	SAFE_PIPE(full);
	SAFE_WRITE(1, data[1], "x", 1);
	fill_pipe(full[1]);
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(data[0], &r);
	FD_SET(empty[0], &r);
	FD_SET(empty[1], &w);
	FD_SET(full[1], &w);
	nfds = max_fd(max_fd(data[0], empty[0]), max_fd(empty[1], full[1]));
	TST_EXP_VAL(sys_select(nfds + 1, &r, &w, NULL,
			       &(struct timeval){0, 0}), 2,
		    "select() of 2 readers and 2 writers, 1 of each ready");
	TST_EXP_EXPR(FD_ISSET(data[0], &r) && !FD_ISSET(empty[0], &r),
		     "readfds keeps only the pipe with data");
	TST_EXP_EXPR(FD_ISSET(empty[1], &w) && !FD_ISSET(full[1], &w),
		     "writefds keeps only the pipe with room");

	FD_ZERO(&r);
	FD_SET(data[0], &r);
	TST_EXP_VAL(sys_select(data[0], &r, NULL, NULL,
			       &(struct timeval){0, 0}), 0,
		    "select(nfds = the ready descriptor) does not look at it");
	SAFE_CLOSE(data[0]);
	SAFE_CLOSE(data[1]);
	SAFE_CLOSE(empty[0]);
	SAFE_CLOSE(empty[1]);
	SAFE_CLOSE(full[0]);
	SAFE_CLOSE(full[1]);
}

static void test_exceptfds(void)
{
	struct sockaddr_in addr = {.sin_family = AF_INET};
	socklen_t len = sizeof(addr);
	int lsock, csock, ssock;
	fd_set e;

	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	lsock = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (bind(lsock, (struct sockaddr *)&addr, sizeof(addr)) ||
	    listen(lsock, 1)) {
		tst_res(TCONF | TERRNO, "no TCP on the loopback interface");
		SAFE_CLOSE(lsock);
		return;
	}
	getsockname(lsock, (struct sockaddr *)&addr, &len);
	csock = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (connect(csock, (struct sockaddr *)&addr, sizeof(addr)))
		tst_brk(TBROK | TERRNO, "connect(127.0.0.1)");
	ssock = accept(lsock, NULL, NULL);
	if (ssock < 0)
		tst_brk(TBROK | TERRNO, "accept()");

	FD_ZERO(&e);
	FD_SET(ssock, &e);
	TST_EXP_VAL(sys_select(ssock + 1, NULL, NULL, &e,
			       &(struct timeval){0, 0}), 0,
		    "select(exceptfds) of a socket without urgent data");
	if (send(csock, "!", 1, MSG_OOB) != 1)
		tst_brk(TBROK | TERRNO, "send(MSG_OOB)");
	FD_ZERO(&e);
	FD_SET(ssock, &e);
	TST_EXP_VAL(sys_select(ssock + 1, NULL, NULL, &e, &(struct timeval){
			10 * (int)tst_timeout_mul(), 0}), 1,
		    "select(exceptfds) once urgent data was sent");
	TST_EXP_EXPR(FD_ISSET(ssock, &e), "the socket's bit stays set");
	SAFE_CLOSE(ssock);
	SAFE_CLOSE(csock);
	SAFE_CLOSE(lsock);
}

static void test_timeout(void)
{
	long long start, waited;
	struct timeval tv;
	int p[2];
	fd_set r, w;

	SAFE_PIPE(p);
	FD_ZERO(&w);
	FD_SET(p[1], &w);
	tv = (struct timeval){5, 0};
	TST_EXP_VAL(sys_select(p[1] + 1, NULL, &w, NULL, &tv), 1,
		    "select(writable pipe, 5 s)");
	TST_EXP_EXPR(tv_us(&tv) > 0 && tv_us(&tv) <= 5000000,
		     "timeout updated to %lld us left of 5 s", tv_us(&tv));

	FD_SET(p[1], &w);
	tv = (struct timeval){0, 1500000};
	TST_EXP_VAL(sys_select(p[1] + 1, NULL, &w, NULL, &tv), 1,
		    "select(writable pipe, tv_usec 1500000)");
	TST_EXP_EXPR(tv_us(&tv) > 1000000 && tv_us(&tv) <= 1500000,
		     "taken as 1.5 s: %lld us left", tv_us(&tv));

	FD_ZERO(&r);
	FD_SET(p[0], &r);
	tv = (struct timeval){0, 30000};
	start = clock_ns(CLOCK_MONOTONIC);
	TST_EXP_VAL(sys_select(p[0] + 1, &r, NULL, NULL, &tv), 0,
		    "select(empty pipe, 30 ms)");
	waited = clock_ns(CLOCK_MONOTONIC) - start;
	TST_EXP_EXPR(tv_us(&tv) == 0 && waited >= 30 * NSEC_PER_MSEC &&
		     !FD_ISSET(p[0], &r), "timeout ran out: %lld us left "
		     "after %lld ns, the set cleared", tv_us(&tv), waited);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void test_null_timeout(void)
{
	int p[2];
	pid_t pid;
	fd_set r;

	SAFE_PIPE(p);
	pid = SAFE_FORK();
	if (!pid) {
		wait_task_in_syscall(getppid(), __NR_select);
		SAFE_WRITE(1, p[1], "x", 1);
		exit(0);
	}
	FD_ZERO(&r);
	FD_SET(p[0], &r);
	TST_EXP_VAL(sys_select(p[0] + 1, &r, NULL, NULL, NULL), 1,
		    "select(NULL timeout) woken by another process's write");
	reap_child(pid);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void test_file_fifo(void)
{
	struct timeval tv = { 0, 0 };
	fd_set r, w;
	int fd, rfd, wfd, nfds;

	fd = SAFE_OPEN("select01_file", O_RDWR | O_CREAT, 0600);
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(fd, &r);
	FD_SET(fd, &w);
	TST_EXP_VAL(sys_select(fd + 1, &r, &w, NULL, &tv), 2,
		    "select() of a regular file for reading and writing");
	TST_EXP_EXPR(FD_ISSET(fd, &r) && FD_ISSET(fd, &w),
		     "the file is ready both ways");
	SAFE_CLOSE(fd);

	if (mkfifo("select01_fifo", 0600))
		tst_brk(TBROK | TERRNO, "mkfifo()");
	rfd = SAFE_OPEN("select01_fifo", O_RDONLY | O_NONBLOCK);
	wfd = SAFE_OPEN("select01_fifo", O_WRONLY);
	nfds = max_fd(rfd, wfd) + 1;

	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(rfd, &r);
	FD_SET(wfd, &w);
	tv.tv_sec = 0;
	tv.tv_usec = 0;
	TST_EXP_VAL(sys_select(nfds, &r, &w, NULL, &tv), 1,
		    "select() of an empty FIFO: only the write end");
	TST_EXP_EXPR(!FD_ISSET(rfd, &r) && FD_ISSET(wfd, &w),
		     "the read end is not ready, the write end is");

	FD_ZERO(&r);
	FD_SET(rfd, &r);
	tv.tv_usec = 30000;
	TST_EXP_VAL(sys_select(nfds, &r, NULL, NULL, &tv), 0,
		    "select() of an empty FIFO for reading, 30 ms");
	TST_EXP_EXPR(!FD_ISSET(rfd, &r) && !tv.tv_sec && !tv.tv_usec,
		     "no bit left, the timeout used up");

	SAFE_WRITE(1, wfd, "x", 1);
	FD_ZERO(&r);
	FD_SET(rfd, &r);
	tv.tv_sec = 5;
	tv.tv_usec = 0;
	TST_EXP_VAL(sys_select(nfds, &r, NULL, NULL, &tv), 1,
		    "select() of a FIFO holding a byte");
	TST_EXP_EXPR(FD_ISSET(rfd, &r), "the read end is ready");
	SAFE_CLOSE(rfd);
	SAFE_CLOSE(wfd);
	SAFE_UNLINK("select01_fifo");
	SAFE_UNLINK("select01_file");
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_sets();
		break;
	case 1:
		test_exceptfds();
		break;
	case 2:
		test_timeout();
		break;
	case 3:
		test_null_timeout();
		break;
	case 4:
		test_file_fifo();
		break;
	}
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.forks_child = 1,
	.needs_tmpdir = 1,
};

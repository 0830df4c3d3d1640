// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * recvfrom() and its flags:
 *  - UDP: the sender's address and its length; a shorter address buffer
 *    gets it truncated and the full length; a datagram longer than the
 *    buffer is cut, its rest dropped; MSG_TRUNC returns the real length;
 *  - MSG_PEEK returns the data and leaves it queued;
 *  - MSG_DONTWAIT on an empty socket: EAGAIN; SO_RCVTIMEO of 100 ms on a
 *    blocking socket: EAGAIN, not before 90 ms (the timeout counts whole
 *    jiffies; 60 ms under LTP_TIMEOUT_MUL=4, where ticks come late);
 *  - TCP: recv(8) returns the 4 bytes there; with MSG_WAITALL a receiver
 *    sleeps past the first 4 bytes and returns 8 once the rest came; after
 *    the peer closed: 0;
 *  - a signal with a handler lacking SA_RESTART ends a blocked recv with
 *    EINTR;
 *  - a TCP socket never connected, and a listening one: ENOTCONN; -1:
 *    EBADF; a regular file: ENOTSOCK; a buffer outside the address space:
 *    EFAULT.
 */
#include <signal.h>
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include <sys/syscall.h>
#include "socket_helpers.h"
#include "task_wait.h"

static int fds[3] = { -1, -1, -1 };

static void on_signal(int sig)
{
	(void)sig;
}

static void setup(void)
{
	require_loopback();
}

static void close_all(void)
{
	int i;

	for (i = 0; i < 3; i++)
		if (fds[i] >= 0)
			SAFE_CLOSE(fds[i]);
}

static void test_udp(void)
{
	struct sockaddr_in a_addr, b_addr, from;
	socklen_t len;
	char buf[16];

	fds[0] = bound4(SOCK_DGRAM, &a_addr);
	fds[1] = bound4(SOCK_DGRAM, &b_addr);
	if (sendto(fds[0], "0123456789", 10, 0, (struct sockaddr *)&b_addr,
		   sizeof(b_addr)) != 10 ||
	    sendto(fds[0], "abcdef", 6, 0, (struct sockaddr *)&b_addr,
		   sizeof(b_addr)) != 6 ||
	    sendto(fds[0], "second", 6, 0, (struct sockaddr *)&b_addr,
		   sizeof(b_addr)) != 6)
		tst_brk(TBROK | TERRNO, "sendto()");

	len = sizeof(from);
	memset(buf, 0, sizeof(buf));
	TST_RET = recvfrom(fds[1], buf, sizeof(buf), MSG_PEEK,
			   (struct sockaddr *)&from, &len);
	TST_EXP_EXPR(TST_RET == 10 &&
		     !memcmp(buf, "0123456789", 10) && len == sizeof(from) &&
		     from.sin_port == a_addr.sin_port &&
		     from.sin_addr.s_addr == htonl(INADDR_LOOPBACK),
		     "MSG_PEEK: 10 bytes from 127.0.0.1:%d, length %u",
		     ntohs(from.sin_port), (unsigned int)len);
	len = 4;
	memset(&from, 0xee, sizeof(from));
	memset(buf, 0, sizeof(buf));
	TST_RET = recvfrom(fds[1], buf, 4, 0, (struct sockaddr *)&from, &len);
	TST_EXP_EXPR(TST_RET == 4 && !memcmp(buf, "0123", 4) &&
		     len == sizeof(from) && from.sin_port == a_addr.sin_port &&
		     ((unsigned char *)&from.sin_addr)[0] == 0xee,
		     "after the peek the datagram is still there; cut to 4 "
		     "bytes, address cut to 4, length %u", (unsigned int)len);
	TST_EXP_VAL(recvfrom(fds[1], buf, 2, MSG_TRUNC, NULL, NULL), 6,
		    "recvfrom(2 bytes, MSG_TRUNC) of a 6 byte datagram");
	TST_EXP_EXPR(recvfrom(fds[1], buf, sizeof(buf), 0, NULL, NULL) == 6 &&
		     !memcmp(buf, "second", 6),
		     "the rests of cut datagrams were dropped");
	TST_EXP_FAIL(recvfrom(fds[1], buf, sizeof(buf), MSG_DONTWAIT, NULL,
			      NULL), EAGAIN, "MSG_DONTWAIT on an empty socket");
	if (sendto(fds[0], "x", 1, 0, (struct sockaddr *)&b_addr,
		   sizeof(b_addr)) != 1)
		tst_brk(TBROK | TERRNO, "sendto()");
	TST_EXP_FAIL(recvfrom(fds[1], (void *)-1, 1, 0, NULL, NULL), EFAULT,
		     "recvfrom(buffer (void *)-1)");
	close_all();
}

static void test_timeout(void)
{
	struct timeval tv = { 0, 100000 };
	long long start, elapsed, lag_ms, min_ms;
	char buf[4];

	fds[0] = bound4(SOCK_DGRAM, NULL);
	if (setsockopt(fds[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)))
		tst_brk(TBROK | TERRNO, "setsockopt(SO_RCVTIMEO)");
	start = task_wait_now_ms();
	TST_EXP_FAIL(recvfrom(fds[0], buf, sizeof(buf), 0, NULL, NULL), EAGAIN,
		     "recvfrom() with SO_RCVTIMEO 100 ms");
	elapsed = task_wait_now_ms() - start;
	/*
	 * The timeout counts jiffies from the last tick, which may be up to
	 * one tick (10 ms at HZ 100) in the past. In a slow guest (TCG on a
	 * busy host, LTP_TIMEOUT_MUL 4) ticks come late and jiffies lags
	 * more: 84 ms was seen on a correct kernel. Allow 10 ms of lag per
	 * unit of the multiplier, at most 40; a timeout ignored, or read in
	 * the wrong unit, still fails.
	 */
	lag_ms = (long long)(10 * tst_timeout_mul());
	min_ms = 100 - (lag_ms > 40 ? 40 : lag_ms);
	TST_EXP_EXPR(elapsed >= min_ms, "it returned after %lld ms (>= %lld)",
		     elapsed, min_ms);
	close_all();
}

/* Wait until the receive queue of a TCP socket holds no byte. */
static void wait_queue_empty(int fd)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	int queued;

	for (;;) {
		if (ioctl(fd, SIOCINQ, &queued))
			tst_brk(TBROK | TERRNO, "ioctl(SIOCINQ)");
		if (!queued)
			return;
		if (task_wait_now_ms() > deadline)
			tst_brk(TBROK, "%d bytes still queued after 10 s",
				queued);
		usleep(1000);
	}
}

static void test_waitall(void)
{
	char buf[8] = "";
	pid_t pid;

	tcp_pair(&fds[0], &fds[1]);
	SAFE_WRITE(1, fds[0], "1234", 4);
	TST_EXP_VAL(recvfrom(fds[1], buf, 8, 0, NULL, NULL), 4,
		    "TCP recvfrom(8 bytes) with 4 there");

	pid = SAFE_FORK();
	if (!pid) {
		memset(buf, 0, sizeof(buf));
		TST_EXP_EXPR(recvfrom(fds[1], buf, 8, MSG_WAITALL, NULL,
				      NULL) == 8 && !memcmp(buf, "abcdefgh", 8),
			     "MSG_WAITALL waited for all 8 bytes");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_recvfrom);
	SAFE_WRITE(1, fds[0], "abcd", 4);
	/* it took the 4 bytes (none left queued) and sleeps for the rest */
	wait_queue_empty(fds[1]);
	wait_task_in_syscall(pid, __NR_recvfrom);
	SAFE_WRITE(1, fds[0], "efgh", 4);
	reap_child(pid);

	SAFE_CLOSE(fds[0]);
	TST_EXP_VAL(recvfrom(fds[1], buf, 8, 0, NULL, NULL), 0,
		    "TCP recvfrom() after the peer closed");
	close_all();
}

static void test_eintr(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	char buf[4];
	pid_t pid;

	fds[0] = bound4(SOCK_DGRAM, NULL);
	pid = SAFE_FORK();
	if (!pid) {
		if (sigaction(SIGUSR1, &sa, NULL))
			tst_brk(TBROK | TERRNO, "sigaction()");
		TST_EXP_FAIL(recvfrom(fds[0], buf, sizeof(buf), 0, NULL, NULL),
			     EINTR, "blocked recvfrom() and a signal handler "
			     "without SA_RESTART");
		exit(0);
	}
	wait_task_in_syscall(pid, __NR_recvfrom);
	SAFE_KILL(pid, SIGUSR1);
	reap_child(pid);
	close_all();
}

static void test_errors(void)
{
	char buf[4];

	fds[0] = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	TST_EXP_FAIL(recvfrom(fds[0], buf, sizeof(buf), 0, NULL, NULL),
		     ENOTCONN, "recvfrom() on a TCP socket never connected");
	fds[1] = listener4(NULL);
	TST_EXP_FAIL(recvfrom(fds[1], buf, sizeof(buf), 0, NULL, NULL),
		     ENOTCONN, "recvfrom() on a listening TCP socket");
	TST_EXP_FAIL(recvfrom(-1, buf, sizeof(buf), 0, NULL, NULL), EBADF,
		     "recvfrom(-1)");
	fds[2] = SAFE_OPEN("/dev/null", O_RDONLY);
	TST_EXP_FAIL(recvfrom(fds[2], buf, sizeof(buf), 0, NULL, NULL),
		     ENOTSOCK, "recvfrom(/dev/null)");
	close_all();
}

static void run(void)
{
	test_udp();
	test_timeout();
	test_waitall();
	test_eintr();
	test_errors();
}

static void cleanup(void)
{
	close_all();
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2021-38604: the C library's SIGEV_THREAD mq_notify() runs a helper
 * thread that reads the kernel's notifications from a netlink socket, and
 * for a NOTIFY_REMOVED one (sent when a registration is removed) it
 * dereferenced a NULL pointer (glibc b805aebd42, "librt: fix NULL pointer
 * dereference (bug 28213)"). Asserted:
 *  - the kernel's protocol, with the raw syscall and a netlink socket of
 *    the test's own: removing a SIGEV_THREAD registration sends the
 *    32-byte cookie with its last byte NOTIFY_REMOVED, a message arriving
 *    on the empty queue sends it with NOTIFY_WOKENUP, once (the next
 *    message sends nothing); a cookie at a bad address is EFAULT, a
 *    socket descriptor of -1 EBADF;
 *  - the C library's side, in a child: SIGEV_THREAD registered and
 *    removed (the helper thread gets NOTIFY_REMOVED), three times over,
 *    then registered again: a message runs the function, in a thread,
 *    with the sigev_value given, and it receives the message; the child
 *    is not killed on the way. Upstream's test, also where the C library
 *    (Debian 12's glibc 2.36) has the fix.
 */
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/netlink.h>
#include "posix_mq.h"
#include "lapi/mqueue.h"

#define MSG "hello"

static char name[MQ_NAME_MAX_TEST];
static mqd_t q = -1;
static int done[2];

static long sys_notify(mqd_t mq, const struct sigevent *sev)
{
	return syscall(__NR_mq_notify, mq, sev);
}

static void send_msg(void)
{
	if (mq_send(q, MSG, sizeof(MSG), 1))
		tst_brk(TBROK | TERRNO, "mq_send()");
}

static void drain(void)
{
	char buf[16];

	while (mq_attr_of(q).mq_curmsgs)
		if (mq_receive(q, buf, sizeof(buf), NULL) < 0)
			tst_brk(TBROK | TERRNO, "mq_receive()");
}

/* the cookie the kernel sent to sock, with its last byte */
static int cookie_sent(int sock, const unsigned char *cookie, int code)
{
	unsigned char got[NOTIFY_COOKIE_LEN + 8];
	ssize_t n = recv(sock, got, sizeof(got), MSG_DONTWAIT);

	if (n != NOTIFY_COOKIE_LEN) {
		tst_res(TFAIL | TERRNO, "recv() of the netlink socket: %zd "
			"bytes, want %d", n, NOTIFY_COOKIE_LEN);
		return 0;
	}
	if (memcmp(got, cookie, NOTIFY_COOKIE_LEN - 1) ||
	    got[NOTIFY_COOKIE_LEN - 1] != code) {
		tst_res(TFAIL, "the cookie came back changed, last byte %d "
			"(want %d)", got[NOTIFY_COOKIE_LEN - 1], code);
		return 0;
	}
	return 1;
}

static void test_kernel(void)
{
	unsigned char cookie[NOTIFY_COOKIE_LEN], none[8];
	struct sigevent sev;
	int sock, i;

	sock = SAFE_SOCKET(AF_NETLINK, SOCK_DGRAM, NETLINK_ROUTE);
	for (i = 0; i < NOTIFY_COOKIE_LEN; i++)
		cookie[i] = 0xa0 + i;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD;
	sev.sigev_signo = sock;
	sev.sigev_value.sival_ptr = cookie;

	TST_EXP_PASS(sys_notify(q, &sev), "mq_notify syscall, SIGEV_THREAD");
	TST_EXP_PASS(sys_notify(q, NULL), "mq_notify syscall, NULL");
	if (cookie_sent(sock, cookie, NOTIFY_REMOVED))
		tst_res(TPASS, "removing it sent the cookie, NOTIFY_REMOVED "
			"last");

	TST_EXP_PASS(sys_notify(q, &sev), "mq_notify syscall, SIGEV_THREAD "
		     "again");
	send_msg();
	if (cookie_sent(sock, cookie, NOTIFY_WOKENUP))
		tst_res(TPASS, "a message on the empty queue sent the cookie, "
			"NOTIFY_WOKENUP last");
	drain();
	send_msg();
	TST_EXP_FAIL(recv(sock, none, sizeof(none), MSG_DONTWAIT), EAGAIN,
		     "the next message sends nothing");
	drain();

	sev.sigev_value.sival_ptr = (void *)8;
	TST_EXP_FAIL(sys_notify(q, &sev), EFAULT, "mq_notify syscall, cookie "
		     "at a bad address");
	sev.sigev_value.sival_ptr = cookie;
	sev.sigev_signo = -1;
	TST_EXP_FAIL(sys_notify(q, &sev), EBADF, "mq_notify syscall, socket "
		     "-1");
	SAFE_CLOSE(sock);
}

static void callback(union sigval sv)
{
	char buf[16];
	char r = 'n';

	if (sv.sival_int == 0x5eed &&
	    mq_receive(q, buf, sizeof(buf), NULL) == sizeof(MSG) &&
	    !memcmp(buf, MSG, sizeof(MSG)))
		r = 'y';
	if (write(done[1], &r, 1) != 1)
		_exit(3);
}

static void test_libc(void)
{
	struct pollfd pfd = { .events = POLLIN };
	int i, timeout = 10000 * tst_timeout_mul();
	struct sigevent sev;
	char r = 0;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD;
	sev.sigev_notify_function = callback;
	sev.sigev_value.sival_int = 0x5eed;
	for (i = 0; i < 3; i++) {
		if (mq_notify(q, &sev) || mq_notify(q, NULL)) {
			tst_res(TFAIL | TERRNO, "mq_notify() round %d", i);
			return;
		}
	}
	tst_res(TPASS, "mq_notify() SIGEV_THREAD registered and removed 3 "
		"times");
	TST_EXP_PASS(mq_notify(q, &sev), "mq_notify() SIGEV_THREAD again");
	send_msg();
	pfd.fd = done[0];
	if (poll(&pfd, 1, timeout) != 1 || read(done[0], &r, 1) != 1) {
		tst_res(TFAIL, "the function did not run within %d ms", timeout);
		return;
	}
	TST_EXP_EXPR(r == 'y', "the function ran with sigev_value 0x5eed and "
		     "received the message");
}

static void run(void)
{
	pid_t pid;

	test_kernel();
	pid = SAFE_FORK();
	if (!pid) {
		test_libc();
		exit(0);
	}
	reap_child(pid);
	drain();
}

static void setup(void)
{
	mq_test_name(name, "mq_notify03", 0);
	q = mq_new(name, O_RDWR, 1, sizeof(MSG));
	SAFE_PIPE(done);
}

static void cleanup(void)
{
	mq_close_q(&q);
	mq_unlink_quiet(name);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.tags = (const struct tst_tag[]) {
		{"glibc-git", "b805aebd42"},
		{"CVE", "2021-38604"},
		{}
	},
};

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers for the socket tests. They use only the loopback interface
 * (127.0.0.1, ::1) and AF_UNIX, and only ports the kernel picks (bind to
 * port 0), so tests run in parallel with each other and with whatever the
 * machine serves, and nothing leaves the machine. No test asks for a
 * family or protocol the kernel may lack: that would make it try to load
 * a module (request_module), which is not for the build machine.
 */
#ifndef SOCKET_HELPERS_H
#define SOCKET_HELPERS_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include "tst_test.h"
#include "cpu_pin.h"
#include "task_wait.h"

/* TCONF unless lo is up: a guest or container may leave it down. */
static inline void require_loopback(void)
{
	unsigned long flags;

	if (access("/sys/class/net/lo/flags", F_OK))
		tst_brk(TCONF, "no loopback interface (/sys/class/net/lo)");
	/* "0x9": IFF_UP | IFF_LOOPBACK */
	SAFE_FILE_SCANF("/sys/class/net/lo/flags", "%lx", &flags);
	if (!(flags & 0x1))
		tst_brk(TCONF, "the loopback interface lo is down");
}

static inline struct sockaddr_in lo4(in_port_t port)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = htons(port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};

	return sin;
}

/* A socket bound to 127.0.0.1 and a port the kernel picks; *addr gets it. */
static inline int bound4(int type, struct sockaddr_in *addr)
{
	struct sockaddr_in sin = lo4(0);
	socklen_t len = sizeof(sin);
	int fd = SAFE_SOCKET(AF_INET, type, 0);

	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(127.0.0.1:0)");
	if (getsockname(fd, (struct sockaddr *)&sin, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	if (addr)
		*addr = sin;
	return fd;
}

/* A TCP listener on 127.0.0.1 and a port the kernel picks. */
static inline int listener4(struct sockaddr_in *addr)
{
	int fd = bound4(SOCK_STREAM, addr);

	if (listen(fd, 8))
		tst_brk(TBROK | TERRNO, "listen()");
	return fd;
}

/* An established TCP connection over loopback: *client and *server. */
static inline void tcp_pair(int *client, int *server)
{
	struct sockaddr_in addr;
	int lfd = listener4(&addr);

	*client = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);
	if (connect(*client, (struct sockaddr *)&addr, sizeof(addr)))
		tst_brk(TBROK | TERRNO, "connect(127.0.0.1:%d)",
			ntohs(addr.sin_port));
	*server = accept(lfd, NULL, NULL);
	if (*server < 0)
		tst_brk(TBROK | TERRNO, "accept()");
	SAFE_CLOSE(lfd);
}

/*
 * An AF_UNIX address: abstract (sun_path[0] == 0) when path starts with
 * '@', else a file name. *len gets the exact length to pass to bind().
 */
static inline struct sockaddr_un unix_addr(const char *path, socklen_t *len)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	size_t n = strlen(path);

	if (n >= sizeof(sun.sun_path))
		tst_brk(TBROK, "AF_UNIX path too long: %s", path);
	memcpy(sun.sun_path, path, n);
	if (path[0] == '@')
		sun.sun_path[0] = '\0';
	*len = offsetof(struct sockaddr_un, sun_path) + n +
	       (path[0] == '@' ? 0 : 1);
	return sun;
}

/*
 * 1 if an AF_INET6 socket can bind ::1 (IPv6 may be disabled). No socket
 * is tried unless IPv6 is already there: creating one could make the
 * kernel load the ipv6 module.
 */
static inline int have_ipv6_loopback(void)
{
	struct sockaddr_in6 sin6 = {
		.sin6_family = AF_INET6,
		.sin6_addr = IN6ADDR_LOOPBACK_INIT,
	};
	int fd, ok;

	if (access("/proc/sys/net/ipv6", F_OK))
		return 0;
	fd = socket(AF_INET6, SOCK_DGRAM, 0);
	if (fd < 0)
		return 0;
	ok = !bind(fd, (struct sockaddr *)&sin6, sizeof(sin6));
	close(fd);
	return ok;
}

/*
 * Loopback delivery is asynchronous. send(), sendto() and connect() on an
 * INET socket return once the packet is on the backlog of the CPU they
 * ran on; the receive softirq puts it on the receiving socket (or
 * completes the handshake for the listener) later, and when that CPU is
 * busy the softirq is handed to ksoftirqd, which may run much later on a
 * loaded machine. So a test never expects a packet, datagram or
 * connection to be there at once: it waits for it with these helpers,
 * and a non-blocking call that must find nothing (EAGAIN) is only
 * meaningful once everything sent before it has been delivered.
 * (AF_UNIX is different: its send puts the data on the peer's queue
 * before it returns.)
 */

/*
 * Wait until fd has one of events (POLLIN: data, a datagram, or a
 * connection to accept) for at most 10 s times LTP_TIMEOUT_MUL; a sound
 * kernel is there at once. Returns the revents, 0 on time-out: then the
 * caller's own assertion says what did not arrive.
 */
static inline short sock_wait(int fd, short events)
{
	long long deadline = task_wait_now_ms() + 10000 * tst_timeout_mul();
	struct pollfd pfd = { .fd = fd, .events = events };
	long long left;
	int ret;

	for (;;) {
		left = deadline - task_wait_now_ms();
		if (left < 0)
			left = 0;
		ret = poll(&pfd, 1, (int)left);
		if (ret > 0)
			return pfd.revents;
		if (!ret)
			return 0;
		if (errno != EINTR)
			tst_brk(TBROK | TERRNO, "poll(fd %d)", fd);
	}
}

/*
 * Keep the calling task on the CPU it runs on now. Packets it sends then
 * all go through that one CPU's backlog, which is processed in order:
 * what it sent first is delivered (or dropped) first. Without this, a
 * task moved to another CPU between two sends may see the second one
 * delivered before the first.
 */
static inline void sock_pin_cpu(void)
{
	pin_to_current_cpu();
}

/*
 * After sock_pin_cpu(): return once every packet the task sent over
 * loopback before has been delivered to its socket (or dropped). A marker
 * datagram sent now is behind all of them on the CPU's backlog, so when
 * it has arrived they have too.
 */
static inline void sock_loopback_settle(void)
{
	struct sockaddr_in addr;
	int rx = bound4(SOCK_DGRAM, &addr);
	int tx = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);

	if (sendto(tx, "", 0, 0, (struct sockaddr *)&addr, sizeof(addr)))
		tst_brk(TBROK | TERRNO, "sendto(marker)");
	if (!(sock_wait(rx, POLLIN) & POLLIN))
		tst_brk(TBROK, "a datagram over loopback did not arrive in "
			"%.0f s", 10 * tst_timeout_mul());
	SAFE_CLOSE(tx);
	SAFE_CLOSE(rx);
}

#endif /* SOCKET_HELPERS_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2021-26708: with several vsock transports loaded, connect() may move
 * a socket to another transport, which frees the old transport's
 * per-socket data. setsockopt(SO_VM_SOCKETS_BUFFER_SIZE) read
 * vsk->transport before it took the socket lock and then called that
 * transport's notify_buffer_size() on data a concurrent connect() had
 * freed meanwhile: a use-after-free write. Fixed by c518adafa39f ("vsock:
 * fix the race conditions in multi-transport support"): the transport is
 * read, and used, under lock_sock().
 *
 * Needs the loopback transport (vsock_loopback: VMADDR_CID_LOCAL) and the
 * host-to-guest one (vhost_vsock: any CID above VMADDR_CID_HOST), loaded
 * with modprobe (root). Asserted:
 *  - SO_VM_SOCKETS_BUFFER_SIZE is clamped to the socket's minimum and
 *    maximum (read back with getsockopt()), lowering the maximum below
 *    the size lowers the size, and an option shorter than 8 bytes is
 *    EINVAL;
 *  - a size set on the loopback transport is kept when connect() moves
 *    the socket to the vhost transport;
 *  - the race, for 2 s times LTP_TIMEOUT_MUL: one thread sets the buffer
 *    size (two values in turn) while the main thread connects the same
 *    socket, with a connect timeout of one tick, to an unused loopback
 *    port (it must fail with ECONNRESET or ETIMEDOUT: nothing listens)
 *    and to CID 42 (the vhost transport, no such guest: ENODEV),
 *    switching transports each time; every setsockopt() must
 *    succeed and the size read back at the end must be one of the two;
 *  - the kernel gets no new W or D taint (the use-after-free corrupts
 *    freed memory: an oops or a warning follows, or KASAN reports it).
 */
#include <pthread.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <linux/vm_sockets.h>
#include "tst_test.h"

#define CID_ELSEWHERE	42
#define SIZE_A		0x4140ULL
#define SIZE_B		0x4141ULL

static int sk = -1;
static volatile int stop;
static volatile long racer_calls, racer_errno;

static int vsock_connect(int fd, unsigned int cid, unsigned int port)
{
	struct sockaddr_vm sa = {
		.svm_family = AF_VSOCK,
		.svm_cid = cid,
		.svm_port = port,
	};

	return connect(fd, (struct sockaddr *)&sa, sizeof(sa));
}

static int set_u64(int fd, int opt, uint64_t val)
{
	return setsockopt(fd, AF_VSOCK, opt, &val, sizeof(val));
}

static uint64_t get_u64(int fd, int opt, const char *name)
{
	uint64_t val = 0;
	socklen_t len = sizeof(val);

	if (getsockopt(fd, AF_VSOCK, opt, &val, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(%s)", name);
	if (len != sizeof(val))
		tst_brk(TBROK, "getsockopt(%s) returned %u bytes", name, len);
	return val;
}

#define GET(fd, opt) get_u64(fd, opt, #opt)

static void *racer(void *arg)
{
	long n = 0;

	(void)arg;
	while (!stop) {
		if (set_u64(sk, SO_VM_SOCKETS_BUFFER_SIZE,
			    n & 1 ? SIZE_B : SIZE_A)) {
			racer_errno = errno;
			break;
		}
		n++;
	}
	racer_calls = n;
	return NULL;
}

static void clamping(void)
{
	int fd = SAFE_SOCKET(AF_VSOCK, SOCK_STREAM, 0);
	uint64_t min = GET(fd, SO_VM_SOCKETS_BUFFER_MIN_SIZE);
	uint64_t max = GET(fd, SO_VM_SOCKETS_BUFFER_MAX_SIZE);
	uint32_t small = 4096;

	tst_res(TINFO, "buffer size %llu, min %llu, max %llu",
		(unsigned long long)GET(fd, SO_VM_SOCKETS_BUFFER_SIZE),
		(unsigned long long)min, (unsigned long long)max);

	TST_EXP_PASS(set_u64(fd, SO_VM_SOCKETS_BUFFER_SIZE, max + 1),
		     "SO_VM_SOCKETS_BUFFER_SIZE max + 1");
	TST_EXP_EQ_LI(GET(fd, SO_VM_SOCKETS_BUFFER_SIZE), max);
	TST_EXP_PASS(set_u64(fd, SO_VM_SOCKETS_BUFFER_SIZE, min ? min - 1 : 0),
		     "SO_VM_SOCKETS_BUFFER_SIZE min - 1");
	TST_EXP_EQ_LI(GET(fd, SO_VM_SOCKETS_BUFFER_SIZE), min);

	TST_EXP_PASS(set_u64(fd, SO_VM_SOCKETS_BUFFER_SIZE, SIZE_B),
		     "SO_VM_SOCKETS_BUFFER_SIZE %llu", SIZE_B);
	TST_EXP_PASS(set_u64(fd, SO_VM_SOCKETS_BUFFER_MAX_SIZE, SIZE_A),
		     "SO_VM_SOCKETS_BUFFER_MAX_SIZE %llu", SIZE_A);
	TST_EXP_EQ_LI(GET(fd, SO_VM_SOCKETS_BUFFER_SIZE), SIZE_A);

	TST_EXP_FAIL(setsockopt(fd, AF_VSOCK, SO_VM_SOCKETS_BUFFER_SIZE,
				&small, sizeof(small)), EINVAL,
		     "SO_VM_SOCKETS_BUFFER_SIZE with a 4-byte option");
	SAFE_CLOSE(fd);
}

/*
 * connect() to a port where nothing listens must fail: on the loopback
 * with the reset the peer sends (ECONNRESET) or, with the one-tick
 * timeout, ETIMEDOUT; through vhost with ENODEV (no guest of that CID).
 */
static int connect_fails(unsigned int cid, int *err)
{
	if (!vsock_connect(sk, cid, 1)) {
		tst_res(TFAIL, "connect() to CID %u port 1 succeeded", cid);
		return 0;
	}
	*err = errno;
	if (cid == VMADDR_CID_LOCAL ? errno == ECONNRESET || errno == ETIMEDOUT
				    : errno == ENODEV)
		return 1;
	tst_res(TFAIL | TERRNO, "connect() to CID %u port 1", cid);
	return 0;
}

static void race(void)
{
	long long end = tst_mono_ms() + 2000 * tst_timeout_mul();
	long rounds = 0;
	const struct timeval tick = { .tv_usec = 1 };
	int err_local = 0, err_else = 0, ret;
	uint64_t last;
	pthread_t thr;

	sk = SAFE_SOCKET(AF_VSOCK, SOCK_STREAM, 0);
	/* a reset the racer keeps off the socket lock must not cost 2 s */
	if (setsockopt(sk, AF_VSOCK, SO_VM_SOCKETS_CONNECT_TIMEOUT, &tick,
		       sizeof(tick)))
		tst_brk(TBROK | TERRNO, "SO_VM_SOCKETS_CONNECT_TIMEOUT");

	/* kept across a transport change */
	TST_EXP_PASS(set_u64(sk, SO_VM_SOCKETS_BUFFER_SIZE, SIZE_B),
		     "SO_VM_SOCKETS_BUFFER_SIZE %llu", SIZE_B);
	if (!connect_fails(VMADDR_CID_LOCAL, &err_local))
		goto out;
	if (!connect_fails(CID_ELSEWHERE, &err_else))
		goto out;
	tst_res(TINFO, "connect(): loopback %s, CID %d %s",
		tst_strerrno(err_local), CID_ELSEWHERE, tst_strerrno(err_else));
	TST_EXP_EQ_LI(GET(sk, SO_VM_SOCKETS_BUFFER_SIZE), SIZE_B);

	stop = 0;
	ret = pthread_create(&thr, NULL, racer, NULL);
	if (ret)
		tst_brk(TBROK, "pthread_create: %s", tst_strerrno(ret));
	while (tst_mono_ms() < end) {
		if (!connect_fails(VMADDR_CID_LOCAL, &err_local) ||
		    !connect_fails(CID_ELSEWHERE, &err_else))
			break;
		rounds++;
	}
	stop = 1;
	pthread_join(thr, NULL);

	if (racer_errno)
		tst_res(TFAIL, "setsockopt(SO_VM_SOCKETS_BUFFER_SIZE) in the "
			"racing thread failed: %s", tst_strerrno(racer_errno));
	else if (!racer_calls || !rounds)
		tst_res(TBROK, "no race ran: %ld setsockopt() calls, %ld pairs "
			"of connect() calls", racer_calls, rounds);
	else
		tst_res(TPASS, "%ld setsockopt() calls raced %ld pairs of "
			"transport-changing connect() calls", racer_calls,
			rounds);

	last = GET(sk, SO_VM_SOCKETS_BUFFER_SIZE);
	if (last == SIZE_A || last == SIZE_B)
		tst_res(TPASS, "buffer size after the race is %llu",
			(unsigned long long)last);
	else
		tst_res(TFAIL, "buffer size after the race is %llu, "
			"neither value set", (unsigned long long)last);
out:
	SAFE_CLOSE(sk);
}

static void run(void)
{
	clamping();
	race();
}

static void setup(void)
{
	const char *const modprobe[] = {
		"modprobe", "-q", "-a", "vsock_loopback", "vhost_vsock", NULL
	};
	struct sockaddr_vm sa = {
		.svm_family = AF_VSOCK,
		.svm_cid = VMADDR_CID_LOCAL,
		.svm_port = VMADDR_PORT_ANY,
	};
	int fd;

	tst_cmd(modprobe, 1);
	fd = socket(AF_VSOCK, SOCK_STREAM, 0);
	if (fd < 0 && errno == EAFNOSUPPORT)
		tst_brk(TCONF, "no AF_VSOCK (CONFIG_VSOCKETS)");
	if (fd < 0)
		tst_brk(TBROK | TERRNO, "socket(AF_VSOCK)");
	/* a local CID is only bindable with the loopback transport */
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		if (errno == EADDRNOTAVAIL)
			tst_brk(TCONF, "no vsock loopback transport "
				"(vsock_loopback not loaded)");
		tst_brk(TBROK | TERRNO, "bind(VMADDR_CID_LOCAL)");
	}
	SAFE_CLOSE(fd);
	if (access("/dev/vhost-vsock", F_OK) &&
	    access("/sys/module/vhost_vsock", F_OK))
		tst_brk(TCONF, "no host-to-guest vsock transport "
			"(vhost_vsock not loaded): no transport change");
}

static void cleanup(void)
{
	if (sk >= 0)
		SAFE_CLOSE(sk);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{ "CVE", "2021-26708" },
		{ "linux-git", "c518adafa39f" },
		{}
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cgroup v2 accounting of socket buffers and of dentries/inodes
 * (memory.stat "sock" and "slab", mm/memcontrol.c):
 *  - a TCP connection over loopback made by a process of the cgroup (the
 *    accepted socket too: inet_csk_accept() binds it to the accepting
 *    task's cgroup) with the sender filled until EAGAIN and nothing read:
 *    "sock" reaches at least the bytes queued on both ends (SIOCOUTQ of
 *    the sender plus SIOCINQ of the receiver: every queued skb is charged
 *    by its truesize, rounded up to pages), memory.current at least that
 *    much, and once both ends and the listener are closed "sock" is
 *    exactly 0 again (nothing stays charged after the sockets are gone);
 *    booted with cgroup.memory=nosocket sockets are not charged: TCONF
 *    for that part;
 *  - 2000 empty files made in a new directory by a process of the cgroup
 *    raise "slab" by at least 2000 dentries (SLAB_ACCOUNT dentry cache,
 *    192 bytes each on 64-bit) and at most one page per file; unlinking
 *    them frees their inodes: "slab" falls by at least 2000 x 256 bytes
 *    (an inode is larger than that on every filesystem).
 * memory.stat is flushed in full every 2 s (flush_memcg_stats_dwork()):
 * each value is polled until it passes, bounded by 10 s times
 * LTP_TIMEOUT_MUL.
 */
#include <sys/ioctl.h>
#include <linux/sockios.h>
#include "tst_test.h"
#include "cgroup2.h"
#include "socket_helpers.h"

#define NFILES 2000
#define DENTRY_MIN 192
#define INODE_MIN 256

static int no_sock;

static void sock_child(void)
{
	static char buf[65536];
	long long sock, cur, queued;
	int csk, ask, inq, outq;
	ssize_t ret;

	cg_enter("s");
	tcp_pair(&csk, &ask);

	memset(buf, 0x6b, sizeof(buf));
	for (;;) {
		ret = send(csk, buf, sizeof(buf), MSG_DONTWAIT);
		if (ret < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (ret < 0)
			tst_brk(TBROK | TERRNO, "send()");
	}
	if (ioctl(csk, SIOCOUTQ, &outq) || ioctl(ask, SIOCINQ, &inq))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCOUTQ/SIOCINQ)");
	queued = (long long)outq + inq;
	if (queued < 65536)
		tst_brk(TBROK, "only %lld bytes queued", queued);

	sock = cg_wait_key("s", "memory.stat", "sock", queued, LLONG_MAX);
	TST_EXP_EXPR(sock >= queued, "sock %lld >= %lld bytes queued "
		     "(sender %d, receiver %d)", sock, queued, outq, inq);
	cur = cg_read_num("s", "memory.current");
	TST_EXP_EXPR(cur >= queued, "memory.current %lld >= the %lld "
		     "bytes queued", cur, queued);

	/* the receiver's close with unread data resets the connection */
	SAFE_CLOSE(ask);
	SAFE_CLOSE(csk);
	sock = cg_wait_key("s", "memory.stat", "sock", 0, 0);
	TST_EXP_EXPR(sock == 0, "sock %lld after closing every socket, 0 "
		     "expected", sock);
	exit(0);
}

static void files_child(void)
{
	long long slab0, slab1, slab2;
	char name[64];
	int i, fd;

	cg_enter("f");
	SAFE_MKDIR("d", 0755);
	slab0 = cg_read_key("f", "memory.stat", "slab");
	for (i = 0; i < NFILES; i++) {
		snprintf(name, sizeof(name), "d/file%d", i);
		fd = SAFE_OPEN(name, O_CREAT | O_WRONLY, 0600);
		SAFE_CLOSE(fd);
	}
	slab1 = cg_wait_key("f", "memory.stat", "slab",
			    slab0 + (long long)NFILES * DENTRY_MIN,
			    slab0 + (long long)NFILES * getpagesize());
	TST_EXP_EXPR(slab1 - slab0 >= (long long)NFILES * DENTRY_MIN &&
		     slab1 - slab0 <= (long long)NFILES * getpagesize(),
		     "2000 files made: slab +%lld, [%lld, %lld] expected",
		     slab1 - slab0, (long long)NFILES * DENTRY_MIN,
		     (long long)NFILES * getpagesize());
	for (i = 0; i < NFILES; i++) {
		snprintf(name, sizeof(name), "d/file%d", i);
		SAFE_UNLINK(name);
	}
	SAFE_RMDIR("d");
	slab2 = cg_wait_key("f", "memory.stat", "slab", 0,
			    slab1 - (long long)NFILES * INODE_MIN);
	TST_EXP_EXPR(slab1 - slab2 >= (long long)NFILES * INODE_MIN,
		     "2000 files unlinked: slab -%lld, >= %lld expected",
		     slab1 - slab2, (long long)NFILES * INODE_MIN);
	exit(0);
}

static void run(void)
{
	pid_t pid;

	if (no_sock) {
		tst_res(TCONF, "cgroup.memory=nosocket: socket memory is not "
			"charged");
	} else {
		cg_mkdir("s");
		pid = SAFE_FORK();
		if (!pid)
			sock_child();
		reap_child(pid);
		cg_rmdir("s");
	}

	cg_mkdir("f");
	pid = SAFE_FORK();
	if (!pid)
		files_child();
	reap_child(pid);
	cg_rmdir("f");
}

static void setup(void)
{
	static const char *const ctrls[] = {"memory", NULL};

	if (cg_memory_off("nokmem"))
		tst_brk(TCONF, "booted with cgroup.memory=nokmem");
	no_sock = cg_memory_off("nosocket");
	require_loopback();
	cg_setup(ctrls, 1);
	cg_require_file("memory.stat", "no memory controller");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cg_cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.timeout = 120,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_MEMCG", NULL
	},
};

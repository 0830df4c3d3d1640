// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * accept() and accept4() errors on a listening AF_UNIX stream socket with
 * one connection queued:
 * - EMFILE when RLIMIT_NOFILE leaves no free descriptor: the descriptor
 *   is reserved before the connection is taken off the queue
 *   (__sys_accept4_file()), so the connection stays queued; once the
 *   limit is raised, accept() returns it and reads what its peer sent;
 * - EFAULT for an address buffer or address length pointer accept4()
 *   cannot write or read: the connection was taken and is dropped (its
 *   peer reads end of file), no descriptor is left behind (the lowest
 *   free descriptor is the same before and after).
 * Syscalls: accept, accept4
 */
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "tst_test.h"
#include "fd_checks.h"
#include "fsmeta.h"

#define SOCK_PATH "accept03.sock"

static struct sockaddr_un sun = {
	.sun_family = AF_UNIX,
	.sun_path = SOCK_PATH,
};
static int lfd = -1;
static void *bad_addr;

/* A connected client whose connection waits in lfd's queue. */
static int queue_one(int send_byte)
{
	int cfd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);

	if (connect(cfd, (struct sockaddr *)&sun, sizeof(sun)))
		tst_brk(TBROK | TERRNO, "connect(%s)", SOCK_PATH);
	if (send_byte)
		SAFE_WRITE(1, cfd, "q", 1);
	return cfd;
}

static void set_nofile(struct rlimit *rl, rlim_t cur)
{
	rl->rlim_cur = cur;
	if (setrlimit(RLIMIT_NOFILE, rl))
		tst_brk(TBROK | TERRNO, "setrlimit(RLIMIT_NOFILE, %lu)",
			(unsigned long)cur);
}

static void check_emfile(int use_accept4)
{
	const char *name = use_accept4 ? "accept4()" : "accept()";
	struct rlimit rl;
	rlim_t old;
	int cfd, afd, free_fd;
	char c = 0;

	cfd = queue_one(1);
	free_fd = lowest_free_fd();
	if (getrlimit(RLIMIT_NOFILE, &rl))
		tst_brk(TBROK | TERRNO, "getrlimit(RLIMIT_NOFILE)");
	old = rl.rlim_cur;
	set_nofile(&rl, free_fd);
	if (use_accept4)
		TST_EXP_FAIL(accept4(lfd, NULL, NULL, SOCK_CLOEXEC), EMFILE,
			     "%s with RLIMIT_NOFILE %d (table full)", name,
			     free_fd);
	else
		TST_EXP_FAIL(accept(lfd, NULL, NULL), EMFILE,
			     "%s with RLIMIT_NOFILE %d (table full)", name,
			     free_fd);
	set_nofile(&rl, free_fd + 1);

	/* Not dropped: the same connection is accepted now. */
	afd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK);
	if (afd < 0) {
		tst_res(TFAIL | TERRNO,
			"the connection queued at EMFILE is gone");
	} else {
		TST_EXP_EXPR(afd == free_fd && read(afd, &c, 1) == 1 &&
			     c == 'q',
			     "after %s EMFILE the queued connection is "
			     "accepted as fd %d with its byte", name, free_fd);
		SAFE_CLOSE(afd);
	}
	SAFE_CLOSE(cfd);
	set_nofile(&rl, old);
}

static void check_efault(int bad_len)
{
	struct sockaddr_un peer;
	socklen_t len = sizeof(peer);
	int cfd, free_fd;
	char c;

	cfd = queue_one(0);
	free_fd = lowest_free_fd();
	if (bad_len)
		TST_EXP_FAIL(accept4(lfd, (struct sockaddr *)&peer, bad_addr,
				     0), EFAULT,
			     "accept4() with an unreadable address length");
	else
		TST_EXP_FAIL(accept4(lfd, bad_addr, &len, 0), EFAULT,
			     "accept4() with an unwritable address buffer");
	TST_EXP_EQ_LI(lowest_free_fd(), free_fd);
	/*
	 * The connection was taken and released before accept4() returned
	 * (the last fput() of a syscall runs before it returns): the peer
	 * sees end of file at once.
	 */
	TST_EXP_VAL(recv(cfd, &c, 1, MSG_DONTWAIT), 0,
		    "the client reads end of file after the EFAULT");
	SAFE_CLOSE(cfd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		check_emfile(0);
		break;
	case 1:
		check_emfile(1);
		break;
	case 2:
		check_efault(0);
		break;
	case 3:
		check_efault(1);
		break;
	}
}

static void setup(void)
{
	bad_addr = fsm_bad_addr();
	lfd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (bind(lfd, (struct sockaddr *)&sun, sizeof(sun)))
		tst_brk(TBROK | TERRNO, "bind(%s)", SOCK_PATH);
	if (listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "listen()");
}

static void cleanup(void)
{
	if (lfd >= 0)
		SAFE_CLOSE(lfd);
}

static struct tst_test test = {
	.tcnt = 4,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

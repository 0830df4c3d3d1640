// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_ctl() takes every combination of the event bits EPOLLIN,
 * EPOLLOUT, EPOLLPRI, EPOLLERR, EPOLLHUP, EPOLLRDHUP, EPOLLET and
 * EPOLLONESHOT, with EPOLL_CTL_ADD and EPOLL_CTL_MOD, and keeps exactly
 * what was asked plus EPOLLERR and EPOLLHUP, with the data given (read
 * back from /proc/self/fdinfo). EPOLL_CTL_ADD of each kind of descriptor:
 * those that can be polled (pipe, socket, eventfd, timerfd, signalfd,
 * inotify, another epoll instance, pidfd, a tty-less /dev/ptmx) are
 * accepted; a regular file, a directory, /dev/null, /dev/zero, a /proc
 * file without poll and a memfd are EPERM; an O_PATH descriptor is EBADF.
 * Syscalls: epoll_ctl
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include "tst_test.h"

static int ep = -1;

/* The "events:" and "data:" of target fd in ep's fdinfo; 0 when absent. */
static int fdinfo_entry(int fd, unsigned int *events, unsigned long long *data)
{
	char path[64], line[256];
	int tfd, found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", ep);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "tfd: %d events: %x data: %llx", &tfd, events,
			   data) == 3 && tfd == fd) {
			found = 1;
			break;
		}
	}
	fclose(f);
	return found;
}

static void test_combinations(void)
{
	static const uint32_t bits[] = {
		EPOLLIN, EPOLLOUT, EPOLLPRI, EPOLLERR, EPOLLHUP, EPOLLRDHUP,
		EPOLLET, EPOLLONESHOT
	};
	unsigned int c, i, bad = 0, got;
	unsigned long long data;
	struct epoll_event ev;
	int p[2];

	SAFE_PIPE(p);
	for (c = 0; c < 1U << ARRAY_SIZE(bits); c++) {
		ev.events = 0;
		for (i = 0; i < ARRAY_SIZE(bits); i++) {
			if (c & (1U << i))
				ev.events |= bits[i];
		}
		ev.data.u64 = 0x1234500000000ULL + c;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev)) {
			tst_res(TFAIL | TERRNO, "EPOLL_CTL_ADD events %#x",
				ev.events);
			bad++;
			continue;
		}
		if (!fdinfo_entry(p[0], &got, &data) ||
		    got != (ev.events | EPOLLERR | EPOLLHUP) ||
		    data != ev.data.u64) {
			tst_res(TFAIL, "ADD %#x: fdinfo events %#x data %#llx",
				ev.events, got, data);
			bad++;
		}
		/* MOD to the complement */
		ev.events ^= EPOLLIN | EPOLLOUT | EPOLLPRI | EPOLLRDHUP |
			     EPOLLET | EPOLLONESHOT;
		ev.data.u64 = ~ev.data.u64;
		if (epoll_ctl(ep, EPOLL_CTL_MOD, p[0], &ev)) {
			tst_res(TFAIL | TERRNO, "EPOLL_CTL_MOD events %#x",
				ev.events);
			bad++;
		} else if (!fdinfo_entry(p[0], &got, &data) ||
			   got != (ev.events | EPOLLERR | EPOLLHUP) ||
			   data != ev.data.u64) {
			tst_res(TFAIL, "MOD %#x: fdinfo events %#x data %#llx",
				ev.events, got, data);
			bad++;
		}
		if (epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL))
			tst_brk(TBROK | TERRNO, "EPOLL_CTL_DEL");
		if (fdinfo_entry(p[0], &got, &data)) {
			tst_res(TFAIL, "still listed after EPOLL_CTL_DEL");
			bad++;
		}
	}
	TST_EXP_EXPR(!bad, "%u combinations added, modified and deleted, "
		     "kept as asked (%u wrong)", 1U << ARRAY_SIZE(bits), bad);
	SAFE_CLOSE(p[0]);
	SAFE_CLOSE(p[1]);
}

static void try_add(int fd, int err, const char *what)
{
	struct epoll_event ev = { .events = EPOLLIN };

	if (fd < 0)
		tst_brk(TBROK | TERRNO, "cannot make %s", what);
	if (err)
		TST_EXP_FAIL(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev), err,
			     "EPOLL_CTL_ADD of %s", what);
	else
		TST_EXP_PASS(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev),
			     "EPOLL_CTL_ADD of %s", what);
	SAFE_CLOSE(fd);
}

static void test_fd_types(void)
{
	sigset_t mask;
	int p[2], s[2], fd;

	SAFE_PIPE(p);
	SAFE_CLOSE(p[1]);
	try_add(p[0], 0, "a pipe");
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_STREAM, 0, s);
	SAFE_CLOSE(s[1]);
	try_add(s[0], 0, "a socket");
	try_add(eventfd(0, 0), 0, "an eventfd");
	try_add(timerfd_create(CLOCK_MONOTONIC, 0), 0, "a timerfd");
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	try_add(signalfd(-1, &mask, 0), 0, "a signalfd");
	try_add(inotify_init1(0), 0, "an inotify instance");
	try_add(epoll_create1(0), 0, "another epoll instance");
	try_add(syscall(__NR_pidfd_open, getpid(), 0), 0, "a pidfd");
	fd = open("/dev/ptmx", O_RDWR | O_NOCTTY);
	if (fd >= 0)
		try_add(fd, 0, "/dev/ptmx");
	else
		tst_res(TINFO | TERRNO, "no /dev/ptmx");

	fd = SAFE_OPEN("file", O_CREAT | O_RDWR, 0600);
	try_add(fd, EPERM, "a regular file");
	try_add(SAFE_OPEN(".", O_RDONLY | O_DIRECTORY), EPERM, "a directory");
	try_add(SAFE_OPEN("/dev/null", O_RDWR), EPERM, "/dev/null");
	try_add(SAFE_OPEN("/dev/zero", O_RDONLY), EPERM, "/dev/zero");
	try_add(SAFE_OPEN("/proc/self/status", O_RDONLY), EPERM,
		"/proc/self/status");
	try_add(memfd_create("ltp", 0), EPERM, "a memfd");
	try_add(SAFE_OPEN("file", O_PATH), EBADF, "an O_PATH descriptor");
}

static void run(unsigned int n)
{
	if (!n)
		test_combinations();
	else
		test_fd_types();
}

static void setup(void)
{
	ep = epoll_create1(0);
	if (ep < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
}

static void cleanup(void)
{
	if (ep >= 0)
		SAFE_CLOSE(ep);
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

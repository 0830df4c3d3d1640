// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * epoll_ctl() edits the interest list and epoll_wait() shows the effect.
 * EPOLL_CTL_ADD: a ready pipe is reported with the data given; EPOLLERR
 * and EPOLLHUP are reported even when not asked for. EPOLL_CTL_MOD: the
 * new data and events apply (events 0 silences a ready descriptor).
 * EPOLL_CTL_DEL: no more reports. A registration belongs to the open file
 * and the descriptor number: two descriptors of one file register
 * separately; closing the last descriptor of a file drops it, but while a
 * duplicate lives the registration keeps reporting. An epoll descriptor
 * can watch another one. /proc/self/fdinfo lists the registrations;
 * EPOLLWAKEUP is kept for root (with CONFIG_PM_SLEEP) and silently
 * dropped for nobody, who lacks CAP_BLOCK_SUSPEND.
 */
#include <stdio.h>
#include <sys/epoll.h>
#include "time_event.h"

#define MAGIC 0x0123456789abcdefULL

static int epfd = -1, rfd = -1, wfd = -1;

static void add(int efd, int fd, unsigned int events, uint64_t data)
{
	struct epoll_event ev = {.events = events, .data.u64 = data};

	if (epoll_ctl(efd, EPOLL_CTL_ADD, fd, &ev))
		tst_brk(TBROK | TERRNO, "epoll_ctl(ADD, %d)", fd);
}

/* epoll_wait() with timeout 0: the number of events, the first in *ev. */
static int ready(int efd, struct epoll_event *ev)
{
	struct epoll_event evs[4];
	int n;

	n = epoll_wait(efd, evs, 4, 0);
	if (n < 0)
		tst_brk(TBROK | TERRNO, "epoll_wait()");
	if (n > 0 && ev)
		*ev = evs[0];
	return n;
}

static void new_pipe(void)
{
	int fds[2];

	SAFE_PIPE(fds);
	rfd = fds[0];
	wfd = fds[1];
}

static void test_add_mod_del(void)
{
	struct epoll_event ev = {.events = EPOLLIN, .data.u64 = MAGIC};
	int n;

	new_pipe();
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_ADD, rfd, &ev),
		     "epoll_ctl(ADD, pipe, EPOLLIN)");
	TST_EXP_VAL(ready(epfd, NULL), 0, "an empty pipe is not reported");
	SAFE_WRITE(1, wfd, "x", 1);
	memset(&ev, 0, sizeof(ev));
	n = ready(epfd, &ev);
	TST_EXP_EXPR(n == 1 && ev.events == EPOLLIN &&
		     ev.data.u64 == MAGIC, "the ready pipe is reported: "
		     "events %#x, data %#llx", ev.events,
		     (unsigned long long)ev.data.u64);

	ev.events = EPOLLIN;
	ev.data.u64 = ~MAGIC;
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_MOD, rfd, &ev),
		     "epoll_ctl(MOD, new data)");
	memset(&ev, 0, sizeof(ev));
	n = ready(epfd, &ev);
	TST_EXP_EXPR(n == 1 && ev.data.u64 == ~MAGIC,
		     "reported with the new data %#llx",
		     (unsigned long long)ev.data.u64);

	ev.events = 0;
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_MOD, rfd, &ev),
		     "epoll_ctl(MOD, events 0)");
	TST_EXP_VAL(ready(epfd, NULL), 0, "a ready pipe with events 0 is "
		    "not reported");

	ev.events = EPOLLIN;
	epoll_ctl(epfd, EPOLL_CTL_MOD, rfd, &ev);
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, NULL),
		     "epoll_ctl(DEL, NULL event)");
	TST_EXP_VAL(ready(epfd, NULL), 0, "a deleted descriptor is not "
		    "reported");
	SAFE_CLOSE(rfd);
	SAFE_CLOSE(wfd);
}

static void test_hup_err(void)
{
	struct epoll_event ev;
	int n;

	new_pipe();
	add(epfd, rfd, 0, 1);
	add(epfd, wfd, 0, 2);
	SAFE_CLOSE(wfd);
	memset(&ev, 0, sizeof(ev));
	n = ready(epfd, &ev);
	TST_EXP_EXPR(n == 1 && ev.data.u64 == 1 &&
		     ev.events == EPOLLHUP, "read end of a widowed pipe: "
		     "EPOLLHUP (%#x) without asking", ev.events);
	epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, NULL);
	SAFE_CLOSE(rfd);

	new_pipe();
	add(epfd, wfd, 0, 3);
	SAFE_CLOSE(rfd);
	memset(&ev, 0, sizeof(ev));
	n = ready(epfd, &ev);
	TST_EXP_EXPR(n == 1 && ev.data.u64 == 3 &&
		     ev.events == EPOLLERR, "write end of a pipe without "
		     "reader: EPOLLERR (%#x) without asking", ev.events);
	SAFE_CLOSE(wfd);
}

static void test_close_and_dup(void)
{
	struct epoll_event ev;
	int dupfd, n;

	new_pipe();
	add(epfd, rfd, EPOLLIN, 1);
	dupfd = dup(rfd);
	if (dupfd < 0)
		tst_brk(TBROK | TERRNO, "dup()");
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_ADD, dupfd, &(struct
			epoll_event){.events = EPOLLIN, .data.u64 = 2}),
		     "epoll_ctl(ADD) of a duplicate of a registered "
		     "descriptor");
	SAFE_WRITE(1, wfd, "x", 1);
	TST_EXP_VAL(ready(epfd, NULL), 2, "both registrations report");

	SAFE_CLOSE(rfd);
	memset(&ev, 0, sizeof(ev));
	n = ready(epfd, &ev);
	TST_EXP_EXPR(n == 2, "after close(), the first "
		     "registration still reports while its file stays open");
	SAFE_CLOSE(dupfd);
	TST_EXP_VAL(ready(epfd, NULL), 0, "closing the file's last "
		    "descriptor dropped both registrations");
	SAFE_CLOSE(wfd);
}

static void test_nested(void)
{
	struct epoll_event ev;
	int inner, n;

	inner = epoll_create1(0);
	if (inner < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
	new_pipe();
	add(inner, rfd, EPOLLIN, 1);
	TST_EXP_PASS(epoll_ctl(epfd, EPOLL_CTL_ADD, inner, &(struct
			epoll_event){.events = EPOLLIN, .data.u64 = 7}),
		     "epoll_ctl(ADD, another epoll descriptor)");
	TST_EXP_VAL(ready(epfd, NULL), 0, "an idle inner instance is not "
		    "reported");
	SAFE_WRITE(1, wfd, "x", 1);
	memset(&ev, 0, sizeof(ev));
	n = ready(epfd, &ev);
	TST_EXP_EXPR(n == 1 && ev.data.u64 == 7 &&
		     (ev.events & EPOLLIN), "the inner instance is reported "
		     "readable once it has an event");
	epoll_ctl(epfd, EPOLL_CTL_DEL, inner, NULL);
	SAFE_CLOSE(inner);
	SAFE_CLOSE(rfd);
	SAFE_CLOSE(wfd);
}

/* The events mask fdinfo shows for target descriptor tfd, or -1. */
static long fdinfo_events(int efd, int tfd)
{
	char path[64], line[256];
	unsigned int events;
	long found = -1;
	int fd;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", efd);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "tfd: %d events: %x", &fd, &events) == 2 &&
		    fd == tfd)
			found = events;
	}
	fclose(f);
	return found;
}

static void wakeup_as_nobody(void)
{
	int efd = epoll_create1(0);
	long events;

	add(efd, rfd, EPOLLIN | EPOLLWAKEUP, 1);
	events = fdinfo_events(efd, rfd);
	TST_EXP_EXPR(events >= 0 && !(events & EPOLLWAKEUP) &&
		     (events & EPOLLIN), "as nobody, EPOLLWAKEUP dropped "
		     "(fdinfo events %#lx)", events);
}

static void test_fdinfo_wakeup(void)
{
	long events;
	int pm_sleep = tst_kconfig_check("CONFIG_PM_SLEEP=y");

	new_pipe();
	add(epfd, rfd, EPOLLIN | EPOLLWAKEUP, 1);
	events = fdinfo_events(epfd, rfd);
	TST_EXP_EXPR(events >= 0 && (events & EPOLLIN),
		     "fdinfo lists the registration (events %#lx)", events);
	if (geteuid() || pm_sleep < 0)
		tst_res(TCONF, "EPOLLWAKEUP for root not checked (%s)",
			geteuid() ? "not root" : "kernel config unknown");
	else if (pm_sleep)
		TST_EXP_EXPR(events & EPOLLWAKEUP, "root keeps EPOLLWAKEUP");
	else
		TST_EXP_EXPR(!(events & EPOLLWAKEUP), "without CONFIG_PM_SLEEP "
			     "EPOLLWAKEUP is dropped, also for root");
	epoll_ctl(epfd, EPOLL_CTL_DEL, rfd, NULL);
	tev_as_nobody(wakeup_as_nobody);
	SAFE_CLOSE(rfd);
	SAFE_CLOSE(wfd);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_add_mod_del();
		break;
	case 1:
		test_hup_err();
		break;
	case 2:
		test_close_and_dup();
		break;
	case 3:
		test_nested();
		break;
	case 4:
		test_fdinfo_wakeup();
		break;
	}
}

static void setup(void)
{
	epfd = epoll_create1(0);
	if (epfd < 0)
		tst_brk(TBROK | TERRNO, "epoll_create1()");
}

static void cleanup(void)
{
	if (epfd >= 0)
		SAFE_CLOSE(epfd);
}

static struct tst_test test = {
	.tcnt = 5,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
};

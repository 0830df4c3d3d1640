// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aio_cancel(): asynchronous notification occurs for the requests that
 * are successfully cancelled. Three pipe reads pend, each asking for
 * SIGRTMIN with its own sigev_value (blocked, so it stays pending); the
 * first is surely running (its worker sleeps in read()). After
 * aio_cancel(fd, NULL) each cancelled request's signal arrives with
 * SI_ASYNCIO and its value; those not cancelled signal only once they
 * complete with data.
 */
#include "pts_aiopend.h"
#include "pts_sigkit.h"

static struct aiocb cb[3];
static char buf[3];

/* take one SIGRTMIN within the bound; its si_value.sival_int, -1 if none */
static int take(long long ns)
{
	struct timespec to = pts_ns_ts(ns);
	siginfo_t si;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	if (sigtimedwait(&set, &si, &to) != SIGRTMIN)
		return -1;
	if (si.si_code != SI_ASYNCIO)
		PTS_FAILED("si_code %d, not SI_ASYNCIO", si.si_code);
	return si.si_value.sival_int;
}

int main(void)
{
	int p[2], i, v, canc = 0, seen[3] = { 0 };

	pts_mask1(SIG_BLOCK, SIGRTMIN);
	if (pipe(p))
		PTS_UNRES("pipe(): %m");
	for (i = 0; i < 3; i++) {
		memset(&cb[i], 0, sizeof(cb[i]));
		cb[i].aio_fildes = p[0];
		cb[i].aio_buf = &buf[i];
		cb[i].aio_nbytes = 1;
		cb[i].aio_sigevent.sigev_notify = SIGEV_SIGNAL;
		cb[i].aio_sigevent.sigev_signo = SIGRTMIN;
		cb[i].aio_sigevent.sigev_value.sival_int = 100 + i;
		if (aio_read(&cb[i]))
			PTS_UNRES("aio_read(): %m");
	}
	pts_aio_worker_in(SYS_read);
	aio_cancel(p[0], NULL);
	for (i = 0; i < 3; i++)
		canc += aio_error(&cb[i]) == ECANCELED;
	printf("%d of 3 cancelled\n", canc);
	for (i = 0; i < canc; i++) {
		v = take(pts_bound_ns(30));
		if (v < 100 || v > 102 || aio_error(&cb[v - 100]) != ECANCELED ||
		    seen[v - 100]++)
			PTS_FAILED("cancelled request %d: signal value %d", i, v);
	}
	if (canc < 3 && take(0) != -1)
		PTS_FAILED("a request not cancelled signalled before completing");
	if (write(p[1], "xyz", 3 - canc) != 3 - canc)
		PTS_UNRES("write(): %m");
	for (i = 0; i < 3 - canc; i++) {
		v = take(pts_bound_ns(30));
		if (v < 100 || v > 102 || seen[v - 100]++ ||
		    aio_error(&cb[v - 100]) || aio_return(&cb[v - 100]) != 1)
			PTS_FAILED("completed request: signal value %d", v);
	}
	PTS_PASSED("each cancelled request signalled with its value; the rest on completion");
}

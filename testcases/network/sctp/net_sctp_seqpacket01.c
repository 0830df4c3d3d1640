// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One-to-many SCTP (SOCK_SEQPACKET) server on the remote host, one-to-one
 * clients on the local host, over IPv4 and over IPv6:
 * - three clients connect: the server reads one SCTP_ASSOC_CHANGE
 *   SCTP_COMM_UP per association, three distinct sac_assoc_id;
 * - each client sends its own message: the server gets each with the
 *   rcv_assoc_id of that client's association (SCTP_RCVINFO) and the
 *   client's address and port in msg_name; a reply sent by assoc id only
 *   (SCTP_SNDINFO snd_assoc_id, no address) reaches that client alone;
 * - peel-off (getsockopt SCTP_SOCKOPT_PEELOFF) of the first association
 *   gives a one-to-one style socket (a peel-off from it is EINVAL) whose
 *   peer is the first client: the first
 *   client's next message arrives there, and the second client's on the
 *   server socket, which holds nothing else; the peeled socket's reply
 *   reaches the first client; a second peel-off of the same id is
 *   EINVAL (it is no longer on the server socket);
 * - SCTP_AUTOCLOSE of 1 s (read back) closes an association made after
 *   it once idle: SCTP_ASSOC_CHANGE SCTP_SHUTDOWN_COMP for it no sooner
 *   than 1 s after its last message was sent, the client reads EOF, and the
 *   associations made before are still SCTP_ESTABLISHED.
 */
#include <stdlib.h>
#include <time.h>
#include "sctp_common.h"

#define NCLI 3
#define BUFLEN 4096

static char buf[BUFLEN];

struct srv_note {
	int n;
	sctp_assoc_t id[8];
	int state[8];
};

/*
 * The server's next data message (notifications on the way are stored
 * in nt): its length, *m filled.
 */
static ssize_t srv_read(int fd, struct sctp_msg *m, struct srv_note *nt,
			int want_data)
{
	for (;;) {
		ssize_t n = sctp_recv(fd, buf, sizeof(buf) - 1, m);
		union sctp_notification *sn = (union sctp_notification *)buf;

		if (n < 0)
			tst_brk(TBROK | TERRNO, "recvmsg(server)");
		if (!(m->flags & MSG_EOR))
			tst_brk(TBROK, "server: a message in pieces");
		if (!(m->flags & MSG_NOTIFICATION)) {
			buf[n] = 0;
			if (!want_data)
				tst_res(TFAIL, "server: unexpected data '%s'",
					buf);
			return n;
		}
		if (sn->sn_header.sn_type == SCTP_ASSOC_CHANGE &&
		    nt->n < 8) {
			nt->id[nt->n] = sn->sn_assoc_change.sac_assoc_id;
			nt->state[nt->n++] = sn->sn_assoc_change.sac_state;
		}
		if (!want_data)
			return 0;
	}
}

static int same_addr(const struct sockaddr_storage *a,
		     const struct sockaddr_storage *b)
{
	return a->ss_family == b->ss_family &&
	       net_port(a) == net_port(b) &&
	       !memcmp(net_rawaddr((struct sockaddr_storage *)a),
		       net_rawaddr((struct sockaddr_storage *)b),
		       a->ss_family == AF_INET ? 4 : 16);
}

static int cli_read(int fd, const char *want, const char *who)
{
	struct sctp_msg m;
	ssize_t n = sctp_recv(fd, buf, sizeof(buf) - 1, &m);

	if (n < 0)
		tst_brk(TBROK | TERRNO, "recvmsg(%s)", who);
	buf[n] = 0;
	if (strcmp(buf, want) || !(m.flags & MSG_EOR)) {
		tst_res(TFAIL, "%s read '%s' (flags 0x%x), expected '%s'",
			who, buf, m.flags, want);
		return 0;
	}
	return 1;
}

static void say(int fd, const char *s, sctp_assoc_t id)
{
	if (sctp_send(fd, s, strlen(s), 0, 0, 0, id, NULL, MSG_NOSIGNAL) !=
	    (ssize_t)strlen(s))
		tst_brk(TBROK | TERRNO, "sendmsg('%s')", s);
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

static void run(unsigned int n)
{
	int family = n ? AF_INET6 : AF_INET;
	struct sockaddr_storage ss, cli_addr[NCLI + 1], tmp;
	struct srv_note nt = { 0 };
	sctp_assoc_t cli_id[NCLI + 1];
	struct sctp_msg m;
	struct sctp_status st;
	sctp_peeloff_arg_t po;
	socklen_t len;
	int sfd, cfd[NCLI + 1], pfd, i, j, ok, err;
	unsigned int ac;
	struct timespec t0;
	long el;
	char s[64];

	tst_res(TINFO, "%s", n ? "IPv6" : "IPv4");
	sfd = sctp_bound(NET_B, family, SOCK_SEQPACKET, &ss);
	sctp_event_on(sfd, SCTP_ASSOC_CHANGE);
	sctp_rcvinfo_on(sfd);
	if (listen(sfd, 8))
		tst_brk(TBROK | TERRNO, "listen(SEQPACKET)");

	for (i = 0; i < NCLI; i++) {
		cfd[i] = sctp_socket(NET_A, family, SOCK_STREAM);
		err = sctp_connect(cfd[i], &ss);
		if (err) {
			errno = err;
			tst_brk(TBROK | TERRNO, "connect(client %d)", i);
		}
		len = sizeof(cli_addr[i]);
		if (getsockname(cfd[i], (struct sockaddr *)&cli_addr[i], &len))
			tst_brk(TBROK | TERRNO, "getsockname()");
	}
	while (nt.n < NCLI)
		srv_read(sfd, &m, &nt, 0);
	ok = 1;
	for (i = 0; i < NCLI; i++) {
		if (nt.state[i] != SCTP_COMM_UP)
			ok = 0;
		for (j = 0; j < i; j++)
			if (nt.id[i] == nt.id[j])
				ok = 0;
	}
	if (ok)
		tst_res(TPASS, "server: %d SCTP_COMM_UP with distinct assoc ids",
			NCLI);
	else
		tst_res(TFAIL, "server: COMM_UP notifications wrong (states %d %d %d ids %d %d %d)",
			nt.state[0], nt.state[1], nt.state[2], nt.id[0],
			nt.id[1], nt.id[2]);

	/* each client says who it is: the server learns its assoc id */
	ok = 1;
	for (i = 0; i < NCLI; i++) {
		snprintf(s, sizeof(s), "client %d", i);
		say(cfd[i], s, 0);
		srv_read(sfd, &m, &nt, 1);
		cli_id[i] = m.ri.rcv_assoc_id;
		if (strcmp(buf, s) || !m.has_rcvinfo ||
		    !same_addr(&m.from, &cli_addr[i])) {
			tst_res(TFAIL, "server: got '%s' (rcvinfo %d, port %u), expected '%s' from port %u",
				buf, m.has_rcvinfo, net_port(&m.from), s,
				net_port(&cli_addr[i]));
			ok = 0;
		}
		for (j = 0; j < NCLI && nt.id[j] != cli_id[i]; j++)
			;
		if (j == NCLI) {
			tst_res(TFAIL, "server: rcv_assoc_id %d of no COMM_UP",
				cli_id[i]);
			ok = 0;
		}
		for (j = 0; j < i; j++)
			if (cli_id[j] == cli_id[i])
				ok = 0;
	}
	if (ok)
		tst_res(TPASS, "server: each message with its client's assoc id and address");

	for (i = NCLI - 1; i >= 0; i--) {
		snprintf(s, sizeof(s), "reply %d", i);
		say(sfd, s, cli_id[i]);
	}
	ok = 1;
	for (i = 0; i < NCLI; i++) {
		snprintf(s, sizeof(s), "reply %d", i);
		ok &= cli_read(cfd[i], s, "client");
	}
	if (ok)
		tst_res(TPASS, "replies sent by assoc id reached their clients");

	/* peel off the first association */
	net_enter(NET_B);
	memset(&po, 0, sizeof(po));
	po.associd = cli_id[0];
	len = sizeof(po);
	/* the kernel returns the new descriptor, also put in po.sd */
	pfd = getsockopt(sfd, IPPROTO_SCTP, SCTP_SOCKOPT_PEELOFF, &po, &len);
	if (pfd < 0)
		tst_brk(TBROK | TERRNO, "SCTP_SOCKOPT_PEELOFF");
	if (pfd != po.sd)
		tst_res(TFAIL, "SCTP_SOCKOPT_PEELOFF returned %d, sd %d", pfd,
			po.sd);
	/* one-to-one style: nothing can be peeled off it again */
	len = sizeof(po);
	TST_EXP_FAIL(getsockopt(pfd, IPPROTO_SCTP, SCTP_SOCKOPT_PEELOFF, &po,
				&len), EINVAL, "peel-off from the peeled socket");
	len = sizeof(tmp);
	if (getpeername(pfd, (struct sockaddr *)&tmp, &len) ||
	    !same_addr(&tmp, &cli_addr[0]))
		tst_res(TFAIL | TERRNO, "peeled socket: peer is not client 0");
	else
		tst_res(TPASS, "peeled socket: one-to-one, peer client 0");
	say(cfd[0], "to the peeled socket", 0);
	if (cli_read(pfd, "to the peeled socket", "peeled socket"))
		tst_res(TPASS, "client 0's message on the peeled socket");
	say(cfd[1], "still one-to-many", 0);
	srv_read(sfd, &m, &nt, 1);
	if (strcmp(buf, "still one-to-many") || m.ri.rcv_assoc_id != cli_id[1])
		tst_res(TFAIL, "server socket: '%s' assoc %d", buf,
			m.ri.rcv_assoc_id);
	else
		tst_res(TPASS, "client 1's message on the server socket");
	if (recv(sfd, buf, sizeof(buf), MSG_DONTWAIT) >= 0 || errno != EAGAIN)
		tst_res(TFAIL | TERRNO, "server socket holds more");
	say(pfd, "from the peeled socket", 0);
	if (cli_read(cfd[0], "from the peeled socket", "client 0"))
		tst_res(TPASS, "the peeled socket's reply reached client 0");
	net_enter(NET_B);
	po.associd = cli_id[0];
	len = sizeof(po);
	TST_EXP_FAIL(getsockopt(sfd, IPPROTO_SCTP, SCTP_SOCKOPT_PEELOFF, &po,
				&len), EINVAL, "peel-off of the peeled assoc id");

	/* autoclose: only for associations made after it is set */
	ac = 1;
	sctp_setopt(sfd, SCTP_AUTOCLOSE, &ac, sizeof(ac), "SCTP_AUTOCLOSE");
	ac = 0;
	len = sizeof(ac);
	if (getsockopt(sfd, IPPROTO_SCTP, SCTP_AUTOCLOSE, &ac, &len))
		tst_brk(TBROK | TERRNO, "getsockopt(SCTP_AUTOCLOSE)");
	NET_EXP_EQ(ac, 1, "SCTP_AUTOCLOSE read back");
	cfd[NCLI] = sctp_socket(NET_A, family, SOCK_STREAM);
	err = sctp_connect(cfd[NCLI], &ss);
	if (err) {
		errno = err;
		tst_brk(TBROK | TERRNO, "connect(client %d)", NCLI);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	say(cfd[NCLI], "idle soon", 0);
	srv_read(sfd, &m, &nt, 1);
	cli_id[NCLI] = m.ri.rcv_assoc_id;
	nt.n = 0;
	while (!nt.n)
		srv_read(sfd, &m, &nt, 0);
	el = ms_since(&t0);
	if (nt.id[0] != cli_id[NCLI] || nt.state[0] != SCTP_SHUTDOWN_COMP)
		tst_res(TFAIL, "server: ASSOC_CHANGE state %d for assoc %d, expected SHUTDOWN_COMP for %d",
			nt.state[0], nt.id[0], cli_id[NCLI]);
	else if (el < 950)
		tst_res(TFAIL, "autoclose after %ld ms, before 1 s", el);
	else
		tst_res(TPASS, "autoclose: SHUTDOWN_COMP of the idle association after %ld ms",
			el);
	ok = 1;
	while (ok) {
		ssize_t r = sctp_recv(cfd[NCLI], buf, sizeof(buf), &m);

		if (r < 0)
			tst_brk(TBROK | TERRNO, "recvmsg(client %d)", NCLI);
		if (!r)
			break;
		if (!(m.flags & MSG_NOTIFICATION)) {
			tst_res(TFAIL, "autoclosed client: data");
			ok = 0;
		}
	}
	if (ok)
		tst_res(TPASS, "the autoclosed client reads EOF");
	for (i = 1; i < NCLI; i++) {
		net_enter(NET_B);
		sctp_get_status(sfd, cli_id[i], &st);
		snprintf(s, sizeof(s), "client %d's association, older than autoclose: state", i);
		NET_EXP_EQ(st.sstat_state, SCTP_ESTABLISHED, s);
	}

	for (i = 0; i <= NCLI; i++)
		close(cfd[i]);
	close(pfd);
	close(sfd);
}

static void setup(void)
{
	net_hosts_setup();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.needs_root = 1,
	.timeout = 120,
};

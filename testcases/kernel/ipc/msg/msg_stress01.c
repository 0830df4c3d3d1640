// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * System V message queues between two processes: type selection and
 * content integrity under load.
 *
 * A sender process sends 300 batches of 1 to 32 messages of random types
 * (1..6) and random sizes (0..2048 bytes), each byte derived from the
 * batch, the message and the offset, then pings the receiver on a second
 * queue and waits for its pong. The receiver regenerates each batch from
 * the same seed, keeps a model of the queue, and drains it with a random
 * mix of msgrcv() selections, all with IPC_NOWAIT: msgtyp 0 (the first
 * message), msgtyp > 0 (the first of that type), msgtyp < 0 (the first of
 * the lowest type <= |msgtyp|), MSG_EXCEPT (the first of another type), a
 * buffer too small without MSG_NOERROR (E2BIG, the message stays) and
 * with it (truncated, the message is taken). Every call must return the
 * message the model predicts (type, size, every byte), or ENOMSG exactly
 * when the model has no match. At the end the queue is empty.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/random.h>
#include <sys/wait.h>
#include "tst_test.h"

#define BATCHES		300
#define MAX_BATCH	32
#define NTYPES		6
#define MAX_SIZE	2048
#define PING		1
#define PONG		2

struct msgbuf_big {
	long mtype;
	char mtext[MAX_SIZE];
};

struct msg_model {
	long type;
	size_t size;
	unsigned int idx;	/* index in the batch */
};

static int q = -1, ctl = -1;
static unsigned int seed;
static unsigned int counts[6];

static const char *const mode_names[] = {
	"msgtyp 0", "msgtyp > 0", "msgtyp < 0", "MSG_EXCEPT",
	"small buffer", "MSG_NOERROR"
};

static uint64_t rng;

static uint32_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (rng * 2685821657736338717ULL) >> 32;
}

static char byte_of(unsigned int batch, unsigned int idx, size_t off)
{
	return (char)(batch * 131 + idx * 31 + off * 7 + (off >> 8) + seed);
}

/* The batch from (seed, batch): the same in both processes. */
static unsigned int make_batch(unsigned int batch, struct msg_model *m,
			       size_t qbytes)
{
	unsigned int n, i;
	size_t total = 0;

	rng = ((uint64_t)seed << 32 | batch) * 2 + 1;
	n = 1 + rnd() % MAX_BATCH;
	for (i = 0; i < n; i++) {
		m[i].type = 1 + rnd() % NTYPES;
		m[i].size = rnd() % (MAX_SIZE + 1);
		m[i].idx = i;
		if (total + m[i].size > qbytes || i + 1 > qbytes)
			break;
		total += m[i].size;
	}
	return i;
}

static void ctl_send(long type)
{
	struct { long mtype; char c; } m = { type, 0 };

	if (msgsnd(ctl, &m, 1, 0))
		tst_brk(TBROK | TERRNO, "msgsnd() on the control queue");
}

static void ctl_recv(long type)
{
	struct { long mtype; char c; } m;

	if (msgrcv(ctl, &m, 1, type, 0) != 1)
		tst_brk(TBROK | TERRNO, "msgrcv() on the control queue");
}

static void sender(size_t qbytes)
{
	static struct msg_model m[MAX_BATCH];
	static struct msgbuf_big buf;
	unsigned int b, i, n;
	size_t k;

	for (b = 0; b < BATCHES; b++) {
		n = make_batch(b, m, qbytes);
		for (i = 0; i < n; i++) {
			buf.mtype = m[i].type;
			for (k = 0; k < m[i].size; k++)
				buf.mtext[k] = byte_of(b, i, k);
			if (msgsnd(q, &buf, m[i].size, 0))
				tst_brk(TBROK | TERRNO, "msgsnd(type %ld, %zu)",
					m[i].type, m[i].size);
		}
		ctl_send(PING);
		ctl_recv(PONG);
	}
	exit(0);
}

/* Index in the model of the message msgrcv(typ, flags) must take, or -1. */
static int expect(const struct msg_model *m, unsigned int n, long typ,
		  int except)
{
	unsigned int i;
	int best = -1;

	for (i = 0; i < n; i++) {
		if (except) {
			if (m[i].type != typ)
				return i;
		} else if (!typ || m[i].type == typ) {
			return i;
		} else if (typ < 0 && m[i].type <= -typ &&
			   (best < 0 || m[i].type < m[best].type)) {
			best = i;
		}
	}
	return best;
}

static void check_content(unsigned int b, const struct msg_model *e,
			  const struct msgbuf_big *buf, ssize_t got,
			  size_t want, const char *what)
{
	size_t k;

	if (got < 0)
		tst_brk(TFAIL | TERRNO, "batch %u: %s: msgrcv() failed, "
			"expected message %u (type %ld, %zu bytes)", b, what,
			e->idx, e->type, e->size);
	if ((size_t)got != want || buf->mtype != e->type)
		tst_brk(TFAIL, "batch %u: %s: got type %ld, %zd bytes; "
			"expected message %u: type %ld, %zu bytes", b, what,
			buf->mtype, got, e->idx, e->type, want);
	for (k = 0; k < want; k++) {
		if (buf->mtext[k] != byte_of(b, e->idx, k))
			tst_brk(TFAIL, "batch %u: %s: message %u byte %zu is "
				"0x%02x, expected 0x%02x", b, what, e->idx, k,
				(unsigned char)buf->mtext[k],
				(unsigned char)byte_of(b, e->idx, k));
	}
}

static void receive_batch(unsigned int b, size_t qbytes)
{
	static struct msg_model m[MAX_BATCH];
	static struct msgbuf_big buf;
	unsigned int n, mode, steps = 0;
	char what[64];
	long typ;
	size_t bufsz;
	ssize_t got;
	int i;

	n = make_batch(b, m, qbytes);
	/* the receiver's own choices: another stream than the batch's */
	rng = ((uint64_t)~seed << 32 | b) * 2 + 1;
	while (n) {
		mode = steps++ < 4 * MAX_BATCH ? rnd() % 6 : 0;
		typ = 0;
		if (mode == 1 || mode == 3)
			typ = 1 + rnd() % (NTYPES + 1);
		if (mode == 2)
			typ = -(long)(1 + rnd() % NTYPES);
		i = expect(m, n, typ, mode == 3);
		bufsz = MAX_SIZE;
		if (mode >= 4)
			bufsz = i >= 0 && m[i].size ? rnd() % m[i].size : 0;
		snprintf(what, sizeof(what), "%s %ld, buffer %zu",
			 mode_names[mode], typ, bufsz);
		got = msgrcv(q, &buf, bufsz, typ, IPC_NOWAIT |
			     (mode == 3 ? MSG_EXCEPT : 0) |
			     (mode == 5 ? MSG_NOERROR : 0));
		counts[mode]++;
		if (i < 0) {
			if (got >= 0)
				tst_brk(TFAIL, "batch %u: %s: got type %ld, "
					"expected ENOMSG", b, what, buf.mtype);
			if (errno != ENOMSG)
				tst_brk(TFAIL | TERRNO, "batch %u: %s: expected"
					" ENOMSG", b, what);
			continue;
		}
		if (mode == 4 && bufsz < m[i].size) {
			if (got >= 0 || errno != E2BIG)
				tst_brk(TFAIL | TERRNO, "batch %u: %s: returned"
					" %zd for message %u of %zu bytes, "
					"expected E2BIG", b, what, got,
					m[i].idx, m[i].size);
			continue;	/* it stays in the queue */
		}
		check_content(b, &m[i], &buf, got,
			      bufsz < m[i].size ? bufsz : m[i].size, what);
		memmove(&m[i], &m[i + 1], (n - i - 1) * sizeof(m[0]));
		n--;
	}
}

static void run(void)
{
	struct msqid_ds ds;
	struct msgbuf_big buf;
	unsigned int b, i;
	pid_t pid;

	if (msgctl(q, IPC_STAT, &ds))
		tst_brk(TBROK | TERRNO, "msgctl(IPC_STAT)");
	tst_res(TINFO, "seed %u, queue limit %lu bytes", seed,
		(unsigned long)ds.msg_qbytes);
	memset(counts, 0, sizeof(counts));
	pid = SAFE_FORK();
	if (!pid)
		sender(ds.msg_qbytes);
	for (b = 0; b < BATCHES; b++) {
		ctl_recv(PING);
		receive_batch(b, ds.msg_qbytes);
		ctl_send(PONG);
	}
	reap_child(pid);
	TST_EXP_FAIL(msgrcv(q, &buf, MAX_SIZE, 0, IPC_NOWAIT), ENOMSG,
		     "msgrcv() on the drained queue");
	for (i = 0; i < 6; i++)
		tst_res(TINFO, "%s: %u calls", mode_names[i], counts[i]);
	tst_res(TPASS, "%d batches: every msgrcv() took the message its "
		"selection names, intact, or failed as expected", BATCHES);
}

static void setup(void)
{
	if (getrandom(&seed, sizeof(seed), 0) != sizeof(seed))
		seed = getpid();
	q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (q < 0)
		tst_brk(TBROK | TERRNO, "msgget()");
	ctl = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (ctl < 0)
		tst_brk(TBROK | TERRNO, "msgget()");
}

static void cleanup(void)
{
	if (q >= 0)
		msgctl(q, IPC_RMID, NULL);
	if (ctl >= 0)
		msgctl(ctl, IPC_RMID, NULL);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.forks_child = 1,
	.timeout = 60,
};

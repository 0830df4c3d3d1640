// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Session, process group and socket credential pids are translated into
 * the reader's pid namespace, 0 where the process has no pid there
 * (kernel/sys.c getsid(), getpgid(); fs/proc/array.c NSpgid/NSsid;
 * net/core/sock.c cred_to_ucred(); net/core/scm.c __scm_send(),
 * scm_check_creds(); include/net/scm.h scm_set_cred() uses pid_vnr()).
 * O (the test) holds an AF_UNIX SOCK_SEQPACKET pair with SO_PASSCRED on
 * both ends and forks I, init of a new pid namespace:
 *  - in I, getsid(0), getpgid(0) and getpgrp() are 0 (O's session and
 *    group leaders are outside); its /proc/self/status NSsid and NSpgid
 *    read "<O's sid>  0" and "<O's pgid>  0" (the test's /proc is of
 *    its own pid namespace); getsid() and getpgid() of O's pid number
 *    are ESRCH in I;
 *  - SO_PEERCRED of I's end (made by O) gives pid 0 and uid 0;
 *  - a message O sends without credentials reaches I with pid 0; I's
 *    messages reach O with I's pid in O's namespace, whether I sent no
 *    credentials or SCM_CREDENTIALS naming pid 1 (its own pid there);
 *    credentials naming O's pid number are ESRCH (not a pid in I);
 *  - I's setsid() returns 1; then getsid(0) and getpgrp() are 1, NSsid
 *    "<I> 1", and O's getsid()/getpgid() of I give I's outer pid;
 *  - member M (pid 2) is in session 1; setpgid(0, 0) makes its group 2;
 *    O's getpgid() of M's outer pid is that pid and getsid() is I's;
 *    as nobody M's credentials naming pid 1 are EPERM (another process,
 *    no CAP_SYS_ADMIN), naming 2 reach O as M's outer pid;
 *  - I listens on an abstract name and O connects: O's SO_PEERCRED gives
 *    I's outer pid, I's accepted socket gives pid 0 for O.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "scm_helpers.h"

#define NOBODY 65534

static int sv[2] = {-1, -1};
static pid_t o_pid, o_sid, o_pgid;
static volatile pid_t *shared_m;
static struct sockaddr_un addr;
static socklen_t addr_len;

static void sys_ok(int ret, const char *what)
{
	if (ret < 0)
		tst_brk(TBROK | TERRNO, "%s", what);
}

static struct ucred peercred(int fd)
{
	struct ucred pc;
	socklen_t len = sizeof(pc);

	sys_ok(getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &pc, &len),
	       "getsockopt(SO_PEERCRED)");
	return pc;
}

/*
 * Fields of the "NAME:" line of /proc/PID/status (pid 0: self, as a
 * process in a new pid namespace must name itself: the test's /proc is
 * of the initial one); returns their count.
 */
static int status_fields(pid_t pid, const char *name, long *val, int max)
{
	char path[64], line[256], *p, *end;
	size_t len = strlen(name);
	FILE *f;
	int n = -1;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	else
		snprintf(path, sizeof(path), "/proc/self/status");
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, name, len) || line[len] != ':')
			continue;
		n = 0;
		p = line + len + 1;
		while (n < max) {
			val[n] = strtol(p, &end, 10);
			if (end == p)
				break;
			n++;
			p = end;
		}
		break;
	}
	fclose(f);
	if (n < 0)
		tst_brk(TBROK, "no %s line in %s", name, path);
	return n;
}

static void check_ns_line(pid_t pid, const char *name, long outer,
			  long inner)
{
	long v[4];
	int n = status_fields(pid, name, v, 4);

	TST_EXP_EXPR(n == 2 && v[0] == outer && v[1] == inner,
		     "%s of %d: %d fields, %ld %ld (expected %ld %ld)", name,
		     (int)pid, n, v[0], n > 1 ? v[1] : -1L, outer, inner);
}

/* recv one message on fd and return the pid of its credentials. */
static pid_t recv_pid(int fd, const char *what)
{
	struct ucred cred;
	int nfds, flags;

	if (recv_scm(fd, 0, sizeof(union scm_buf), NULL, 0, &nfds, &cred,
		     &flags) != 1)
		tst_brk(TBROK | TERRNO, "recvmsg() of %s", what);
	return cred.pid;
}

static void send_plain(int fd)
{
	if (send(fd, "p", 1, 0) != 1)
		tst_brk(TBROK | TERRNO, "send()");
}

static void member(int fd)
{
	struct ucred cred = { .pid = 1, .uid = NOBODY, .gid = 0 };
	long v[2];

	TST_EXP_EQ_LI(getsid(0), 1);
	TST_EXP_EQ_LI(getpgid(0), 1);
	TST_EXP_PASS(setpgid(0, 0), "setpgid(0, 0) in the member");
	TST_EXP_EQ_LI(getpgrp(), 2);
	/* tell O the member's pid in O's namespace */
	status_fields(0, "NSpid", v, 2);
	*shared_m = v[0];
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	if (setresuid(NOBODY, NOBODY, NOBODY))
		tst_brk(TBROK | TERRNO, "setresuid(nobody)");
	TST_EXP_FAIL(send_creds(fd, &cred), EPERM,
		     "nobody's credentials naming pid 1 (init)");
	cred.pid = 2;
	TST_EXP_VAL(send_creds(fd, &cred), 1,
		    "nobody's credentials naming its own pid 2");
	exit(0);
}

static void listener_side(void)
{
	struct ucred pc;
	int ls, c;

	ls = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	sys_ok(bind(ls, (struct sockaddr *)&addr, addr_len), "bind()");
	sys_ok(listen(ls, 1), "listen()");
	TST_CHECKPOINT_WAKE(0);
	c = accept(ls, NULL, NULL);
	sys_ok(c, "accept()");
	pc = peercred(c);
	TST_EXP_EXPR(pc.pid == 0 && pc.uid == 0,
		     "SO_PEERCRED in I of O's connection: pid %d uid %d",
		     (int)pc.pid, (int)pc.uid);
	SAFE_CLOSE(c);
	SAFE_CLOSE(ls);
}

static void ns_i(void)
{
	struct ucred cred = { .pid = 1, .uid = 0, .gid = 0 };
	struct ucred pc;
	long v[2];
	pid_t m;

	SAFE_CLOSE(sv[0]);
	TST_EXP_EQ_LI(getpid(), 1);
	TST_EXP_EQ_LI(getsid(0), 0);
	TST_EXP_EQ_LI(getpgid(0), 0);
	TST_EXP_EQ_LI(getpgrp(), 0);
	check_ns_line(0, "NSsid", o_sid, 0);
	check_ns_line(0, "NSpgid", o_pgid, 0);
	TST_EXP_FAIL(getsid(o_pid), ESRCH, "getsid() of O's pid in I");
	TST_EXP_FAIL(getpgid(o_pid), ESRCH, "getpgid() of O's pid in I");

	pc = peercred(sv[1]);
	TST_EXP_EXPR(pc.pid == 0 && pc.uid == 0,
		     "SO_PEERCRED of the pair O made: pid %d uid %d",
		     (int)pc.pid, (int)pc.uid);

	TST_EXP_EQ_LI(recv_pid(sv[1], "O's message"), 0);
	send_plain(sv[1]);
	TST_EXP_VAL(send_creds(sv[1], &cred), 1,
		    "credentials naming pid 1 from I");
	cred.pid = o_pid;
	TST_EXP_FAIL(send_creds(sv[1], &cred), ESRCH,
		     "credentials naming O's pid %d from I", (int)o_pid);

	TST_EXP_VAL(setsid(), 1, "setsid() in I");
	TST_EXP_EQ_LI(getsid(0), 1);
	TST_EXP_EQ_LI(getpgrp(), 1);
	status_fields(0, "NSpid", v, 2);
	check_ns_line(0, "NSsid", v[0], 1);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	m = SAFE_FORK();
	if (!m)
		member(sv[1]);
	TST_EXP_EQ_LI(m, 2);
	NS_REAP(m);

	listener_side();
	exit(0);
}

static void run(void)
{
	struct ucred pc;
	pid_t i, m, got;
	int n, c;

	o_pid = getpid();
	o_sid = getsid(0);
	o_pgid = getpgrp();
	SAFE_SOCKETPAIR(AF_UNIX, SOCK_SEQPACKET, 0, sv);
	n = 1;
	sys_ok(setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &n, sizeof(n)),
	       "setsockopt(SO_PASSCRED)");
	sys_ok(setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &n, sizeof(n)),
	       "setsockopt(SO_PASSCRED)");

	i = SAFE_NS_FORK(CLONE_NEWPID);
	if (!i)
		ns_i();
	SAFE_CLOSE(sv[1]);
	send_plain(sv[0]);
	TST_EXP_EQ_LI(recv_pid(sv[0], "I's plain message"), i);
	TST_EXP_EQ_LI(recv_pid(sv[0], "I's credentials naming 1"), i);

	TST_CHECKPOINT_WAIT(0);
	TST_EXP_EQ_LI(getsid(i), i);
	TST_EXP_EQ_LI(getpgid(i), i);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	m = *shared_m;
	TST_EXP_EQ_LI(getpgid(m), m);
	TST_EXP_EQ_LI(getsid(m), i);
	TST_CHECKPOINT_WAKE(0);
	got = recv_pid(sv[0], "M's credentials naming 2");
	TST_EXP_EQ_LI(got, m);

	TST_CHECKPOINT_WAIT(0);
	c = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	sys_ok(connect(c, (struct sockaddr *)&addr, addr_len), "connect()");
	pc = peercred(c);
	TST_EXP_EXPR(pc.pid == i && pc.uid == 0,
		     "SO_PEERCRED in O of I's listener: pid %d (I is %d)",
		     (int)pc.pid, (int)i);
	SAFE_CLOSE(c);
	NS_REAP(i);
	SAFE_CLOSE(sv[0]);
	sv[0] = -1;
}

static void setup(void)
{
	shared_m = SAFE_MMAP(NULL, sizeof(*shared_m), PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	memset(&addr, 0, sizeof(addr));
	addr.sun_family = AF_UNIX;
	/* abstract name: nothing on disk, unique per test process */
	snprintf(addr.sun_path + 1, sizeof(addr.sun_path) - 1,
		 "ltp_pidns10_%d", (int)getpid());
	addr_len = offsetof(struct sockaddr_un, sun_path) + 1 +
		   strlen(addr.sun_path + 1);
}

static void cleanup(void)
{
	if (sv[0] != -1)
		SAFE_CLOSE(sv[0]);
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_PID_NS", NULL
	},
};

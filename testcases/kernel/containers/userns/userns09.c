// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Uids that the kernel hands to another process are translated into the
 * receiver's user namespace, an unmapped one shown as the overflow id
 * (kernel/signal.c send_signal_locked(), __send_signal_locked(),
 * do_notify_parent(); kernel/exit.c wait_task_zombie(); net/core/sock.c
 * SO_PEERCRED; include/net/scm.h scm_recv()). O is root in the initial
 * user namespace; U is in a child user namespace with ids 0..999 mapped
 * to 100000..100999, becomes its root (kernel 100000) and then uid and
 * gid 5 (kernel 100005), which drops its capabilities; R is an O child
 * in the initial namespace with uid and gid 100005, the same kernel ids
 * as U:
 *  - kill() from O gives U si_uid 65534 (root is unmapped there), from R
 *    si_uid 5; U's kill() and sigqueue() give R si_uid 100005 (the
 *    sigqueue() value, which the C library fills with U's own uid 5, is
 *    rewritten too), with SI_USER and SI_QUEUE and U's pid;
 *  - over a unix socket U connected to O's listener, SO_PEERCRED gives O
 *    uid and gid 100005 and U 65534; credentials U sends as 5/5 arrive
 *    at O as 100005/100005 with U's pid, O's 0/0 at U as 65534/65534;
 *    U may not claim uid 0 (EPERM: not its own, no CAP_SETUID) nor 1000
 *    (EINVAL: unmapped in its namespace);
 *  - U's child exits: SIGCHLD and waitid() in U read si_uid 5; U's exit:
 *    SIGCHLD and waitid() in O read si_uid 100005.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "scm_helpers.h"

#define SOCK	"sock"
#define BASE	100000
#define ID	5
#define KID	(BASE + ID)

static unsigned int ovf_uid, ovf_gid;
static int lsock = -1, rpid_pipe[2];
static pid_t o_pid;

/* a socket call whose failure is TBROK */
#define SOCK_OK(call) do { \
	if ((call) < 0) \
		tst_brk(TBROK | TERRNO, "%s", #call); \
} while (0)

static void check_sig(int sig, int code, pid_t pid, unsigned int uid,
		      const char *what)
{
	siginfo_t si;
	int got = ns_wait_sig(sig, &si);

	TST_EXP_EXPR(got && si.si_code == code && si.si_pid == pid &&
		     si.si_uid == uid, "%s: code %d pid %d uid %u (expected "
		     "%d, %d, %u)", what, si.si_code, (int)si.si_pid,
		     (unsigned int)si.si_uid, code, (int)pid, uid);
}

static void u_sockets(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX, .sun_path = SOCK };
	struct ucred cr;
	socklen_t len = sizeof(cr);
	int s = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0), on = 1, n, fl;

	SOCK_OK(connect(s, (struct sockaddr *)&sun, sizeof(sun)));
	SOCK_OK(getsockopt(s, SOL_SOCKET, SO_PEERCRED, &cr, &len));
	TST_EXP_EXPR(cr.pid == o_pid && cr.uid == ovf_uid &&
		     cr.gid == ovf_gid, "U's SO_PEERCRED of O: pid %d uid %u "
		     "gid %u", (int)cr.pid, cr.uid, cr.gid);

	cr = (struct ucred){ .pid = getpid(), .uid = 0, .gid = ID };
	TST_EXP_FAIL(send_creds(s, &cr), EPERM, "U claiming uid 0");
	cr.uid = 1000;
	TST_EXP_FAIL(send_creds(s, &cr), EINVAL, "U claiming unmapped 1000");
	cr.uid = ID;
	if (send_creds(s, &cr) != 1)
		tst_brk(TBROK | TERRNO, "U's sendmsg(SCM_CREDENTIALS)");

	SOCK_OK(setsockopt(s, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)));
	if (recv_scm(s, 0, sizeof(union scm_buf), NULL, 0, &n, &cr, &fl) != 1)
		tst_brk(TBROK | TERRNO, "U's recvmsg()");
	TST_EXP_EXPR(cr.pid == o_pid && cr.uid == ovf_uid &&
		     cr.gid == ovf_gid, "O's credentials 0/0 seen by U: pid %d "
		     "uid %u gid %u", (int)cr.pid, cr.uid, cr.gid);
	SAFE_CLOSE(s);
}

static void u_main(void)
{
	static const int sigs[] = { SIGUSR1, SIGUSR2, SIGCHLD, 0 };
	siginfo_t si;
	pid_t r, c;

	ns_block_sigs(sigs);
	TST_CHECKPOINT_WAIT(0);
	/* via the namespace's root, so that leaving it drops capabilities */
	if (setresgid(0, 0, 0) || setresuid(0, 0, 0) ||
	    setresgid(ID, ID, ID) || setresuid(ID, ID, ID))
		tst_brk(TBROK | TERRNO, "setres[ug]id(0, then %d) in U", ID);
	TST_CHECKPOINT_WAKE(1);

	check_sig(SIGUSR1, SI_USER, o_pid, ovf_uid, "O's kill() in U");
	SAFE_READ(1, rpid_pipe[0], &r, sizeof(r));
	check_sig(SIGUSR2, SI_USER, r, ID, "R's kill() in U");
	SAFE_KILL(r, SIGUSR1);
	if (sigqueue(r, SIGUSR2, (union sigval){ .sival_int = 77 }))
		tst_brk(TBROK | TERRNO, "sigqueue() from U");

	u_sockets();

	c = SAFE_FORK();
	if (!c)
		_exit(3);
	check_sig(SIGCHLD, CLD_EXITED, c, ID, "SIGCHLD of U's child in U");
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, c, &si, WEXITED))
		tst_brk(TBROK | TERRNO, "waitid() in U");
	TST_EXP_EXPR(si.si_pid == c && si.si_uid == ID && si.si_status == 3,
		     "waitid() in U: pid %d uid %u status %d", (int)si.si_pid,
		     (unsigned int)si.si_uid, si.si_status);
	TST_CHECKPOINT_WAIT(5);
	exit(0);
}

static void r_main(pid_t u)
{
	static const int sigs[] = { SIGUSR1, SIGUSR2, 0 };
	siginfo_t si;
	int got;

	ns_block_sigs(sigs);
	if (setresgid(KID, KID, KID) || setresuid(KID, KID, KID))
		tst_brk(TBROK | TERRNO, "setres[ug]id(%d) in R", KID);
	SAFE_KILL(u, SIGUSR2);
	check_sig(SIGUSR1, SI_USER, u, KID, "U's kill() in R");
	got = ns_wait_sig(SIGUSR2, &si);
	TST_EXP_EXPR(got && si.si_code == SI_QUEUE && si.si_pid == u &&
		     si.si_uid == KID && si.si_value.sival_int == 77,
		     "U's sigqueue() in R: code %d pid %d uid %u value %d",
		     si.si_code, (int)si.si_pid, (unsigned int)si.si_uid,
		     si.si_value.sival_int);
	exit(0);
}

static void o_sockets(pid_t u)
{
	struct ucred cr;
	socklen_t len = sizeof(cr);
	int s = accept(lsock, NULL, NULL), on = 1, n, fl;

	SOCK_OK(s);
	SOCK_OK(getsockopt(s, SOL_SOCKET, SO_PEERCRED, &cr, &len));
	TST_EXP_EXPR(cr.pid == u && cr.uid == KID && cr.gid == KID,
		     "O's SO_PEERCRED of U: pid %d uid %u gid %u", (int)cr.pid,
		     cr.uid, cr.gid);
	SOCK_OK(setsockopt(s, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)));
	if (recv_scm(s, 0, sizeof(union scm_buf), NULL, 0, &n, &cr, &fl) != 1)
		tst_brk(TBROK | TERRNO, "O's recvmsg()");
	TST_EXP_EXPR(cr.pid == u && cr.uid == KID && cr.gid == KID,
		     "U's credentials 5/5 "
		     "seen by O: pid %d uid %u gid %u", (int)cr.pid, cr.uid,
		     cr.gid);
	cr = (struct ucred){ .pid = getpid(), .uid = 0, .gid = 0 };
	if (send_creds(s, &cr) != 1)
		tst_brk(TBROK | TERRNO, "O's sendmsg(SCM_CREDENTIALS)");
	/* U closes once it has read: nothing else from it on the way */
	TST_EXP_EQ_LI(read(s, &n, sizeof(n)), 0);
	SAFE_CLOSE(s);
}

static void o_main(void)
{
	static const int sigs[] = { SIGCHLD, 0 };
	struct sockaddr_un sun = { .sun_family = AF_UNIX, .sun_path = SOCK };
	struct timespec zero = { 0 };
	sigset_t chld;
	siginfo_t si;
	char map[32];
	pid_t u, r;

	ns_block_sigs(sigs);
	umask(0);
	o_pid = getpid();
	lsock = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	SOCK_OK(bind(lsock, (struct sockaddr *)&sun, sizeof(sun)));
	SOCK_OK(listen(lsock, 1));
	SAFE_PIPE(rpid_pipe);

	u = SAFE_NS_FORK(CLONE_NEWUSER);
	if (!u)
		u_main();
	snprintf(map, sizeof(map), "0 %d 1000", BASE);
	SAFE_NS_WRITE_PROC(u, "uid_map", map);
	SAFE_NS_WRITE_PROC(u, "gid_map", map);
	TST_CHECKPOINT_WAKE(0);
	TST_CHECKPOINT_WAIT(1);
	SAFE_KILL(u, SIGUSR1);

	r = SAFE_FORK();
	if (!r)
		r_main(u);
	SAFE_WRITE(1, rpid_pipe[1], &r, sizeof(r));

	NS_REAP(r);
	o_sockets(u);

	/* R's SIGCHLD is pending: take it, so the next one is U's */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	while (sigtimedwait(&chld, &si, &zero) == SIGCHLD)
		;
	TST_CHECKPOINT_WAKE(5);
	check_sig(SIGCHLD, CLD_EXITED, u, KID, "SIGCHLD of U in O");
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, u, &si, WEXITED | WNOWAIT))
		tst_brk(TBROK | TERRNO, "waitid(WNOWAIT) in O");
	TST_EXP_EXPR(si.si_pid == u && si.si_uid == KID,
		     "waitid() in O: pid %d uid %u", (int)si.si_pid,
		     (unsigned int)si.si_uid);
	NS_REAP(u);
	exit(0);
}

static void setup(void)
{
	ovf_uid = ns_overflow_id("overflowuid");
	ovf_gid = ns_overflow_id("overflowgid");
	if (ovf_uid < 1000 || ovf_gid < 1000)
		tst_brk(TCONF, "overflow ids %u/%u fall in the test's map",
			ovf_uid, ovf_gid);
}

static void run(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid)
		o_main();
	NS_REAP(pid);
	SAFE_UNLINK(SOCK);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", NULL
	},
};

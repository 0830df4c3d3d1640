// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fmtmsg(3) and addseverity(3), with what the kernel makes of the output:
 *  - MM_PRINT writes "label: SEVERITY: text\nTO FIX: action  tag\n" to
 *    file descriptor 2, exactly (read back from a pipe), for upstream's
 *    two messages (MM_INFO; a level 5 added with addseverity());
 *    without an action the tag follows the text on the next line; with
 *    classification 0 nothing is written; MM_NULLLBL and the like leave a
 *    part out;
 *  - MM_NOTOK for a label without ':' or with more than 10 bytes before
 *    it or 14 after it (10 and 14 are fine), and for an unknown severity;
 *    addseverity() refuses to redefine a system level (3) and removes a
 *    level of its own with NULL (then unknown: MM_NOTOK), not one never
 *    added;
 *  - MSGVERB=text:tag prints only those; an unknown keyword in it makes
 *    it ignored; SEV_LEVEL=x,7,CUSTOM adds level 7 as "CUSTOM";
 *  - MM_NOMSG when the kernel refuses the write to descriptor 2: a
 *    read-only descriptor (EBADF) or a pipe without a reader (EPIPE);
 *  - MM_CONSOLE hands the message (all of its parts) to syslog(3),
 *    LOG_USER | LOG_ERR: a datagram socket bound at /dev/log in a
 *    private mount namespace (a tmpfs on /dev) receives it, from root,
 *    and from nobody once the socket is mode 0777; at mode 0755 the kernel
 *    refuses nobody the socket (access() EACCES) and nothing arrives,
 *    while fmtmsg() still returns MM_OK (no MM_NOCON in this C library)
 *    and the message still reaches descriptor 2.
 * Every call is made in a child of its own: the C library reads MSGVERB
 * and SEV_LEVEL once per process.
 * Syscalls: write, connect
 */
#include <fcntl.h>
#include <fmtmsg.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tst_test.h"
#include "task_wait.h"

#define LBL "LTP:fmtmsg"
#define MSG1 "LTP:fmtmsg: INFO: LTP fmtmsg() test1 message, NOT an error\n" \
	"TO FIX: This is correct output, no action needed  LTP:msg:001\n"
#define MSG2 "LTP:fmtmsg: LTP_TEST: LTP fmtmsg() test2 message, NOT an " \
	"error\nTO FIX: This is correct output, no action needed  " \
	"LTP:msg:002\n"

static char out[1024];

/* read what is in fd (non-blocking) into out */
static void drain(int fd)
{
	ssize_t n, len = 0;

	while ((n = read(fd, out + len, sizeof(out) - 1 - len)) > 0)
		len += n;
	out[len] = 0;
}

/* fmtmsg() with descriptor 2 a pipe; what it wrote lands in out */
static int print(long cls, const char *label, int sev, const char *text,
		 const char *action, const char *tag)
{
	int p[2], saved, ret;

	SAFE_PIPE2(p, O_NONBLOCK);
	saved = dup(2);
	SAFE_DUP2(p[1], 2);
	ret = fmtmsg(cls, label, sev, text, action, tag);
	SAFE_DUP2(saved, 2);
	close(saved);
	SAFE_CLOSE(p[1]);
	drain(p[0]);
	SAFE_CLOSE(p[0]);
	return ret;
}

static void expect(int ret, int want_ret, const char *want, const char *what)
{
	TST_EXP_EXPR(ret == want_ret && !strcmp(out, want), "%s: returns %d "
		     "(want %d), wrote \"%s\"", what, ret, want_ret, out);
}

static void formats(void)
{
	expect(print(MM_PRINT | MM_SOFT, LBL, MM_INFO,
		     "LTP fmtmsg() test1 message, NOT an error",
		     "This is correct output, no action needed", "LTP:msg:001"),
	       MM_OK, MSG1, "MM_INFO");
	TST_EXP_VAL(addseverity(3, "INVALID"), MM_NOTOK,
		    "addseverity(3 (MM_WARNING), \"INVALID\")");
	TST_EXP_VAL(addseverity(5, "LTP_TEST"), MM_OK,
		    "addseverity(5, \"LTP_TEST\")");
	expect(print(MM_PRINT | MM_HARD | MM_OPSYS, LBL, 5,
		     "LTP fmtmsg() test2 message, NOT an error",
		     "This is correct output, no action needed", "LTP:msg:002"),
	       MM_OK, MSG2, "level 5 added");
	TST_EXP_VAL(addseverity(5, NULL), MM_OK, "addseverity(5, NULL)");
	TST_EXP_VAL(addseverity(6, NULL), MM_NOTOK,
		    "addseverity(6, NULL) of a level never added");
	expect(print(MM_PRINT, LBL, 5, "t", "a", "LTP:tag"), MM_NOTOK, "",
	       "level 5 removed");
	expect(print(MM_PRINT, LBL, 99, "t", "a", "LTP:tag"), MM_NOTOK, "",
	       "severity 99");
	expect(print(MM_PRINT, LBL, MM_HALT, "t", MM_NULLACT, "LTP:tag"), MM_OK,
	       "LTP:fmtmsg: HALT: t\nLTP:tag\n", "no action");
	expect(print(MM_PRINT, MM_NULLLBL, MM_ERROR, MM_NULLTXT, MM_NULLACT,
		     MM_NULLTAG), MM_OK, "ERROR\n", "only a severity");
	expect(print(MM_PRINT, LBL, MM_NOSEV, "t", "a", "LTP:tag"), MM_OK,
	       "LTP:fmtmsg: t\nTO FIX: a  LTP:tag\n", "MM_NOSEV");
	expect(print(0, LBL, MM_WARNING, "t", "a", "LTP:tag"), MM_OK, "",
	       "classification 0");
	expect(print(MM_PRINT, "nocolon", MM_HALT, "t", "a", "LTP:tag"),
	       MM_NOTOK, "", "label without ':'");
	expect(print(MM_PRINT, "0123456789:01234567890123", MM_HALT, "t", "a",
		     "LTP:tag"), MM_OK, "0123456789:01234567890123: HALT: t\n"
	       "TO FIX: a  LTP:tag\n", "label of 10 + 14 bytes");
	expect(print(MM_PRINT, "0123456789a:x", MM_HALT, "t", "a", "LTP:tag"),
	       MM_NOTOK, "", "label of 11 bytes before ':'");
	expect(print(MM_PRINT, "x:0123456789abcde", MM_HALT, "t", "a",
		     "LTP:tag"), MM_NOTOK, "", "label of 15 bytes after ':'");
}

static void msgverb(void)
{
	setenv("MSGVERB", "text:tag", 1);
	expect(print(MM_PRINT, LBL, MM_HALT, "text", "action", "LTP:tag"),
	       MM_OK, "text\nLTP:tag\n", "MSGVERB=text:tag");
}

static void msgverb_bad(void)
{
	setenv("MSGVERB", "bogus:label", 1);
	expect(print(MM_PRINT, LBL, MM_HALT, "text", "action", "LTP:tag"),
	       MM_OK, "LTP:fmtmsg: HALT: text\nTO FIX: action  LTP:tag\n",
	       "MSGVERB=bogus:label (ignored)");
}

static void sev_level(void)
{
	setenv("SEV_LEVEL", "x,7,CUSTOM", 1);
	expect(print(MM_PRINT, LBL, 7, "text", "action", "LTP:tag"), MM_OK,
	       "LTP:fmtmsg: CUSTOM: text\nTO FIX: action  LTP:tag\n",
	       "SEV_LEVEL=x,7,CUSTOM");
}

static void write_refused(void)
{
	int p[2], fd;

	signal(SIGPIPE, SIG_IGN);
	fd = SAFE_OPEN("ro_root", O_RDONLY | O_CREAT, 0600);
	SAFE_DUP2(fd, 2);
	TST_EXP_VAL(fmtmsg(MM_PRINT, LBL, MM_HALT, "t", "a", "LTP:tag"),
		    MM_NOMSG, "fmtmsg() with descriptor 2 read-only");
	SAFE_PIPE(p);
	SAFE_CLOSE(p[0]);
	SAFE_DUP2(p[1], 2);
	TST_EXP_VAL(fmtmsg(MM_PRINT, LBL, MM_HALT, "t", "a", "LTP:tag"),
		    MM_NOMSG, "fmtmsg() with descriptor 2 a pipe nobody reads");
}

#define CMSG "LTP:fmtmsg: HALT: to the console\nTO FIX: a  LTP:tag"

static int logsock = -1;

/* 1 when a syslog datagram of LOG_USER | LOG_ERR holding CMSG came */
static int logged(void)
{
	ssize_t n = recv(logsock, out, sizeof(out) - 1, MSG_DONTWAIT);

	if (n < 0) {
		out[0] = 0;
		return 0;
	}
	out[n] = 0;
	return !strncmp(out, "<11>", 4) && strstr(out, CMSG);
}

static int log_open;	/* /dev/log is 0777: nobody may connect */

static void console_as_nobody(void)
{
	if (!log_open) {
		TST_EXP_FAIL(access("/dev/log", W_OK), EACCES,
			     "access(/dev/log (0755), W_OK) as nobody");
		expect(print(MM_PRINT | MM_CONSOLE, LBL, MM_HALT,
			     "to the console", "a", "LTP:tag"), MM_OK,
		       CMSG "\n", "MM_PRINT | MM_CONSOLE as nobody, "
		       "/dev/log 0755");
		return;
	}
	TST_EXP_PASS(access("/dev/log", W_OK), "access(/dev/log (0777), W_OK) "
		     "as nobody");
	TST_EXP_VAL(fmtmsg(MM_CONSOLE, LBL, MM_HALT, "to the console", "a",
			   "LTP:tag"), MM_OK, "MM_CONSOLE as nobody, /dev/log "
		    "0777");
}

static void nobody(void)
{
	pid_t pid = SAFE_FORK();

	if (!pid) {
		tst_drop_privs();
		console_as_nobody();
		exit(0);
	}
	reap_child(pid);
}

static void console(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX,
				   .sun_path = "/dev/log" };
	int got;

	if (unshare(CLONE_NEWNS))
		tst_brk(TBROK | TERRNO, "unshare(CLONE_NEWNS)");
	SAFE_MOUNT(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("ltp-fmtmsg", "/dev", "tmpfs", 0, "mode=0755,size=64k");
	logsock = SAFE_SOCKET(AF_UNIX, SOCK_DGRAM, 0);
	umask(022);
	if (bind(logsock, (struct sockaddr *)&sun, sizeof(sun)))
		tst_brk(TBROK | TERRNO, "bind(/dev/log)");

	/* nobody first: the C library keeps its log socket connected */
	nobody();
	got = logged();
	TST_EXP_EXPR(!got, "nothing reached /dev/log (0755) from nobody, whom "
		     "the kernel refuses it");
	SAFE_CHMOD("/dev/log", 0777);
	log_open = 1;
	nobody();
	got = logged();
	TST_EXP_EXPR(got, "/dev/log (0777) got nobody's message: \"%s\"", out);
	expect(print(MM_CONSOLE, LBL, MM_HALT, "to the console", "a",
		     "LTP:tag"), MM_OK, "", "MM_CONSOLE: nothing on 2");
	got = logged();
	TST_EXP_EXPR(got, "MM_CONSOLE: /dev/log got \"%s\"", out);
}

static void run(void)
{
	run_in_child(formats);
	run_in_child(msgverb);
	run_in_child(msgverb_bad);
	run_in_child(sev_level);
	run_in_child(write_refused);
	run_in_child(console);
}

static struct tst_test test = {
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bind() of AF_UNIX sockets:
 *  - a path name creates a socket file (S_IFSOCK, mode 0777 less the
 *    umask) that stays after the socket is closed; getsockname returns
 *    the path; another socket on the path: EADDRINUSE;
 *  - an abstract name (leading NUL) creates no file; getsockname returns
 *    it with its exact length; another socket on it: EADDRINUSE, and once
 *    the first is closed the name is free again;
 *  - an address of only sun_family autobinds an abstract name of five hex
 *    digits;
 *  - a socket bound already, to a new path: EINVAL, and no file is left;
 *    an address longer than struct sockaddr_un, or of family AF_INET:
 *    EINVAL; a path in a missing directory: ENOENT; a path through a
 *    regular file: ENOTDIR.
 * Run for SOCK_STREAM and SOCK_DGRAM.
 */
#include <ctype.h>
#include <sys/stat.h>
#include "socket_helpers.h"

static int fds[2] = { -1, -1 };
static char abstract[64];

static const struct {
	int type;
	const char *name;
} types[] = {
	{ SOCK_STREAM, "SOCK_STREAM" },
	{ SOCK_DGRAM, "SOCK_DGRAM" },
};

static void setup(void)
{
	snprintf(abstract, sizeof(abstract), "@ltp_bind02_%d", (int)getpid());
	int fd = SAFE_OPEN("regular", O_CREAT | O_WRONLY, 0600);

	SAFE_CLOSE(fd);
}

static void close_all(void)
{
	if (fds[0] >= 0)
		SAFE_CLOSE(fds[0]);
	if (fds[1] >= 0)
		SAFE_CLOSE(fds[1]);
}

static void test_path(int type, const char *name)
{
	struct sockaddr_un sun = unix_addr("sock", &(socklen_t){0}), got;
	socklen_t len = sizeof(got);
	mode_t old_mask = umask(022);
	struct stat st;

	fds[0] = SAFE_SOCKET(AF_UNIX, type, 0);
	fds[1] = SAFE_SOCKET(AF_UNIX, type, 0);
	TEST(bind(fds[0], (struct sockaddr *)&sun, sizeof(sun)));
	umask(old_mask);
	if (TST_RET) {
		tst_res(TFAIL | TTERRNO, "%s: bind(\"sock\")", name);
		close_all();
		return;
	}
	tst_res(TPASS, "%s: bind(\"sock\")", name);
	SAFE_STAT("sock", &st);
	TST_EXP_EXPR(S_ISSOCK(st.st_mode) && (st.st_mode & 0777) == 0755,
		     "%s: \"sock\" is a socket file of mode 0%o", name,
		     st.st_mode & 07777);
	memset(&got, 0, sizeof(got));
	TST_RET = getsockname(fds[0], (struct sockaddr *)&got, &len);
	TST_EXP_EXPR(!TST_RET && !strcmp(got.sun_path, "sock") &&
		     len == offsetof(struct sockaddr_un, sun_path) + 5,
		     "%s: getsockname gives \"%s\", length %u", name,
		     got.sun_path, (unsigned int)len);
	TST_EXP_FAIL(bind(fds[1], (struct sockaddr *)&sun, sizeof(sun)),
		     EADDRINUSE, "%s: bind() of a second socket to \"sock\"",
		     name);
	sun = unix_addr("sock2", &(socklen_t){0});
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&sun, sizeof(sun)),
		     EINVAL, "%s: bind() of the bound socket to \"sock2\"",
		     name);
	TST_EXP_FAIL(access("sock2", F_OK), ENOENT,
		     "%s: the refused bind left no \"sock2\"", name);
	close_all();
	TST_EXP_PASS(access("sock", F_OK), "%s: the file outlives the socket",
		     name);
	SAFE_UNLINK("sock");
}

static void test_abstract(int type, const char *name)
{
	socklen_t len, got_len;
	struct sockaddr_un sun = unix_addr(abstract, &len), got;

	fds[0] = SAFE_SOCKET(AF_UNIX, type, 0);
	fds[1] = SAFE_SOCKET(AF_UNIX, type, 0);
	TST_EXP_PASS(bind(fds[0], (struct sockaddr *)&sun, len),
		     "%s: bind(abstract \"%s\")", name, abstract + 1);
	got_len = sizeof(got);
	memset(&got, 0xff, sizeof(got));
	TST_RET = getsockname(fds[0], (struct sockaddr *)&got, &got_len);
	TST_EXP_EXPR(!TST_RET && got_len == len && !memcmp(&got, &sun, len),
		     "%s: getsockname gives the abstract name, length %u "
		     "(bound with %u)", name, (unsigned int)got_len,
		     (unsigned int)len);
	TST_EXP_FAIL(access(abstract + 1, F_OK), ENOENT,
		     "%s: no file for the abstract name", name);
	TST_EXP_FAIL(bind(fds[1], (struct sockaddr *)&sun, len), EADDRINUSE,
		     "%s: bind() of a second socket to the abstract name",
		     name);
	SAFE_CLOSE(fds[0]);
	TST_EXP_PASS(bind(fds[1], (struct sockaddr *)&sun, len),
		     "%s: bind() to the abstract name once its owner closed",
		     name);
	close_all();
}

static void test_autobind(int type, const char *name)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	socklen_t len = sizeof(sun);
	int i, hex = 1;

	fds[0] = SAFE_SOCKET(AF_UNIX, type, 0);
	TST_EXP_PASS(bind(fds[0], (struct sockaddr *)&sun,
			  sizeof(sa_family_t)),
		     "%s: bind(sun_family only)", name);
	memset(&sun, 0, sizeof(sun));
	if (getsockname(fds[0], (struct sockaddr *)&sun, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	for (i = 1; i < 6; i++)
		hex &= isxdigit((unsigned char)sun.sun_path[i]) &&
			!isupper((unsigned char)sun.sun_path[i]);
	TST_EXP_EXPR(len == offsetof(struct sockaddr_un, sun_path) + 6 &&
		     !sun.sun_path[0] && hex,
		     "%s: autobind gave the abstract name \"%.5s\", length %u",
		     name, sun.sun_path + 1, (unsigned int)len);
	close_all();
}

static void test_errors(int type, const char *name)
{
	struct {
		struct sockaddr_un sun;
		char more[8];
	} big;
	socklen_t len;
	struct sockaddr_un sun;

	fds[0] = SAFE_SOCKET(AF_UNIX, type, 0);
	memset(&big, 'x', sizeof(big));
	big.sun.sun_family = AF_UNIX;
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&big, sizeof(big)),
		     EINVAL, "%s: bind(address length %zu)", name, sizeof(big));
	sun = unix_addr("inet_family", &len);
	sun.sun_family = AF_INET;
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&sun, len), EINVAL,
		     "%s: bind(sun_family AF_INET)", name);
	sun = unix_addr("missing/sock", &len);
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&sun, len), ENOENT,
		     "%s: bind(\"missing/sock\")", name);
	sun = unix_addr("regular/sock", &len);
	TST_EXP_FAIL(bind(fds[0], (struct sockaddr *)&sun, len), ENOTDIR,
		     "%s: bind(\"regular/sock\")", name);
	close_all();
}

static void run(unsigned int n)
{
	test_path(types[n].type, types[n].name);
	test_abstract(types[n].type, types[n].name);
	test_autobind(types[n].type, types[n].name);
	test_errors(types[n].type, types[n].name);
}

static void cleanup(void)
{
	close_all();
}

static struct tst_test test = {
	.tcnt = 2,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_tmpdir = 1,
};

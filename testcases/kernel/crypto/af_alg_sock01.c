// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fchownat() on a socket that has been released is ENOENT: once the last
 * descriptor of a socket is closed, by close() or by dup2() over it, an
 * O_PATH descriptor opened through /proc/self/fd still names its inode,
 * and a chown through it reaches sockfs_setattr(), which must find no
 * struct sock (9060cb719e61 for AF_ALG, ff7b11aa481f for every family,
 * CVE-2019-8912: sock->sk was left pointing at the freed sock, and the
 * chown wrote the new owner into freed memory and returned 0). Asked of
 * a bound AF_ALG transform socket, of an AF_ALG operation socket, and of
 * an AF_UNIX socket; while the socket is open the same chown succeeds.
 * The upstream test races fchownat() against dup2(); the O_PATH
 * descriptor makes the window permanent, so no race is needed.
 */
#include <fcntl.h>
#include "af_alg.h"

static int make_sock(unsigned int kind, int *tfm)
{
	*tfm = -1;
	switch (kind) {
	case 0:
		return alg_bind("hash", "sha256");
	case 1:
		*tfm = alg_bind("hash", "sha256");
		return alg_accept(*tfm);
	default:
		return SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	}
}

static void run(unsigned int n)
{
	static const char *const kinds[] = {
		"AF_ALG transform socket", "AF_ALG operation socket",
		"AF_UNIX socket"
	};
	unsigned int kind = n % 3, by_dup2 = n / 3;
	char path[64];
	int sock, tfm, opath, other;

	sock = make_sock(kind, &tfm);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", sock);
	opath = SAFE_OPEN(path, O_PATH);
	TST_EXP_PASS(fchownat(opath, "", getuid(), getgid(), AT_EMPTY_PATH),
		     "%s: fchownat() while it is open", kinds[kind]);

	if (by_dup2) {
		other = SAFE_OPEN("/dev/null", O_RDONLY);
		SAFE_DUP2(other, sock);
		SAFE_CLOSE(other);
	}
	SAFE_CLOSE(sock);
	TST_EXP_FAIL(fchownat(opath, "", getuid(), getgid(), AT_EMPTY_PATH),
		     ENOENT, "%s released by %s: fchownat() through O_PATH",
		     kinds[kind], by_dup2 ? "dup2()" : "close()");
	SAFE_CLOSE(opath);
	if (tfm >= 0)
		SAFE_CLOSE(tfm);
}

static struct tst_test test = {
	.tcnt = 6,
	.test = run,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "9060cb719e61"},
		{"linux-git", "ff7b11aa481f"},
		{"CVE", "2019-8912"},
		{}
	},
};

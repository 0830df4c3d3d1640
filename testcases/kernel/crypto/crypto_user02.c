// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Template instances added and deleted through NETLINK_CRYPTO
 * (CRYPTO_MSG_NEWALG, CRYPTO_MSG_DELALG):
 * - NEWALG of hmac over a generic hash by driver name instantiates it
 *   (GETALG finds it); a second NEWALG is EEXIST; DELALG while an AF_ALG
 *   socket is bound to it is EBUSY; after the socket is closed DELALG
 *   succeeds and GETALG is ENOENT; DELALG of a core algorithm
 *   (sha256-generic) is EINVAL and of an unknown one ENOENT;
 * - DELALG racing a NEWALG that was killed while it waited for its larval
 *   (21d4120ec6f5: DELALG found the larval, which is no instance, and
 *   the kernel dereferenced NULL); for two seconds a child loops NEWALG
 *   (CRYPTO_NOLOAD: no modprobe first, the larval is added at once) and
 *   is killed after a random delay of up to twice the time one NEWALG
 *   takes, then DELALG runs: 0,
 *   ENOENT or EBUSY are all fine, an oops or warning fails;
 * - pcrypt(authenc(hmac(sha256-generic),cbc(aes-generic))) added and
 *   deleted again and again, each NEWALG and DELALG succeeding
 *   (d76c68109f37, CVE-2017-18075: pcrypt freed its instances wrongly,
 *   and the kernel crashed within a few rounds).
 */
#include <stdlib.h>
#include <sys/wait.h>
#include "af_alg.h"
#include "crypto_user.h"

#define PCRYPT "pcrypt(authenc(hmac(sha256-generic),cbc(aes-generic)))"

static int nl;
static const char *hmac_drv;
static long long newalg_us;

/* the kernel's algorithm type bits (include/linux/crypto.h) */
#define ALG_TYPE_AEAD 0x3
#define ALG_TYPE_MASK 0xf
/* lookup flag: no modprobe of "crypto-NAME" first (slow under emulation) */
#define ALG_NOLOAD 0x8000

static struct crypto_user_alg alg_of(const char *driver, int noload)
{
	struct crypto_user_alg a = cu_alg(NULL, driver);

	/* pcrypt builds only what the type asks for: an AEAD */
	if (!strncmp(driver, "pcrypt(", 7)) {
		a.cru_type = ALG_TYPE_AEAD;
		a.cru_mask = ALG_TYPE_MASK;
	}
	if (noload)
		a.cru_mask |= ALG_NOLOAD;
	return a;
}

static int request(int type, const char *driver)
{
	struct crypto_user_alg a = alg_of(driver, 0);

	return cu_request(nl, type, &a, NULL, 0);
}

/* NEWALG once the modules are loaded: the instance is built at once */
static int newalg_noload(int fd, const char *driver)
{
	struct crypto_user_alg a = alg_of(driver, 1);

	return cu_request(fd, CRYPTO_MSG_NEWALG, &a, NULL, 0);
}

/* DELALG of an instance no one uses: EBUSY only while the kernel lets go */
static int del_settled(const char *driver)
{
	long long end = tst_mono_ms() + 5000 * tst_timeout_mul();
	int err;

	while ((err = request(CRYPTO_MSG_DELALG, driver)) == -EBUSY &&
	       tst_mono_ms() < end)
		usleep(1000);
	return err;
}

static void expect(int err, int want, const char *what)
{
	TST_EXP_EXPR(err == want, "%s: %s (want %s)", what,
		     err ? tst_strerrno(-err) : "0",
		     want ? tst_strerrno(-want) : "0");
}

static void test_newdel(void)
{
	int tfm, err;

	err = request(CRYPTO_MSG_NEWALG, hmac_drv);
	expect(err, 0, "NEWALG of the instance");
	expect(request(CRYPTO_MSG_GETALG, hmac_drv), 0, "GETALG after NEWALG");
	expect(request(CRYPTO_MSG_NEWALG, hmac_drv), -EEXIST,
	       "NEWALG of the instance again");

	tfm = alg_bind("hash", hmac_drv);
	expect(request(CRYPTO_MSG_DELALG, hmac_drv), -EBUSY,
	       "DELALG while an AF_ALG socket is bound to it");
	SAFE_CLOSE(tfm);
	expect(del_settled(hmac_drv), 0, "DELALG after the socket closed");
	expect(request(CRYPTO_MSG_GETALG, hmac_drv), -ENOENT,
	       "GETALG after DELALG");
	expect(request(CRYPTO_MSG_DELALG, hmac_drv), -ENOENT,
	       "DELALG of the deleted instance");
	expect(request(CRYPTO_MSG_DELALG, "sha256-generic"), -EINVAL,
	       "DELALG of sha256-generic, no template instance");
}

static void test_larval(void)
{
	long long end = tst_mono_ms() + 2000;
	unsigned int rounds = 0, res[3] = { 0 };
	int err, p[2];
	pid_t pid;
	char c;

	srand(getpid());
	while (tst_mono_ms() < end) {
		SAFE_PIPE(p);
		pid = SAFE_FORK();
		if (!pid) {
			int fd = cu_open();

			SAFE_WRITE(1, p[1], "r", 1);
			for (;;) {
				err = newalg_noload(fd, hmac_drv);
				if (err && err != -EEXIST)
					tst_brk(TBROK, "NEWALG in the child: "
						"%s", tst_strerrno(-err));
			}
		}
		SAFE_CLOSE(p[1]);
		/* the child is about to send its first NEWALG */
		SAFE_READ(1, p[0], &c, 1);
		SAFE_CLOSE(p[0]);
		/* anywhere in the NEWALG, larval and self-test included */
		usleep(rand() % (2 * newalg_us + 1));
		SAFE_KILL(pid, SIGKILL);
		reap_child_killed(pid, SIGKILL);
		err = request(CRYPTO_MSG_DELALG, hmac_drv);
		if (err && err != -ENOENT && err != -EBUSY) {
			tst_res(TFAIL, "DELALG after a killed NEWALG: %s",
				tst_strerrno(-err));
			return;
		}
		res[err == -ENOENT ? 1 : err == -EBUSY ? 2 : 0]++;
		rounds++;
	}
	del_settled(hmac_drv);
	tst_res(TPASS, "%u rounds of DELALG after a killed NEWALG: %u "
		"deleted the instance, %u ENOENT, %u EBUSY", rounds, res[0],
		res[1], res[2]);
}

static void test_pcrypt(void)
{
	long long end = tst_mono_ms() + 3000;
	unsigned int i;
	int err;

	for (i = 0; i < 1000 && tst_mono_ms() < end; i++) {
		/* the first NEWALG loads pcrypt and the inner algorithms */
		if (i)
			err = newalg_noload(nl, PCRYPT);
		else
			err = request(CRYPTO_MSG_NEWALG, PCRYPT);
		if (err == -ENOENT && !i)
			tst_brk(TCONF, "the kernel cannot build " PCRYPT
				" (NEWALG: ENOENT; CONFIG_CRYPTO_PCRYPT?)");
		if (err) {
			tst_res(TFAIL, "round %u: NEWALG " PCRYPT ": %s", i,
				tst_strerrno(-err));
			return;
		}
		err = del_settled(PCRYPT);
		if (err) {
			tst_res(TFAIL, "round %u: DELALG " PCRYPT ": %s", i,
				tst_strerrno(-err));
			return;
		}
	}
	tst_res(TPASS, "%u rounds of NEWALG and DELALG of " PCRYPT, i);
}

static void run(unsigned int n)
{
	switch (n) {
	case 0:
		test_newdel();
		break;
	case 1:
		test_larval();
		break;
	case 2:
		test_pcrypt();
		break;
	}
}

static void setup(void)
{
	/* instances no other test of the suite uses */
	static const char *const cand[] = {
		"hmac(sha224-generic)", "hmac(sha384-generic)"
	};
	unsigned int i;
	int err;

	nl = cu_open();
	for (i = 0; i < ARRAY_SIZE(cand) && !hmac_drv; i++) {
		err = request(CRYPTO_MSG_NEWALG, cand[i]);
		if (err && err != -EEXIST)
			continue;
		if (!del_settled(cand[i]))
			hmac_drv = cand[i];
	}
	if (!hmac_drv)
		tst_brk(TCONF, "neither hmac(sha224-generic) nor "
			"hmac(sha384-generic) can be added and deleted");
	newalg_us = tst_mono_ns();
	err = newalg_noload(nl, hmac_drv);
	newalg_us = (tst_mono_ns() - newalg_us) / 1000;
	if (err || del_settled(hmac_drv))
		tst_brk(TBROK, "NEWALG and DELALG of %s: %s", hmac_drv,
			tst_strerrno(-err));
	tst_res(TINFO, "instance used: %s, NEWALG takes %lld us", hmac_drv,
		newalg_us);
}

static void cleanup(void)
{
	if (nl > 0)
		SAFE_CLOSE(nl);
}

static struct tst_test test = {
	.tcnt = 3,
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.forks_child = 1,
	.taint_check = TST_TAINT_W | TST_TAINT_D,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "21d4120ec6f5"},
		{"linux-git", "d76c68109f37"},
		{"CVE", "2017-18075"},
		{}
	},
};

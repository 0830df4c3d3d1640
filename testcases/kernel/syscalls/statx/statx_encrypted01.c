// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * statx() STATX_ATTR_ENCRYPTED on ext4 made with the encrypt feature:
 * a v2 master key is added to the filesystem (FS_IOC_ADD_ENCRYPTION_KEY
 * returns its identifier, FS_IOC_GET_ENCRYPTION_KEY_STATUS says present)
 * and an empty directory gets a v2 policy (AES-256-XTS contents,
 * AES-256-CTS names, FS_IOC_SET_ENCRYPTION_POLICY), which
 * FS_IOC_GET_ENCRYPTION_POLICY_EX reads back. Then:
 * - statx() of that directory, of a file written in it and of a
 *   subdirectory made in it has STATX_ATTR_ENCRYPTED in stx_attributes
 *   and in stx_attributes_mask, FS_IOC_GETFLAGS has FS_ENCRYPT_FL, and
 *   the subdirectory inherited the policy;
 * - the file's contents read back (the key is there);
 * - a plain directory and a file in it: the attribute is in the mask but
 *   not set, and FS_ENCRYPT_FL is clear;
 * - FS_IOC_SET_ENCRYPTION_POLICY on a non-empty directory is ENOTEMPTY,
 *   on a regular file ENOTDIR, on the encrypted directory with another
 *   key identifier EEXIST, and with its own policy it succeeds.
 * Syscalls: statx, ioctl
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/fs.h>
#include <linux/fscrypt.h>
#include "tst_test.h"
#include "statx_attr.h"

#define MNT "mnt"
#define ENC MNT "/enc"
#define PLAIN MNT "/plain"
#define DATA "encrypted contents, read back in clear"

#define check_attr(path, set) \
	statx_check_attr(path, set, STATX_ATTR_ENCRYPTED, FS_ENCRYPT_FL)

static struct fscrypt_policy_v2 policy;

static int get_policy(const char *path, struct fscrypt_policy_v2 *p)
{
	struct fscrypt_get_policy_ex_arg arg;
	int fd = SAFE_OPEN(path, O_RDONLY);
	int ret;

	memset(&arg, 0, sizeof(arg));
	arg.policy_size = sizeof(arg.policy);
	ret = ioctl(fd, FS_IOC_GET_ENCRYPTION_POLICY_EX, &arg);
	SAFE_CLOSE(fd);
	if (!ret)
		memcpy(p, &arg.policy.v2, sizeof(*p));
	return ret;
}

static void run(void)
{
	struct fscrypt_policy_v2 got, other;
	char buf[64] = "";
	int fd;

	check_attr(ENC, 1);

	fd = SAFE_OPEN(ENC "/file", O_CREAT | O_EXCL | O_WRONLY, 0644);
	SAFE_WRITE(1, fd, DATA, strlen(DATA));
	SAFE_CLOSE(fd);
	SAFE_MKDIR(ENC "/sub", 0755);
	check_attr(ENC "/file", 1);
	check_attr(ENC "/sub", 1);

	fd = SAFE_OPEN(ENC "/file", O_RDONLY);
	SAFE_READ(0, fd, buf, sizeof(buf) - 1);
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!strcmp(buf, DATA), "the encrypted file reads back");

	TST_EXP_PASS(get_policy(ENC "/sub", &got),
		     "FS_IOC_GET_ENCRYPTION_POLICY_EX of the subdirectory");
	if (TST_PASS)
		TST_EXP_EXPR(!memcmp(&got, &policy, sizeof(got)),
			     "the subdirectory inherited the policy");

	fd = SAFE_OPEN(PLAIN "/file", O_CREAT | O_EXCL | O_WRONLY, 0644);
	SAFE_CLOSE(fd);
	check_attr(PLAIN, 0);
	check_attr(PLAIN "/file", 0);

	fd = SAFE_OPEN(PLAIN, O_RDONLY);
	TST_EXP_FAIL(ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &policy),
		     ENOTEMPTY, "setting a policy on a non-empty directory");
	SAFE_CLOSE(fd);

	other = policy;
	other.master_key_identifier[0] ^= 0xff;
	fd = SAFE_OPEN(ENC, O_RDONLY);
	TST_EXP_FAIL(ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &other), EEXIST,
		     "another policy on the encrypted directory");
	TST_EXP_PASS(ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &policy),
		     "the same policy again on the encrypted directory");
	SAFE_CLOSE(fd);
	fd = SAFE_OPEN(PLAIN "/file", O_RDONLY);
	TST_EXP_FAIL(ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &policy),
		     ENOTDIR, "a policy on a regular file");
	SAFE_CLOSE(fd);

	SAFE_UNLINK(ENC "/file");
	SAFE_RMDIR(ENC "/sub");
	SAFE_UNLINK(PLAIN "/file");
}

static void setup(void)
{
	struct fscrypt_add_key_arg *add;
	struct fscrypt_get_key_status_arg status;
	struct fscrypt_policy_v2 got;
	size_t size = sizeof(*add) + FSCRYPT_MAX_KEY_SIZE;
	unsigned int i;
	int fd;

	add = SAFE_MALLOC(size);
	memset(add, 0, size);
	add->key_spec.type = FSCRYPT_KEY_SPEC_TYPE_IDENTIFIER;
	add->raw_size = FSCRYPT_MAX_KEY_SIZE;
	for (i = 0; i < FSCRYPT_MAX_KEY_SIZE; i++)
		add->raw[i] = 0x5a ^ (i * 7);

	fd = SAFE_OPEN(MNT, O_RDONLY);
	if (ioctl(fd, FS_IOC_ADD_ENCRYPTION_KEY, add)) {
		if (errno == EOPNOTSUPP || errno == ENOTTY)
			tst_brk(TCONF | TERRNO,
				"ext4 encryption not supported by this kernel");
		tst_brk(TBROK | TERRNO, "FS_IOC_ADD_ENCRYPTION_KEY");
	}
	memset(&status, 0, sizeof(status));
	status.key_spec = add->key_spec;
	if (ioctl(fd, FS_IOC_GET_ENCRYPTION_KEY_STATUS, &status))
		tst_brk(TBROK | TERRNO, "FS_IOC_GET_ENCRYPTION_KEY_STATUS");
	if (status.status != FSCRYPT_KEY_STATUS_PRESENT)
		tst_brk(TBROK, "key status %u after adding it", status.status);
	SAFE_CLOSE(fd);

	policy.version = FSCRYPT_POLICY_V2;
	policy.contents_encryption_mode = FSCRYPT_MODE_AES_256_XTS;
	policy.filenames_encryption_mode = FSCRYPT_MODE_AES_256_CTS;
	policy.flags = FSCRYPT_POLICY_FLAGS_PAD_32;
	memcpy(policy.master_key_identifier, add->key_spec.u.identifier,
	       FSCRYPT_KEY_IDENTIFIER_SIZE);
	free(add);

	SAFE_MKDIR(ENC, 0755);
	SAFE_MKDIR(PLAIN, 0755);
	fd = SAFE_OPEN(ENC, O_RDONLY);
	if (ioctl(fd, FS_IOC_SET_ENCRYPTION_POLICY, &policy))
		tst_brk(TBROK | TERRNO, "FS_IOC_SET_ENCRYPTION_POLICY(%s)", ENC);
	SAFE_CLOSE(fd);
	if (get_policy(ENC, &got))
		tst_brk(TBROK | TERRNO, "FS_IOC_GET_ENCRYPTION_POLICY_EX(%s)",
			ENC);
	if (memcmp(&got, &policy, sizeof(got)))
		tst_brk(TBROK, "the policy read back differs from the one set");
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.needs_device = 1,
	.mount_device = 1,
	.mntpoint = MNT,
	.dev_fs_type = "ext4",
	.dev_fs_opts = (const char *const[]) {"-O", "encrypt", NULL},
	.needs_kconfigs = (const char *const[]) {
		"CONFIG_FS_ENCRYPTION", NULL
	},
};

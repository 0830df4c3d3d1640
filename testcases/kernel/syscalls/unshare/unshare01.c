// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * unshare() moves the caller into a new namespace of each kind it names,
 * with an effect only that namespace explains, and leaves the parent's
 * namespaces alone:
 *  - CLONE_NEWUTS: sethostname() after it is not seen by the parent;
 *  - CLONE_NEWIPC: a System V queue of the old namespace is gone (EINVAL);
 *  - CLONE_NEWNET: the new namespace has lo only, and it is down;
 *  - CLONE_NEWNS: a mount made after it is not in the parent's table;
 *  - CLONE_NEWUSER: the caller's ids are unmapped, so getuid() gives the
 *    overflow uid, and it holds every capability there;
 *  - CLONE_NEWPID: the caller stays where it is; pid_for_children is
 *    empty (ENOENT) until its first child, which is pid 1 in a new pid
 *    namespace;
 *  - CLONE_FILES and CLONE_FS: after a clone() that shared them, an fd
 *    opened and a umask set by the child no longer reach the parent.
 * For each namespace flag /proc/self/ns/NAME changes in the caller and
 * stays the parent's own.
 */
#include <fcntl.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/socket.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "net_helpers.h"

#define HOSTNAME "ltp-unshare01"
#define STACK_SIZE (256 * 1024)

static void check_uts(void)
{
	TST_EXP_PASS(sethostname(HOSTNAME, strlen(HOSTNAME)),
		     "sethostname() in the new uts namespace");
}

static int queue_id = -1;

static void check_ipc(void)
{
	struct msqid_ds ds;

	TST_EXP_FAIL(msgctl(queue_id, IPC_STAT, &ds), EINVAL,
		     "msgctl(IPC_STAT) of the old namespace's queue");
}

static void check_net(void)
{
	struct ifreq ifr = {};
	int count, has_lo, fd;

	/* lo, and the fallback tunnels of loaded tunnel drivers */
	count = net_count_own_ifs(&has_lo);
	if (count < 0)
		tst_brk(TBROK | TERRNO, "if_nameindex()");
	TST_EXP_EXPR(count == 1 && has_lo,
		     "the new net namespace has only lo (%d interfaces "
		     "besides fallback tunnels)", count);
	fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCGIFFLAGS, lo)");
	SAFE_CLOSE(fd);
	TST_EXP_EXPR(!(ifr.ifr_flags & IFF_UP),
		     "lo in the new net namespace is down (flags 0x%x)",
		     ifr.ifr_flags);
}

static void check_mnt(void)
{
	SAFE_MOUNT("none", "/", NULL, MS_REC | MS_PRIVATE, NULL);
	SAFE_MOUNT("ltp-unshare01", "mnt", "tmpfs", 0, NULL);
	SAFE_FILE_PRINTF("mnt/file", "x");
	tst_res(TPASS, "mounted a tmpfs in the new mount namespace");
}

static void check_user(void)
{
	unsigned int overflow = ns_overflow_id("overflowuid");
	unsigned long long eff = 0;
	char line[128];
	FILE *f;

	TST_EXP_EQ_LU(getuid(), overflow);
	f = fopen("/proc/self/status", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/self/status)");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1)
			break;
	fclose(f);
	/* CAP_SYS_ADMIN and CAP_SETUID at least: a full set there */
	TST_EXP_EXPR((eff & (1ULL << 21)) && (eff & (1ULL << 7)),
		     "full capabilities in the new user namespace (CapEff %llx)",
		     eff);
}

static ino_t ns_before;

static void check_pid(void)
{
	pid_t pid;
	int status;

	/* no pid namespace for children exists before the first child */
	TST_EXP_FAIL(access("/proc/self/ns/pid_for_children", F_OK), ENOENT,
		     "pid_for_children before the first child");
	pid = SAFE_FORK();
	if (!pid)
		_exit(getpid() == 1 && getppid() == 0 ? 0 : 1);
	SAFE_WAITPID(pid, &status, 0);
	TST_EXP_EXPR(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		     "the first child after unshare(CLONE_NEWPID) is pid 1 "
		     "with ppid 0 there");
	TST_EXP_EXPR(NS_ID(0, "pid_for_children") != ns_before &&
		     NS_ID(0, "pid") == ns_before,
		     "pid_for_children is a new namespace, pid is unchanged");
}

static const struct tcase {
	int flag;
	const char *name;
	const char *ns;
	void (*check)(void);
} tcases[] = {
	{CLONE_NEWUTS, "CLONE_NEWUTS", "uts", check_uts},
	{CLONE_NEWIPC, "CLONE_NEWIPC", "ipc", check_ipc},
	{CLONE_NEWNET, "CLONE_NEWNET", "net", check_net},
	{CLONE_NEWNS, "CLONE_NEWNS", "mnt", check_mnt},
	{CLONE_NEWUSER, "CLONE_NEWUSER", "user", check_user},
	{CLONE_NEWPID, "CLONE_NEWPID", "pid_for_children", check_pid},
	{CLONE_FILES, "CLONE_FILES", NULL, NULL},
	{CLONE_FS, "CLONE_FS", NULL, NULL},
};

static char parent_host[256];

static void verify_parent(const struct tcase *tc)
{
	char host[256];
	struct stat st, mnt_st;
	struct msqid_ds ds;

	switch (tc->flag) {
	case CLONE_NEWUTS:
		ns_gethostname(host, sizeof(host));
		TST_EXP_EXPR(!strcmp(host, parent_host),
			     "the parent's hostname is still '%s' (is '%s')",
			     parent_host, host);
		break;
	case CLONE_NEWIPC:
		TST_EXP_PASS(msgctl(queue_id, IPC_STAT, &ds),
			     "the parent still sees its queue");
		break;
	case CLONE_NEWNS:
		SAFE_STAT(".", &st);
		SAFE_STAT("mnt", &mnt_st);
		TST_EXP_EXPR(st.st_dev == mnt_st.st_dev &&
			     access("mnt/file", F_OK) == -1,
			     "the child's mount is not in the parent's table");
		break;
	}
}

/* CLONE_FILES and CLONE_FS: a clone() child sharing them unshares them. */
static volatile int child_fd = -1;

static int files_fs_child(void *arg)
{
	const struct tcase *tc = arg;

	if (unshare(tc->flag))
		return 1;
	if (tc->flag == CLONE_FILES)
		child_fd = open("/dev/null", O_RDONLY);
	else
		umask(0077);
	return 0;
}

static void run_files_fs(const struct tcase *tc)
{
	char *stack = SAFE_MALLOC(STACK_SIZE);
	int status;
	mode_t mask;
	pid_t pid;

	umask(0022);
	child_fd = -1;
	pid = clone(files_fs_child, stack + STACK_SIZE,
		    CLONE_VM | CLONE_FILES | CLONE_FS | SIGCHLD, (void *)tc);
	if (pid == -1)
		tst_brk(TBROK | TERRNO, "clone()");
	SAFE_WAITPID(pid, &status, 0);
	free(stack);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		tst_brk(TBROK, "clone() child's unshare() failed");
	if (tc->flag == CLONE_FILES) {
		TST_EXP_EXPR(child_fd >= 0 && fcntl(child_fd, F_GETFD) == -1,
			     "unshare(CLONE_FILES): fd %d the child opened is "
			     "not in the parent's table", child_fd);
		return;
	}
	mask = umask(0022);
	TST_EXP_EXPR(mask == 0022,
		     "unshare(CLONE_FS): the parent's umask stays 022 (0%03o)",
		     (unsigned int)mask);
}

static void run(unsigned int n)
{
	const struct tcase *tc = &tcases[n];
	ino_t before;
	pid_t pid;

	if (!tc->ns) {
		run_files_fs(tc);
		return;
	}
	before = NS_ID(0, tc->ns);
	ns_before = before;
	pid = SAFE_FORK();
	if (!pid) {
		TST_EXP_PASS(unshare(tc->flag), "unshare(%s)", tc->name);
		if (!TST_PASS)
			exit(0);
		/* pid_for_children is checked once a child exists */
		if (tc->flag != CLONE_NEWPID)
			TST_EXP_EXPR(NS_ID(0, tc->ns) != before,
				     "/proc/self/ns/%s changed", tc->ns);
		tc->check();
		exit(0);
	}
	NS_REAP(pid);
	TST_EXP_EXPR(NS_ID(0, tc->ns) == before,
		     "the parent's /proc/self/ns/%s is unchanged", tc->ns);
	verify_parent(tc);
}

static void setup(void)
{
	ns_gethostname(parent_host, sizeof(parent_host));
	queue_id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (queue_id == -1)
		tst_brk(TBROK | TERRNO, "msgget(IPC_PRIVATE)");
	SAFE_MKDIR("mnt", 0755);
}

static void cleanup(void)
{
	if (queue_id != -1)
		msgctl(queue_id, IPC_RMID, NULL);
}

static struct tst_test test = {
	.tcnt = ARRAY_SIZE(tcases),
	.test = run,
	.setup = setup,
	.cleanup = cleanup,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_USER_NS", "CONFIG_PID_NS", "CONFIG_UTS_NS",
		"CONFIG_IPC_NS", "CONFIG_NET_NS", NULL
	},
};

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a network namespace isolates beyond ports: abstract AF_UNIX
 * names, links (rtnetlink, /proc/net/dev, SIOCGIFCONF), and a socket
 * stays in the namespace it was made in (net/unix/af_unix.c
 * unix_find_abstract() uses the socket's namespace; fs/nsfs.c keeps a
 * namespace alive through a bind mount). O (own network and mount
 * namespaces) listens on the abstract name "ltp_netns03" and makes a veth
 * pair ltpn3a/ltpn3b; its child A in a new network namespace:
 *  - connect() to the name is ECONNREFUSED, /proc/net/unix does not list
 *    it, and A binds the same name (not EADDRINUSE);
 *  - an RTM_GETLINK dump lists lo only (fallback tunnels aside);
 * O moves ltpn3b into A: O's RTM_GETLINK of it is ENODEV and
 * /proc/net/dev no longer lists it; A's dump and /proc/net/dev list it;
 * a sysfs mounted in A lists lo and ltpn3b in class/net, one mounted in
 * O lo and ltpn3a.
 * With lo up and 10.73.0.1/24 on ltpn3b in A, SIOCGIFCONF lists exactly
 * lo and ltpn3b there and nothing in O (its lo is down). O bind-mounts
 * /proc/A/ns/net on a file; after A exits, a child of O opens that file
 * and setns()es into it:
 *  - the dump shows ltpn3b with its address and lo up (the namespace is
 *    alive with no process);
 *  - an AF_UNIX socket made before setns() reaches O's listener, one made
 *    after gets ECONNREFUSED; SIOCGIFINDEX of ltpn3b is ENODEV on a
 *    socket made before setns() and works on one made after.
 */
#include <dirent.h>
#include <fcntl.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <arpa/inet.h>
#include "tst_test.h"
#include "ns_helpers.h"
#include "net_helpers.h"
#include "net_rtnl.h"

#define ABSTRACT "ltp_netns03"

struct links {
	int lo, b, other, lo_up;
};

static void count_link(const struct rtnl_link_info *li, void *priv)
{
	struct links *l = priv;

	if (!strcmp(li->name, "lo")) {
		l->lo++;
		l->lo_up = !!(li->flags & IFF_UP);
	} else if (!strcmp(li->name, "ltpn3b")) {
		l->b++;
	} else if (!net_is_fallback_tunnel(li->name)) {
		l->other++;
	}
}

static struct links dump(void)
{
	struct links l = {0};

	RTNL_SAFE(rtnl_link_dump(count_link, &l));
	return l;
}

/* Does file (/proc/net/dev, /proc/net/unix) contain word? */
static int proc_has(const char *file, const char *word)
{
	char line[512];
	int found = 0;
	FILE *f = fopen(file, "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", file);
	while (fgets(line, sizeof(line), f))
		found |= !!strstr(line, word);
	fclose(f);
	return found;
}

static struct sockaddr_un abstract_addr(socklen_t *len)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };

	memcpy(sun.sun_path + 1, ABSTRACT, strlen(ABSTRACT));
	*len = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(ABSTRACT);
	return sun;
}

static int unix_connect(int fd)
{
	socklen_t len;
	struct sockaddr_un sun = abstract_addr(&len);

	return connect(fd, (struct sockaddr *)&sun, len);
}

/* Entries of a fresh sysfs mount's class/net: bit 0 lo, 1 ltpn3a, 2 ltpn3b,
 * 3 others (fallback tunnels aside). */
static int sysfs_net(const char *dir)
{
	char path[64];
	struct dirent *de;
	int seen = 0;
	DIR *d;

	SAFE_MOUNT("sysfs", dir, "sysfs", 0, NULL);
	snprintf(path, sizeof(path), "%s/class/net", dir);
	d = opendir(path);
	if (!d)
		tst_brk(TBROK | TERRNO, "opendir(%s)", path);
	while ((de = readdir(d))) {
		/* Devices are links; bonding_masters is a class attribute. */
		if (de->d_type != DT_LNK || net_is_fallback_tunnel(de->d_name))
			continue;
		if (!strcmp(de->d_name, "lo"))
			seen |= 1;
		else if (!strcmp(de->d_name, "ltpn3a"))
			seen |= 2;
		else if (!strcmp(de->d_name, "ltpn3b"))
			seen |= 4;
		else
			seen |= 8;
	}
	closedir(d);
	SAFE_UMOUNT(dir);
	return seen;
}

/* Names SIOCGIFCONF lists: bit 0 lo, bit 1 ltpn3b, bit 2 others. */
static int gifconf(void)
{
	struct ifreq req[16];
	struct ifconf ifc = { .ifc_len = sizeof(req), .ifc_req = req };
	int fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0), i, seen = 0;

	if (ioctl(fd, SIOCGIFCONF, &ifc))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCGIFCONF)");
	SAFE_CLOSE(fd);
	for (i = 0; i < ifc.ifc_len / (int)sizeof(req[0]); i++) {
		if (!strcmp(req[i].ifr_name, "lo"))
			seen |= 1;
		else if (!strcmp(req[i].ifr_name, "ltpn3b"))
			seen |= 2;
		else
			seen |= 4;
	}
	return seen;
}

static void ns_a(void)
{
	struct in_addr a4;
	struct links l;
	socklen_t len;
	struct sockaddr_un sun = abstract_addr(&len);
	int fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);

	TST_EXP_FAIL(unix_connect(fd), ECONNREFUSED,
		     "connect() to O's abstract name from A");
	TST_EXP_EXPR(!proc_has("/proc/net/unix", "@" ABSTRACT),
		     "A's /proc/net/unix does not list O's name");
	SAFE_CLOSE(fd);
	fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	TST_EXP_PASS(bind(fd, (struct sockaddr *)&sun, len),
		     "bind() of the same abstract name in A");
	l = dump();
	TST_EXP_EXPR(l.lo == 1 && !l.b && !l.other,
		     "A's RTM_GETLINK dump: lo only (lo %d, others %d)", l.lo,
		     l.other);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);

	/* O has moved ltpn3b here */
	l = dump();
	TST_EXP_EXPR(l.b == 1, "A's dump lists the moved ltpn3b");
	TST_EXP_EXPR(proc_has("/proc/net/dev", "ltpn3b:"),
		     "A's /proc/net/dev lists ltpn3b");
	TST_EXP_EQ_LI(sysfs_net("sys_a"), 1 | 4);
	lo_up();
	inet_pton(AF_INET, "10.73.0.1", &a4);
	RTNL_SAFE(rtnl_addr_add(rtnl_ifindex("ltpn3b"), AF_INET, &a4, 24, 0));
	TST_EXP_EQ_LI(gifconf(), 3);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	SAFE_CLOSE(fd);
	exit(0);
}

static void joiner(int before_unix, int before_inet)
{
	struct ifreq ifr = { .ifr_name = "ltpn3b" };
	struct links l;
	int nsfd = SAFE_OPEN("netns", O_RDONLY), fd;

	TST_EXP_PASS(setns(nsfd, CLONE_NEWNET),
		     "setns() through the nsfs bind mount");
	if (!TST_PASS)
		exit(0);
	l = dump();
	TST_EXP_EXPR(l.lo == 1 && l.lo_up && l.b == 1 && !l.other,
		     "the pinned namespace still has lo (up) and ltpn3b");
	TST_EXP_EQ_LI(gifconf(), 3);
	TST_EXP_PASS(unix_connect(before_unix), "connect() of a socket made "
		     "before setns() reaches O's abstract listener");
	fd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	TST_EXP_FAIL(unix_connect(fd), ECONNREFUSED,
		     "connect() of a socket made after setns()");
	SAFE_CLOSE(fd);
	TST_EXP_FAIL(ioctl(before_inet, SIOCGIFINDEX, &ifr), ENODEV,
		     "SIOCGIFINDEX(ltpn3b) on a socket made before setns()");
	fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	TST_EXP_PASS(ioctl(fd, SIOCGIFINDEX, &ifr),
		     "SIOCGIFINDEX(ltpn3b) on a socket made after setns()");
	SAFE_CLOSE(fd);
	exit(0);
}

static void ns_o(void)
{
	struct rtnl_link_info li;
	socklen_t len;
	struct sockaddr_un sun = abstract_addr(&len);
	char path[64];
	int lfd, afd, bu, bi, ret;
	pid_t a, j;

	SAFE_MOUNT(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
	lfd = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	if (bind(lfd, (struct sockaddr *)&sun, len) || listen(lfd, 4))
		tst_brk(TBROK | TERRNO, "abstract listener in O");
	ret = rtnl_veth_add("ltpn3a", "ltpn3b", -1);
	if (ret == -EOPNOTSUPP)
		tst_brk(TCONF, "no veth in this kernel");
	RTNL_SAFE(ret);

	a = SAFE_NS_FORK(CLONE_NEWNET);
	if (!a)
		ns_a();
	TST_CHECKPOINT_WAIT(0);
	snprintf(path, sizeof(path), "/proc/%d/ns/net", (int)a);
	afd = SAFE_OPEN(path, O_RDONLY);
	RTNL_SAFE(rtnl_link_netns(rtnl_ifindex("ltpn3b"), afd));
	SAFE_CLOSE(afd);
	TST_EXP_EQ_LI(rtnl_link_get(0, "ltpn3b", &li), -ENODEV);
	TST_EXP_EXPR(!proc_has("/proc/net/dev", "ltpn3b:"),
		     "O's /proc/net/dev no longer lists ltpn3b");
	TST_EXP_EQ_LI(rtnl_link_get(0, "ltpn3a", &li), 0);
	TST_EXP_EQ_LI(sysfs_net("sys_o"), 1 | 2);
	TST_CHECKPOINT_WAKE_AND_WAIT(0);
	TST_EXP_EQ_LI(gifconf(), 0);
	SAFE_MOUNT(path, "netns", NULL, MS_BIND, NULL);
	TST_CHECKPOINT_WAKE(0);
	NS_REAP(a);

	bu = SAFE_SOCKET(AF_UNIX, SOCK_STREAM, 0);
	bi = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);
	j = SAFE_FORK();
	if (!j)
		joiner(bu, bi);
	NS_REAP(j);
	SAFE_UMOUNT("netns");
	SAFE_CLOSE(lfd);
	exit(0);
}

static void run(void)
{
	pid_t pid = SAFE_NS_FORK(CLONE_NEWNET | CLONE_NEWNS);

	if (!pid)
		ns_o();
	NS_REAP(pid);
}

static void setup(void)
{
	int fd = SAFE_OPEN("netns", O_CREAT | O_WRONLY, 0600);

	SAFE_CLOSE(fd);
	SAFE_MKDIR("sys_a", 0700);
	SAFE_MKDIR("sys_o", 0700);
}

static struct tst_test test = {
	.setup = setup,
	.test_all = run,
	.needs_root = 1,
	.needs_tmpdir = 1,
	.forks_child = 1,
	.needs_checkpoints = 1,
	.needs_kconfigs = (const char *const []) {
		"CONFIG_NET_NS", "CONFIG_VETH", NULL
	},
};

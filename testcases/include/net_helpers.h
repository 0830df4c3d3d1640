/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Loopback helpers of the network namespace tests. */
#ifndef NET_HELPERS_H
#define NET_HELPERS_H

#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tst_test.h"

/* lo's interface flags (SIOCGIFFLAGS). */
/*
 * Whether NAME is a fallback tunnel device: each loaded (or built-in)
 * tunnel driver puts one in every new network namespace while
 * net.core.fb_tunnels_only_for_init_net is 0 (net_has_fallback_tunnels()),
 * so a new namespace holds lo and these, on a stock kernel only once a
 * test has loaded the module. Names from the drivers' ip_tunnel_init_net()
 * and alloc_netdev() calls (ipip, ip_gre, ip_vti, sit, ip6_tunnel,
 * ip6_gre, ip6_vti).
 */
static inline int net_is_fallback_tunnel(const char *name)
{
	static const char *const fb[] = {
		"tunl0", "gre0", "gretap0", "erspan0", "ip_vti0", "sit0",
		"ip6tnl0", "ip6gre0", "ip6_vti0", NULL
	};
	int i;

	for (i = 0; fb[i]; i++)
		if (!strcmp(name, fb[i]))
			return 1;
	return 0;
}

/*
 * The interfaces of the current network namespace other than fallback
 * tunnels (if_nameindex()); *has_lo tells whether lo is among them.
 */
static inline int net_count_own_ifs(int *has_lo)
{
	struct if_nameindex *ifs = if_nameindex(), *i;
	int count = 0;

	if (!ifs)
		return -1;
	*has_lo = 0;
	for (i = ifs; i->if_index; i++) {
		if (net_is_fallback_tunnel(i->if_name))
			continue;
		count++;
		*has_lo |= !strcmp(i->if_name, "lo");
	}
	if_freenameindex(ifs);
	return count;
}

static inline short lo_flags(void)
{
	struct ifreq ifr = {};
	int fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);

	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCGIFFLAGS, lo)");
	SAFE_CLOSE(fd);
	return ifr.ifr_flags;
}

/* Bring lo up with SIOCSIFFLAGS. */
static inline void lo_up(void)
{
	struct ifreq ifr = {};
	int fd = SAFE_SOCKET(AF_INET, SOCK_DGRAM, 0);

	strcpy(ifr.ifr_name, "lo");
	ifr.ifr_flags = lo_flags() | IFF_UP;
	if (ioctl(fd, SIOCSIFFLAGS, &ifr))
		tst_brk(TBROK | TERRNO, "ioctl(SIOCSIFFLAGS, lo up)");
	SAFE_CLOSE(fd);
}

static inline struct sockaddr_in loopback_addr(unsigned short port)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = htons(port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};

	return sin;
}

/* A TCP socket listening on 127.0.0.1:port (0: any); its port. */
static inline int tcp_listener(unsigned short port, unsigned short *bound)
{
	struct sockaddr_in sin = loopback_addr(port);
	socklen_t len = sizeof(sin);
	int fd = SAFE_SOCKET(AF_INET, SOCK_STREAM, 0);

	if (bind(fd, (struct sockaddr *)&sin, sizeof(sin)))
		tst_brk(TBROK | TERRNO, "bind(127.0.0.1:%u)", port);
	if (listen(fd, 4))
		tst_brk(TBROK | TERRNO, "listen()");
	if (getsockname(fd, (struct sockaddr *)&sin, &len))
		tst_brk(TBROK | TERRNO, "getsockname()");
	if (bound)
		*bound = ntohs(sin.sin_port);
	return fd;
}

/*
 * A counter of a /proc/net table in this process's namespace: file is
 * "snmp" or "netstat" (a line of names, then a line of values, per
 * section), sect the section with its colon ("Tcp:", "IpExt:").
 */
static inline long long proc_net_counter(const char *file, const char *sect,
					 const char *field)
{
	char path[64], names[8192], vals[8192], *n, *v, *sn, *sv;
	long long ret = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/net/%s", file);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	while (ret < 0 && fgets(names, sizeof(names), f) &&
	       fgets(vals, sizeof(vals), f)) {
		if (strncmp(names, sect, strlen(sect)))
			continue;
		n = strtok_r(names, " \n", &sn);
		v = strtok_r(vals, " \n", &sv);
		while (n && v && strcmp(n, field)) {
			n = strtok_r(NULL, " \n", &sn);
			v = strtok_r(NULL, " \n", &sv);
		}
		if (n && v)
			ret = atoll(v);
	}
	fclose(f);
	if (ret < 0)
		tst_brk(TBROK, "no %s %s in %s", sect, field, path);
	return ret;
}

/* A counter of /proc/net/snmp6 (a name and a value a line). */
static inline long long proc_net_snmp6(const char *field)
{
	char name[128];
	long long val;
	FILE *f = fopen("/proc/net/snmp6", "r");

	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/net/snmp6)");
	while (fscanf(f, "%127s %lld", name, &val) == 2) {
		if (!strcmp(name, field)) {
			fclose(f);
			return val;
		}
	}
	fclose(f);
	tst_brk(TBROK, "no %s in /proc/net/snmp6", field);
	return -1;
}

#endif /* NET_HELPERS_H */

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2016-4997: the 32-bit compat IPT_SO_SET_REPLACE path trusted an
 * entry's target_offset; an offset inside the entry header made the
 * kernel walk a bogus match whose size it then used to write out of
 * bounds (memory corruption, privilege escalation). Fixed by
 * ce683e5f9d04 ("netfilter: x_tables: check for bogus target offset"):
 * xt_compat_check_entry_offsets() rejects such an entry with EINVAL.
 *
 * On x86_64 the test reaches the compat path itself: setsockopt() is
 * made with int $0x80 (i386 syscall 366), so the arguments and the
 * table, laid out as the 32-bit structures, sit in MAP_32BIT memory.
 * In a private network namespace, with ip_tables loaded:
 *  - control: a well-formed one-entry table (standard ACCEPT target)
 *    for a table that does not exist passes the entry checks and fails
 *    with ENOENT, which shows the call took the compat layout;
 *  - the reproducer's table, target_offset 74 (inside the 112-byte
 *    entry) and a 0xffff-byte "icmp" match, fails with EINVAL;
 *  - the kernel neither oopses nor warns (taint check).
 * TCONF when the kernel config says CONFIG_NETFILTER_XTABLES_COMPAT is
 * unset (Debian's 6.12 cloud kernel): there is no compat path to test.
 */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <netinet/in.h>
#include <linux/netfilter_ipv4/ip_tables.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include "tst_test.h"

#ifdef __x86_64__

#define I386_SETSOCKOPT	366
#define BAD_TARGET_OFFSET	74
#define MATCH_SIZE	0xffff

/* struct compat_ipt_replace: 4-byte aligned, 32-bit counters pointer */
struct c_replace {
	char name[32];
	uint32_t valid_hooks;
	uint32_t num_entries;
	uint32_t size;
	uint32_t hook_entry[5];
	uint32_t underflow[5];
	uint32_t num_counters;
	uint32_t counters;
};

/* struct compat_ipt_entry */
struct c_entry {
	struct ipt_ip ip;
	uint32_t nfcache;
	uint16_t target_offset;
	uint16_t next_offset;
	uint32_t comefrom;
	uint32_t counters[4];
};

/* struct compat_xt_entry_match / _target (user view) */
struct c_head {
	uint16_t size;
	char name[29];
	uint8_t revision;
};

struct c_standard {
	struct c_head t;
	int32_t verdict;
};

struct good_table {
	struct c_replace repl;
	struct c_entry ent;
	struct c_standard targ;
};

struct bad_table {
	struct c_replace repl;
	struct c_entry ent;
	struct c_head match;
	struct c_head targ;
	char padding[MATCH_SIZE - sizeof(struct c_entry) -
		     2 * sizeof(struct c_head)];
	struct c_head targ2;
};

static char *mem;
static size_t mem_len;
static int sock = -1;

static long compat_setsockopt(int fd, int level, int name, void *val,
			      unsigned int len)
{
	long ret;

	asm volatile ("int $0x80"
		      : "=a" (ret)
		      : "0" ((long)I386_SETSOCKOPT), "b" (fd), "c" (level),
			"d" (name), "S" ((uint32_t)(uintptr_t)val), "D" (len)
		      : "r8", "r9", "r10", "r11", "memory");
	if (ret < 0 && ret > -4096) {
		errno = -ret;
		return -1;
	}
	return ret;
}

static void setup(void)
{
	const char *const modprobe[] = {"modprobe", "-q", "ip_tables", NULL};
	struct ipt_getinfo info = { .name = "filter" };
	socklen_t len = sizeof(info);

	/* 5.13+: without it a 32-bit IPT_SO_SET_REPLACE is read as 64-bit */
	if (!tst_kconfig_check("CONFIG_NETFILTER_XTABLES_COMPAT"))
		tst_brk(TCONF, "no 32-bit x_tables compat in this kernel "
			"(CONFIG_NETFILTER_XTABLES_COMPAT unset)");
	if (unshare(CLONE_NEWNET))
		tst_brk(errno == EINVAL ? TCONF | TERRNO : TBROK | TERRNO,
			"unshare(CLONE_NEWNET)");
	tst_cmd(modprobe, 1);
	sock = SAFE_SOCKET(AF_INET, SOCK_RAW, IPPROTO_RAW);
	if (getsockopt(sock, SOL_IP, IPT_SO_GET_INFO, &info, &len) &&
	    errno == ENOPROTOOPT)
		tst_brk(TCONF, "ip_tables not available (IPT_SO_GET_INFO: ENOPROTOOPT)");

	mem_len = sizeof(struct bad_table) + 4096;
	mem = SAFE_MMAP(NULL, mem_len, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if ((uintptr_t)mem + mem_len > 0x100000000ULL)
		tst_brk(TBROK, "MAP_32BIT mapping at %p is above 4 GiB", mem);

	if (compat_setsockopt(sock, SOL_IP, 0x7fff, mem, 4) &&
	    errno == ENOSYS)
		tst_brk(TCONF, "no 32-bit syscalls (IA32 emulation off)");
}

static void cleanup(void)
{
	if (sock >= 0)
		SAFE_CLOSE(sock);
	if (mem)
		SAFE_MUNMAP(mem, mem_len);
}

static void control(void)
{
	struct good_table *g = (void *)mem;
	uint32_t *counters = (void *)(mem + sizeof(struct bad_table));

	memset(mem, 0, mem_len);
	strcpy(g->repl.name, "parz_none");
	g->repl.num_entries = 1;
	g->repl.size = sizeof(g->ent) + sizeof(g->targ);
	g->repl.num_counters = 1;
	g->repl.counters = (uint32_t)(uintptr_t)counters;
	g->ent.target_offset = sizeof(g->ent);
	g->ent.next_offset = sizeof(g->ent) + sizeof(g->targ);
	g->targ.t.size = sizeof(g->targ);
	g->targ.verdict = -NF_ACCEPT - 1;

	TST_EXP_FAIL(compat_setsockopt(sock, SOL_IP, IPT_SO_SET_REPLACE, g,
				       sizeof(*g)), ENOENT,
		     "compat IPT_SO_SET_REPLACE, well-formed entry, no such table");
}

static void reproducer(void)
{
	struct bad_table *b = (void *)mem;

	memset(mem, 0, mem_len);
	b->repl.num_entries = 2;
	b->repl.num_counters = 1;
	b->repl.size = sizeof(*b) - sizeof(b->repl);
	strcpy(b->match.name, "icmp");
	b->match.size = MATCH_SIZE;
	b->ent.target_offset = BAD_TARGET_OFFSET;
	b->ent.next_offset = sizeof(b->ent) + 2 * sizeof(struct c_head);

	TST_EXP_FAIL(compat_setsockopt(sock, SOL_IP, IPT_SO_SET_REPLACE, b,
				       sizeof(*b)), EINVAL,
		     "compat IPT_SO_SET_REPLACE, target_offset %d",
		     BAD_TARGET_OFFSET);
}

static void run(void)
{
	control();
	reproducer();
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "ce683e5f9d04"},
		{"CVE", "2016-4997"},
		{}
	},
};

#else

static void run(void)
{
	tst_brk(TCONF, "the compat int $0x80 path is written for x86_64");
}

static struct tst_test test = {
	.test_all = run,
};

#endif

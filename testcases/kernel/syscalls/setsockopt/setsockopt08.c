// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CVE-2021-22555: converting a 32-bit IPT_SO_SET_REPLACE table to the
 * native layout, xt_compat_target_from_user() (and the match variant)
 * zeroed the alignment padding behind the target's data at the offset
 * the registered target's size gives, not the size the user gave: a
 * target record shorter than its target needs, last in the table, had
 * the padding written past the end of the kmalloc()ed table (a heap
 * out-of-bounds write of zeros, used for privilege escalation). Fixed by
 * b29c457a6511 ("netfilter: x_tables: fix compat match/target pad
 * out-of-bound write"), which drops that memset.
 *
 * In a private network namespace, with ip_tables loaded, using only what
 * ip_tables registers itself (the "icmp" match, the "ERROR" target):
 *  - native layout: one entry with an 812-byte "icmp" match (its real
 *    size is 40) and a header-only 32-byte "ERROR" target (its real size
 *    is 64) fails with EINVAL;
 *  - 32-bit layout (int $0x80, i386 syscall 366, the table in MAP_32BIT
 *    memory), only where CONFIG_NETFILTER_XTABLES_COMPAT is set:
 *    control: the same entry with the match and the target at their
 *    right compat sizes for a table that does not exist passes the entry
 *    conversion and fails with ENOENT (the compat layout was read);
 *    reproducer: the short "ERROR" target last, the match sized so that
 *    the converted table is exactly 1024 bytes with its xt_table_info:
 *    EINVAL (the bad match size), and the pad write, on a kernel that
 *    still has it, lands 30 bytes past the allocation;
 *  - the kernel neither oopses nor warns (taint check): without KASAN the
 *    out-of-bounds write shows only when it corrupts a neighbour.
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

/* sizeof(struct xt_table_info) on 64-bit kernels */
#define TABLE_INFO_SIZE	64
#define SLAB_SIZE	1024
#define ENTRY_SIZE	112
#define HDR_SIZE	32
/* XT_ALIGN(4) - COMPAT_XT_ALIGN(4): padding added behind the icmp data */
#define ICMP_PAD	4
/* the converted table fills the 1024-byte slab exactly */
#define BIG_MATCH	(SLAB_SIZE - TABLE_INFO_SIZE - ENTRY_SIZE - ICMP_PAD - \
			 HDR_SIZE)
#define COMPAT_ICMP	(HDR_SIZE + 4)
/* XT_FUNCTION_MAXNAMELEN bytes of error name, aligned */
#define ERROR_TARGET	(HDR_SIZE + 32)

static char *mem;
static size_t mem_len = 8192;
static int sock = -1;
static int have_compat;

/* an entry header laid out alike in both ABIs: 112 bytes */
struct entry {
	struct ipt_ip ip;
	uint32_t nfcache;
	uint16_t target_offset;
	uint16_t next_offset;
	uint32_t comefrom;
	uint32_t counters[4];
};

/* struct xt_entry_match / _target as user space fills them */
struct rec_head {
	uint16_t size;
	char name[29];
	uint8_t revision;
};

/* struct compat_ipt_replace */
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

static long compat_setsockopt(int fd, int level, int name, void *val,
			      unsigned int len)
{
#ifdef __x86_64__
	long ret;

	asm volatile ("int $0x80"
		      : "=a" (ret)
		      : "0" (366L), "b" (fd), "c" (level), "d" (name),
			"S" ((uint32_t)(uintptr_t)val), "D" (len)
		      : "r8", "r9", "r10", "r11", "memory");
	if (ret < 0 && ret > -4096) {
		errno = -ret;
		return -1;
	}
	return ret;
#else
	(void)fd; (void)level; (void)name; (void)val; (void)len;
	errno = ENOSYS;
	return -1;
#endif
}

/*
 * One entry at e: an "icmp" match of match_size bytes, then an "ERROR"
 * target of target_size bytes. Returns the entry's size.
 */
static unsigned int fill_entry(char *e, unsigned int match_size,
			       unsigned int target_size)
{
	struct entry *ent = (void *)e;
	struct rec_head *m = (void *)(e + sizeof(*ent));
	struct rec_head *t = (void *)(e + sizeof(*ent) + match_size);

	m->size = match_size;
	strcpy(m->name, "icmp");
	t->size = target_size;
	strcpy(t->name, "ERROR");
	ent->ip.proto = IPPROTO_ICMP;
	ent->target_offset = sizeof(*ent) + match_size;
	ent->next_offset = ent->target_offset + target_size;
	return ent->next_offset;
}

static void native(void)
{
	struct ipt_replace *r = (void *)mem;
	struct xt_counters *cnt = (void *)(mem + mem_len / 2);

	memset(mem, 0, mem_len);
	strcpy(r->name, "filter");
	r->num_entries = 1;
	r->num_counters = 1;
	r->counters = cnt;
	r->size = fill_entry((char *)r->entries, BIG_MATCH + ICMP_PAD,
			     HDR_SIZE);

	TST_EXP_FAIL(setsockopt(sock, SOL_IP, IPT_SO_SET_REPLACE, r,
				sizeof(*r) + r->size), EINVAL,
		     "IPT_SO_SET_REPLACE, %u-byte icmp match, %d-byte ERROR "
		     "target", BIG_MATCH + ICMP_PAD, HDR_SIZE);
}

static void compat(const char *table, unsigned int match_size,
		   unsigned int target_size, int exp_err, const char *what)
{
	struct c_replace *r = (void *)mem;
	uint32_t *cnt = (void *)(mem + mem_len / 2);

	memset(mem, 0, mem_len);
	strcpy(r->name, table);
	r->num_entries = 1;
	r->num_counters = 1;
	r->counters = (uint32_t)(uintptr_t)cnt;
	r->size = fill_entry(mem + sizeof(*r), match_size, target_size);

	TST_EXP_FAIL(compat_setsockopt(sock, SOL_IP, IPT_SO_SET_REPLACE, r,
				       sizeof(*r) + r->size), exp_err,
		     "compat IPT_SO_SET_REPLACE, %s (match %u, target %u)",
		     what, match_size, target_size);
}

static void run(void)
{
	native();
	if (!have_compat)
		return;
	compat("parz_none", COMPAT_ICMP, ERROR_TARGET, ENOENT,
	       "well-formed entry, no such table");
	compat("filter", BIG_MATCH, HDR_SIZE, EINVAL,
	       "short ERROR target last");
}

static void setup(void)
{
	const char *const modprobe[] = {"modprobe", "-q", "ip_tables", NULL};
	struct ipt_getinfo info = { .name = "filter" };
	socklen_t len = sizeof(info);

	if (unshare(CLONE_NEWNET))
		tst_brk(errno == EINVAL ? TCONF | TERRNO : TBROK | TERRNO,
			"unshare(CLONE_NEWNET)");
	tst_cmd(modprobe, 1);
	sock = SAFE_SOCKET(AF_INET, SOCK_RAW, IPPROTO_RAW);
	if (getsockopt(sock, SOL_IP, IPT_SO_GET_INFO, &info, &len) &&
	    errno == ENOPROTOOPT)
		tst_brk(TCONF, "ip_tables not available (IPT_SO_GET_INFO: "
			"ENOPROTOOPT)");

	mem = SAFE_MMAP(NULL, mem_len, PROT_READ | PROT_WRITE,
#ifdef __x86_64__
			MAP_32BIT |
#endif
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

#ifdef __x86_64__
	/* 5.13+: without it a 32-bit IPT_SO_SET_REPLACE is read as 64-bit */
	if (!tst_kconfig_check("CONFIG_NETFILTER_XTABLES_COMPAT")) {
		tst_res(TCONF, "32-bit part skipped: no x_tables compat in "
			"this kernel (CONFIG_NETFILTER_XTABLES_COMPAT unset)");
	} else if (compat_setsockopt(sock, SOL_IP, 0x7fff, mem, 4) &&
		   errno == ENOSYS) {
		tst_res(TCONF, "32-bit part skipped: no 32-bit syscalls "
			"(IA32 emulation off)");
	} else {
		have_compat = 1;
	}
#else
	tst_res(TCONF, "32-bit part skipped: the int $0x80 path is written "
		"for x86_64");
#endif
}

static void cleanup(void)
{
	if (sock >= 0)
		SAFE_CLOSE(sock);
	if (mem)
		SAFE_MUNMAP(mem, mem_len);
}

static struct tst_test test = {
	.setup = setup,
	.cleanup = cleanup,
	.test_all = run,
	.needs_root = 1,
	.taint_check = TST_TAINT_D | TST_TAINT_W,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "b29c457a6511"},
		{"CVE", "2021-22555"},
		{}
	},
};

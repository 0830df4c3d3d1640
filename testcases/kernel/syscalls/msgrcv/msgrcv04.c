// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * msgrcv() through the 32-bit compat entry (x86_64: int $0x80, i386
 * syscall 401, CONFIG_IA32_EMULATION), whose msgtyp is a 32-bit signed
 * long: a negative msgtyp must stay negative on its way to do_msgrcv().
 * Before e7ca2552369c ("ipc,msg: fix compat msgrcv with negative msgtyp")
 * the compat call passed it on as an unsigned 32-bit value, so -2 became
 * 4294967294, a type no message has.
 * A queue holds messages of types 3, 1 and 2, in that order:
 * - msgtyp -2 (IPC_NOWAIT) receives the message of the lowest type <= 2,
 *   type 1, with its text, written as a compat msgbuf (a 4-byte mtype);
 * - msgtyp -2 again receives type 2, the only one left <= 2;
 * - msgtyp -2 once more is ENOMSG (only type 3 is left);
 * - msgtyp 0 then receives the type 3 message.
 * The msgbuf is in memory below 4 GiB (MAP_32BIT), as a 32-bit pointer
 * needs. TCONF without the 32-bit syscall entry (ENOSYS).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include "tst_test.h"

#ifdef __x86_64__

/* arch/x86/entry/syscalls/syscall_32.tbl: msgrcv -> compat_sys_msgrcv */
#define I386_MSGRCV 401
#define TEXT_LEN 16

/* struct compat_msgbuf: a compat_long_t mtype, then the text */
struct msgbuf32 {
	int32_t mtype;
	char mtext[TEXT_LEN];
};

struct msgbuf64 {
	long mtype;
	char mtext[TEXT_LEN];
};

static int qid = -1;
static struct msgbuf32 *low;

static long compat_msgrcv(int id, void *buf, int size, int32_t type, int flg)
{
	long ret;

	asm volatile ("int $0x80"
		      : "=a" (ret)
		      : "0" ((long)I386_MSGRCV), "b" (id),
			"c" ((uint32_t)(uintptr_t)buf), "d" (size),
			"S" ((long)type), "D" (flg)
		      : "r8", "r9", "r10", "r11", "memory");
	if (ret < 0 && ret > -4096) {
		errno = -ret;
		return -1;
	}
	return ret;
}

static void send_one(long type)
{
	struct msgbuf64 m = { .mtype = type };

	snprintf(m.mtext, sizeof(m.mtext), "type %ld", type);
	if (msgsnd(qid, &m, sizeof(m.mtext), 0))
		tst_brk(TBROK | TERRNO, "msgsnd(type %ld)", type);
}

static void expect_type(int32_t msgtyp, int32_t want)
{
	char text[TEXT_LEN];

	memset(low, 0xa5, sizeof(*low));
	TST_EXP_VAL(compat_msgrcv(qid, low, TEXT_LEN, msgtyp, IPC_NOWAIT),
		    TEXT_LEN, "compat msgrcv(msgtyp %d)", msgtyp);
	if (!TST_PASS)
		return;
	snprintf(text, sizeof(text), "type %d", want);
	TST_EXP_EXPR(low->mtype == want && !strcmp(low->mtext, text),
		     "received mtype %d, text \"%.*s\" (want type %d)",
		     low->mtype, TEXT_LEN, low->mtext, want);
}

static void run(void)
{
	send_one(3);
	send_one(1);
	send_one(2);

	expect_type(-2, 1);
	expect_type(-2, 2);
	TST_EXP_FAIL(compat_msgrcv(qid, low, TEXT_LEN, -2, IPC_NOWAIT),
		     ENOMSG, "compat msgrcv(msgtyp -2) with only type 3 left");
	expect_type(0, 3);
}

static void setup(void)
{
	low = SAFE_MMAP(NULL, getpagesize(), PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if ((uintptr_t)low + getpagesize() > 0x100000000ULL)
		tst_brk(TBROK, "MAP_32BIT mapping at %p is above 4 GiB", low);
	qid = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (qid < 0)
		tst_brk(TBROK | TERRNO, "msgget(IPC_PRIVATE)");
	if (compat_msgrcv(qid, low, TEXT_LEN, 0, IPC_NOWAIT) &&
	    errno == ENOSYS)
		tst_brk(TCONF, "no 32-bit syscalls (IA32 emulation off)");
}

static void cleanup(void)
{
	if (qid >= 0 && msgctl(qid, IPC_RMID, NULL))
		tst_res(TWARN | TERRNO, "msgctl(IPC_RMID)");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.cleanup = cleanup,
	.tags = (const struct tst_tag[]) {
		/* ipc,msg: fix compat msgrcv with negative msgtyp */
		{"linux-git", "e7ca2552369c"},
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

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The FPU/vector registers survive a signal whose frame could not be
 * written (x86-64). A SIGHUP handler runs on an alternate stack whose
 * top part is writable and whose lower pages are read-only; the top is
 * moved down 64 bytes at a time, so the kernel's get_sigframe() finds in
 * turn: the xstate area (written first, at the top) in the read-only
 * part; the xstate written but the rt_sigframe below it read-only; and
 * everything writable. When the frame fails the kernel forces SIGSEGV,
 * whose handler runs on the normal stack. Each time, xmm0-15 (and the
 * upper halves of ymm0-15 where the CPU has AVX) are loaded with
 * patterns, the signal is raised with tgkill() in the same asm block,
 * both handlers clobber the registers, and after sigreturn every
 * register must hold its pattern again. The kernel once reset the FPU
 * state when saving it and lost it when the frame then failed, so the
 * SIGSEGV frame saved the reset state (df24fb859a4e, 66463db4fc56, the
 * fixes upstream's signal06 names); its reproducer raced mprotect()
 * against delivery, this layout reaches the same path every time. The
 * middle case must be reached at least once: the xstate magic found in
 * the writable part after a SIGSEGV.
 * Syscalls: rt_sigreturn, tgkill, sigaltstack, rt_sigaction
 */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "tst_test.h"

#define RO_PAGES	4
#define RW_PAGES	4
#define FP_XSTATE_MAGIC2	0x46505845U

static char *area;
static size_t psz;
static int have_avx;
static volatile int got_hup, got_segv;

static void clobber(void)
{
	asm volatile ("pcmpeqd %%xmm0, %%xmm0\n\t"
		      "movdqa %%xmm0, %%xmm1\n\t"
		      "movdqa %%xmm0, %%xmm7\n\t"
		      "movdqa %%xmm0, %%xmm8\n\t"
		      "movdqa %%xmm0, %%xmm15\n\t"
		      ::: "xmm0", "xmm1", "xmm7", "xmm8", "xmm15");
	if (have_avx)
		asm volatile ("vpcmpeqd %%ymm2, %%ymm2, %%ymm2\n\t"
			      "vmovdqa %%ymm2, %%ymm3\n\t"
			      "vmovdqa %%ymm2, %%ymm14\n\t"
			      "vzeroupper\n\t"
			      ::: "xmm2", "xmm3", "xmm14");
}

static void on_hup(int sig)
{
	(void)sig;
	got_hup++;
	clobber();
}

static void on_segv(int sig)
{
	(void)sig;
	got_segv++;
	clobber();
}

#define LD(n)	"movdqu " #n "*16(%[in]), %%xmm" #n "\n\t"
#define ST(n)	"movdqu %%xmm" #n ", " #n "*16(%[out])\n\t"
#define YLD(n)	"vinsertf128 $1, 256+" #n "*16(%[in]), %%ymm" #n ", %%ymm" #n "\n\t"
#define YST(n)	"vextractf128 $1, %%ymm" #n ", 256+" #n "*16(%[out])\n\t"

/* xmm0-15 from in[0..255], tgkill(pid, tid, SIGHUP), then into out */
static long roundtrip_xmm(const uint8_t *in, uint8_t *out, pid_t pid)
{
	long ret = __NR_tgkill;

	asm volatile (LD(0) LD(1) LD(2) LD(3) LD(4) LD(5) LD(6) LD(7)
		      LD(8) LD(9) LD(10) LD(11) LD(12) LD(13) LD(14) LD(15)
		      "syscall\n\t"
		      ST(0) ST(1) ST(2) ST(3) ST(4) ST(5) ST(6) ST(7)
		      ST(8) ST(9) ST(10) ST(11) ST(12) ST(13) ST(14) ST(15)
		      : "+a" (ret)
		      : [in] "r" (in), [out] "r" (out), "D" (pid), "S" (pid),
			"d" (SIGHUP)
		      : "rcx", "r11", "memory", "xmm0", "xmm1", "xmm2", "xmm3",
			"xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
			"xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
	return ret;
}

/* the same with the upper halves of ymm0-15 from in[256..511] too */
static long roundtrip_ymm(const uint8_t *in, uint8_t *out, pid_t pid)
{
	long ret = __NR_tgkill;

	asm volatile (LD(0) LD(1) LD(2) LD(3) LD(4) LD(5) LD(6) LD(7)
		      LD(8) LD(9) LD(10) LD(11) LD(12) LD(13) LD(14) LD(15)
		      YLD(0) YLD(1) YLD(2) YLD(3) YLD(4) YLD(5) YLD(6) YLD(7)
		      YLD(8) YLD(9) YLD(10) YLD(11) YLD(12) YLD(13) YLD(14)
		      YLD(15)
		      "syscall\n\t"
		      ST(0) ST(1) ST(2) ST(3) ST(4) ST(5) ST(6) ST(7)
		      ST(8) ST(9) ST(10) ST(11) ST(12) ST(13) ST(14) ST(15)
		      YST(0) YST(1) YST(2) YST(3) YST(4) YST(5) YST(6) YST(7)
		      YST(8) YST(9) YST(10) YST(11) YST(12) YST(13) YST(14)
		      YST(15)
		      "vzeroupper\n\t"
		      : "+a" (ret)
		      : [in] "r" (in), [out] "r" (out), "D" (pid), "S" (pid),
			"d" (SIGHUP)
		      : "rcx", "r11", "memory", "xmm0", "xmm1", "xmm2", "xmm3",
			"xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
			"xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
	return ret;
}

/* 1 when the writable part holds the xstate trailer magic */
static int xstate_written(void)
{
	const char *rw = area + RO_PAGES * psz;
	size_t i;
	uint32_t m;

	for (i = 0; i + 4 <= RW_PAGES * psz; i += 4) {
		memcpy(&m, rw + i, 4);
		if (m == FP_XSTATE_MAGIC2)
			return 1;
	}
	return 0;
}

static void run(void)
{
	uint8_t in[512], out[512];
	size_t nbytes = have_avx ? 512 : 256, top, i;
	int bad = 0, segv_runs = 0, hup_runs = 0, middle = 0, iter = 0;
	pid_t pid = getpid();
	stack_t ss;
	long ret;

	for (i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7 + 1);

	for (top = 64; top <= RW_PAGES * psz; top += 64, iter++) {
		/* the pages under the top are read-only, the top writable */
		memset(area + RO_PAGES * psz, 0, RW_PAGES * psz);
		ss.ss_sp = area;
		ss.ss_size = RO_PAGES * psz + top;
		ss.ss_flags = 0;
		if (sigaltstack(&ss, NULL))
			tst_brk(TBROK | TERRNO, "sigaltstack()");
		got_hup = got_segv = 0;
		memset(out, 0, sizeof(out));
		if (have_avx)
			ret = roundtrip_ymm(in, out, pid);
		else
			ret = roundtrip_xmm(in, out, pid);
		if (ret)
			tst_brk(TBROK, "tgkill() returned %ld", ret);
		if (got_hup + got_segv != 1) {
			tst_res(TFAIL, "altstack top %zu: %d SIGHUP, %d SIGSEGV "
				"handler runs", top, got_hup, got_segv);
			bad++;
			continue;
		}
		hup_runs += got_hup;
		segv_runs += got_segv;
		if (got_segv && xstate_written())
			middle++;
		if (memcmp(in, out, nbytes)) {
			for (i = 0; i < nbytes && in[i] == out[i]; i++)
				;
			if (bad++ < 5)
				tst_res(TFAIL, "altstack top %zu (%s): register "
					"byte %zu is 0x%02x, not 0x%02x", top,
					got_segv ? "frame failed, SIGSEGV" :
					"SIGHUP delivered", i, out[i], in[i]);
		}
	}
	tst_res(TINFO, "%d placements: %d SIGHUP on the altstack, %d SIGSEGV "
		"(%d of them after the xstate was written)", iter, hup_runs,
		segv_runs, middle);
	TST_EXP_EXPR(!bad, "%s registers intact after every signal",
		     have_avx ? "ymm0-15" : "xmm0-15");
	TST_EXP_EXPR(hup_runs && middle, "reached both the frame written on "
		     "the altstack and the frame failing after the xstate");
}

static void setup(void)
{
	struct sigaction sa;

	psz = getpagesize();
	__builtin_cpu_init();
	have_avx = __builtin_cpu_supports("avx");
	area = SAFE_MMAP(NULL, (RO_PAGES + RW_PAGES) * psz,
			 PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	SAFE_MPROTECT(area, RO_PAGES * psz, PROT_READ);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_segv;
	if (sigaction(SIGSEGV, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGSEGV)");
	sa.sa_handler = on_hup;
	sa.sa_flags = SA_ONSTACK;
	if (sigaction(SIGHUP, &sa, NULL))
		tst_brk(TBROK | TERRNO, "sigaction(SIGHUP)");
	tst_res(TINFO, "checking xmm0-15%s", have_avx ?
		" and the upper halves of ymm0-15" : "");
}

static struct tst_test test = {
	.test_all = run,
	.setup = setup,
	.tags = (const struct tst_tag[]) {
		{"linux-git", "df24fb859a4e"},
		{"linux-git", "66463db4fc56"},
		{}
	},
};

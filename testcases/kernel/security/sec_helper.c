// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Not a test: the program the security tests execute and that reports,
 * on one line of standard output, what the kernel gave it at execve():
 *   caps   the CapPrm CapEff CapInh CapAmb CapBnd lines of
 *          /proc/self/status, in hex, and the real and effective uid
 *   addr   where the stack, a fresh anonymous mapping, the heap (brk)
 *          and the vDSO are, in hex
 *   args   argc, then the summed length and byte values of the strings
 *          after "args" (thp_execargs01: megabytes of arguments)
 *   layout where a local of main() is, AT_PHDR (the program's load
 *          address plus a constant), start_brk (field 47 of
 *          /proc/self/stat), the end of the program's bss (the linker's
 *          `end`), in hex, and personality(0xffffffff) in hex
 *   dump   prctl(PR_GET_DUMPABLE) as the exec left it
 *   secure getauxval(AT_SECURE), then the real and effective uid and gid
 *   nnp    PR_GET_NO_NEW_PRIVS, the NoNewPrivs value of /proc/self/status
 *          (-1 when missing), then what "secure" prints
 *   (none) started with argc < 2: argc, argv[0], whether argv[1] is NULL
 *          and envp[0] (cve-2021-4034: an empty argv)
 * The test compares the line with what the exec must have produced.
 * Exit 0 when it could report, 2 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/prctl.h>

extern char end[];

static int caps(void)
{
	const char *keys[] = {"CapPrm:", "CapEff:", "CapInh:", "CapAmb:",
			      "CapBnd:"};
	unsigned long long v[5] = {0};
	char line[256];
	int i, found = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return 2;
	while (fgets(line, sizeof(line), f))
		for (i = 0; i < 5; i++)
			if (!strncmp(line, keys[i], strlen(keys[i]))) {
				v[i] = strtoull(line + strlen(keys[i]),
						NULL, 16);
				found++;
			}
	fclose(f);
	if (found != 5)
		return 2;
	printf("%llx %llx %llx %llx %llx %d %d\n", v[0], v[1], v[2], v[3],
	       v[4], (int)getuid(), (int)geteuid());
	return 0;
}

static int addr(void)
{
	int on_stack = 0;
	void *map = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED)
		return 2;
	printf("%lx %lx %lx %lx\n", (unsigned long)&on_stack,
	       (unsigned long)map, (unsigned long)sbrk(0),
	       getauxval(AT_SYSINFO_EHDR));
	return 0;
}

static int args(int argc, char *argv[])
{
	unsigned long len = 0, sum = 0;
	const unsigned char *c;
	int i;

	for (i = 2; i < argc; i++)
		for (c = (const unsigned char *)argv[i]; *c; c++) {
			len++;
			sum += *c;
		}
	printf("argc=%d len=%lu sum=%lu\n", argc, len, sum);
	return 0;
}

/* Field 47 of /proc/self/stat, counted after the ") " of comm. */
static unsigned long start_brk(void)
{
	char buf[1024], *p;
	unsigned long v = 0;
	int field = 3;
	size_t n;
	FILE *f = fopen("/proc/self/stat", "r");

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	p = strrchr(buf, ')');
	if (!p)
		return 0;
	p += 2;
	while (field < 47 && p) {
		p = strchr(p, ' ');
		if (p)
			p++;
		field++;
	}
	if (p)
		v = strtoul(p, NULL, 10);
	return v;
}

static int no_new_privs_status(void)
{
	char line[256];
	int v = -1;
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "NoNewPrivs: %d", &v) == 1)
			break;
	fclose(f);
	return v;
}

static int layout(void *local)
{
	unsigned long brk0 = start_brk();

	if (!brk0)
		return 2;
	printf("%lx %lx %lx %lx %x\n", (unsigned long)local,
	       getauxval(AT_PHDR), brk0, (unsigned long)end,
	       (unsigned int)personality(0xffffffff));
	return 0;
}

int main(int argc, char *argv[], char *envp[])
{
	int local = 0;
	int ret = 2;

	if (argc < 2) {
		printf("argc=%d argv0=[%s] argv1=%s env0=[%s]\n", argc,
		       argc > 0 && argv[0] ? argv[0] : "(none)",
		       argc > 0 && argv[1] ? "set" : "NULL",
		       envp[0] ? envp[0] : "(none)");
		ret = 0;
	} else if (argc > 1 && !strcmp(argv[1], "caps"))
		ret = caps();
	else if (argc > 1 && !strcmp(argv[1], "addr"))
		ret = addr();
	else if (argc > 1 && !strcmp(argv[1], "args"))
		ret = args(argc, argv);
	else if (argc > 1 && !strcmp(argv[1], "layout"))
		ret = layout(&local);
	else if (argc > 1 && !strcmp(argv[1], "dump"))
		ret = printf("%d\n", prctl(PR_GET_DUMPABLE, 0, 0, 0, 0)) < 0;
	else if (argc > 1 && !strcmp(argv[1], "secure"))
		ret = printf("%lu %d %d %d %d\n", getauxval(AT_SECURE),
			     (int)getuid(), (int)geteuid(), (int)getgid(),
			     (int)getegid()) < 0;
	else if (argc > 1 && !strcmp(argv[1], "nnp"))
		ret = printf("%d %d %lu %d %d %d %d\n",
			     prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0),
			     no_new_privs_status(), getauxval(AT_SECURE),
			     (int)getuid(), (int)geteuid(), (int)getgid(),
			     (int)getegid()) < 0;
	fflush(stdout);
	return ret;
}

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

int main(int argc, char *argv[], char *envp[])
{
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
	fflush(stdout);
	return ret;
}

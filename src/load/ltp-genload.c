// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ltp-genload: background load beside a test run, for runltp's upstream
 * options -c (CPU), -i (I/O bus: sync), -m (memory) and -D (disk writes).
 * It runs its workers until it gets SIGTERM, SIGINT or SIGHUP, or until
 * the process that started it dies (runltp killed by SIGKILL must not
 * leave CPU hogs behind), then stops them and removes its files.
 *
 *   ltp-genload [--cpu N] [--io N] [--vm N] [--vm-chunks N] [--vm-bytes B]
 *               [--vm-hang] [--hdd N] [--hdd-files N] [--hdd-bytes B]
 *               [--hdd-clean] [--dir DIR]
 *
 * Sizes take a k, m or g suffix (powers of 1024).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_WORKERS 1024
#define HDD_CHUNK (1024 * 1024)

struct load {
	unsigned long cpu, io, vm, vm_chunks, hdd, hdd_files;
	unsigned long long vm_bytes, hdd_bytes;
	int vm_hang, hdd_clean;
	const char *dir;
};

static volatile sig_atomic_t stop;
static pid_t self;	/* names the disk workers' files */
static pid_t workers[MAX_WORKERS];
static unsigned int n_workers;

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

static void usage(FILE *f)
{
	fputs("usage: ltp-genload [--cpu N] [--io N] [--vm N] [--vm-chunks N]\n"
	      "                   [--vm-bytes B] [--vm-hang] [--hdd N]\n"
	      "                   [--hdd-files N] [--hdd-bytes B] [--hdd-clean]\n"
	      "                   [--dir DIR]\n"
	      "Runs load workers until SIGTERM or until its parent dies.\n", f);
}

static int parse_size(const char *s, unsigned long long max,
		      unsigned long long *out)
{
	unsigned long long v, mul = 1;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	switch (*end) {
	case 'g': case 'G':
		mul *= 1024;
		/* fall through */
	case 'm': case 'M':
		mul *= 1024;
		/* fall through */
	case 'k': case 'K':
		mul *= 1024;
		end++;
		break;
	}
	if (*end || (mul > 1 && v > max / mul) || v * mul > max)
		return -1;
	*out = v * mul;
	return 0;
}

static unsigned long count(const char *opt, const char *s, unsigned long max)
{
	unsigned long long v;

	if (strspn(s, "0123456789") != strlen(s) || parse_size(s, max, &v)) {
		fprintf(stderr, "ltp-genload: %s '%s': want a number from 0 to %lu\n",
			opt, s, max);
		exit(2);
	}
	return v;
}

static unsigned long long size(const char *opt, const char *s)
{
	unsigned long long v;

	/* a memory worker's chunks must be addressable */
	if (parse_size(s, SIZE_MAX / 2, &v) || !v) {
		fprintf(stderr, "ltp-genload: %s '%s': want a size in bytes (k, m, g allowed), at least 1\n",
			opt, s);
		exit(2);
	}
	return v;
}

/* CPU: floating point work the compiler cannot drop. */
static void cpu_worker(void)
{
	volatile double sink = 0;
	double x = 1;

	while (!stop) {
		sink += sqrt(x);
		x += 1;
	}
}

/* I/O bus: write back everything, over and over. */
static void io_worker(void)
{
	while (!stop)
		sync();
}

/* Memory: allocate, touch every page, free; or hold it (--vm-hang). */
static void vm_worker(const struct load *l)
{
	long page = sysconf(_SC_PAGESIZE);
	char **chunk = calloc(l->vm_chunks, sizeof(*chunk));
	unsigned long i;
	unsigned long long off;

	if (!chunk)
		_exit(1);
	while (!stop) {
		for (i = 0; i < l->vm_chunks && !stop; i++) {
			chunk[i] = malloc(l->vm_bytes);
			if (!chunk[i])
				continue;
			for (off = 0; off < l->vm_bytes; off += page)
				chunk[i][off] = 1;
		}
		if (l->vm_hang) {
			while (!stop)
				pause();
		}
		for (i = 0; i < l->vm_chunks; i++) {
			free(chunk[i]);
			chunk[i] = NULL;
		}
	}
}

static void hdd_name(char *buf, size_t len, const struct load *l,
		     unsigned int worker, unsigned long file)
{
	snprintf(buf, len, "%s/ltp-genload.%ld.%u.%lu", l->dir, (long)self,
		 worker, file);
}

/* Disk: write files of --hdd-bytes; a full disk is part of the load. */
static void hdd_worker(const struct load *l, unsigned int id)
{
	static char buf[HDD_CHUNK];
	char name[4096];
	unsigned long f;
	unsigned long long done;
	ssize_t n = 1;
	int fd;

	memset(buf, 0x5a, sizeof(buf));
	while (!stop) {
		for (f = 0; f < l->hdd_files && !stop; f++) {
			hdd_name(name, sizeof(name), l, id, f);
			fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
			if (fd < 0) {
				perror(name);
				_exit(1);
			}
			for (done = 0; done < l->hdd_bytes && !stop; done += n) {
				n = l->hdd_bytes - done < HDD_CHUNK ?
				    (ssize_t)(l->hdd_bytes - done) : HDD_CHUNK;
				n = write(fd, buf, n);
				if (n <= 0)
					break;
			}
			close(fd);
			if (l->hdd_clean || (n <= 0 && errno == ENOSPC))
				unlink(name);
		}
	}
	for (f = 0; f < l->hdd_files; f++) {
		hdd_name(name, sizeof(name), l, id, f);
		unlink(name);
	}
}

static void start(const char *kind, unsigned long n, const struct load *l,
		  void (*fn)(const struct load *, unsigned int))
{
	unsigned long i;
	pid_t pid;

	for (i = 0; i < n; i++) {
		if (n_workers == MAX_WORKERS) {
			fprintf(stderr, "ltp-genload: more than %d workers\n",
				MAX_WORKERS);
			return;
		}
		pid = fork();
		if (pid < 0) {
			fprintf(stderr, "ltp-genload: fork of a %s worker: %s\n",
				kind, strerror(errno));
			return;
		}
		if (!pid) {
			/* workers end with ltp-genload, whatever kills it */
			prctl(PR_SET_PDEATHSIG, SIGTERM);
			if (stop)
				_exit(0);
			fn(l, n_workers);
			_exit(0);
		}
		workers[n_workers++] = pid;
	}
}

static void run_cpu(const struct load *l, unsigned int id)
{
	(void)l;
	(void)id;
	cpu_worker();
}

static void run_io(const struct load *l, unsigned int id)
{
	(void)l;
	(void)id;
	io_worker();
}

static void run_vm(const struct load *l, unsigned int id)
{
	(void)id;
	vm_worker(l);
}

static void parse(int argc, char *argv[], struct load *l)
{
	static const struct option opts[] = {
		{ "cpu", required_argument, NULL, 'c' },
		{ "io", required_argument, NULL, 'i' },
		{ "vm", required_argument, NULL, 'm' },
		{ "vm-chunks", required_argument, NULL, 'C' },
		{ "vm-bytes", required_argument, NULL, 'B' },
		{ "vm-hang", no_argument, NULL, 'H' },
		{ "hdd", required_argument, NULL, 'd' },
		{ "hdd-files", required_argument, NULL, 'F' },
		{ "hdd-bytes", required_argument, NULL, 'b' },
		{ "hdd-clean", no_argument, NULL, 'k' },
		{ "dir", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'c': l->cpu = count("--cpu", optarg, MAX_WORKERS); break;
		case 'i': l->io = count("--io", optarg, MAX_WORKERS); break;
		case 'm': l->vm = count("--vm", optarg, MAX_WORKERS); break;
		case 'C': l->vm_chunks = count("--vm-chunks", optarg, 1 << 20); break;
		case 'B': l->vm_bytes = size("--vm-bytes", optarg); break;
		case 'H': l->vm_hang = 1; break;
		case 'd': l->hdd = count("--hdd", optarg, MAX_WORKERS); break;
		case 'F': l->hdd_files = count("--hdd-files", optarg, 1 << 20); break;
		case 'b': l->hdd_bytes = size("--hdd-bytes", optarg); break;
		case 'k': l->hdd_clean = 1; break;
		case 'D': l->dir = optarg; break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "ltp-genload: unexpected argument '%s'\n",
			argv[optind]);
		exit(2);
	}
	if (!l->vm_chunks)
		l->vm_chunks = 1;
	if (!l->hdd_files)
		l->hdd_files = 1;
}

int main(int argc, char *argv[])
{
	struct load l = {
		.vm_bytes = 256ULL << 20,
		.hdd_bytes = 1ULL << 30,
	};
	struct sigaction sa;
	pid_t parent = getppid();
	unsigned int i;

	self = getpid();
	l.dir = getenv("TMPDIR");
	if (!l.dir || !*l.dir)
		l.dir = "/tmp";
	parse(argc, argv, &l);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* the parent may have died before the death signal was armed */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		return 0;

	start("cpu", l.cpu, &l, run_cpu);
	start("io", l.io, &l, run_io);
	start("vm", l.vm, &l, run_vm);
	start("hdd", l.hdd, &l, hdd_worker);

	while (!stop)
		pause();
	for (i = 0; i < n_workers; i++)
		kill(workers[i], SIGTERM);
	for (i = 0; i < n_workers; i++)
		waitpid(workers[i], NULL, 0);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "clock_secs.h"
#include "json_write.h"
#include "record.h"
#include "taint_flags.h"

static int rec_fd = -1;
static int mirror_fd = -1;
static const char *rec_path;
static int write_failed;
/* records written and not yet fdatasync()ed, and when the last sync was */
static int rec_dirty;
static double last_sync;
static double sync_interval = RECORD_SYNC_INTERVAL;

/*
 * LTP_PAN_SYNC_INTERVAL: seconds a pass or skip record may wait for its
 * sync (0: every record is synced as it is written).
 */
static void read_sync_interval(void)
{
	const char *v = getenv("LTP_PAN_SYNC_INTERVAL");
	char *end;
	double d;

	if (!v || !*v)
		return;
	d = strtod(v, &end);
	if (*end || d < 0 || d > 3600) {
		fprintf(stderr, "ltp-pan: LTP_PAN_SYNC_INTERVAL='%s': expected seconds from 0 to 3600; using %g\n",
			v, sync_interval);
		return;
	}
	sync_interval = d;
}

static int write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0)
			errno = ENOSPC;
		if (n <= 0)
			return -1;
		buf += n;
		len -= n;
	}
	return 0;
}

/* A previous run that died mid-line must not swallow our first line. */
static void end_partial_line(int fd)
{
	struct stat st;
	char last;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || !st.st_size)
		return;
	if (pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
		write_all(fd, "\n", 1);
}

/*
 * The pid holding a flock() on the file fst describes, from /proc/locks
 * ("1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"); 0 when not found.
 */
static long lock_holder(const struct stat *fst)
{
	unsigned int maj, min;
	unsigned long ino;
	char line[256], kind[16];
	FILE *f = fopen("/proc/locks", "re");
	long pid, found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %15s %*s %*s %ld %x:%x:%lu", kind, &pid,
			   &maj, &min, &ino) != 5)
			continue;
		if (!strcmp(kind, "FLOCK") && pid > 0 &&
		    major(fst->st_dev) == maj && minor(fst->st_dev) == min &&
		    fst->st_ino == ino)
			found = pid;
	}
	fclose(f);
	return found;
}

/*
 * One writer per records file: two runs appending to one file would mix
 * their records and run the same tests twice. The lock is held on our
 * open file description until ltp-pan (and any runner forked from it)
 * has exited; the kernel drops it however we die.
 */
static int lock_records(int fd, const char *path)
{
	struct stat st;
	long pid;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		return 0;	/* /dev/full, a pipe: nothing to share */
	if (!flock(fd, LOCK_EX | LOCK_NB))
		return 0;
	if (errno != EWOULDBLOCK) {
		fprintf(stderr, "ltp-pan: cannot lock records file %s: %s\n",
			path, strerror(errno));
		return -1;
	}
	pid = lock_holder(&st);
	if (pid)
		fprintf(stderr, "ltp-pan: records file %s is in use by another run (ltp-pan pid %ld); wait for it to end or stop it (kill %ld), then try again\n",
			path, pid, pid);
	else
		fprintf(stderr, "ltp-pan: records file %s is in use by another run (its pid is not known); wait for it to end, then try again\n",
			path);
	return -1;
}

int record_open(const char *path, const char *mirror, int must_exist)
{
	read_sync_interval();
	last_sync = mono_secs();
	rec_path = path;
	rec_fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC |
		      (must_exist ? 0 : O_CREAT), 0644);
	if (rec_fd < 0) {
		fprintf(stderr, "ltp-pan: cannot %s %s: %s\n",
			must_exist ? "continue" : "open records file", path,
			strerror(errno));
		return -1;
	}
	if (lock_records(rec_fd, path)) {
		close(rec_fd);
		rec_fd = -1;
		return -1;
	}
	end_partial_line(rec_fd);
	if (!mirror)
		return 0;
	mirror_fd = open(mirror, O_WRONLY | O_APPEND | O_CREAT | O_NOCTTY |
			 O_CLOEXEC, 0644);
	if (mirror_fd < 0) {
		fprintf(stderr, "ltp-pan: cannot open record mirror %s: %s\n",
			mirror, strerror(errno));
		return -1;
	}
	return 0;
}

int record_failed(void)
{
	return write_failed;
}

static int sync_records(void)
{
	int err;

	rec_dirty = 0;
	last_sync = mono_secs();
	if (!fdatasync(rec_fd) || errno == EINVAL || errno == EROFS)
		return 0;	/* EINVAL, EROFS: a pipe or pseudo file */
	err = errno;
	if (!write_failed++)
		fprintf(stderr, "ltp-pan: cannot sync the result records in %s: %s; no further test is started.\n",
			rec_path, strerror(err));
	return -1;
}

int record_sync(void)
{
	return rec_dirty ? sync_records() : 0;
}

int record_sync_due(void)
{
	if (rec_dirty && mono_secs() - last_sync >= sync_interval)
		return sync_records();
	return 0;
}

int record_sync_wait_ms(void)
{
	double left;

	if (!rec_dirty)
		return -1;
	left = last_sync + sync_interval - mono_secs();
	return left <= 0 ? 0 : (int)(left * 1000) + 1;
}

int record_emit(struct strbuf *sb, int sync_now)
{
	struct stat st;
	int err, regular, ret = 0;

	sb_addc(sb, '\n');
	regular = !fstat(rec_fd, &st) && S_ISREG(st.st_mode);
	if (write_all(rec_fd, sb->buf, sb->len)) {
		err = errno;
		/* no half record: the file ends with the last whole one */
		if (regular && ftruncate(rec_fd, st.st_size))
			end_partial_line(rec_fd);
		ret = -1;
		if (!write_failed++)
			fprintf(stderr, "ltp-pan: cannot write the result records to %s: %s; no further test is started, as its result could not be kept. Free space there (or choose another results directory) and continue the run with runltp --resume.\n",
				rec_path, strerror(err));
	} else {
		rec_dirty = 1;
		if (sync_now || mono_secs() - last_sync >= sync_interval)
			ret = sync_records();
	}
	if (mirror_fd >= 0 && write_all(mirror_fd, sb->buf, sb->len)) {
		fprintf(stderr, "ltp-pan: record mirror failed: %s; not used any more\n",
			strerror(errno));
		close(mirror_fd);
		mirror_fd = -1;
	}
	sb_free(sb);
	return ret;
}

/* A "KEY=value" of /etc/os-release, unquoted; "" when missing. */
static void os_release(const char *key, char *out, size_t size)
{
	size_t klen = strlen(key), len;
	char line[256], *v;
	FILE *f = fopen("/etc/os-release", "re");

	*out = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, klen) || line[klen] != '=')
			continue;
		v = line + klen + 1;
		v[strcspn(v, "\n")] = '\0';
		len = strlen(v);
		if (len >= 2 && (*v == '"' || *v == '\'') && v[len - 1] == *v) {
			v[len - 1] = '\0';
			v++;
		}
		snprintf(out, size, "%s", v);
		break;
	}
	fclose(f);
}

/* "MemTotal" of /proc/meminfo as kirk reports it: "16318060 kB". */
static void meminfo(const char *key, char *out, size_t size)
{
	size_t klen = strlen(key);
	char line[256], *v;
	FILE *f = fopen("/proc/meminfo", "re");

	*out = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, klen) || line[klen] != ':')
			continue;
		for (v = line + klen + 1; *v == ' '; v++)
			;
		v[strcspn(v, "\n")] = '\0';
		snprintf(out, size, "%s", v);
		break;
	}
	fclose(f);
}

/* The kernel's command line (kirk's environment has it), one line. */
static void kernel_cmdline(struct strbuf *sb)
{
	char line[4096];
	FILE *f = fopen("/proc/cmdline", "re");

	line[0] = '\0';
	if (f) {
		if (!fgets(line, sizeof(line), f))
			line[0] = '\0';
		fclose(f);
	}
	line[strcspn(line, "\n")] = '\0';
	jw_str(sb, "cmdline", line);
}

/* The settings that change what tests do, as the run had them. */
static void run_env(struct strbuf *sb)
{
	static const char *const names[] = {
		"LTP_TIMEOUT_MUL", "LTP_DEV", "LTP_DEV_FS_TYPE", "TMPDIR",
	};
	const char *v;
	size_t i;

	jw_key(sb, "env");
	jw_open(sb);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		v = getenv(names[i]);
		if (v)
			jw_str(sb, names[i], v);
	}
	jw_close(sb);
}

void record_run(const struct run_info *ri)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[256];
	struct utsname u;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	jw_open(&sb);
	jw_str(&sb, "type", "run");
	jw_str(&sb, "version", ri->version);
	jw_str(&sb, "kernel", u.release);
	jw_str(&sb, "kernel_build", u.version);
	jw_str(&sb, "machine", u.machine);
	jw_str(&sb, "hostname", u.nodename);
	jw_secs(&sb, "start", wall_secs());
	jw_str_array(&sb, "runtest", ri->runtest, ri->runtest_n);
	/* members added after the first version follow */
	jw_int(&sb, "planned", ri->planned);
	jw_str(&sb, "plan_id", ri->plan_id);
	jw_int(&sb, "iterations", ri->iterations);
	jw_int(&sb, "workers", ri->workers);
	if (ri->shuffled) {
		snprintf(buf, sizeof(buf), "%llu", ri->seed);
		jw_str(&sb, "seed", buf);
	}
	jw_bool(&sb, "resumed", ri->resumed);
	if (ri->skip_list)
		jw_str(&sb, "skip_list", ri->skip_list);
	os_release("ID", buf, sizeof(buf));
	jw_str(&sb, "distribution", buf);
	os_release("VERSION_ID", buf, sizeof(buf));
	jw_str(&sb, "distribution_version", buf);
	meminfo("MemTotal", buf, sizeof(buf));
	jw_str(&sb, "ram", buf);
	meminfo("SwapTotal", buf, sizeof(buf));
	jw_str(&sb, "swap", buf);
	kernel_cmdline(&sb);
	run_env(&sb);
	jw_close(&sb);
	record_emit(&sb, 1);
}

static const char *end_name(enum test_end end)
{
	switch (end) {
	case END_EXITED:
		return "exited";
	case END_SIGNALLED:
		return "signalled";
	case END_TIMED_OUT:
		return "timed_out";
	case END_NOT_RUN:
		return "not_run";
	}
	return "exited";
}

void record_test_line(struct strbuf *sb, const char *tag, const char *cmd,
		      const struct test_result *r)
{
	struct strbuf taint = STRBUF_INIT;

	sb_grow(sb, r->output.len + r->dmesg.len + 1024);
	jw_open(sb);
	jw_str(sb, "type", "test");
	jw_str(sb, "tag", tag);
	jw_str(sb, "cmd", cmd);
	jw_secs(sb, "start", r->start);
	jw_secs(sb, "duration", r->duration);
	jw_str(sb, "end", end_name(r->end));
	jw_int(sb, "exit", r->exit_code);
	jw_int(sb, "signal", r->signal);
	jw_str(sb, "class", rc_name(r->rc));
	jw_strn(sb, "reason", r->reason.buf ? r->reason.buf : "",
		r->reason.len);
	jw_key(sb, "counts");
	jw_open(sb);
	jw_int(sb, "passed", r->counts.passed);
	jw_int(sb, "failed", r->counts.failed);
	jw_int(sb, "broken", r->counts.broken);
	jw_int(sb, "skipped", r->counts.skipped);
	jw_int(sb, "warnings", r->counts.warnings);
	jw_close(sb);
	jw_strn(sb, "output", r->output.buf ? r->output.buf : "",
		r->output.len);
	jw_int(sb, "output_bytes", r->output_bytes);
	jw_int(sb, "output_dropped", r->output_dropped);
	jw_int(sb, "taint_before", r->taint_before);
	jw_int(sb, "taint_after", r->taint_after);
	jw_str_array(sb, "kernel_log", r->kernel_log, r->kernel_log_n);
	jw_secs(sb, "cu", r->cu);
	jw_secs(sb, "cs", r->cs);
	/* members added after the first version follow */
	jw_int(sb, "index", r->index);
	jw_int(sb, "iteration", r->iteration);
	jw_bool(sb, "exclusive", r->exclusive);
	jw_secs(sb, "backstop", r->timeout > 0 ? r->timeout : 0);
	jw_str(sb, "metadata", r->meta ? r->meta : "none");
	if (r->taint_before >= 0 && r->taint_after >= 0)
		taint_describe(&taint, r->taint_after & ~r->taint_before, 0);
	jw_strn(sb, "taint_new", taint.buf ? taint.buf : "", taint.len);
	sb_free(&taint);
	if (r->expected_taint) {
		taint_describe(&taint, r->expected_taint, 0);
		jw_strn(sb, "taint_expected", taint.buf, taint.len);
		sb_free(&taint);
	}
	if (r->dmesg_on)
		jw_strn(sb, "dmesg", r->dmesg.buf ? r->dmesg.buf : "",
			r->dmesg.len);
	jw_close(sb);
}

void record_end(int interrupted, const char *stopped, size_t not_run)
{
	struct strbuf sb = STRBUF_INIT;

	jw_open(&sb);
	jw_str(&sb, "type", "end");
	jw_secs(&sb, "end", wall_secs());
	jw_bool(&sb, "interrupted", interrupted);
	if (stopped) {
		jw_str(&sb, "stopped", stopped);
		jw_int(&sb, "not_run", not_run);
	}
	jw_close(&sb);
	record_emit(&sb, 1);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The test modules of testcases/kernel/modules/ltp_test_mod, as the
 * init_module, finit_module and delete_module tests use them: where the
 * .ko built for the running kernel is, the raw system calls, what
 * /proc/modules and /sys/module say about a module, and a child without
 * CAP_SYS_MODULE. See doc/modules.md.
 *
 * The .ko files are looked up in $LTP_MODULE_DIR, else in
 * $LTPROOT/testcases/data/modules/RELEASE, else in
 * ../data/modules/RELEASE next to the test binary. A missing .ko is
 * TCONF with that reason: the modules must be compiled against the
 * kernel being tested, which the suite's build cannot know.
 */
#ifndef TEST_MODULE_H
#define TEST_MODULE_H

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <linux/capability.h>
#include "tst_test.h"

#define TM_MOD		"ltp_test_mod"
#define TM_DEP		"ltp_test_mod_dep"

static inline long sys_init_module(const void *image, unsigned long len,
				   const char *params)
{
	return tst_syscall(__NR_init_module, image, len, params);
}

static inline long sys_finit_module(int fd, const char *params, int flags)
{
	return tst_syscall(__NR_finit_module, fd, params, flags);
}

static inline long sys_delete_module(const char *name, unsigned int flags)
{
	return tst_syscall(__NR_delete_module, name, flags);
}

/* The path of the .ko of module name for the running kernel; TCONF if none. */
static inline char *tm_path(const char *name)
{
	const char *env = getenv("LTP_MODULE_DIR"), *root = getenv("LTPROOT");
	char dir[PATH_MAX], exe[PATH_MAX], *path, *slash;
	struct utsname u;
	struct stat st;
	ssize_t n;
	int len;

	uname(&u);
	if (env && *env) {
		len = snprintf(dir, sizeof(dir), "%s", env);
	} else if (root && *root) {
		len = snprintf(dir, sizeof(dir), "%s/testcases/data/modules/%s",
			       root, u.release);
	} else {
		/* PREFIX/testcases/bin/TEST -> PREFIX/testcases/data/modules */
		n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		if (n < 0)
			tst_brk(TBROK | TERRNO, "readlink(/proc/self/exe)");
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		len = snprintf(dir, sizeof(dir), "%s/../data/modules/%s", exe,
			       u.release);
	}
	if (len < 0 || len >= (int)sizeof(dir))
		tst_brk(TBROK, "the module directory path is too long");
	path = SAFE_MALLOC(strlen(dir) + strlen(name) + 5);
	sprintf(path, "%s/%s.ko", dir, name);
	if (stat(path, &st) || !S_ISREG(st.st_mode))
		tst_brk(TCONF, "no %s.ko for kernel %s in %s: build it with 'make -C KDIR M=DIR' from testcases/kernel/modules/ltp_test_mod (ltp-vm does, see doc/modules.md) or set LTP_MODULE_DIR",
			name, u.release, dir);
	return path;
}

/* The whole file at path, in a malloc()ed buffer; its size in *len. */
static inline void *tm_read(const char *path, size_t *len)
{
	struct stat st;
	void *buf;
	int fd;

	fd = SAFE_OPEN(path, O_RDONLY);
	SAFE_FSTAT(fd, &st);
	buf = SAFE_MALLOC(st.st_size);
	SAFE_READ(1, fd, buf, st.st_size);
	SAFE_CLOSE(fd);
	*len = st.st_size;
	return buf;
}

/* A module's line of /proc/modules. */
struct tm_state {
	int loaded;		/* 0: no line */
	long refcnt;
	char used_by[256];	/* "-" or "a,b," */
	char state[32];		/* Live, Loading, Unloading */
};

static inline void tm_proc_modules(const char *name, struct tm_state *s)
{
	char line[1024], mod[64], used[256], state[32];
	unsigned long size;
	long refcnt;
	FILE *f;

	memset(s, 0, sizeof(*s));
	f = fopen("/proc/modules", "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(/proc/modules)");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63s %lu %ld %255s %31s", mod, &size, &refcnt,
			   used, state) != 5)
			continue;
		if (strcmp(mod, name))
			continue;
		s->loaded = 1;
		s->refcnt = refcnt;
		strcpy(s->used_by, used);
		strcpy(s->state, state);
		break;
	}
	fclose(f);
}

/* 1 when /sys/module/name/rel (rel "" for the directory) exists. */
static inline int tm_sys_exists(const char *name, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/module/%s/%s", name, rel);
	return !access(path, F_OK);
}

/* The first line of /sys/module/name/rel, without its newline. */
static inline void tm_sys_read(const char *name, const char *rel, char *buf,
			       size_t size)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/%s/%s", name, rel);
	f = fopen(path, "r");
	if (!f)
		tst_brk(TBROK | TERRNO, "fopen(%s)", path);
	if (!fgets(buf, size, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
}

/* Assert that module name is loaded and live, or that it is gone. */
static inline void tm_check_loaded(const char *name, int want)
{
	struct tm_state s;

	tm_proc_modules(name, &s);
	if (want) {
		TST_EXP_EXPR(s.loaded && !strcmp(s.state, "Live"),
			     "%s in /proc/modules, state %s", name,
			     s.loaded ? s.state : "(no line)");
		TST_EXP_EXPR(tm_sys_exists(name, "initstate"),
			     "/sys/module/%s/initstate exists", name);
	} else {
		TST_EXP_EXPR(!s.loaded, "%s not in /proc/modules", name);
		TST_EXP_EXPR(!tm_sys_exists(name, ""),
			     "/sys/module/%s is gone", name);
	}
}

/* Unload name if it is loaded (cleanup, leftovers of a killed run). */
static inline void tm_unload(const char *name)
{
	struct tm_state s;

	tm_proc_modules(name, &s);
	if (!s.loaded)
		return;
	if (syscall(__NR_delete_module, name, O_NONBLOCK))
		tst_res(TWARN | TERRNO, "delete_module(%s) in cleanup", name);
}

/*
 * What every module test needs: module support, loading not disabled,
 * unsigned modules accepted; no test module left loaded.
 */
static inline void tm_setup(void)
{
	char buf[256];
	long val;
	FILE *f;

	if (access("/proc/modules", F_OK))
		tst_brk(TCONF, "no /proc/modules: kernel built without CONFIG_MODULES");
	if (tst_file_read_long("/proc/sys/kernel/modules_disabled", &val) &&
	    val)
		tst_brk(TCONF, "module loading is disabled (kernel.modules_disabled=1)");
	f = fopen("/sys/module/module/parameters/sig_enforce", "r");
	if (f) {
		if (fgets(buf, sizeof(buf), f) && buf[0] == 'Y') {
			fclose(f);
			tst_brk(TCONF, "the kernel enforces module signatures (module.sig_enforce=Y): the unsigned test modules cannot load");
		}
		fclose(f);
	}
	f = fopen("/sys/kernel/security/lockdown", "r");
	if (f) {
		if (fgets(buf, sizeof(buf), f) && !strstr(buf, "[none]")) {
			fclose(f);
			tst_brk(TCONF, "kernel lockdown is active (%s): unsigned modules are refused",
				buf);
		}
		fclose(f);
	}
	tm_unload(TM_DEP);
	tm_unload(TM_MOD);
}

static inline void tm_cleanup(void)
{
	tm_unload(TM_DEP);
	tm_unload(TM_MOD);
}

/*
 * In a child: drop CAP_SYS_MODULE from every set (and the bounding set),
 * staying root, so that only the capability decides.
 */
static inline void tm_drop_cap_sys_module(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];
	int i = CAP_SYS_MODULE / 32;
	unsigned int bit = 1U << (CAP_SYS_MODULE % 32);

	if (prctl(PR_CAPBSET_DROP, CAP_SYS_MODULE, 0, 0, 0))
		tst_brk(TBROK | TERRNO, "prctl(PR_CAPBSET_DROP, CAP_SYS_MODULE)");
	if (tst_syscall(__NR_capget, &hdr, data))
		tst_brk(TBROK | TERRNO, "capget()");
	data[i].effective &= ~bit;
	data[i].permitted &= ~bit;
	data[i].inheritable &= ~bit;
	if (tst_syscall(__NR_capset, &hdr, data))
		tst_brk(TBROK | TERRNO, "capset() without CAP_SYS_MODULE");
}

/*
 * Run calls() in a child without CAP_SYS_MODULE (still root) and wait
 * for it; the caller then checks what is loaded.
 */
static inline void tm_without_cap_sys_module(void (*calls)(void))
{
	if (!SAFE_FORK()) {
		tm_drop_cap_sys_module();
		calls();
		exit(0);
	}
	tst_reap_children();
}

/*
 * Load TM_MOD with load() ("init_module" or "finit_module" in call),
 * assert that loading it again while it is live fails with EEXIST and
 * that it stays loaded, then unload it.
 */
static inline void tm_check_eexist(const char *call,
				   long (*load)(const char *params))
{
	TST_EXP_PASS(load("ltp_int=1"), "%s(%s) the first time", call, TM_MOD);
	if (!TST_PASS)
		return;
	TST_EXP_FAIL(load("ltp_int=2"), EEXIST, "%s(%s) while it is live",
		     call, TM_MOD);
	tm_check_loaded(TM_MOD, 1);
	TST_EXP_PASS(sys_delete_module(TM_MOD, O_NONBLOCK), "delete_module(%s)",
		     TM_MOD);
}

#endif /* TEST_MODULE_H */
